//! Fairy pieces and special boards through the `forsyth` binary: `--piece` and `--board` on perft, moves, play,
//! translate, fen check/convert, board, explain and count, and the errors of bad declarations and undeclared letters.
//!
//! Expected counts and move lists of flat boards are Fairy-Stockfish's (pyffish 0.0.90 with `customPiece1 = g:gQ`,
//! `customPiece2 = l:C`: perft 3 of the start array with grasshoppers and camels is 8848; the grasshopper position's
//! moves a1f1 e1d1 e1d2 e1f1 e1f2 e2e3 e2e4). The cylinder move is the definition of the vertical cylinder (a1 and
//! h1 adjacent).

mod common;
use common::{forsyth, ok};

const GRASSHOPPER: &str = "4k3/8/8/8/8/8/4P3/G3K3 w - - 0 1";

fn refused(args: &[&str]) -> String {
    let output = forsyth(args);
    assert_eq!(output.status.code(), Some(1), "{args:?}: {}", String::from_utf8_lossy(&output.stdout));
    String::from_utf8(output.stderr).unwrap()
}

#[test]
fn perft_with_declared_pieces_matches_fairy_stockfish() {
    let fen = "rgbqkbcr/pppppppp/8/8/8/8/PPPPPPPP/RGBQKBCR w KQkq - 0 1";
    assert_eq!(ok(&["perft", "--piece", "G=grasshopper", "--piece", "C=camel", "--fen", fen, "3"]), "8848");
    // German names and Popeye codes name the same pieces.
    assert_eq!(ok(&["perft", "--piece", "G=Grashüpfer", "--piece", "C=CA", "--fen", fen, "3"]), "8848");
    assert_eq!(ok(&["perft", "--piece", "G=betza:gQ", "--piece", "C=betza:C", "--fen", fen, "3"]), "8848");
}

#[test]
fn moves_of_a_grasshopper_in_every_notation() {
    let mut uci: Vec<String> =
        ok(&["moves", "--piece", "G=grasshopper", GRASSHOPPER]).split_whitespace().map(String::from).collect();
    uci.sort();
    assert_eq!(uci, ["a1f1", "e1d1", "e1d2", "e1f1", "e1f2", "e2e3", "e2e4"]);
    let san = ok(&["moves", "--notation", "san", "--piece", "G=grasshopper", GRASSHOPPER]);
    assert!(san.split_whitespace().any(|m| m == "Gf1"), "{san}");
    let lan = ok(&["moves", "--notation", "lan", "--piece", "G=grasshopper", GRASSHOPPER]);
    assert!(lan.split_whitespace().any(|m| m == "Ga1-f1"), "{lan}");
}

#[test]
fn play_and_fen_write_the_declared_letters_back() {
    let fen = ok(&["play", "--piece", "G=grasshopper", "--fen", GRASSHOPPER, "Gf1", "Kd7"]);
    assert_eq!(fen, "8/3k4/8/8/8/8/4P3/4KG2 w - - 2 2");
    assert_eq!(ok(&["fen", "check", "--piece", "G=grasshopper", GRASSHOPPER]), "ok");
    let json = ok(&["fen", "check", "--json", "--piece", "G=grasshopper", GRASSHOPPER]);
    assert!(json.contains("\"result\":\"ok\""), "{json}");
    assert_eq!(
        ok(&["fen", "convert", "--piece", "G=grasshopper", "4k3/8/8/8/8/8/4P3/G3K3"]),
        "4k3/8/8/8/8/8/4P3/G3K3 w - - 0 1"
    );
}

