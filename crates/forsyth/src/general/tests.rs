//! The fast attack test (looking outward from the attacked square) and the legality shortcut (moves off every
//! enemy piece's way to the king kept without playing them) against the slow way: generating the moves of every
//! piece of the other side after playing each move. Random positions with kings and pieces of the whole catalogue
//! (directional Betza pieces too), on every topology and several board sizes.

use proptest::prelude::*;

use super::rules::side;
use super::{Cell, GeneralMove, GeneralPosition, Grid, Unit};
use crate::piece_kind::{FAIRY_PIECES, Nature, PieceTable};
use crate::{Color, Topology};

/// Letters for pieces beyond the catalogue's first six (the orthodox ones keep K Q R B N P).
const LETTERS: &str = "ACDEFGHIJLMOSTUVWYZ";

/// A table declaring 19 pieces: the catalogue's fairy pieces from `offset` on (wrapping round), with two Betza
/// pieces that move and capture differently in different directions.
fn table(offset: usize) -> PieceTable {
    let mut table = PieceTable::new();
    let fairy: Vec<&str> = FAIRY_PIECES.iter().skip(6).map(|p| p.name).collect();
    let mut names: Vec<String> =
        (0..LETTERS.len() - 2).map(|i| fairy[(offset + i) % fairy.len()].to_string()).collect();
    names.extend(["betza:fmWfcFbB".to_string(), "betza:cfRmbNgsWW".to_string()]);
    for (letter, name) in LETTERS.chars().zip(names) {
        table.declare_text(&format!("{letter}={name}")).unwrap();
    }
    table
}

/// A position of random pieces with a king of each side: in the corners, or (`castling`) on the e-file with
/// rooks in the corners keeping their castling rights.
fn build(
    grid: Grid,
    offset: usize,
    pieces: &[(u16, usize, bool)],
    black_to_move: bool,
    castling: bool,
) -> GeneralPosition {
    let table = table(offset);
    let (king, rook) = (table.index_of('K').unwrap() as u8, table.index_of('R').unwrap() as u8);
    let mut pos = GeneralPosition::empty(grid, table);
    let size = grid.size() as u16;
    let top = grid.ranks() - 1;
    if castling {
        pos.put(grid.cell(4, 0), Some(Unit { color: Color::White, kind: king }));
        pos.put(grid.cell(4, top), Some(Unit { color: Color::Black, kind: king }));
        for (file, rank, color) in [
            (0, 0, Color::White),
            (grid.files() - 1, 0, Color::White),
            (0, top, Color::Black),
            (grid.files() - 1, top, Color::Black),
        ] {
            pos.put(grid.cell(file, rank), Some(Unit { color, kind: rook }));
            pos.add_castling(grid.cell(file, rank));
        }
    } else {
        pos.put(0, Some(Unit { color: Color::White, kind: king }));
        pos.put(size - 1, Some(Unit { color: Color::Black, kind: king }));
    }
    for &(cell, kind, white) in pieces {
        let cell = cell % size;
        if pos.at(cell).is_some() {
            continue;
        }
        let color = if white { Color::White } else { Color::Black };
        let unit = Unit { color, kind: (kind % pos.rules.natures.len()) as u8 };
        let last = if white { grid.ranks() - 1 } else { 0 };
        let pawn = matches!(pos.nature(unit), Nature::Pawn | Nature::BerolinaPawn);
        if pawn && grid.rank_of(cell) == last || pos.nature(unit) == Nature::Unknown {
            continue;
        }
        pos.put(cell, Some(unit));
    }
    pos.set_turn(if black_to_move { Color::Black } else { Color::White });
    pos
}

/// Legal moves the slow way: every pseudo-legal move played, kept when no enemy piece's generated moves capture a
/// king of the mover.
fn legal_the_slow_way(pos: &GeneralPosition) -> Vec<GeneralMove> {
    let mut pos = pos.clone();
    let mut pseudo = Vec::new();
    for cell in 0..pos.cells.len() {
        if let Some(unit) = pos.cells[cell]
            && unit.color == pos.turn
        {
            pos.piece_moves(cell as Cell, unit, &mut pseudo);
        }
    }
    let mover = pos.turn;
    if !pos.in_check_of(mover) {
        let kings: Vec<Cell> = pos.kings(mover).collect();
        pos.castling_moves(&mut pseudo, &kings);
    }
    pseudo
        .into_iter()
        .filter(|&mv| {
            let undo = pos.make(mv);
            let kings: Vec<Cell> = pos.kings(mover).collect();
            let legal = !kings.iter().any(|&k| pos.attacked_by_generation(k, !mover, u64::MAX));
            pos.unmake(undo);
            legal
        })
        .collect()
}

/// A move as (from, to, capture, promotion, castling rook), comparable.
type MoveKey = (Cell, Cell, Option<Cell>, Option<u8>, Option<Cell>);

