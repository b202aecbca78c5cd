//! The whole-process anchor for `forsyth pgn check`: pgn-reader 0.29 + shakmaty 0.30 read a PGN file as
//! pgn-reader's `validate` example does (every main-line move resolved and played) and print the number of games
//! and of games with an error.
//!
//! Run: `pgn_validate_shakmaty FILE.pgn` (see scripts/bench-pgn-cli.sh).

use std::process::ExitCode;

#[path = "../pgn_reader_anchor.rs"]
mod pgn_reader_anchor;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: pgn_validate_shakmaty FILE.pgn");
        return ExitCode::from(2);
    };
    let file = match std::fs::File::open(&path) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(1);
        }
    };
    match pgn_reader_anchor::validate(file) {
        Ok((games, errors)) => {
            println!("{games} games, {errors} with errors");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{path}: {e}");
            ExitCode::from(1)
        }
    }
}
