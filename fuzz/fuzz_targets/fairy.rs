//! Piece definitions and FEN with a letter table: no input may panic. The first line is a list of declarations
//! (`G=grasshopper Z=betza:ZW`), the rest a FEN read on every board topology. Betza definitions that read must
//! write back to the same movement; FENs that read must write back to a FEN that reads to the same position; moves
//! of small positions are listed and played. Run with `RUSTC_BOOTSTRAP=1 cargo fuzz run fairy -- -max_total_time=60`.

#![no_main]

use forsyth::Topology;
use forsyth::notation::Style;
use forsyth::notation::general::{read_fen, read_general_move, write_fen, write_general_move};
use forsyth::piece_kind::{PieceKind, PieceTable};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
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
        let written = write_fen(&pos);
        let again = read_fen(&written, &table, topology).expect("a written FEN reads");
        assert_eq!(write_fen(&again), written);
        if pos.pieces().count() <= 24 && pos.grid().size() <= 100 {
            if let Ok(moves) = pos.legal_moves() {
                for &mv in moves.iter().take(8) {
                    for style in [Style::San, Style::Lan, Style::Uci] {
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
});
