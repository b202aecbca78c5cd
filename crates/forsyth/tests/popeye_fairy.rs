//! Fairy pieces against Popeye 4.104 (github.com/thomas-maeder/popeye at commit 122c7d0, built from source with
//! `make -f makefile.unx`): for seeded random positions with the pieces Fairy-Stockfish cannot define — rose, moa,
//! mao, equihopper and nonstop equihopper, locust, kangaroo, Berolina pawn, giraffe, antelope, nightrider-hopper,
//! rook- and bishop-hopper — and leo, lion, pao and vao, forsyth must list exactly the moves Popeye lists for
//! `Stipulation ~1` (every legal move of White, promotions to every fairy piece in the problem, castling where king
//! and rook stand on their squares).
//!
//! The same for the rest of the catalogue: Popeye's leapers (gnu, okapi, bison, zebu, the root-25 and root-50
//! leapers, 1:5 to 3:7), riders (camelrider, zebrarider, gnurider, waran, elephant, wazir- and fersrider), their
//! hoppers, lions and locusts, the nao and the dummy.
//!
//! The data (`data/popeye/moves.tsv`, with Popeye's inputs in `data/popeye/inputs.txt`) come from
//! `tests/differential/popeye_fairy.py --py PATH --positions 60 --seed 1`, and `moves-catalogue.tsv` from the same
//! script with `--catalogue --positions 120 --seed 2` (its docstring has the whole command); Popeye itself is not
//! committed.

mod common;

use forsyth::Topology;
use forsyth::notation::general::read_fen;
use forsyth::piece_kind::{PieceTable, PopeyeLanguage};

#[test]
fn legal_moves_agree_with_popeye() {
    assert!(agree_with_popeye(include_str!("data/popeye/moves.tsv")) >= 50);
}

#[test]
fn the_rest_of_the_catalogue_agrees_with_popeye() {
    assert!(agree_with_popeye(include_str!("data/popeye/moves-catalogue.tsv")) >= 100);
}

/// Checks each line of a move file (declarations, FEN, Popeye's sorted moves) and returns how many there were.
fn agree_with_popeye(text: &str) -> usize {
    let mut positions = 0;
    for line in text.lines().filter(|l| !l.is_empty()) {
        let [declarations, fen, moves] = line.split('\t').collect::<Vec<_>>()[..] else { panic!("{line}") };
        let mut table = PieceTable::new();
        for declaration in declarations.split_whitespace() {
            table.declare_text(declaration).unwrap();
        }
        let pos = read_fen(fen, &table, Topology::Plain).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut ours: Vec<String> = pos
            .legal_moves()
            .unwrap()
            .into_iter()
            .map(|m| common::popeye_form(&pos, m, PopeyeLanguage::English))
            .collect();
        ours.sort();
        let theirs: Vec<&str> = moves.split(';').collect();
        assert_eq!(ours, theirs, "{declarations} {fen}");
        positions += 1;
    }
    positions
}
