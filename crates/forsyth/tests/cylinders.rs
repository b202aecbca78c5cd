//! Cylinders and the torus against the flat board: a cylinder's moves must equal the flat moves computed on the
//! board drawn several times side by side (stacked for the horizontal cylinder, in a square for the torus), every
//! piece copied, each move of a piece of the middle copy mapped back. The tiled board is an ordinary flat board, so
//! the check needs no second cylinder implementation (the argument of docs/problem-chess.md).
//!
//! Seven copies each way, so that the longest lines (a nightrider along a cylinder, a kangaroo over its own copies)
//! stay inside the tiled board. The positions have no kings: then every pseudo-legal move is legal, and legality
//! (which does not tile: a move moves one copy only) stays out of the comparison. Pawns take part on the vertical
//! cylinder, whose ranks are those of the flat board; on the horizontal cylinder and the torus the tiled board's
//! ranks are not a pawn's ranks (its promotion and double-step ranks differ), so pawns are left out there.

use std::collections::BTreeSet;

use forsyth::general::{GeneralPosition, Grid, Unit};
use forsyth::piece_kind::PieceTable;
use forsyth::{Color, Topology};
use proptest::prelude::*;

const COPIES: u8 = 7;
const PIECES: &[&str] = &[
    "queen",
    "rook",
    "bishop",
    "knight",
    "grasshopper",
    "nightrider",
    "camel",
    "zebra",
    "giraffe",
    "lion",
    "leo",
    "pao",
    "vao",
    "mao",
    "moa",
    "rose",
    "locust",
    "kangaroo",
    "nightrider-hopper",
    "rook-hopper",
    "bishop-hopper",
    "antelope",
];
const PAWNS: &[&str] = &["pawn", "berolina-pawn"];

fn table() -> PieceTable {
    let mut table = PieceTable::new();
    let letters = "ACDEFGHIJLMOSTUVWYZ";
    let fairy: Vec<&&str> = PIECES.iter().filter(|p| !["queen", "rook", "bishop", "knight"].contains(p)).collect();
    assert_eq!(letters.len(), fairy.len() + 1, "a letter for every fairy piece");
    for (letter, name) in letters.chars().zip(fairy.iter().map(|s| **s).chain(["berolina-pawn"])) {
        table.declare_text(&format!("{letter}={name}")).unwrap();
    }
    table
}

/// (from, to, capture) of every move of White's pieces on the middle copy, mapped back to one board.
type Moves = BTreeSet<(u16, u16, Option<u16>, Option<u8>)>;

fn cylinder_moves(pieces: &[(u8, u8, usize, bool)], topology: Topology) -> Moves {
    let table = table();
    let grid = Grid::new(8, 8, topology).unwrap();
    let mut pos = GeneralPosition::empty(grid, table.clone());
    for &(f, r, kind, white) in pieces {
        let color = if white { Color::White } else { Color::Black };
        pos.put(grid.cell(f, r), Some(Unit { color, kind: kind as u8 }));
    }
    pos.legal_moves().unwrap().into_iter().map(|m| (m.from, m.to, m.capture, m.promotion)).collect()
}

fn tiled_moves(pieces: &[(u8, u8, usize, bool)], topology: Topology) -> Moves {
    let (across, up) =
        (if topology.wraps_files() { COPIES } else { 1 }, if topology.wraps_ranks() { COPIES } else { 1 });
    let grid = Grid::new(8 * across, 8 * up, Topology::Plain).unwrap();
    let small = Grid::new(8, 8, Topology::Plain).unwrap();
    let mut pos = GeneralPosition::empty(grid, table());
    for &(f, r, kind, white) in pieces {
        let color = if white { Color::White } else { Color::Black };
        for x in 0..across {
            for y in 0..up {
                pos.put(grid.cell(f + 8 * x, r + 8 * y), Some(Unit { color, kind: kind as u8 }));
            }
        }
    }
    let (mx, my) = (8 * (across / 2), 8 * (up / 2));
    let middle = |c: u16| {
        let (f, r) = (grid.file_of(c), grid.rank_of(c));
        (mx..mx + 8).contains(&f) && (my..my + 8).contains(&r)
    };
    let back = |c: u16| small.cell(grid.file_of(c) % 8, grid.rank_of(c) % 8);
    pos.legal_moves()
        .unwrap()
        .into_iter()
        .filter(|m| middle(m.from))
        .map(|m| (back(m.from), back(m.to), m.capture.map(back), m.promotion))
        .collect()
}

fn position(pawns: bool) -> impl Strategy<Value = Vec<(u8, u8, usize, bool)>> {
    let table = table();
    let mut kinds: Vec<usize> = PIECES.iter().map(|p| table.index_of_name(p).unwrap()).collect();
    if pawns {
        kinds.extend(PAWNS.iter().map(|p| table.index_of_name(p).unwrap()));
    }
    let pawn_kinds: Vec<usize> = PAWNS.iter().map(|p| table.index_of_name(p).unwrap()).collect();
    prop::collection::vec((0u8..8, 0u8..8, prop::sample::select(kinds), any::<bool>()), 1..10).prop_map(move |v| {
        let mut seen = BTreeSet::new();
        // One piece per square; no pawn on a first or last rank.
        v.into_iter()
            .filter(|&(f, r, k, _)| seen.insert((f, r)) && !(pawn_kinds.contains(&k) && (r == 0 || r == 7)))
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn vertical_cylinder_equals_the_board_drawn_side_by_side(pieces in position(true)) {
        prop_assert_eq!(cylinder_moves(&pieces, Topology::VerticalCylinder), tiled_moves(&pieces, Topology::VerticalCylinder));
    }

    #[test]
    fn horizontal_cylinder_equals_the_board_stacked(pieces in position(false)) {
        prop_assert_eq!(cylinder_moves(&pieces, Topology::HorizontalCylinder), tiled_moves(&pieces, Topology::HorizontalCylinder));
    }

    #[test]
    fn torus_equals_the_board_drawn_in_a_square(pieces in position(false)) {
        prop_assert_eq!(cylinder_moves(&pieces, Topology::Torus), tiled_moves(&pieces, Topology::Torus));
    }
}

#[test]
fn a_rook_on_a_vertical_cylinder_goes_round_to_the_square_beside_it() {
    let table = PieceTable::new();
    let grid = Grid::new(8, 8, Topology::VerticalCylinder).unwrap();
    let mut pos = GeneralPosition::empty(grid, table.clone());
    let rook = table.index_of('R').unwrap() as u8;
    pos.put(grid.cell(0, 0), Some(Unit { color: Color::White, kind: rook }));
    // Along the first rank it reaches all seven other squares (h1 from both sides, once), up the file seven more.
    assert_eq!(pos.legal_moves().unwrap().len(), 14);
}
