//! Madrasi: a piece observed by a piece of the same kind of the other side is paralysed — it does not move,
//! capture or check, though it still paralyses (Popeye: an observation by its geometry only, whether or not the
//! observer is itself paralysed). Kings neither paralyse nor are paralysed unless `RexInclusive`.

use super::super::rules::kind_bit;
use super::super::{Cell, GeneralPosition, Unit};
use super::Rule;
use crate::piece_kind::Nature;

/// Madrasi, with or without kings.
pub(super) struct Madrasi {
    pub(super) rex_inclusive: bool,
}

impl Madrasi {
    /// Whether the piece on `cell` is paralysed: a piece of its kind and the other colour could capture there.
    fn paralysed(&self, pos: &GeneralPosition, cell: Cell, unit: Unit) -> bool {
        if !self.rex_inclusive && pos.nature(unit) == Nature::King {
            return false;
        }
        pos.attacked_by_kinds(cell, !unit.color, kind_bit(unit.kind), true)
    }
}

impl Rule for Madrasi {
    fn may_move(&self, pos: &GeneralPosition, cell: Cell, unit: Unit) -> bool {
        !self.paralysed(pos, cell, unit)
    }

    fn restricts_captures(&self) -> bool {
        true
    }
}