fn sorted(mut moves: Vec<GeneralMove>) -> Vec<MoveKey> {
    let mut keys: Vec<_> = moves.drain(..).map(|m| (m.from, m.to, m.capture, m.promotion, m.castle_rook)).collect();
    keys.sort_unstable();
    keys
}

fn grids() -> impl Strategy<Value = Grid> {
    (prop::sample::select(vec![(8u8, 8u8), (10, 8), (5, 6), (7, 9)]), prop::sample::select(Topology::ALL.to_vec()))
        .prop_map(|((files, ranks), topology)| Grid::new(files, ranks, topology).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn attacks_found_from_the_target_are_the_attacks_generated(
        grid in grids(),
        offset in 0usize..40,
        pieces in prop::collection::vec((0u16..100, 0usize..30, any::<bool>()), 0..40),
        castling in any::<bool>(),
    ) {
        let pos = build(grid, offset, &pieces, false, castling);
        for (cell, unit) in pos.pieces() {
            let by = !unit.color;
            prop_assert_eq!(
                pos.attacked(cell, by),
                pos.attacked_by_generation(cell, by, u64::MAX),
                "{} attacked by {:?}, side {}", grid.name(cell), by, side(by)
            );
        }
    }

    #[test]
    fn legal_moves_are_the_moves_that_leave_no_king_capturable(
        grid in grids(),
        offset in 0usize..40,
        pieces in prop::collection::vec((0u16..100, 0usize..30, any::<bool>()), 0..40),
        black in any::<bool>(),
        castling in any::<bool>(),
    ) {
        let pos = build(grid, offset, &pieces, black, castling);
        prop_assert_eq!(sorted(pos.legal_moves().unwrap()), sorted(legal_the_slow_way(&pos)));
    }
}

/// A locust captures the king by landing behind it: the piece standing there must not move away. Random positions
/// rarely build this, so it is set up once here.
#[test]
fn a_piece_behind_the_king_shields_it_from_a_locust() {
    let mut table = PieceTable::new();
    table.declare_text("L=locust").unwrap();
    let grid = Grid::new(8, 8, Topology::Plain).unwrap();
    let index = |letter| table.index_of(letter).unwrap() as u8;
    let (king, knight, locust) = (index('K'), index('N'), index('L'));
    let mut pos = GeneralPosition::empty(grid, table.clone());
    let at = |name: &str| grid.parse(name).unwrap();
    pos.put(at("d5"), Some(Unit { color: Color::White, kind: king }));
    pos.put(at("d4"), Some(Unit { color: Color::White, kind: knight }));
    pos.put(at("d8"), Some(Unit { color: Color::Black, kind: locust }));
    pos.put(at("h8"), Some(Unit { color: Color::Black, kind: king }));
    let legal = pos.legal_moves().unwrap();
    assert!(legal.iter().all(|m| m.from != at("d4")), "the knight on d4 shields the king");
    assert_eq!(sorted(legal), sorted(legal_the_slow_way(&pos)));
}

/// On a torus a line wraps round and may hold two squares a locust's capture empties (the square it leaves and the
/// one it captures on) without the one it lands on: two pieces off the line at once. Found by the test above.
#[test]
fn a_locust_capture_may_take_two_pieces_off_a_line_round_a_torus() {
    let mut table = PieceTable::new();
    table.declare_text("O=locust").unwrap();
    table.declare_text("D=lion").unwrap();
    let grid = Grid::new(5, 6, Topology::Torus).unwrap();
    let index = |letter| table.index_of(letter).unwrap() as u8;
    let mut pos = GeneralPosition::empty(grid, table.clone());
    let at = |name: &str| grid.parse(name).unwrap();
    for (square, color, letter) in [
        ("c5", Color::White, 'K'),
        ("d4", Color::White, 'O'),
        ("e3", Color::White, 'Q'),
        ("d5", Color::Black, 'N'),
        ("a3", Color::Black, 'D'),
        // Rooks that block the lion's other ways to the king (so that the shortcut, not playing the move, decides).
        ("a1", Color::White, 'R'),
        ("e1", Color::White, 'R'),
        ("a6", Color::Black, 'R'),
        ("e6", Color::Black, 'R'),
    ] {
        pos.put(at(square), Some(Unit { color, kind: index(letter) }));
    }
    // The lion's diagonal from a3 runs e4, d5, c6, b1, a2, e3, d4, c5: with the knight on d5 and the locust on d4
    // gone, the queen on e3 is the one piece it hops over to the king.
    let legal = pos.legal_moves().unwrap();
    assert!(!legal.iter().any(|m| m.from == at("d4") && m.capture == Some(at("d5"))), "d4xd5-d6 exposes the king");
    assert_eq!(sorted(legal), sorted(legal_the_slow_way(&pos)));
}
