//! `forsyth`: the command-line face of the forsyth library, as a library function ([`run`]) that the `forsyth`
//! binary and the Python package's `forsyth` command both call: one command line. Each command lives in its own
//! file under `commands/`; this file only parses arguments and maps errors to exit codes.
//!
//! The cargo features `export` (`pgn export`: Arrow and Parquet) and `serve` (the web server: axum and tokio) are
//! on by default; a build without them has every other command and says, for those two, which feature they need.

mod commands;
mod input;
mod stream;

use std::ffi::OsString;

use clap::{Parser, Subcommand};

/// Exit status for bad input (an illegal move, an invalid FEN); clap uses 2 for usage errors.
const EXIT_INVALID: i32 = 1;

#[derive(Parser)]
#[command(
    name = "forsyth",
    version,
    about = "Chess notation engine: positions, moves and games in every notation, checked against the rules",
    after_help = "Examples:\n  forsyth explain 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2'\n  \
                  forsyth pgn check games.pgn\n  forsyth perft --variant chess960 4\n\n\
                  Exit status: 0 success, 1 invalid input (bad FEN, illegal move), 2 usage error."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Perft(commands::perft::Args),
    Moves(commands::moves::Args),
    Play(commands::play::Args),
    Start(commands::start::Args),
    /// The same as `start --variant chess960`.
    Chess960(commands::start::Args),
    Fen(commands::fen::Args),
    Explain(commands::explain::Args),
    Board(commands::board::Args),
    Count(commands::count::Args),
    Eco(commands::eco::Args),
    Completions(commands::completions::Args),
    Pgn(commands::pgn::Args),
    Translate(commands::translate::Args),
    #[cfg(feature = "serve")]
    Serve(commands::serve::Args),
    /// Serve a web page for positions, moves and games (not in this build: it needs the `serve` feature).
    #[cfg(not(feature = "serve"))]
    Serve(commands::Unavailable),
    Retract(commands::retract::Args),
    Retro(commands::retro::Args),
    Pattern(commands::pattern::Args),
    Problem(commands::problem::Args),
    Solve(commands::solve::Args),
}

/// An error a command reports: the message is printed after `forsyth: `.
#[derive(Debug)]
pub(crate) struct Failure(pub(crate) String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure(e.to_string())
    }
}

/// Output cut short by the reader (`forsyth explain ... | head`) is not an error: `println!` panics on a closed
/// pipe, so end quietly with success instead of printing a panic, as other command-line tools do.
fn quiet_on_broken_pipe() {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if message.contains("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default_hook(info);
    }));
}

/// Runs the `forsyth` command line: `args` as a program's arguments, the program's name first (`["forsyth",
/// "perft", "3"]`). Writes to standard output and error as the binary does and returns the exit status: 0 success,
/// 1 invalid input, 2 a usage error (`--help` and `--version` print and return 0).
///
/// ```
/// assert_eq!(forsyth_cli::run(["forsyth", "count", "4k3/8/8/8/8/8/8/4K3"]), 0);
/// assert_eq!(forsyth_cli::run(["forsyth", "play", "e2e5"]), 1);
/// assert_eq!(forsyth_cli::run(["forsyth", "no-such-command"]), 2);
/// ```
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    quiet_on_broken_pipe();
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to standard output with status 0, usage errors to standard error with 2.
            let _ = e.print();
            return e.exit_code();
        }
    };
    let result = match cli.command {
        Command::Perft(args) => commands::perft::run(args),
        Command::Moves(args) => commands::moves::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Start(args) | Command::Chess960(args) => commands::start::run(args),
        Command::Fen(args) => commands::fen::run(args),
        Command::Explain(args) => commands::explain::run(args),
        Command::Board(args) => commands::board::run(args),
        Command::Count(args) => commands::count::run(args),
        Command::Eco(args) => commands::eco::run(args),
        Command::Completions(args) => commands::completions::run(args),
        Command::Pgn(args) => commands::pgn::run(args),
        Command::Translate(args) => commands::translate::run(args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => commands::serve::run(args),
        #[cfg(not(feature = "serve"))]
        Command::Serve(_) => Err(commands::unavailable("serve", "serve")),
        Command::Retract(args) => commands::retract::run(args),
        Command::Retro(args) => commands::retro::run(args),
        Command::Pattern(args) => commands::pattern::run(args),
        Command::Problem(args) => commands::problem::run(args),
        Command::Solve(args) => commands::solve::run(args),
    };
    match result {
        Ok(()) => 0,
        Err(Failure(message)) => {
            eprintln!("forsyth: {message}");
            EXIT_INVALID
        }
    }
}
