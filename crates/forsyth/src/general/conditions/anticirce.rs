//! Anticirce: the capturing piece, the king too, is reborn on its own Circe square
//! ([`GeneralPosition::circe_square`] for the piece it is after the capture, a pawn's promotion included, and
//! the capture square). A capture whose rebirth square is occupied once the capture is played does not exist
//! (Popeye's default, "strict"); under Calvet (the default) the rebirth square may be the capture square itself,
//! where the piece then stays; under Cheylan such a capture does not exist either. A piece checks only with a
//! capture that exists.

use super::super::{Cell, GeneralMove, GeneralPosition, Unit};
use super::{Played, Rule};

/// Anticirce, Calvet or Cheylan.
pub(super) struct Anticirce {
    pub(super) cheylan: bool,
}

impl Anticirce {
    /// The capturing piece as it lands (promoted or not) and its rebirth square, for a capture.
    fn rebirth_of(pos: &GeneralPosition, mv: &GeneralMove) -> Option<(Unit, Cell)> {
        let capture = mv.capture?;
        let mover = pos.cells[mv.from as usize]?;
        let landed = mv.promotion.map_or(mover, |kind| Unit { color: mover.color, kind });
        Some((landed, pos.circe_square(landed, capture)))
    }
}

impl Rule for Anticirce {
    fn allows(&self, pos: &GeneralPosition, mv: &GeneralMove) -> bool {
        let Some((_, square)) = Anticirce::rebirth_of(pos, mv) else { return true };
        if square == mv.to {
            return !self.cheylan;
        }
        // Empty once the capture is played: the square the capturer left, the captured piece's square, or a
        // square that is empty now.
        square == mv.from || Some(square) == mv.capture || pos.cells[square as usize].is_none()
    }

    fn restricts_captures(&self) -> bool {
        true
    }

    fn rebirth(&self, pos: &mut GeneralPosition, play: &mut Played) {
        let Some(capture) = play.mv.capture else { return };
        let Some(landed) = pos.cells[play.mover_at as usize] else { return };
        let square = pos.circe_square(landed, capture);
        if square != play.mover_at {
            pos.change(play.mover_at, None, &mut play.journal);
            pos.change(square, Some(landed), &mut play.journal);
            play.mover_at = square;
        }
    }
}
