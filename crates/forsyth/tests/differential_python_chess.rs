//! Differential test against python-chess 1.11.2 on seeded random games, standard chess and Chess960: in every
//! position the legal moves, the SAN of each, the FEN and the game state; for every game the PGN export text
//! (with comments, NAGs and variations) forsyth writes after reading python-chess's.
//!
//! python-chess's answers come from `tests/differential/python_chess_games.py`; `scripts/test-all.sh` writes
//! them and runs this test with `FORSYTH_PYTHON_CHESS_DUMP` pointing at them. By hand:
//!
//! ```text
//! python3 tests/differential/python_chess_games.py > /tmp/pc.jsonl
//! FORSYTH_PYTHON_CHESS_DUMP=/tmp/pc.jsonl cargo test -p forsyth-chess --test differential_python_chess -- --ignored
//! ```
//! (FEN text in every castling style and en-passant mode is `tests/differential/fen_roundtrip.py`'s part.)

use std::collections::BTreeMap;

use forsyth::notation::fen::{EpMode, Fen};
use forsyth::notation::write_san;
use forsyth::pgn::{Game, PgnReadOptions, PgnWriteOptions, write_game};
use forsyth::uci::{Uci, write_uci};
use forsyth::{Position, Status, Variant};
use serde_json::Value;

fn state(pos: &Position) -> &'static str {
    match pos.status() {
        Status::Ongoing => "ongoing",
        Status::Checkmate => "checkmate",
        Status::Stalemate => "stalemate",
        Status::InsufficientMaterial => "insufficient-material",
        Status::SeventyFiveMoves => "seventy-five-moves",
    }
}

/// Compares one game; returns the mismatches found (as messages) and the number of checks made.
fn compare_game(game: &Value, failures: &mut Vec<String>) -> usize {
    let variant = match game["variant"].as_str().unwrap() {
        "chess960" => Variant::Chess960,
        _ => Variant::Standard,
    };
    let chess960 = variant == Variant::Chess960;
    let start: Fen = game["start"].as_str().unwrap().parse().unwrap();
    let mut pos = start.position(Some(variant)).unwrap();
    let played: Vec<&str> = game["played"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    let mut checks = 0;
    for (ply, expected) in game["positions"].as_array().unwrap().iter().enumerate() {
        let fen = Fen::from_position_with(&pos, EpMode::Legal).to_string();
        let want_fen = expected["fen"].as_str().unwrap();
        if fen != want_fen {
            failures.push(format!("ply {ply}: FEN {fen}, python-chess {want_fen}"));
            return checks;
        }
        if state(&pos) != expected["state"].as_str().unwrap() {
            failures.push(format!("{fen}: state {}, python-chess {}", state(&pos), expected["state"]));
        }
        let ours: BTreeMap<String, String> =
            pos.legal_moves().iter().map(|&m| (write_uci(&pos, m, chess960), write_san(&pos, m))).collect();
        let theirs: BTreeMap<String, String> = expected["moves"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(uci, san)| (uci.clone(), san.as_str().unwrap().to_string()))
            .collect();
        if ours != theirs {
            let only_ours: Vec<_> = ours.iter().filter(|(k, v)| theirs.get(*k) != Some(v)).collect();
            let only_theirs: Vec<_> = theirs.iter().filter(|(k, v)| ours.get(*k) != Some(v)).collect();
            failures.push(format!("{fen}: forsyth only {only_ours:?}, python-chess only {only_theirs:?}"));
        }
        checks += 2 + ours.len();
        if let Some(uci) = played.get(ply) {
            let m =
                uci.parse::<Uci>().and_then(|uci| uci.to_move(&pos)).unwrap_or_else(|e| panic!("{fen}: {uci}: {e}"));
            pos.play(m).unwrap();
        }
    }
    let pgn = game["pgn"].as_str().unwrap();
    let read = Game::read_all(pgn, &PgnReadOptions::default());
    match read.as_slice() {
        [Ok(read)] => {
            let mut written = String::new();
            write_game(read, &PgnWriteOptions::default(), &mut written);
            if pgn_tokens(&written) != pgn_tokens(pgn) {
                failures.push(format!("PGN differs:\npython-chess:\n{pgn}forsyth:\n{written}"));
            }
        }
        other => failures.push(format!("python-chess's PGN does not read as one game: {other:?}\n{pgn}")),
    }
    checks + 1
}

/// The tag section line by line, then the movetext as tokens: comments (whitespace collapsed), parentheses, and
/// words. Export format leaves the spaces inside braces and parentheses and where lines wrap to the writer
/// (python-chess writes `{ a }` and `( 1. d4 )`, forsyth `{a}` and `(1. d4)`); everything else must agree.
fn pgn_tokens(text: &str) -> Vec<String> {
    let (tags, movetext) = text.split_once("\n\n").unwrap_or((text, ""));
    let mut tokens: Vec<String> = tags.lines().map(str::to_string).collect();
    let mut rest = movetext;
    while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
        rest = &rest[start..];
        let end = match rest.as_bytes()[0] {
            b'{' => rest.find('}').map_or(rest.len(), |k| k + 1),
            b'(' | b')' => 1,
            _ => rest.find(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == '{').unwrap_or(rest.len()),
        };
        let token = &rest[..end];
        tokens.push(if token.starts_with('{') {
            format!("{{{}}}", token.trim_matches(['{', '}']).split_whitespace().collect::<Vec<_>>().join(" "))
        } else {
            token.to_string()
        });
        rest = &rest[end..];
    }
    tokens
}

#[test]
#[ignore = "needs python-chess's answers: run by scripts/test-all.sh (see the module documentation)"]
fn forsyth_agrees_with_python_chess() {
    let path = std::env::var("FORSYTH_PYTHON_CHESS_DUMP").expect("FORSYTH_PYTHON_CHESS_DUMP: the dump to compare");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut games, mut checks, mut failures) = (0, 0, Vec::new());
    for line in text.lines() {
        let game: Value = serde_json::from_str(line).unwrap();
        checks += compare_game(&game, &mut failures);
        games += 1;
    }
    for failure in failures.iter().take(10) {
        eprintln!("{failure}\n");
    }
    eprintln!("differential_python_chess: {games} games, {checks} checks, {} mismatches", failures.len());
    assert!(games >= 100, "only {games} games in {path}");
    assert!(failures.is_empty(), "{} mismatches with python-chess", failures.len());
}