#[test]
fn translate_writes_fairy_moves_in_every_notation_and_play_reads_them_back() {
    // Every legal move (Fairy-Stockfish's list, above) and a reply, translated into each notation from UCI: each
    // translation, played again, reaches the position the UCI moves reach.
    for first in ["a1f1", "e1d1", "e1d2", "e1f1", "e1f2", "e2e3", "e2e4"] {
        let reached = ok(&["play", "--piece", "G=grasshopper", "--fen", GRASSHOPPER, first, "e8d7"]);
        for notation in ["san", "lan", "problem", "uci"] {
            let args = ["translate", "--piece", "G=grasshopper", "--notation", notation, "--json", "--fen"];
            let json = ok(&[&args[..], &[GRASSHOPPER, first, "e8d7"]].concat());
            let json: serde_json::Value = serde_json::from_str(&json).unwrap();
            let moves: Vec<&str> = json["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
            assert_eq!(moves.len(), 2, "{first} {notation}: {json}");
            let replayed = ok(&[&["play", "--piece", "G=grasshopper", "--fen", GRASSHOPPER][..], &moves].concat());
            assert_eq!(replayed, reached, "{first} in {notation}: {moves:?}");
        }
    }
    assert_eq!(
        ok(&[
            "translate",
            "--piece",
            "G=grasshopper",
            "--notation",
            "problem",
            "--fen",
            GRASSHOPPER,
            "Gf1",
            "Kd7",
            "Gd3"
        ]),
        "1.Ga1-f1 Ke8-d7 2.Gf1-d3"
    );
    // A move the grasshopper cannot make stops the translation with what was translated and the move's place.
    let output = forsyth(&["translate", "--piece", "G=grasshopper", "--fen", GRASSHOPPER, "Gf1", "Kd7", "Gf8"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "1.Gf1 Kd7");
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(err.contains("move 3 (2.) 'Gf8'") && err.contains("[move.illegal]"), "{err}");
    // The problem's letters write fairy moves: another language's letters are refused, not ignored.
    for args in [
        &["translate", "--piece", "G=grasshopper", "--lang", "de", "--fen", GRASSHOPPER, "Gf1"][..],
        &["moves", "--piece", "G=grasshopper", "--figurine", GRASSHOPPER][..],
    ] {
        let err = refused(args);
        assert!(err.contains("problem's letters"), "{args:?}: {err}");
    }
}

#[test]
fn a_rook_goes_round_a_vertical_cylinder() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(ok(&["play", "--board", "vertical-cylinder", "--fen", fen, "Rh1"]), "4k3/8/8/8/8/8/8/4K2R b - - 1 1");
    let err = refused(&["play", "--fen", fen, "Rh1"]);
    assert!(err.contains("Rh1"), "{err}");
}

#[test]
fn bad_declarations_and_undeclared_letters_say_where() {
    let err = refused(&["moves", "--piece", "G=betza:gQx", GRASSHOPPER]);
    assert!(err.contains("[piece.betza.bad-letter] column 11"), "{err}");
    let err = refused(&["moves", "--piece", "G=grashopper", GRASSHOPPER]);
    assert!(err.contains("[piece.unknown-name] column 3"), "{err}");
    let err = refused(&["moves", "--piece", "G=grasshopper", "4k3/8/8/8/8/8/8/Y3K3 w - - 0 1"]);
    assert!(err.contains("[fen.general.undeclared-letter] column 17") && err.contains("declared: G"), "{err}");
    let err = refused(&["moves", "--piece", "K=camel", GRASSHOPPER]);
    assert!(err.contains("[piece.declaration.king]"), "{err}");
}

#[test]
fn unknown_pieces_are_drawn_and_counted_but_have_no_moves() {
    let board = ok(&["board", "--board", "torus", "4k3/8/8/3X4/8/8/8/4K3"]);
    assert!(board.contains("2+1") && board.contains("torus"), "{board}");
    let err = refused(&["moves", "--board", "torus", "4k3/8/8/3X4/8/8/8/4K3"]);
    assert!(err.contains("unknown piece stands on d5"), "{err}");
}

#[test]
fn board_and_explain_name_fairy_pieces_in_english_and_german() {
    let board = ok(&["board", "--piece", "G=grasshopper", GRASSHOPPER]);
    assert!(board.contains("G = grasshopper (Grashüpfer, Popeye G; drawn as inverted queen)"), "{board}");
    let words =
        ok(&["explain", "--lang", "de", "--piece", "G=grasshopper", "--board", "vertical-cylinder", GRASSHOPPER]);
    assert!(words.contains("Weiß: Grashüpfer a1, König e1, Bauer e2."), "{words}");
    assert!(words.contains("senkrechter Zylinder"), "{words}");
}

#[test]
fn board_draws_fairy_pieces_and_cylinders_in_svg() {
    let svg = ok(&["board", "--svg", "-", "--piece", "G=grasshopper", "--board", "vertical-cylinder", GRASSHOPPER]);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let grasshopper = doc.descendants().find(|n| n.attribute("data-piece") == Some("G")).expect("the grasshopper");
    assert_eq!(grasshopper.attribute("href"), Some("#white-queen"));
    assert!(grasshopper.attribute("transform").is_some_and(|t| t.starts_with("rotate(180 ")), "{svg}");
    assert_eq!(doc.descendants().filter(|n| n.attribute("class") == Some("piece")).count(), 4);
    assert_eq!(doc.descendants().filter(|n| n.attribute("class") == Some("wrap files")).count(), 2);
    assert!(svg.contains("G = grasshopper"), "{svg}");
}

/// `count` takes the problem's letters as every command that reads a position does; the board field alone is
/// enough, and the count's long form carries marked squares. The count is read off the FEN's own letters.
#[test]
fn count_takes_declared_fairy_letters() {
    assert_eq!(ok(&["count", "--piece", "G=grasshopper", "--piece", "N=nightrider", "4k3/8/8/8/7N/G7/8/2K5"]), "3+1");
    assert_eq!(ok(&["count", "--piece", "G=grasshopper", "--marked", "e4", GRASSHOPPER]), "3+1+1+0");
    let err = refused(&["count", "--piece", "G=grasshopper", "4k3/8/8/8/8/Z7/8/2K5"]);
    assert!(err.contains("column 13") && err.contains("--piece Z="), "{err}");
}

#[test]
fn pattern_lists_the_lines_of_fairy_pieces_and_on_cylinders() {
    // The grasshopper gets to d3 over f1 (over the king, then over the pawn on e2) while Black's king makes one of
    // its five moves: the case `Ga1~d3` of crates/forsyth/tests/data/pattern-fairy.tsv, Fairy-Stockfish's moves.
    let data = include_str!("../../forsyth/tests/data/pattern-fairy.tsv");
    let expected = data
        .lines()
        .find(|l| l.starts_with(&format!("{GRASSHOPPER}\tGa1~d3\t")))
        .map(|l| l.rsplit('\t').next().unwrap().split(';').count())
        .unwrap();
    let listed = ok(&["pattern", "--piece", "G=grasshopper", "--fen", GRASSHOPPER, "--max-plies", "3", "Ga1~d3"]);
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), expected, "{listed}");
    for line in &lines {
        assert!(line.starts_with("1. Ga1-f1 Ke8-") && line.ends_with(" 2. Gf1-d3"), "{line}");
    }
    // German input: the declared letter is read before the language's, the knight as S.
    let german = ok(&["pattern", "--piece", "G=grasshopper", "--input-lang", "de", "Ga1~a8 & Sg1-f3"]);
    assert_eq!(german, "Ga1~a8 & Ng1-f3");
    // On a vertical cylinder the rook on a1 reaches h1 across the joined edge; a pattern without moves holds or not.
    let cylinder = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let rook = ok(&["pattern", "--board", "vertical-cylinder", "--fen", cylinder, "--max-plies", "1", "Ta1-h1"]);
    assert_eq!(rook, "1. Ra1-h1");
    assert_eq!(ok(&["pattern", "--piece", "G=grasshopper", "--fen", GRASSHOPPER, "Ga1 & ~[Ta1]"]), "holds");
    let err = refused(&["pattern", "--piece", "G=grasshopper", "--fen", GRASSHOPPER, "Ga1 & Da1"]);
    assert!(err.contains("does not hold"), "{err}");
}

