//! The whole-process anchor for `forsyth fen check` and `forsyth fen convert --ep legal`, written with shakmaty:
//! FENs on standard input, one per line, each read into a legal position with every rule checked (shakmaty `Fen`
//! + `into_position::<Chess>` in Chess960 castling mode, which both the Chess960 and the standard FENs need).
//!
//! - `check` prints `ok` for a legal position and `invalid` or `error` with shakmaty's reason otherwise;
//! - `convert` prints the position as X-FEN with the en-passant square only when a capture is legal, the same text
//!   `forsyth fen convert --ep legal` writes (scripts/bench-fen-cli.sh compares the two outputs byte for byte).
//!
//! Like forsyth, it reads the whole input, then writes through one locked buffer.
//!
//! Run: `fen_lines_shakmaty check|convert < fens.txt > out` (see scripts/bench-fen-cli.sh).

use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode};

fn main() -> ExitCode {
    let convert = match std::env::args().nth(1).as_deref() {
        Some("check") => false,
        Some("convert") => true,
        _ => {
            eprintln!("usage: fen_lines_shakmaty check|convert < fens.txt");
            return ExitCode::from(2);
        }
    };
    let mut input = String::new();
    if let Err(e) = io::stdin().read_to_string(&mut input) {
        eprintln!("standard input: {e}");
        return ExitCode::FAILURE;
    }
    let mut out = BufWriter::new(io::stdout().lock());
    let mut invalid = 0usize;
    for line in input.lines().filter(|l| !l.trim().is_empty()) {
        let written = match Fen::from_ascii(line.trim().as_bytes()) {
            Err(e) => {
                invalid += 1;
                writeln!(out, "error {e}")
            }
            Ok(fen) => match fen.into_position::<Chess>(CastlingMode::Chess960) {
                Err(e) => {
                    invalid += 1;
                    writeln!(out, "invalid {e}")
                }
                Ok(pos) if convert => writeln!(out, "{}", Fen::from_position(&pos, EnPassantMode::Legal)),
                Ok(_) => out.write_all(b"ok\n"),
            },
        };
        if written.is_err() {
            return ExitCode::FAILURE;
        }
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    if invalid > 0 {
        eprintln!("{invalid} FENs invalid");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
