//! UCI move notation (the Universal Chess Interface): origin, destination and promotion letter (`e2e4`, `e7e8q`,
//! `0000` for the null move), parsed without a position ([`Uci`]) and resolved against one ([`Uci::to_move`]).
//! Castling reads either way: the king's destination (`e1g1`, standard chess) or king takes rook (`e1h1`, as
//! Chess960 engines write it).
//!
//! ```
//! use forsyth::{Position, Variant, uci::Uci};
//! let pos = Position::default();
//! let uci: Uci = "g1f3".parse()?;
//! let m = uci.to_move(&pos)?;
//! assert_eq!(Uci::from_move(&pos, m, false), uci);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::{Move, MoveKind, Position, Role, Square};

use super::error::{MoveError, MoveErrorKind};

/// A move in UCI notation, read without a position.
///
/// ```
/// use forsyth::{Position, Role, Square, uci::Uci};
/// let castled: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
/// let short = "e1g1".parse::<Uci>()?.to_move(&castled)?;
/// assert!(short.is_castle());
/// assert_eq!("e1h1".parse::<Uci>()?.to_move(&castled)?, short); // king takes rook
/// assert_eq!(Uci::from_move(&castled, short, true).to_string(), "e1h1");
/// assert_eq!("e7e8q".parse::<Uci>()?, Uci::Normal { from: Square::E7, to: Square::E8, promotion: Some(Role::Queen) });
/// assert_eq!("e2e9".parse::<Uci>().unwrap_err().code(), "move.syntax");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Uci {
    /// A move from one square to another; castling is the king's move (to its destination or onto the rook).
    Normal {
        /// The origin.
        from: Square,
        /// The destination.
        to: Square,
        /// The piece a pawn becomes.
        promotion: Option<Role>,
    },
    /// The null move, `0000`.
    Null,
}

impl Uci {
    /// The UCI of a legal move (or the null move) in `pos`: castling as the king's destination (`e1g1`) unless
    /// `chess960` (king takes rook, `e1h1`).
    ///
    /// ```
    /// use forsyth::{Move, Position, Square, uci::Uci};
    /// let pos = Position::default();
    /// assert_eq!(Uci::from_move(&pos, Move::new(Square::G1, Square::F3), false).to_string(), "g1f3");
    /// assert_eq!(Uci::from_move(&pos, Move::NULL, false), Uci::Null);
    /// ```
    pub fn from_move(pos: &Position, m: Move, chess960: bool) -> Uci {
        let to = match m.kind() {
            MoveKind::Null => return Uci::Null,
            MoveKind::Castle if !chess960 => pos.castling_squares(pos.turn(), m.to()).map_or(m.to(), |(king, _)| king),
            _ => m.to(),
        };
        Uci::Normal { from: m.from(), to, promotion: m.promotion_role() }
    }

    /// The legal move of the side to move in `pos` that this names (either castling convention).
    ///
    /// ```
    /// use forsyth::{Position, uci::Uci};
    /// let pos: Position = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
    /// let m = "b7b8n".parse::<Uci>().unwrap().to_move(&pos).unwrap();
    /// assert_eq!(m.promotion_role(), Some(forsyth::Role::Knight));
    /// let missing = "b7b8".parse::<Uci>().unwrap().to_move(&pos).unwrap_err();
    /// assert_eq!(missing.code(), "move.missing-promotion"); // as reading `b8` says
    /// assert_eq!(missing.reason(), "a pawn reaching b8 must promote (write b7b8q, b7b8r, b7b8b or b7b8n)");
    /// assert_eq!("b7c8q".parse::<Uci>().unwrap().to_move(&pos).unwrap_err().code(), "move.illegal");
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, MoveError> {
        let Uci::Normal { from, to, promotion } = *self else {
            return Ok(Move::NULL);
        };
        let legal = pos.legal_moves();
        let found = legal.iter().copied().find(|m| {
            m.from() == from
                && m.promotion_role() == promotion
                && (m.to() == to || (m.is_castle() && Uci::from_move(pos, *m, false) == *self))
        });
        found.ok_or_else(|| {
            let promotes = promotion.is_none() && legal.iter().any(|m| m.from() == from && m.to() == to);
            let kind = if promotes {
                let roles = pos.variant().promotion_roles();
                let suggestions = roles.iter().map(|&r| write_uci(pos, Move::promotion(from, to, r), false)).collect();
                MoveErrorKind::MissingPromotion { to, suggestions }
            } else {
                let m = match promotion {
                    Some(role) => Move::promotion(from, to, role),
                    None => Move::new(from, to),
                };
                MoveErrorKind::Illegal(pos.why_illegal(m))
            };
            MoveError { text: self.to_string(), kind }
        })
    }
}

