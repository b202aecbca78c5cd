//! Popeye as the reference (tests/popeye/README.md): forsyth's Popeye writer wrote each `NN.inp` from `NN.fen`;
//! Popeye 4.104 read it and listed every legal White move for `Stipulation ~1` in `NN.out`. forsyth must read
//! the input back to the same position, and its legal moves must be exactly Popeye's.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use forsyth::problem::popeye::{self, PopeyeLanguage};
use forsyth::{Position, Role, Square};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/popeye")
}

/// A move as (from, to, promotion letter in English), the way both sides can be brought to.
type Plain = (Square, Square, Option<char>);

/// Popeye's `1.Sc3-a2 !`, `1.Bd1*e2 !`, `1.a7-a8=Q + !`, `1.0-0 !`, German letters too.
fn popeye_moves(out: &str) -> BTreeSet<Plain> {
    let mut moves = BTreeSet::new();
    for line in out.lines() {
        let Some(text) = line.trim().strip_prefix("1.") else { continue };
        let text = text.trim_end_matches('!').trim();
        let castle = |to: Square| (Square::E1, to, None);
        let m = if text.starts_with("0-0-0") {
            castle(Square::C1)
        } else if text.starts_with("0-0") {
            castle(Square::G1)
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
    for entry in std::fs::read_dir(dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "inp") {
            continue;
        }
        let input = std::fs::read_to_string(&path).unwrap();
        let fen = std::fs::read_to_string(path.with_extension("fen")).unwrap();
        let out = std::fs::read_to_string(path.with_extension("out")).unwrap();
        let problems = popeye::parse(&input).unwrap();
        assert_eq!(problems.len(), 1, "{}", path.display());
        let pos = problems[0].position().unwrap();
        let expected: Position = fen.trim().parse().unwrap();
        assert_eq!(pos.board(), expected.board(), "{}", path.display());
        assert_eq!(problems[0].stipulation.as_deref(), Some("~1"));
        // Popeye accepted the input: no input error (English "Input-Error", German "Eingabe-Fehler"), and every
        // text forsyth wrote is in its output.
        assert!(!out.contains("Input-Error") && !out.contains("Eingabe-Fehler"), "{}: {out}", path.display());
        for text in problems[0].authors.iter().chain(&problems[0].remarks).chain(&problems[0].title) {
            assert!(out.contains(text.as_str()), "{}: Popeye did not print {text}", path.display());
        }
        let popeye = popeye_moves(&out);
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
