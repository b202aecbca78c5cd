//! Why a move could not be read: [`MoveError`], shared by every move reader of the notation layer (the lenient
//! reader, SAN and UCI).

use std::fmt;

use crate::{Color, IllegalReason, Role, Square};

use super::move_style::MoveStyle;

/// Why a move could not be read, with a stable code.
///
/// ```
/// use forsyth::Position;
/// use forsyth::san::San;
/// let err = "Nf6".parse::<San>().unwrap().to_move(&Position::default()).unwrap_err();
/// assert_eq!((err.text.as_str(), err.code()), ("Nf6", "move.unreachable"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// The move as written.
    pub text: String,
    /// What is wrong.
    pub kind: MoveErrorKind,
}

/// What is wrong with a move.
///
/// ```
/// use forsyth::notation::MoveErrorKind;
/// use forsyth::san::San;
/// use forsyth::{Color, Position, Role, Square};
/// let err = "Nf6".parse::<San>().unwrap().to_move(&Position::default()).unwrap_err();
/// assert_eq!(err.kind, MoveErrorKind::Unreachable { color: Color::White, role: Role::Knight, to: Square::F6 });
/// let pos: Position = "4k3/8/8/8/8/8/4K3/R6R w - - 0 1".parse().unwrap();
/// let err = "Rd1".parse::<San>().unwrap().to_move(&pos).unwrap_err(); // both rooks reach d1
/// assert!(matches!(err.kind, MoveErrorKind::Ambiguous { ref origins, .. } if origins.len() == 2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveErrorKind {
    /// The text is not a move in any notation forsyth reads.
    Syntax(String),
    /// No piece of this kind can go there.
    Unreachable {
        /// Whose move it is.
        color: Color,
        /// The kind of piece named.
        role: Role,
        /// The destination.
        to: Square,
    },
    /// A capture onto an empty square.
    NothingToCapture(Square),
    /// Several legal moves fit the text.
    Ambiguous {
        /// The kind of piece.
        role: Role,
        /// The origins of the candidates.
        origins: Vec<Square>,
        /// The destination.
        to: Square,
        /// How to write each candidate.
        suggestions: Vec<String>,
    },
    /// A pawn move to the last rank without the new piece.
    MissingPromotion {
        /// The destination.
        to: Square,
        /// How to write each choice.
        suggestions: Vec<String>,
    },
    /// The move breaks a rule; the reason names squares and pieces.
    Illegal(IllegalReason),
    /// Strict mode: the move is legal but not written canonically.
    NotCanonical {
        /// The style demanded.
        style: MoveStyle,
        /// The canonical text.
        canonical: String,
    },
}

impl MoveError {
    /// A stable identifier of the kind of error: `move.syntax`, `move.unreachable`, `move.nothing-to-capture`,
    /// `move.ambiguous`, `move.missing-promotion`, `move.illegal`, `move.not-canonical`.
    ///
    /// ```
    /// use forsyth::Position;
    /// use forsyth::san::San;
    /// let pos: Position = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
    /// let err = "b8".parse::<San>().unwrap().to_move(&pos).unwrap_err();
    /// assert_eq!(err.code(), "move.missing-promotion");
    /// ```
    pub const fn code(&self) -> &'static str {
        match self.kind {
            MoveErrorKind::Syntax(_) => "move.syntax",
            MoveErrorKind::Unreachable { .. } => "move.unreachable",
            MoveErrorKind::NothingToCapture(_) => "move.nothing-to-capture",
            MoveErrorKind::Ambiguous { .. } => "move.ambiguous",
            MoveErrorKind::MissingPromotion { .. } => "move.missing-promotion",
            MoveErrorKind::Illegal(_) => "move.illegal",
            MoveErrorKind::NotCanonical { .. } => "move.not-canonical",
        }
    }
}

fn list_words(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., end] => format!("{} {last} {end}", init.join(", ")),
    }
}

impl MoveError {
    /// What is wrong, without the move's text: `no white knight can reach f6`, `ambiguous: the knights on b1 and
    /// f3 can both go to d2 (write Nbd2 or Nfd2)`.
    ///
    /// ```
    /// use forsyth::Position;
    /// use forsyth::san::San;
    /// let pos: Position = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1".parse().unwrap();
    /// let err = "Nd2".parse::<San>().unwrap().to_move(&pos).unwrap_err();
    /// assert_eq!(err.reason(), "ambiguous: the knights on b1 and f3 can both go to d2 (write Nbd2 or Nfd2)");
    /// ```
    pub fn reason(&self) -> String {
        match &self.kind {
            MoveErrorKind::Syntax(why) => format!("not a move: {why}"),
            MoveErrorKind::Unreachable { color, role, to } => format!("no {color} {role} can reach {to}"),
            MoveErrorKind::NothingToCapture(sq) => format!("there is nothing to capture on {sq}"),
            MoveErrorKind::Ambiguous { role, origins, to, suggestions } => {
                let squares: Vec<String> = origins.iter().map(|s| s.to_string()).collect();
                let all = if origins.len() == 2 { "both" } else { "all" };
                format!(
                    "ambiguous: the {role}s on {} can {all} go to {to} (write {})",
                    list_words(&squares, "and"),
                    list_words(suggestions, "or")
                )
            }
            MoveErrorKind::MissingPromotion { to, suggestions } => {
                format!("a pawn reaching {to} must promote (write {})", list_words(suggestions, "or"))
            }
            MoveErrorKind::Illegal(why) => why.to_string(),
            MoveErrorKind::NotCanonical { style, canonical } => {
                format!("not canonical {}: write {canonical}", style.name().to_uppercase())
            }
        }
    }
}

/// `'Nf6': no white knight can reach f6`; `'Nd2' is ambiguous: ...`.
impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            MoveErrorKind::Syntax(_) | MoveErrorKind::Ambiguous { .. } | MoveErrorKind::NotCanonical { .. } => {
                write!(f, "'{}' is {}", self.text, self.reason())
            }
            _ => write!(f, "'{}': {}", self.text, self.reason()),
        }
    }
}

impl std::error::Error for MoveError {}