/// Writes a legal move (or the null move) of `pos` in UCI, promotions with the variant's FEN letter (`b7b8j` to
/// the Janus, as Fairy-Stockfish writes it); castling as in [`Uci::from_move`].
///
/// ```
/// use forsyth::{Move, Position, Role, Square, Variant};
/// use forsyth::uci::write_uci;
/// let pos: Position = "4k5/1P8/10/10/10/10/10/4K5 w - - 0 1".parse()?;
/// assert_eq!(pos.variant(), Variant::Capablanca);
/// let janus = pos.to_setup();
/// let janus = Position::from_setup(&janus, Variant::Janus)?;
/// assert_eq!(write_uci(&janus, Move::promotion(Square::B7, Square::B8, Role::Archbishop), false), "b7b8j");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_uci(pos: &Position, m: Move, chess960: bool) -> String {
    let mut out = String::with_capacity(5);
    write_uci_into(pos, m, chess960, &mut out);
    out
}

/// Appends the UCI text of a legal move (or the null move) to `out`, as [`write_uci`] writes it, without
/// allocating: what writes a column of millions of moves uses.
///
/// ```
/// use forsyth::{Move, Position, Role, Square};
/// use forsyth::uci::write_uci_into;
/// let pos: Position = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1".parse()?;
/// let mut out = String::from("e1e2 ");
/// write_uci_into(&pos, Move::promotion(Square::B7, Square::B8, Role::Queen), false, &mut out);
/// assert_eq!(out, "e1e2 b7b8q");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_uci_into(pos: &Position, m: Move, chess960: bool, out: &mut String) {
    match Uci::from_move(pos, m, chess960) {
        Uci::Normal { from, to, promotion } => {
            for square in [from, to] {
                out.push(square.file().char());
                out.push(square.rank().char());
            }
            if let Some(role) = promotion {
                out.push(pos.variant().role_char(role));
            }
        }
        Uci::Null => out.push_str("0000"),
    }
}

/// Reads `e2e4`, `e7e8q` (promotion letter in either case; `j`, the Janus, reads as the archbishop) or `0000`.
impl FromStr for Uci {
    type Err = MoveError;
    fn from_str(text: &str) -> Result<Uci, MoveError> {
        let syntax = |why: String| MoveError { text: text.to_string(), kind: MoveErrorKind::Syntax(why) };
        if text == "0000" {
            return Ok(Uci::Null);
        }
        let b = text.as_bytes();
        if !(4..=5).contains(&b.len()) {
            return Err(syntax(
                "a UCI move is an origin, a destination and a promotion letter, like e2e4 or e7e8q".to_string(),
            ));
        }
        let (Some(from), Some(to)) = (Square::from_ascii(&b[..2]), Square::from_ascii(&b[2..4])) else {
            return Err(syntax("UCI squares are a file a-j and a rank 1-8, like e2e4".to_string()));
        };
        let promotion = match b.get(4) {
            None => None,
            Some(&c) => match Role::from_char(c as char) {
                Some(role) if role != Role::Pawn && role != Role::King => Some(role),
                _ => return Err(syntax(format!("'{}' is not a promotion piece (q, r, b, n, a or c)", c as char))),
            },
        };
        Ok(Uci::Normal { from, to, promotion })
    }
}

/// `e2e4`, `e7e8q`, `0000`: English promotion letters (see [`write_uci`] for the Janus's `j`).
impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Uci::Normal { from, to, promotion: None } => write!(f, "{from}{to}"),
            Uci::Normal { from, to, promotion: Some(role) } => write!(f, "{from}{to}{}", role.char()),
            Uci::Null => f.write_str("0000"),
        }
    }
}
