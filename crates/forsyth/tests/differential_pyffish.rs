//! Differential test of the 10×8 variants against Fairy-Stockfish (pyffish): legal move sets, SAN, and FENs.
//!
//! The data come from `tests/differential/pyffish_10x8.py` (repository root): positions of seeded random games in
//! capablanca, caparandom, gothic, janus and embassy, each with every legal move in UCI, the SAN pyffish writes for
//! them, the move played and the FEN after it. `FORSYTH_PYFFISH_DATA` names a file the script made (as
//! `scripts/test-all.sh` does, with fresh games); without it the committed sample `data/pyffish-10x8.tsv` is used.
//!
//! The games themselves, written as PGN with pyffish's SAN, must read with forsyth's PGN reader (see
//! [`pgn_of_pyffish_games`]).
//!
//! forsyth reads pyffish's FENs, and must write them back exactly when told pyffish's conventions: castling
//! classic (`KQkq`, no castling-type prefix) or, for caparandom, Shredder-FEN; en-passant square only when a pawn
//! stands ready to capture; UCI castling king-to-destination, or king-takes-rook for caparandom.

use forsyth::notation::fen::{CastlingStyle, EpMode, Fen};
use forsyth::notation::{MoveReadOptions, parse_move, write_san};
use forsyth::pgn::{Game, PgnReadOptions, PgnWriteOptions, write_game};
use forsyth::uci::{Uci, write_uci};
use forsyth::{Position, Variant};

/// One position of the data file.
struct Record<'a> {
    variant: &'a str,
    fen: &'a str,
    /// Every legal move in UCI, with pyffish's SAN where the file gives it.
    legal: Vec<(&'a str, Option<&'a str>)>,
    played: &'a str,
    after: &'a str,
}

fn records(text: &str) -> Vec<Record<'_>> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 5, "not five fields: {line}");
            let legal = f[2].split(';').filter(|s| !s.is_empty()).map(|s| match s.split_once(' ') {
                Some((uci, san)) => (uci, Some(san)),
                None => (s, None),
            });
            Record { variant: f[0], fen: f[1], legal: legal.collect(), played: f[3], after: f[4] }
        })
        .collect()
}

/// pyffish's variant name, and how it writes castling in FENs and UCI.
fn conventions(name: &str) -> (Variant, CastlingStyle, bool) {
    match name {
        "caparandom" => (Variant::Crc, CastlingStyle::Shredder, true),
        other => (other.parse().unwrap_or_else(|e| panic!("{e}")), CastlingStyle::Classic, false),
    }
}

fn fen_as_pyffish(pos: &Position, castling: CastlingStyle) -> String {
    Fen::from_position_with(pos, EpMode::Pseudo).to_string_with(castling).unwrap()
}

#[test]
fn agrees_with_pyffish() {
    let text = match std::env::var("FORSYTH_PYFFISH_DATA") {
        Ok(path) => std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")),
        Err(_) => include_str!("data/pyffish-10x8.tsv").to_string(),
    };
    let records = records(&text);
    assert!(records.len() >= 100, "only {} positions", records.len());
    let (mut failures, mut sans, mut variants) = (Vec::new(), 0, std::collections::HashSet::new());
    for r in &records {
        let (variant, castling, chess960) = conventions(r.variant);
        variants.insert(variant);
        let mut fail = |what: String| failures.push(format!("{} {}: {what}", r.variant, r.fen));
        let pos = match Fen::parse(r.fen).map(|f| f.position(Some(variant))) {
            Ok(Ok(pos)) => pos,
            other => {
                fail(format!("cannot read: {other:?}"));
                continue;
            }
        };
        let written = fen_as_pyffish(&pos, castling);
        if written != r.fen {
            fail(format!("forsyth writes it {written}"));
        }
        let mut ours: Vec<String> = pos.legal_moves().iter().map(|&m| write_uci(&pos, m, chess960)).collect();
        ours.sort();
        let theirs: Vec<&str> = r.legal.iter().map(|(uci, _)| *uci).collect();
        if ours != theirs {
            fail(format!("legal moves differ:\n  forsyth {}\n  pyffish {}", ours.join(" "), theirs.join(" ")));
            continue;
        }
        for &(uci, san) in &r.legal {
            let Some(san) = san else { continue };
            sans += 1;
            let m = uci.parse::<Uci>().and_then(|uci| uci.to_move(&pos)).unwrap();
            let ours = write_san(&pos, m);
            if ours != san {
                fail(format!("{uci}: pyffish writes {san}, forsyth {ours}"));
            }
            match parse_move(&pos, san, &MoveReadOptions::default()) {
                Ok(read) if read.mv == m => {}
                other => fail(format!("{uci}: reading pyffish's {san} gives {other:?}")),
            }
        }
        let played = r.played.parse::<Uci>().and_then(|uci| uci.to_move(&pos)).unwrap();
        let after = pos.after(played).unwrap();
        let written = fen_as_pyffish(&after, castling);
        if written != r.after {
            fail(format!("after {}: pyffish {}, forsyth {written}", r.played, r.after));
        }
    }
    assert!(
        failures.is_empty(),
        "{} disagreements, the first:\n{}",
        failures.len(),
        failures[..failures.len().min(15)].join("\n")
    );
    assert_eq!(variants.len(), 5, "every 10×8 variant is covered");
    assert!(sans >= records.len(), "only {sans} SANs compared");
    eprintln!("pyffish: {} positions, {sans} SANs agree", records.len());
}

