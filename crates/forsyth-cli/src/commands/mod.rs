//! One module per `forsyth` command.

pub mod board;
pub mod completions;
pub mod count;
pub mod eco;
pub mod explain;
pub mod fen;
pub mod moves;
pub mod pattern;
pub mod perft;
pub mod pgn;
#[cfg(feature = "export")]
pub mod pgn_export;
pub mod pgn_filter;
pub mod pgn_positions;
pub mod pgn_read;
pub mod pgn_retag;
pub mod play;
pub mod problem;
pub mod retract;
pub mod retro;
#[cfg(feature = "serve")]
pub mod serve;
pub mod solve;
pub mod start;
pub mod translate;

/// The arguments of a command this build leaves out: taken as they come, so that the command says which feature it
/// needs instead of clap calling it unknown.
#[cfg(not(all(feature = "export", feature = "serve")))]
#[derive(clap::Args)]
pub struct Unavailable {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    _args: Vec<std::ffi::OsString>,
}

/// The failure of a command this build leaves out.
#[cfg(not(all(feature = "export", feature = "serve")))]
pub fn unavailable(command: &str, feature: &str) -> crate::Failure {
    crate::Failure(format!(
        "`{command}` is not in this build: it needs the cargo feature `{feature}` (on by default; \
         `cargo install forsyth-chess-cli` has it, or build with `--features {feature}`)"
    ))
}
