//! Pattern listing with fairy pieces against Fairy-Stockfish: for indicated lines such as `Ga1~d3` (the grasshopper
//! on a1 gets to d3 in one or more moves, the opponent's moves between them free), forsyth's `problem::sequences`
//! on the general position must list exactly the sequences that `tests/differential/pattern_fairy.py` (repository
//! root) finds by walking pyffish's legal moves with the same custom pieces (grasshopper, nightrider, camel, zebra,
//! pao, vao, leo, lion, mao).
//!
//! `FORSYTH_PATTERN_FAIRY_DATA` names a file the script made (as `scripts/test-all.sh` does), otherwise the
//! committed copy `data/pattern-fairy.tsv` is used.

use forsyth::Topology;
use forsyth::notation::MoveStyle;
use forsyth::notation::general::{read_fen, write_general_move};
use forsyth::notation::letters::Language;
use forsyth::problem::{Limits, Pattern, sequences};

mod common;

#[test]
fn indicated_lines_list_the_sequences_fairy_stockfish_moves_make() {
    let path = std::env::var("FORSYTH_PATTERN_FAIRY_DATA")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pattern-fairy.tsv").to_string());
    let text = std::fs::read_to_string(&path).unwrap();
    let table = common::pyffish_fairy_pieces();
    let mut cases = 0;
    for line in text.lines().filter(|l| !l.is_empty()) {
        let [fen, pattern, plies, expected] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("not four fields: {line}")
        };
        let pos = read_fen(fen, &table, Topology::Plain).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let parsed = Pattern::parse_declaring(pattern, Language::En, table.declared()).unwrap();
        let limits = Limits { max_plies: plies.parse().unwrap(), ..Limits::default() };
        let listing = sequences(&parsed, &pos, &limits).unwrap_or_else(|e| panic!("{pattern} in {fen}: {e}"));
        assert!(!listing.truncated, "{pattern} in {fen}");
        let mut ours: Vec<String> = listing
            .sequences
            .iter()
            .map(|sequence| {
                let mut at = pos.clone();
                let mut words = Vec::new();
                for &m in sequence {
                    words.push(write_general_move(&at, m, MoveStyle::Uci));
                    at = at.played(m).unwrap();
                }
                words.join(" ")
            })
            .collect();
        ours.sort();
        let theirs: Vec<&str> = expected.split(';').collect();
        assert_eq!(ours, theirs, "{pattern} in {fen}");
        cases += 1;
    }
    assert!(cases >= 10, "{cases} cases");
}
