//! The `forsyth` binary: the command line of the `forsyth_cli` library.

use std::process::ExitCode;

fn main() -> ExitCode {
    let status = forsyth_cli::run(std::env::args_os());
    ExitCode::from(u8::try_from(status).unwrap_or(1))
}
