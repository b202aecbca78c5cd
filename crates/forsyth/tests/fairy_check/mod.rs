//! The invariants of the `fairy` fuzz target, shared (by `#[path]`) with `tests/fairy_inputs.rs`: piece
//! declarations and FENs with a letter table never panic; Betza definitions that read write back to the same
//! movement; FENs that read write back to a FEN that reads to the same position; moves of small positions written
//! in SAN, long algebraic and UCI read back to a move written alike, and play; every position read draws as SVG
//! with one piece element per piece.

use forsyth::Topology;
use forsyth::diagram::{DiagramStyle, svg};
use forsyth::notation::Language;
use forsyth::notation::MoveStyle;
use forsyth::notation::general::{read_fen, read_general_move, write_board, write_fen, write_general_move};
use forsyth::piece_kind::{PieceKind, PieceTable};

/// Checks one input: the first line declarations (`G=grasshopper Z=betza:ZW`, or a Betza definition alone), the
/// rest a FEN read on every topology.
pub fn check_text(text: &str) {
    let (declarations, fen) = text.split_once('\n').unwrap_or((text, ""));
    if let Ok(kind) = PieceKind::from_betza(declarations)
        && let Some(betza) = kind.betza()
    {
        assert_eq!(PieceKind::from_betza(&betza).unwrap().atoms(), kind.atoms(), "{declarations} -> {betza}");
    }
    let mut table = PieceTable::new();
    for declaration in declarations.split_whitespace() {
        let _ = table.declare_text(declaration);
    }
    for topology in Topology::ALL {
        let Ok(pos) = read_fen(fen, &table, topology) else { continue };
        // A board field alone (a diagram) is not checked as a position: it writes back as a board field.
        let write = if fen.split_whitespace().count() == 1 { write_board } else { write_fen };
        let written = write(&pos);
        let again = read_fen(&written, &table, topology).expect("a written FEN reads");
        assert_eq!(write(&again), written);
        // Every position read is drawn: one piece element per piece, in either language.
        let picture = svg::general(&pos, &DiagramStyle::default(), Language::De);
        assert_eq!(picture.matches("<use class=\"piece\"").count(), pos.pieces().count());
        assert!(picture.ends_with("</svg>\n"));
        if pos.pieces().count() <= 24
            && pos.grid().size() <= 100
            && let Ok(moves) = pos.legal_moves()
        {
            for &mv in moves.iter().take(8) {
                for style in [MoveStyle::San, MoveStyle::Lan, MoveStyle::Uci] {
                    // Read back to a move written alike (UCI cannot tell two locust captures landing on one
                    // square apart; long notation can).
                    let written = write_general_move(&pos, mv, style);
                    let back = read_general_move(&pos, &written).expect("a written move reads");
                    assert_eq!(write_general_move(&pos, back, style), written);
                }
                pos.played(mv).expect("a legal move plays");
            }
        }
    }
}
