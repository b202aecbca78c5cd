//! Ohneschach (Popeye's `ChecklessChess`, German `Ohneschach`): a move may give check only if it mates, where
//! the checked side's replies are judged by the same rule (a reply that checks must mate in turn).

use super::super::GeneralPosition;
use super::Rule;

/// Ohneschach.
pub(super) struct Ohneschach;

impl Rule for Ohneschach {
    fn legal_after(&self, pos: &mut GeneralPosition, depth: u8) -> bool {
        // The side to move now is the one the move may have checked.
        let checked = pos.turn;
        let kings: Vec<_> = pos.kings(checked).collect();
        if !kings.iter().any(|&k| pos.attacked_under_conditions(k, !checked)) {
            return true;
        }
        !pos.has_conditioned_move(depth + 1)
    }
}
