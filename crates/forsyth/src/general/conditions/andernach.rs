//! Andernach: a piece other than a king that captures changes colour once the capture is played (a pawn after
//! its promotion; under a Circe-like condition, where it stands after its rebirth).

use super::super::{GeneralPosition, Unit};
use super::{Played, Rule};
use crate::piece_kind::Nature;

/// Andernach chess.
pub(super) struct Andernach;

impl Rule for Andernach {
    fn recolour(&self, pos: &mut GeneralPosition, play: &mut Played) {
        if play.captured.is_none() {
            return;
        }
        let Some(unit) = pos.cells[play.mover_at as usize] else { return };
        if pos.nature(unit) == Nature::King {
            return;
        }
        pos.change(play.mover_at, Some(Unit { color: !unit.color, kind: unit.kind }), &mut play.journal);
    }
}
