//! Perft: counting the leaves of the legal move tree, the standard test of a move generator.

use super::core::Core;
use crate::MoveList;
use crate::bitboard::Shape;
use crate::movegen::{count_legal, legal_moves};

/// Leaves of the move tree below `pos` at `depth`, counting the last ply in bulk.
pub(crate) fn perft<S: Shape>(pos: &Core<S>, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(pos),
        _ => {
            let mut moves = MoveList::new();
            legal_moves(pos, &mut moves);
            moves
                .iter()
                .map(|&m| {
                    let mut child = *pos;
                    child.play_unchecked(m);
                    perft(&child, depth - 1)
                })
                .sum()
        }
    }
}
