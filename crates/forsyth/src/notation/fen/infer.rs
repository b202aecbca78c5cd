//! Which variant a FEN belongs to when nobody says: one place for the rules, used by [`super::Fen::infer_variant`]
//! and by the fast path of [`super::Fen::parse_position`].

use super::castling::*;
use crate::position::StandardSetup;
use crate::{BoardShape, CastlingPrefix, Color, Role, Setup, Square, Variant};

/// The variant of a setup whose letters name none (see [`Fen::infer_variant`](super::Fen::infer_variant)).
pub(super) fn infer_variant(setup: &Setup) -> Variant {
    match setup.board.shape() {
        BoardShape::Standard => {
            if setup_castling_fits(setup, Variant::Standard) {
                Variant::Standard
            } else {
                Variant::Chess960
            }
        }
        BoardShape::Wide => {
            match setup.castling_prefix {
                Some(CastlingPrefix::Symmetric) => return Variant::Janus,
                Some(CastlingPrefix::Modern) => return Variant::Embassy,
                None => {}
            }
            let by_array = [Variant::Gothic, Variant::Embassy, Variant::Janus, Variant::Capablanca]
                .into_iter()
                .find(|v| back_rank_is(&setup.board, v.start_array()));
            match by_array {
                Some(v) => v,
                None if setup_castling_fits(setup, Variant::Capablanca) => Variant::Capablanca,
                None => Variant::Crc,
            }
        }
    }
}

/// [`infer_variant`] for a standard-board setup in the 8×8 core's layout, as the fast path reads it: standard chess
/// unless a castling right needs Chess960.
pub(super) fn infer_standard_variant(setup: &StandardSetup) -> Variant {
    let kings = setup.by_role[Role::King.index()];
    let king_at = |color: Color, sq: Square| {
        setup.by_color[color.index()] & kings & 1 << (sq.rank().index() * 8 + sq.file().index()) != 0
    };
    if castling_fits(setup.castling_rooks, king_at, Variant::Standard) { Variant::Standard } else { Variant::Chess960 }
}
