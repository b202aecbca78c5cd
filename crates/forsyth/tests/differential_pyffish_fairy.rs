//! Differential test of fairy pieces against Fairy-Stockfish (pyffish 0.0.90) with custom pieces defined in Betza
//! notation: grasshopper, nightrider, camel, zebra, pao, vao, leo, lion and mao, in games from fairy start arrays
//! (on 8×8 and, with Capablanca's rules, on 10×8) and random sparse positions. For every position forsyth's legal
//! move list must equal pyffish's, and so must perft 2 where the file gives it.
//!
//! The data come from `tests/differential/pyffish_fairy.py` (repository root); `FORSYTH_PYFFISH_FAIRY_DATA` names
//! a file it made (as `scripts/test-all.sh` does, with fresh games), otherwise the committed sample
//! `data/pyffish-fairy.tsv` is used.

use forsyth::Topology;
use forsyth::notation::MoveStyle;
use forsyth::notation::general::{read_fen, write_general_move};

mod common;

#[test]
fn legal_moves_and_perft_agree_with_fairy_stockfish() {
    let path = std::env::var("FORSYTH_PYFFISH_FAIRY_DATA")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pyffish-fairy.tsv").to_string());
    let text = std::fs::read_to_string(&path).unwrap();
    let table = common::pyffish_fairy_pieces();
    let (mut positions, mut counted) = (0, 0);
    for line in text.lines().filter(|l| !l.is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [fen, moves, perft] = fields[..] else { panic!("not three fields: {line}") };
        let pos = read_fen(fen, &table, Topology::Plain).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut ours: Vec<String> =
            pos.legal_moves().unwrap().iter().map(|&m| write_general_move(&pos, m, MoveStyle::Uci)).collect();
        ours.sort();
        let theirs: Vec<&str> = moves.split(';').filter(|m| !m.is_empty()).collect();
        assert_eq!(ours, theirs, "{fen}");
        if perft != "-" {
            assert_eq!(pos.perft(2).unwrap().to_string(), perft, "perft 2 of {fen}");
            counted += 1;
        }
        positions += 1;
    }
    assert!(positions >= 100 && counted >= 20, "{positions} positions, {counted} counted");
}
