//! Reads a PGN file and counts its results: White wins, Black wins, draws, unfinished games and games with errors.
//!
//! `cargo run -p forsyth --example count_results -- games.pgn` (the file's games are read on two threads; without
//! an argument, the bundled Chess960 game).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::BufReader;

use forsyth::pgn::{GameBuilder, PgnReadOptions, read_games};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/chess960-xfen-game.pgn").to_string());
    let reader = BufReader::new(File::open(&path)?);
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let options = PgnReadOptions::default();
    read_games(
        reader,
        2,
        &options,
        GameBuilder::default,
        |builder, report| (builder.finish(), report),
        |_, (game, report)| {
            let key = match (&report.error, game.result) {
                (Some(error), _) => format!("error {}", error.kind.code()),
                (None, Some(result)) => result.as_str().to_string(),
                (None, None) => "no result".to_string(),
            };
            *counts.entry(key).or_default() += 1;
            Ok(())
        },
    )?;
    for (result, n) in &counts {
        println!("{result:>12} {n}");
    }
    Ok(())
}