/// The games of the data file: runs of positions where each follows from the one before by the move played.
fn games<'a>(records: &'a [Record<'a>]) -> Vec<&'a [Record<'a>]> {
    let mut games = Vec::new();
    let mut start = 0;
    for i in 1..=records.len() {
        if i == records.len() || records[i].fen != records[i - 1].after || records[i].variant != records[i - 1].variant
        {
            games.push(&records[start..i]);
            start = i;
        }
    }
    games
}

/// PGN: each game, written with pyffish's SAN under the `Variant` tag (and `SetUp`/`FEN` for Capablanca Random
/// Chess), reads with forsyth's PGN reader to pyffish's final position; forsyth writes it again, and that reads
/// back to the same moves.
#[test]
fn pgn_of_pyffish_games() {
    let text = include_str!("data/pyffish-10x8.tsv");
    let records = records(text);
    let mut seen = std::collections::HashSet::new();
    for (n, game) in games(&records).into_iter().enumerate() {
        let (variant, castling, _) = conventions(game[0].variant);
        // Both names Caparandom and CRC are in use for the Variant tag.
        let tag = if variant == Variant::Crc && n % 2 == 1 { "CRC" } else { variant.pgn_name() };
        let mut pgn = format!("[Event \"pyffish game {n}\"]\n[Variant \"{tag}\"]\n");
        if variant.is_shuffle() {
            pgn.push_str(&format!("[SetUp \"1\"]\n[FEN \"{}\"]\n", game[0].fen));
        }
        pgn.push('\n');
        for (ply, r) in game.iter().enumerate() {
            let san = r.legal.iter().find(|(uci, _)| *uci == r.played).and_then(|(_, san)| *san).unwrap();
            if ply % 2 == 0 {
                pgn.push_str(&format!("{}. ", ply / 2 + 1));
            }
            pgn.push_str(san);
            pgn.push(' ');
        }
        pgn.push_str("*\n");
        let read = |text: &str| {
            let mut games = Game::read_all(text, &PgnReadOptions::default());
            assert_eq!(games.len(), 1);
            games.pop().unwrap().unwrap_or_else(|e| panic!("{e}\n{text}"))
        };
        let ours = read(&pgn);
        assert_eq!(ours.start.variant(), variant, "{pgn}");
        assert_eq!(ours.moves.nodes.len(), game.len(), "{pgn}");
        let mut pos = ours.start;
        for node in &ours.moves.nodes {
            pos.play(node.mv).unwrap();
        }
        assert_eq!(fen_as_pyffish(&pos, castling), game[game.len() - 1].after, "{pgn}");
        let mut written = String::new();
        write_game(&ours, &PgnWriteOptions::default(), &mut written);
        assert!(written.contains(&format!("[Variant \"{tag}\"]")), "{written}");
        let again = read(&written);
        assert_eq!(again.start, ours.start, "{written}");
        assert_eq!(again.moves, ours.moves, "{written}");
        seen.insert(variant);
    }
    assert_eq!(seen.len(), 5);
}
