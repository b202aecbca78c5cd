//! The whole-process anchor for `forsyth pgn check`: pgn-reader 0.29 + shakmaty 0.30 read a PGN file as
//! pgn-reader's `validate` example does (every main-line move resolved and played) and print the number of games
//! and of games with an error.
//!
//! With `--variations`, the moves of every variation are resolved and played too, as `forsyth pgn check` does.
//!
//! Run: `pgn_validate_shakmaty [--variations] FILE.pgn` (see scripts/bench-pgn-cli.sh).

use std::process::ExitCode;

#[path = "../pgn_reader_anchor.rs"]
mod pgn_reader_anchor;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (variations, path) = match args.as_slice() {
        [path] => (false, path),
        [flag, path] if flag == "--variations" => (true, path),
        _ => {
            eprintln!("usage: pgn_validate_shakmaty [--variations] FILE.pgn");
            return ExitCode::from(2);
        }
    };
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(1);
        }
    };
    let read =
        if variations { pgn_reader_anchor::validate_with_variations(file) } else { pgn_reader_anchor::validate(file) };
    match read {
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
