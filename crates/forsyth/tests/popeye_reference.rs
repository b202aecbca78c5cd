//! Popeye as the reference (tests/popeye/README.md): forsyth's Popeye writer wrote each `NN.inp` from `NN.fen`;
//! Popeye 4.104 read it and listed every legal White move for `Stipulation ~1` in `NN.out`. forsyth must read
//! the input back to the same position, and its legal moves must be exactly Popeye's.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use forsyth::Topology;
use forsyth::notation::general::read_fen;
use forsyth::piece_kind::PieceTable;
use forsyth::problem::popeye::{self, PopeyeLanguage, ProblemDescription};
use forsyth::{Position, Role, Square};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/popeye")
}

/// The Popeye inputs of a folder with Popeye's output for each (`NN.inp`, `NN.out`); Popeye must have accepted
/// every input (its English input errors are `input-error`, its German ones `Eingabe-Fehler`).
fn cases(folder: &Path) -> Vec<(PathBuf, String, String)> {
    let mut cases = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "inp") {
            continue;
        }
        let (input, out) = (other(&path, "inp"), other(&path, "out"));
        let lower = out.to_lowercase();
        assert!(!lower.contains("input-error") && !lower.contains("eingabe-fehler"), "{}: {out}", path.display());
        cases.push((path, input, out));
    }
    cases
}

/// The text of a case's file with another extension (`NN.fen`, ...).
fn other(path: &Path, ext: &str) -> String {
    std::fs::read_to_string(path.with_extension(ext)).unwrap()
}

/// A move as (from, to, promotion letter in English), the way both sides can be brought to.
type Plain = (Square, Square, Option<char>);

/// Popeye's `1.Sc3-a2 !`, `1.Bd1*e2 !`, `1.a7-a8=Q + !`, `1.0-0 !`, German letters too; in help play the first
/// move of each line (`1.e4*d3 Ra1-a8`, `1...Ra1-a8`). `king` is the home square of the side that moves first.
fn popeye_moves(out: &str, king: Square) -> BTreeSet<Plain> {
    let mut moves = BTreeSet::new();
    for line in out.lines() {
        let Some(text) = line.trim().strip_prefix("1.") else { continue };
        let text = text.trim_start_matches('.').split_whitespace().next().unwrap_or_default();
        let castle = |file: u8| (king, Square::new(forsyth::File::new(file).unwrap(), king.rank()), None);
        let m = if text.starts_with("0-0-0") {
            castle(2)
        } else if text.starts_with("0-0") {
            castle(6)
        } else {
            let body = text.trim_start_matches(|c: char| c.is_ascii_uppercase());
            let from: Square = body[0..2].parse().unwrap();
            let to: Square = body[3..5].parse().unwrap();
            let promotion = body[5..].strip_prefix('=').and_then(|p| p.chars().next()).map(|c| match c {
                'D' => 'Q',
                'T' => 'R',
                'L' => 'B',
                'S' => 'S',
                other => other,
            });
            (from, to, promotion)
        };
        moves.insert(m);
    }
    moves
}

fn forsyth_moves(pos: &Position) -> BTreeSet<Plain> {
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let to = if m.is_castle() { pos.after(m).unwrap().king(pos.turn()).unwrap() } else { m.to() };
            let promotion = m.promotion_role().map(|r| if r == Role::Knight { 'S' } else { r.upper_char() });
            (m.from(), to, promotion)
        })
        .collect()
}

#[test]
fn forsyths_legal_moves_are_popeyes() {
    let mut checked = 0;
    for (path, input, out) in cases(&dir()) {
        let fen = other(&path, "fen");
        let problems = popeye::parse(&input).unwrap();
        assert_eq!(problems.len(), 1, "{}", path.display());
        let pos = problems[0].position().unwrap();
        let expected: Position = fen.trim().parse().unwrap();
        assert_eq!(pos.board(), expected.board(), "{}", path.display());
        assert_eq!(problems[0].stipulation.as_deref(), Some("~1"));
        // Every text forsyth wrote is in Popeye's output.
        for text in problems[0].authors.iter().chain(&problems[0].remarks).chain(&problems[0].title) {
            assert!(out.contains(text.as_str()), "{}: Popeye did not print {text}", path.display());
        }
        let popeye = popeye_moves(&out, Square::E1);
        assert!(!popeye.is_empty(), "{}: no moves in Popeye's output", path.display());
        assert_eq!(forsyth_moves(&pos), popeye, "{}", path.display());
        // forsyth writes the same problem again in either language and reads it back unchanged.
        for language in [PopeyeLanguage::English, PopeyeLanguage::German] {
            assert_eq!(popeye::parse(&problems[0].write(language)).unwrap(), problems, "{}", path.display());
        }
        checked += 1;
    }
    assert!(checked >= 10);
}

