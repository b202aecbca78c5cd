//! Zobrist keys: Polyglot's for 8×8 boards, so keys match opening books; forsyth's own for 10×8.

use super::Position;
use super::polyglot_keys::POLYGLOT_RANDOM;
use crate::{BoardShape, CastlingSide, Color};

/// splitmix64, for the 10×8 keys: fixed seed, so keys are stable across runs and versions.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// 2 colours × 8 roles × 80 squares, then 80 castling-rook squares, 10 en-passant files and the turn.
const WIDE_KEYS: usize = 2 * 8 * 80 + 80 + 10 + 1;

static WIDE_RANDOM: [u64; WIDE_KEYS] = {
    let mut out = [0u64; WIDE_KEYS];
    let mut state = 0x666f_7273_7974_6831;
    let mut i = 0;
    while i < WIDE_KEYS {
        let (s, v) = splitmix(state);
        state = s;
        out[i] = v;
        i += 1;
    }
    out
};

/// Which en-passant squares a key includes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum EpKey {
    /// When a pawn of the side to move stands beside the pushed pawn (Polyglot).
    Pseudo,
    /// When an en-passant capture is legal (for repetition, where only the possible moves count).
    Legal,
}

pub(crate) fn key(pos: &Position, ep: EpKey) -> u64 {
    let ep_square = match ep {
        EpKey::Pseudo => pos.pseudo_ep_square(),
        EpKey::Legal => pos.legal_ep_square(),
    };
    let mut h = 0u64;
    match pos.shape() {
        BoardShape::Standard => {
            for (sq, p) in pos.board().pieces() {
                let kind = 2 * p.role.index() + usize::from(p.color.is_white());
                h ^= POLYGLOT_RANDOM[64 * kind + 8 * sq.rank().index() as usize + sq.file().index() as usize];
            }
            for (i, (color, side)) in [
                (Color::White, CastlingSide::KingSide),
                (Color::White, CastlingSide::QueenSide),
                (Color::Black, CastlingSide::KingSide),
                (Color::Black, CastlingSide::QueenSide),
            ]
            .into_iter()
            .enumerate()
            {
                if pos.castling_rook(color, side).is_some() {
                    h ^= POLYGLOT_RANDOM[768 + i];
                }
            }
            if let Some(sq) = ep_square {
                h ^= POLYGLOT_RANDOM[772 + sq.file().index() as usize];
            }
            if pos.turn() == Color::White {
                h ^= POLYGLOT_RANDOM[780];
            }
        }
        BoardShape::Wide => {
            let bit = |sq: crate::Square| 10 * sq.rank().index() as usize + sq.file().index() as usize;
            for (sq, p) in pos.board().pieces() {
                h ^= WIDE_RANDOM[(p.color.index() * 8 + p.role.index()) * 80 + bit(sq)];
            }
            for sq in pos.castling_rooks().iter() {
                h ^= WIDE_RANDOM[1280 + bit(sq)];
            }
            if let Some(sq) = ep_square {
                h ^= WIDE_RANDOM[1360 + sq.file().index() as usize];
            }
            if pos.turn() == Color::White {
                h ^= WIDE_RANDOM[1370];
            }
        }
    }
    h
}

impl Position {
    /// The Zobrist key. On 8×8 boards it is Polyglot's key (opening books use it): the start position's is
    /// `0x463b96181691fc9c`. Castling rights count by side (king side, queen side), as Polyglot knows no more.
    ///
    /// ```
    /// use forsyth::{Position, Variant};
    /// assert_eq!(Position::new(Variant::Standard).zobrist(), 0x463b96181691fc9c);
    /// ```
    pub fn zobrist(&self) -> u64 {
        key(self, EpKey::Pseudo)
    }
}
