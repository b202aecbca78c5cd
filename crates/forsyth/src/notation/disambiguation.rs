//! How much of a piece's origin an algebraic move shows (FIDE Laws of Chess, Appendix E, E10): shared by every
//! style that writes moves and by the reader that checks them.
//!
//! ```
//! use forsyth::{Move, Position, Role, Square};
//! use forsyth::notation::disambiguation::{Disambiguation, disambiguation};
//! let pos: Position = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1".parse().unwrap();
//! assert_eq!(disambiguation(&pos, Move::new(Square::B1, Square::D2), Role::Knight), Disambiguation::File);
//! ```

use crate::{Move, Position, Role};

/// How much of a piece's origin a move must show so that no other legal move reads the same (FIDE Appendix E,
/// E10): only legal moves of the same kind of piece to the same square count; the file if it tells them apart,
/// else the rank, else both.
///
/// ```
/// use forsyth::notation::disambiguation::{Disambiguation, disambiguation};
/// use forsyth::{Move, Position, Role, Square};
/// // Queens on e4, h4 and h1 can all go to e1: from h4 neither file nor rank is enough, as in Qh4e1.
/// let pos: Position = "2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1".parse().unwrap();
/// assert_eq!(disambiguation(&pos, Move::new(Square::H4, Square::E1), Role::Queen), Disambiguation::Square);
/// assert_eq!(disambiguation(&pos, Move::new(Square::H1, Square::E1), Role::Queen), Disambiguation::Rank);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Disambiguation {
    /// No other piece of the kind can go there.
    None,
    /// The origin's file (`Nbd7`).
    File,
    /// The origin's rank (`R1e2`).
    Rank,
    /// The whole origin square (`Qh4e1`).
    Square,
}

/// The disambiguation a move of a piece of `role` needs (pawns never need one: their captures always show the
/// file).
///
/// ```
/// use forsyth::{Move, Role, Square};
/// use forsyth::notation::fen::Fen;
/// use forsyth::notation::disambiguation::{Disambiguation, disambiguation};
/// // FIDE Appendix E, E10: knights on g5 and g1, one goes to f3.
/// let pos = "4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1".parse::<Fen>().unwrap().position(None).unwrap();
/// assert_eq!(disambiguation(&pos, Move::new(Square::G5, Square::F3), Role::Knight), Disambiguation::Rank);
/// ```
pub fn disambiguation(pos: &Position, m: Move, role: Role) -> Disambiguation {
    if role == Role::Pawn || role == Role::King || m.is_castle() {
        return Disambiguation::None;
    }
    let mut candidates = crate::MovesTo::new();
    pos.legal_moves_of_into(role, m.to(), &mut candidates);
    among(&candidates, m)
}

/// E10's rule applied to `m` and the other legal moves of the same kind of piece to the same square.
pub(crate) fn among(candidates: &[Move], m: Move) -> Disambiguation {
    let from = m.from();
    let (mut rivals, mut same_file, mut same_rank) = (false, false, false);
    for other in candidates.iter().filter(|o| o.from() != from && !o.is_castle()) {
        rivals = true;
        same_file |= other.from().file() == from.file();
        same_rank |= other.from().rank() == from.rank();
    }
    match (rivals, same_file, same_rank) {
        (false, _, _) => Disambiguation::None,
        (true, false, _) => Disambiguation::File,
        (true, true, false) => Disambiguation::Rank,
        (true, true, true) => Disambiguation::Square,
    }
}
