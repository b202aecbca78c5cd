//! Moves, independent of any notation.

use std::fmt;

use crate::geometry::Square;
use crate::role::Role;

/// What kind of move a [`Move`] is.
///
/// ```
/// use forsyth::{MoveKind, Position, Square};
/// let pos: Position = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap();
/// let castle = pos.legal_moves().into_iter().find(|m| m.kind() == MoveKind::Castle).unwrap();
/// assert_eq!((castle.from(), castle.to()), (Square::E1, Square::H1)); // king takes own rook
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A plain move or capture (including pawn double steps).
    Normal,
    /// A pawn reaching the last rank and becoming this role.
    Promotion(Role),
    /// A pawn capturing en passant; `to` is the square the capturing pawn lands on.
    EnPassant,
    /// Castling; `to` is the square of the castling rook (king takes own rook), which is unambiguous in every
    /// variant. The king's destination depends on the variant: see `Position::castling_squares`.
    Castle,
    /// A null move (`--` in PGN): the turn passes without a move.
    Null,
}

/// A move: origin, destination and kind. Four bytes; the moving and captured pieces come from the position.
///
/// ```
/// use forsyth::{Move, MoveKind, Role, Square};
/// let e4 = Move::new("e2".parse().unwrap(), "e4".parse().unwrap());
/// assert_eq!(e4.to_string(), "e2e4");
/// let promo = Move::promotion("a7".parse().unwrap(), "a8".parse().unwrap(), Role::Queen);
/// assert_eq!(promo.kind(), MoveKind::Promotion(Role::Queen));
/// assert_eq!(promo.to_string(), "a7a8q");
/// ```
// Aligned to four bytes so that a move is written and read as one 32-bit word: three separate byte stores read
// back as one load stall the CPU's store forwarding, which showed in SAN reading.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
#[repr(align(4))]
pub struct Move {
    from: Square,
    to: Square,
    kind: MoveKind,
}

impl Move {
    /// The null move.
    pub const NULL: Move = Move { from: Square::A1, to: Square::A1, kind: MoveKind::Null };

