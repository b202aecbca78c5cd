//! Reads a PGN file and counts its results: White wins, Black wins, draws, unfinished games and games with errors.
//!
//! `cargo run -p forsyth-chess --example count_results -- games.pgn` (the file's games are read on two threads; without
//! an argument, the bundled Chess960 game).

use forsyth::pgn::Reader;
use std::collections::BTreeMap;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/chess960-xfen-game.pgn").to_string());
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for read in Reader::open(&path)?.jobs(2).games() {
        let read = read?;
        let key = match (&read.error, read.game.result) {
            (Some(error), _) => format!("error {}", error.kind.code()),
            (None, Some(result)) => result.as_str().to_string(),
            (None, None) => "no result".to_string(),
        };
        *counts.entry(key).or_default() += 1;
    }
    for (result, n) in &counts {
        println!("{result:>12} {n}");
    }
    Ok(())
}
