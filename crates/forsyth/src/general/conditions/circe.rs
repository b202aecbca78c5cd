//! Circe: a captured piece other than a king is reborn on its square of the game array
//! ([`GeneralPosition::circe_square`]), or vanishes when that square is occupied once the capture is played
//! (Popeye's default, "relaxed").

use super::super::GeneralPosition;
use super::{Played, Rule};
use crate::piece_kind::Nature;

/// Circe.
pub(super) struct Circe;

impl Rule for Circe {
    fn rebirth(&self, pos: &mut GeneralPosition, play: &mut Played) {
        let (Some(captured), Some(on)) = (play.captured, play.mv.capture) else { return };
        if pos.nature(captured) == Nature::King {
            return;
        }
        let square = pos.circe_square(captured, on);
        if pos.cells[square as usize].is_none() {
            pos.change(square, Some(captured), &mut play.journal);
        }
    }
}