/// Who moves first and Popeye's options that change the position (tests/popeye/start/README.md): forsyth wrote
/// each `NN.inp` from `NN.fen` (castling rights Popeye would not assume as `NoCastling`, the en-passant square as
/// `EnPassant`, Black to move under help stipulations); Popeye 4.104 played it. forsyth reads the input back to the
/// whole FEN, and the first moves of Popeye's lines are its legal moves.
#[test]
fn options_and_the_side_to_move_read_as_in_popeye() {
    let mut checked = 0;
    for (path, input, out) in cases(&dir().join("start")) {
        let problems = popeye::parse(&input).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let pos = problems[0].position().unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(pos.to_string(), other(&path, "fen").trim(), "{}", path.display());
        let king = if pos.turn().is_white() { Square::E1 } else { Square::E8 };
        let popeye = popeye_moves(&out, king);
        assert!(!popeye.is_empty(), "{}: no moves in Popeye's output", path.display());
        assert_eq!(forsyth_moves(&pos), popeye, "{}", path.display());
        for language in [PopeyeLanguage::English, PopeyeLanguage::German] {
            assert_eq!(popeye::parse(&problems[0].write(language)).unwrap(), problems, "{}", path.display());
        }
        checked += 1;
    }
    assert!(checked >= 6);
}

/// Popeye's moves without piece codes and check signs, as `common::popeye_form` writes forsyth's: `Nh4-d6 + !`
/// becomes `h4-d6`, `He4*b4-a4 !` (the locust) `e4*b4-a4`, `b7-b8=CA !` `b7-b8=CA`.
fn popeye_fairy_moves(out: &str) -> BTreeSet<String> {
    let mut moves = BTreeSet::new();
    for line in out.lines() {
        let Some(text) = line.trim().strip_prefix("1.") else { continue };
        let text = text.split_whitespace().next().unwrap_or_default();
        moves.insert(text.trim_start_matches(|c: char| c.is_ascii_uppercase()).to_string());
    }
    moves
}

/// Fairy pieces (tests/popeye/fairy/README.md): forsyth wrote each `NN.inp` from `NN.fen` with the declarations of
/// `NN.pieces`; Popeye 4.104 listed every legal White move in `NN.out`. forsyth reads the input to the same pieces,
/// its general position's legal moves are Popeye's, and it writes the problem back in both languages unchanged.
#[test]
fn fairy_problems_read_and_move_as_in_popeye() {
    let mut checked = 0;
    for (path, input, out) in cases(&dir().join("fairy")) {
        let read = |ext: &str| other(&path, ext);
        let language = popeye::language_of(&input).unwrap();
        let problems = popeye::parse(&input).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(problems.len(), 1, "{}", path.display());
        let problem = &problems[0];
        assert!(!problem.is_orthodox(), "{}", path.display());
        // The pieces are those of the FEN with its declared letters.
        let mut table = PieceTable::new();
        for declaration in read("pieces").split_whitespace() {
            table.declare_text(declaration).unwrap();
        }
        let fen_position = read_fen(read("fen").trim(), &table, Topology::Plain).unwrap();
        let expected = ProblemDescription::from_general_position(&fen_position).unwrap();
        let sorted =
            |p: &ProblemDescription| p.pieces.iter().map(|p| p.code(PopeyeLanguage::English)).collect::<BTreeSet<_>>();
        assert_eq!(sorted(problem), sorted(&expected), "{}", path.display());
        // Its legal moves are Popeye's.
        let pos = problem.general_position().unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let ours: BTreeSet<String> =
            pos.legal_moves().unwrap().into_iter().map(|m| common::popeye_form(&pos, m, language)).collect();
        let theirs = popeye_fairy_moves(&out);
        assert!(!theirs.is_empty(), "{}: no moves in Popeye's output", path.display());
        assert_eq!(ours, theirs, "{}", path.display());
        // The general position reads back to the same pieces; the problem writes and reads back unchanged.
        assert_eq!(sorted(&ProblemDescription::from_general_position(&pos).unwrap()), sorted(problem));
        for language in [PopeyeLanguage::English, PopeyeLanguage::German] {
            assert_eq!(popeye::parse(&problem.write(language)).unwrap(), problems, "{}", path.display());
        }
        checked += 1;
    }
    assert!(checked >= 6);
}
