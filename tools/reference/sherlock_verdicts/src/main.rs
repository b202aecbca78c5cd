//! Reads FENs, one per line, and prints each with Sherlock's verdict: `illegal` when its retro rules prove that no
//! game reaches the position, `legal` when they find no such proof, `rejected` when the `chess` crate does not
//! read the FEN.
use std::io::BufRead;
use std::str::FromStr;

fn main() {
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("standard input is text");
        let fen = line.trim();
        if fen.is_empty() {
            continue;
        }
        let verdict = match chess::Board::from_str(fen) {
            Ok(board) if sherlock::is_legal(&board) => "legal",
            Ok(_) => "illegal",
            Err(_) => "rejected",
        };
        println!("{fen}\t{verdict}");
    }
}
