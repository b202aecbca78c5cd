//! The output shapes other tools rely on: `perft`, `moves`, `play` and `chess960`/`start` (issue 2's CLI contract).

mod common;
use common::{forsyth, forsyth_with_input, ok};

#[test]
fn perft_prints_the_count_last_and_divides_by_root_move() {
    assert_eq!(ok(&["perft", "3"]).lines().last(), Some("8902"));
    let divided = ok(&["perft", "--divide", "2"]);
    let lines: Vec<&str> = divided.lines().collect();
    assert_eq!(lines.len(), 21);
    assert_eq!(lines.last(), Some(&"400"));
    let sum: u64 = lines[..20].iter().map(|l| l.split_once(": ").unwrap().1.parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 400);
    assert!(lines.contains(&"e2e4: 20"));
    let capablanca = ok(&["perft", "--variant", "capablanca", "2"]);
    assert_eq!(capablanca.trim(), "784");
}

#[test]
fn moves_one_line_per_fen_with_both_castling_conventions() {
    let fens = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n";
    let (output, written) = forsyth_with_input(&["moves"], fens.as_bytes());
    written.unwrap();
    let out = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out:?}");
    let first: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(first.len(), 26);
    assert!(first.contains(&"e1g1") && first.contains(&"e1c1"));
    assert_eq!(lines[1], "", "stalemate: an empty line");
    let forced = ok(&["moves", "--uci-960", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]);
    assert!(forced.contains("e1h1") && forced.contains("e1a1") && !forced.contains("e1g1"));
    let chess960 = ok(&["moves", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]);
    assert_eq!(chess960.split_whitespace().count(), 21);
}

#[test]
fn play_prints_the_fen_or_names_the_illegal_move() {
    let fen = ok(&["play", "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"]);
    assert_eq!(fen.trim(), "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
    let out = forsyth(&["play", "--fen", "r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1", "a1a2", "a8a7", "e1g1"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("move 3 'e1g1'") && err.contains("castle through check on f1"), "{err}");
}

#[test]
fn chess960_numbers_both_ways() {
    assert_eq!(ok(&["chess960", "518"]).trim(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(ok(&["chess960", "--number", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]).trim(), "0");
    let random = ok(&["chess960"]);
    let number = ok(&["chess960", "--number", random.trim()]);
    assert!(number.trim().parse::<u16>().unwrap() < 960);
}

#[test]
fn a_hostile_fen_gets_a_short_error() {
    let fen = format!("{}8 w - - 0 1", "8/".repeat(10_000));
    let out = forsyth(&["moves", &fen]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("10001 ranks"), "{err}");
    assert!(err.len() < 500, "the message quotes the whole input: {} bytes", err.len());
}