#[test]
fn pattern_with_fairy_pieces_refuses_what_it_cannot_do() {
    let err = refused(&["pattern", "--piece", "G=grasshopper", "--fen", GRASSHOPPER, "Za1~"]);
    assert!(err.contains("column 1") && err.contains("declared: G"), "{err}");
    let err = refused(&["pattern", "--fen", GRASSHOPPER, "Ga1~"]);
    assert!(err.contains("--piece G=NAME"), "{err}");
    let err = refused(&["pattern", "--piece", "G=grasshopper", "--lang", "de", "--fen", GRASSHOPPER, "Ga1~"]);
    assert!(err.contains("--lang de") && err.contains("leave --lang out"), "{err}");
    let err = refused(&["pattern", "--piece", "G=grasshopper", "--game", "examples/fide-sample-game-de.pgn", "Ga1~"]);
    assert!(err.contains("work with --fen"), "{err}");
    let err = refused(&["pattern", "--piece", "G=grasshopper", "--fen", "4k3/8/8/8/8/8/8/?3K3 w - - 0 1", "Ke1~"]);
    assert!(err.contains("cannot be searched"), "{err}");
}

#[test]
fn orthodox_only_commands_refuse_fairy_flags_as_unknown() {
    // Retro analysis and opening names work on orthodox chess only (docs/problem-chess.md): the flags are refused
    // as usage errors, not ignored.
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    for command in [&["retract"][..], &["retro", "analyse"], &["eco"]] {
        for flag in [["--piece", "G=grasshopper"], ["--board", "torus"]] {
            let mut args = command.to_vec();
            args.extend(flag);
            args.push(fen);
            let output = forsyth(&args);
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            let err = String::from_utf8_lossy(&output.stderr);
            assert!(err.contains(&format!("unexpected argument '{}'", flag[0])), "{args:?}: {err}");
        }
    }
}
