//! Why a move cannot be played, as data: [`IllegalReason`] names the rule and the squares; `Display` says it in
//! English (the words layer may say it otherwise).

use std::fmt;

use crate::{CastlingSide, Color, Piece, Role, Square, Variant};

/// Why a move breaks the rules, with the squares and pieces involved.
///
/// ```
/// use forsyth::{IllegalReason, Move, Position, Square, Variant};
/// let mut pos = Position::new(Variant::Standard);
/// let error = pos.play(Move::new(Square::E3, Square::E4)).unwrap_err();
/// assert_eq!(error.reason, IllegalReason::NoPiece { from: Square::E3 });
/// assert_eq!(error.reason.code(), "move.illegal.no-piece");
/// assert_eq!(error.to_string(), "there is no piece on e3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalReason {
    /// No piece stands on the origin.
    NoPiece {
        /// The origin.
        from: Square,
    },
    /// The piece on the origin belongs to the side not to move.
    NotOnMove {
        /// The piece.
        piece: Piece,
        /// The origin.
        from: Square,
    },
    /// A piece of the side to move stands on the destination.
    OwnPiece {
        /// The piece on the destination.
        piece: Piece,
        /// The destination.
        to: Square,
    },
    /// A pawn reaching the last rank without promoting.
    MustPromote {
        /// The destination.
        to: Square,
    },
    /// A promotion to a piece the variant does not have.
    PromotionRole {
        /// The piece asked for.
        role: Role,
        /// The variant.
        variant: Variant,
    },
    /// The piece reaches the destination, but not with this kind of move.
    WrongWay {
        /// The piece's kind.
        role: Role,
        /// The origin.
        from: Square,
    },
    /// The side to move is in check and the move does not answer it.
    CheckNotAnswered {
        /// The side in check.
        color: Color,
    },
    /// The king would stand in check where it moves.
    IntoCheck {
        /// The destination.
        to: Square,
        /// A piece that would attack the king there (of several, the one nearest a1).
        by: Piece,
        /// Where that piece stands.
        at: Square,
    },
    /// The piece is pinned: the move would expose the king.
    Pinned {
        /// The piece's kind.
        role: Role,
        /// The origin.
        from: Square,
    },
    /// The piece cannot reach the destination at all.
    CannotReach {
        /// The piece's kind.
        role: Role,
        /// The origin.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// A null move (`--`) while in check.
    NullInCheck,
    /// Castling without a king.
    NoKing {
        /// The side that would castle.
        color: Color,
    },
    /// The destination is not a square of the variant's board (`i1` in standard chess).
    OffBoard {
        /// The destination.
        to: Square,
        /// The variant.
        variant: Variant,
    },
    /// The move names the piece it captures (`Bxe5N`, long notation `Lf4:Se5`), and another piece stands there.
    CapturesOther {
        /// The destination.
        to: Square,
        /// The piece standing there.
        found: Role,
        /// The piece the move names.
        named: Role,
    },
    /// The move is marked `e.p.` but is not an en-passant capture.
    NotEnPassant {
        /// The destination.
        to: Square,
    },
    /// A promotion on a rank that is not the last.
    PromotionRank {
        /// The destination.
        to: Square,
    },
    /// Castling that the rules forbid here.
    Castling {
        /// The side castling.
        color: Color,
        /// Kingside or queenside.
        side: CastlingSide,
        /// Which rule forbids it.
        why: CastlingBlock,
    },
}

/// Which castling rule a castling move breaks (FIDE Laws of Chess, article 3.8.2).
///
/// ```
/// use forsyth::{CastlingBlock, IllegalReason, Move, Position, Square};
/// // The bishop on c4 covers f1, which the king would pass through.
/// let pos: Position = "4k3/8/8/8/2b5/8/8/4K2R w K - 0 1".parse().unwrap();
/// let error = pos.after(Move::castle(Square::E1, Square::H1)).unwrap_err();
/// assert!(matches!(error.reason, IllegalReason::Castling { why: CastlingBlock::Through(Square::F1), .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CastlingBlock {
    /// The king has moved.
    KingMoved,
    /// The king or that rook has moved.
    KingOrRookMoved,
    /// That rook has moved.
    RookMoved,
    /// The king is in check.
    InCheck,
    /// A square between king and rook, or a destination, is occupied.
    NotEmpty(Square),
    /// The king would pass through an attacked square.
    Through(Square),
    /// The king would land on an attacked square.
    Into(Square),
    /// No castling of this kind here.
    NotHere,
}