    /// A normal move or capture.
    ///
    /// ```
    /// use forsyth::{Move, MoveKind, Square};
    /// let m = Move::new(Square::G1, Square::F3);
    /// assert_eq!(m.kind(), MoveKind::Normal);
    /// assert_eq!(m.to_string(), "g1f3");
    /// ```
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to, kind: MoveKind::Normal }
    }

    /// A promotion to `role`.
    ///
    /// ```
    /// use forsyth::{Move, Role, Square};
    /// let m = Move::promotion(Square::B7, Square::A8, Role::Knight);
    /// assert_eq!(m.promotion_role(), Some(Role::Knight));
    /// assert_eq!(m.to_string(), "b7a8n"); // UCI: the role's lowercase letter last
    /// ```
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        Move { from, to, kind: MoveKind::Promotion(role) }
    }

    /// An en-passant capture landing on `to`.
    ///
    /// ```
    /// use forsyth::{Move, MoveKind, Square};
    /// let m = Move::en_passant(Square::E5, Square::D6);
    /// assert_eq!(m.kind(), MoveKind::EnPassant);
    /// assert_eq!((m.from(), m.to()), (Square::E5, Square::D6));
    /// assert_eq!(m.to_string(), "e5d6");
    /// ```
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move { from, to, kind: MoveKind::EnPassant }
    }

    /// Castling of the king on `king` with the rook on `rook`.
    ///
    /// ```
    /// use forsyth::{Move, MoveKind, Square};
    /// let m = Move::castle(Square::E1, Square::H1);
    /// assert_eq!(m.kind(), MoveKind::Castle);
    /// assert_eq!(m.to(), Square::H1); // the rook's square, not the king's destination
    /// assert_eq!(m.to_string(), "e1h1"); // king takes own rook
    /// ```
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move { from: king, to: rook, kind: MoveKind::Castle }
    }

    /// Origin square (the king's square for castling).
    ///
    /// ```
    /// use forsyth::{Move, Square};
    /// assert_eq!(Move::new(Square::E2, Square::E4).from(), Square::E2);
    /// assert_eq!(Move::castle(Square::E8, Square::A8).from(), Square::E8);
    /// ```
    pub const fn from(self) -> Square {
        self.from
    }

    /// Destination square (the rook's square for castling).
    ///
    /// ```
    /// use forsyth::{Move, Square};
    /// assert_eq!(Move::new(Square::E2, Square::E4).to(), Square::E4);
    /// assert_eq!(Move::castle(Square::E8, Square::A8).to(), Square::A8);
    /// ```
    pub const fn to(self) -> Square {
        self.to
    }

    /// The kind of move.
    ///
    /// ```
    /// use forsyth::{Move, MoveKind, Role, Square};
    /// assert_eq!(Move::new(Square::E2, Square::E4).kind(), MoveKind::Normal);
    /// assert_eq!(Move::promotion(Square::E7, Square::E8, Role::Queen).kind(), MoveKind::Promotion(Role::Queen));
    /// assert_eq!(Move::NULL.kind(), MoveKind::Null);
    /// ```
    pub const fn kind(self) -> MoveKind {
        self.kind
    }

    /// The promotion role, if any.
    ///
    /// ```
    /// use forsyth::{Move, Role, Square};
    /// assert_eq!(Move::promotion(Square::H2, Square::H1, Role::Rook).promotion_role(), Some(Role::Rook));
    /// assert_eq!(Move::new(Square::H2, Square::H1).promotion_role(), None);
    /// ```
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }

    /// `true` for castling.
    ///
    /// ```
    /// use forsyth::{Move, Square};
    /// assert!(Move::castle(Square::E1, Square::A1).is_castle());
    /// assert!(!Move::new(Square::E1, Square::C1).is_castle()); // a king move of two squares is not castling here
    /// ```
    pub const fn is_castle(self) -> bool {
        matches!(self.kind, MoveKind::Castle)
    }

    /// `true` for en passant.
    ///
    /// ```
    /// use forsyth::{Move, Square};
    /// assert!(Move::en_passant(Square::D4, Square::E3).is_en_passant());
    /// assert!(!Move::new(Square::D4, Square::E3).is_en_passant());
    /// ```
    pub const fn is_en_passant(self) -> bool {
        matches!(self.kind, MoveKind::EnPassant)
    }

    /// `true` for the null move.
    ///
    /// ```
    /// use forsyth::{Move, Square};
    /// assert!(Move::NULL.is_null());
    /// assert_eq!(Move::NULL.to_string(), "0000"); // UCI's null move
    /// assert!(!Move::new(Square::A1, Square::A1).is_null());
    /// ```
    pub const fn is_null(self) -> bool {
        matches!(self.kind, MoveKind::Null)
    }
}

/// UCI text with king-takes-rook castling; use the position's UCI writer for the standard-chess castling form.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            MoveKind::Null => f.write_str("0000"),
            MoveKind::Promotion(r) => write!(f, "{}{}{}", self.from, self.to, r.char()),
            _ => write!(f, "{}{}", self.from, self.to),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            MoveKind::Castle => write!(f, "{}{}(castle)", self.from, self.to),
            MoveKind::EnPassant => write!(f, "{}{}(ep)", self.from, self.to),
            _ => fmt::Display::fmt(self, f),
        }
    }
}

/// Capacity of a [`MoveList`]: more than the legal moves of any position on a 10×8 board.
pub const MAX_MOVES: usize = 768;

/// The legal moves of a position, stored inline without allocation.
///
/// ```
/// use forsyth::{MoveList, Position};
/// let moves: MoveList = Position::default().legal_moves();
/// assert_eq!(moves.len(), 20); // the initial position: 16 pawn moves and 4 knight moves
/// ```
pub type MoveList = arrayvec::ArrayVec<Move, MAX_MOVES>;

/// Capacity of a [`MovesTo`]: more than the legal moves of one kind of piece to one square can ever be (three pawns
/// with six promotion choices each, or sixteen lines into a square).
pub const MAX_MOVES_TO: usize = 32;

/// The legal moves of one kind of piece to one square ([`crate::Position::legal_moves_of`]), stored inline.
///
/// ```
/// use forsyth::{MovesTo, Position, Role, Square};
/// let pos: Position = "8/P3k3/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
/// let to_a8: MovesTo = pos.legal_moves_of(Role::Pawn, Square::A8);
/// assert_eq!(to_a8.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["a7a8q", "a7a8r", "a7a8b", "a7a8n"]);
/// ```
pub type MovesTo = arrayvec::ArrayVec<Move, MAX_MOVES_TO>;
