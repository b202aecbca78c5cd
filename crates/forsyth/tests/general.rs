//! The general position (fairy pieces, cylinders): on orthodox positions it must count exactly what the fast 8×8
//! and 10×8 cores count (themselves checked against python-chess, shakmaty and Fairy-Stockfish), and its readers
//! must say where input is wrong.

use forsyth::notation::MoveStyle;
use forsyth::notation::general::{read_fen, read_general_move, write_fen, write_general_move};
use forsyth::piece_kind::PieceTable;
use forsyth::{Position, Topology};

const ORTHODOX: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 2",
];

#[test]
fn orthodox_positions_count_as_the_fast_path_counts() {
    let table = PieceTable::new();
    for fen in ORTHODOX {
        let general = read_fen(fen, &table, Topology::Plain).unwrap();
        let fast: Position = fen.parse().unwrap();
        for depth in 1..=3 {
            assert_eq!(general.perft(depth).unwrap(), fast.perft(depth), "{fen} depth {depth}");
        }
        assert_eq!(write_fen(&general), *fen);
    }
}

#[test]
fn capablanca_positions_count_as_the_fast_path_counts() {
    let table = PieceTable::new();
    for fen in [
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        "r1abqkb1nr/pppp1ppppp/2n7/4pc4/4P5/5N4/PPPP1PPPPP/RNABQKBC1R w KQkq - 2 3",
    ] {
        let general = read_fen(fen, &table, Topology::Plain).unwrap();
        let fast: Position = fen.parse().unwrap();
        for depth in 1..=2 {
            assert_eq!(general.perft(depth).unwrap(), fast.perft(depth), "{fen} depth {depth}");
        }
    }
}

#[test]
fn a_grasshopper_checks_over_a_hurdle() {
    let mut table = PieceTable::new();
    table.declare_text("G=grasshopper").unwrap();
    // The black grasshopper on e8 hops over the pawn on e2 onto the king's square e1: check.
    let pos = read_fen("4g2k/8/8/8/8/8/4P3/4K3 w - - 0 1", &table, Topology::Plain).unwrap();
    assert!(pos.is_check());
    let moves: Vec<String> =
        pos.legal_moves().unwrap().iter().map(|&m| write_general_move(&pos, m, MoveStyle::San)).collect();
    // Moving the pawn removes the hurdle; the king steps aside (not to e2... it is occupied) — d1, d2, f1, f2.
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(sorted, ["Kd1", "Kd2", "Kf1", "Kf2", "e3", "e4"]);
    let mv = read_general_move(&pos, "e4").unwrap();
    assert_eq!(write_general_move(&pos, mv, MoveStyle::Lan), "e2-e4");
}

#[test]
fn unknown_pieces_are_read_counted_and_refused_by_move_generation() {
    let table = PieceTable::new();
    let pos = read_fen("4k3/8/8/3X4/8/8/2?5/4K3", &table, Topology::Plain).unwrap();
    assert_eq!(pos.count(forsyth::Color::White), (3, 2));
    let err = pos.legal_moves().unwrap_err();
    assert_eq!(err.code(), "general.unknown-piece");
    assert!(err.to_string().contains("c2"), "{err}");
}

#[test]
fn an_undeclared_letter_names_its_column_and_the_declared_ones() {
    let mut table = PieceTable::new();
    table.declare_text("G=grasshopper").unwrap();
    let err = read_fen("4k3/8/8/8/8/8/8/4K2Z w - - 0 1", &table, Topology::Plain).unwrap_err();
    assert_eq!(err.column, 20);
    assert_eq!(err.code(), "fen.general.undeclared-letter");
    assert!(err.to_string().contains("declared: G"), "{err}");
}

#[test]
fn a_declared_letter_overrides_its_built_in_meaning() {
    let mut table = PieceTable::new();
    table.declare_text("C=camel").unwrap();
    let pos = read_fen("4k3/8/8/8/8/8/8/C3K3 w - - 0 1", &table, Topology::Plain).unwrap();
    let camel: Vec<String> = pos
        .legal_moves()
        .unwrap()
        .iter()
        .filter(|m| m.from == pos.grid().cell(0, 0))
        .map(|&m| write_general_move(&pos, m, MoveStyle::Uci))
        .collect();
    assert_eq!(camel.len(), 2, "{camel:?}");
    assert!(camel.contains(&"a1b4".to_string()) && camel.contains(&"a1d2".to_string()));
}

#[test]
fn boards_wider_than_sixteen_squares_are_refused_and_sixteen_full_ones_work() {
    let table = PieceTable::new();
    let err = read_fen("17/17/17/17/17/17/17/K15k", &table, Topology::Plain).unwrap_err();
    assert_eq!(err.code(), "fen.general.board-size");
    // Sixteen ranks of sixteen squares, full of queens and hoppers but for the kings: moves are listed.
    let mut table = PieceTable::new();
    table.declare_text("G=grasshopper").unwrap();
    let mut ranks = vec!["K".to_string() + &"G".repeat(15)];
    ranks.extend((0..7).map(|_| "QG".repeat(8)));
    ranks.extend((0..7).map(|_| "qg".repeat(8)));
    ranks.push("g".repeat(15) + "k");
    let fen = ranks.join("/") + " w - - 0 1";
    let pos = read_fen(&fen, &table, Topology::Torus);
    // Either refused as a position (a king in check) or listed; neither hangs.
    if let Ok(pos) = pos {
        let _ = pos.legal_moves();
    }
}

#[test]
fn two_digit_counts_and_a_wide_board_read_and_write_back() {
    let table = PieceTable::new();
    let fen = "k11/12/12/12/12/12/12/11K w - - 0 1";
    let pos = read_fen(fen, &table, Topology::VerticalCylinder).unwrap();
    assert_eq!((pos.grid().files(), pos.grid().ranks()), (12, 8));
    assert_eq!(write_fen(&pos), fen);
    // On the vertical cylinder the kings on a8 and l1 are far apart; the white king reaches a1 and a2 over the edge.
    let moves: Vec<String> =
        pos.legal_moves().unwrap().iter().map(|&m| write_general_move(&pos, m, MoveStyle::Uci)).collect();
    assert!(moves.contains(&"l1a1".to_string()) && moves.contains(&"l1a2".to_string()), "{moves:?}");
}

/// A piece written with two atoms along one vector moves as the piece it equals, each move once: `NmcN` is the
/// knight, `KQ` the queen (the king's steps are the queen's first ones). Reference: the fast core's perft with the
/// orthodox pieces in their places (no promotion is within reach at these depths).
#[test]
fn atoms_along_one_vector_give_each_move_once() {
    let mut table = PieceTable::new();
    table.declare_text("Y=betza:NmcN").unwrap();
    table.declare_text("Z=betza:KQ").unwrap();
    for fen in [ORTHODOX[0], ORTHODOX[1], ORTHODOX[5]] {
        let (board, rest) = fen.split_once(' ').unwrap();
        let fairy = format!("{} {rest}", board.replace('N', "Y").replace('Q', "Z"));
        let general = read_fen(&fairy, &table, Topology::Plain).unwrap();
        let fast: Position = fen.parse().unwrap();
        for depth in 1..=3 {
            assert_eq!(general.perft(depth).unwrap(), fast.perft(depth), "{fairy} depth {depth}");
        }
    }
}