impl IllegalReason {
    /// A stable identifier of the rule, under `move.illegal` (the code of [`crate::IllegalMove`]).
    ///
    /// ```
    /// use forsyth::{Move, Position, Square};
    /// let code = |pos: &Position, from, to| pos.after(Move::new(from, to)).unwrap_err().reason.code();
    /// let start = Position::default();
    /// assert_eq!(code(&start, Square::E2, Square::E5), "move.illegal.cannot-reach");
    /// assert_eq!(code(&start, Square::E4, Square::E5), "move.illegal.no-piece");
    /// assert_eq!(code(&start, Square::E7, Square::E5), "move.illegal.not-on-move");
    /// ```
    pub const fn code(&self) -> &'static str {
        match self {
            IllegalReason::NoPiece { .. } => "move.illegal.no-piece",
            IllegalReason::NotOnMove { .. } => "move.illegal.not-on-move",
            IllegalReason::OwnPiece { .. } => "move.illegal.own-piece",
            IllegalReason::MustPromote { .. } => "move.illegal.must-promote",
            IllegalReason::PromotionRole { .. } => "move.illegal.promotion-role",
            IllegalReason::WrongWay { .. } => "move.illegal.wrong-way",
            IllegalReason::CheckNotAnswered { .. } => "move.illegal.check-not-answered",
            IllegalReason::IntoCheck { .. } => "move.illegal.into-check",
            IllegalReason::Pinned { .. } => "move.illegal.pinned",
            IllegalReason::CannotReach { .. } => "move.illegal.cannot-reach",
            IllegalReason::NullInCheck => "move.illegal.null-in-check",
            IllegalReason::NoKing { .. } => "move.illegal.no-king",
            IllegalReason::OffBoard { .. } => "move.illegal.off-board",
            IllegalReason::CapturesOther { .. } => "move.illegal.captures-other",
            IllegalReason::NotEnPassant { .. } => "move.illegal.not-en-passant",
            IllegalReason::PromotionRank { .. } => "move.illegal.promotion-rank",
            IllegalReason::Castling { .. } => "move.illegal.castling",
        }
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalReason::NoPiece { from } => write!(f, "there is no piece on {from}"),
            IllegalReason::NotOnMove { piece, from } => {
                write!(f, "the {} on {from} belongs to {}, but {} is to move", piece.role, piece.color, !piece.color)
            }
            IllegalReason::OwnPiece { piece, to } => {
                write!(f, "{to} is occupied by {} own {}", piece.color, piece.role)
            }
            IllegalReason::MustPromote { to } => write!(f, "the pawn reaching {to} must promote"),
            IllegalReason::PromotionRole { role, variant } => {
                write!(f, "a pawn cannot promote to a {role} in {variant}")
            }
            IllegalReason::WrongWay { role, from } => write!(f, "the {role} on {from} cannot move that way"),
            IllegalReason::CheckNotAnswered { color } => {
                write!(f, "{} is in check and this move does not answer it", color.name())
            }
            IllegalReason::IntoCheck { to, by, at } => {
                write!(f, "the king would be in check on {to}, from the {} {} on {at}", by.color, by.role)
            }
            IllegalReason::Pinned { role, from } => {
                write!(f, "the {role} on {from} is pinned: the move would expose the king")
            }
            IllegalReason::CannotReach { role, from, to } => write!(f, "the {role} on {from} cannot reach {to}"),
            IllegalReason::NullInCheck => f.write_str("a null move is not possible while in check"),
            IllegalReason::NoKing { color } => write!(f, "{} has no king to castle with", color.name()),
            IllegalReason::OffBoard { to, variant } => write!(f, "{to} is not on the {variant} board"),
            IllegalReason::CapturesOther { to, found, named } => {
                write!(f, "the piece on {to} is a {found}, not a {named}")
            }
            IllegalReason::NotEnPassant { to } => write!(f, "the move to {to} is not an en-passant capture"),
            IllegalReason::PromotionRank { to } => write!(f, "a pawn promotes only on the last rank, not on {to}"),
            IllegalReason::Castling { color, side, why } => {
                let side = if side == CastlingSide::KingSide { "kingside" } else { "queenside" };
                let who = color.name();
                match why {
                    CastlingBlock::KingMoved => write!(f, "{who} may not castle {side}: the king has moved"),
                    CastlingBlock::KingOrRookMoved => {
                        write!(f, "{who} may not castle {side}: the king or that rook has moved")
                    }
                    CastlingBlock::RookMoved => write!(f, "{who} may not castle {side}: that rook has moved"),
                    CastlingBlock::InCheck => write!(f, "{who} may not castle {side} while in check"),
                    CastlingBlock::NotEmpty(sq) => write!(f, "{who} may not castle {side}: {sq} is not empty"),
                    CastlingBlock::Through(sq) => {
                        write!(f, "{who} may not castle {side}: the king would castle through check on {sq}")
                    }
                    CastlingBlock::Into(sq) => {
                        write!(f, "{who} may not castle {side}: the king would castle into check on {sq}")
                    }
                    CastlingBlock::NotHere => write!(f, "{who} may not castle {side} here"),
                }
            }
        }
    }
}
