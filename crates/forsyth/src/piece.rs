//! A piece: a role with a colour.

use std::fmt;
use std::str::FromStr;

use crate::name_error::{NameKind, ParseNameError, single_char};

use crate::{Color, Role};

/// A coloured piece.
///
/// ```
/// use forsyth::{Color, Piece, Role};
/// let p = Piece::from_char('N').unwrap();
/// assert_eq!(p, Piece::new(Color::White, Role::Knight));
/// assert_eq!(p.char(), 'N');
/// assert_eq!(Piece::new(Color::Black, Role::Queen).to_string(), "q");
/// assert_eq!("n".parse::<Piece>().unwrap(), Piece::new(Color::Black, Role::Knight));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub role: Role,
}

impl Piece {
    /// A piece of this colour and role.
    ///
    /// ```
    /// use forsyth::{Color, Piece, Role};
    /// let p = Piece::new(Color::Black, Role::Bishop);
    /// assert_eq!((p.color, p.role), (Color::Black, Role::Bishop));
    /// assert_eq!(p.char(), 'b');
    /// ```
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: uppercase for White, lowercase for Black.
    ///
    /// ```
    /// use forsyth::{Color, Piece, Role};
    /// assert_eq!(Piece::new(Color::White, Role::Queen).char(), 'Q');
    /// assert_eq!(Piece::new(Color::Black, Role::Chancellor).char(), 'c');
    /// ```
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// Reads a FEN piece letter: uppercase is White.
    ///
    /// ```
    /// use forsyth::{Color, Piece, Role};
    /// assert_eq!(Piece::from_char('k'), Some(Piece::new(Color::Black, Role::King)));
    /// assert_eq!(Piece::from_char('A'), Some(Piece::new(Color::White, Role::Archbishop)));
    /// assert_eq!(Piece::from_char('x'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece { color: if c.is_ascii_uppercase() { Color::White } else { Color::Black }, role }),
            None => None,
        }
    }

    /// The Unicode chess figurine (U+2654..U+265F; archbishop and chancellor use the compound symbols of the
    /// Chess Symbols block).
    ///
    /// ```
    /// use forsyth::{Color, Piece, Role};
    /// assert_eq!(Piece::new(Color::White, Role::King).figurine(), '♔');
    /// assert_eq!(Piece::new(Color::Black, Role::Knight).figurine(), '♞');
    /// assert_eq!(Piece::new(Color::White, Role::Chancellor).figurine(), '\u{1FA4F}'); // WHITE CHESS KNIGHT-ROOK
    /// ```
    pub const fn figurine(self) -> char {
        match (self.color, self.role) {
            (Color::White, Role::King) => '♔',
            (Color::White, Role::Queen) => '♕',
            (Color::White, Role::Rook) => '♖',
            (Color::White, Role::Bishop) => '♗',
            (Color::White, Role::Knight) => '♘',
            (Color::White, Role::Pawn) => '♙',
            (Color::Black, Role::King) => '♚',
            (Color::Black, Role::Queen) => '♛',
            (Color::Black, Role::Rook) => '♜',
            (Color::Black, Role::Bishop) => '♝',
            (Color::Black, Role::Knight) => '♞',
            (Color::Black, Role::Pawn) => '♟',
            // WHITE/BLACK CHESS KNIGHT-BISHOP and KNIGHT-ROOK
            (Color::White, Role::Archbishop) => '\u{1FA50}',
            (Color::White, Role::Chancellor) => '\u{1FA4F}',
            (Color::Black, Role::Archbishop) => '\u{1FA53}',
            (Color::Black, Role::Chancellor) => '\u{1FA52}',
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// Reads a FEN piece letter (what `Display` writes): uppercase is White.
impl FromStr for Piece {
    type Err = ParseNameError;
    fn from_str(s: &str) -> Result<Piece, ParseNameError> {
        single_char(s).and_then(Piece::from_char).ok_or_else(|| ParseNameError::new(NameKind::Piece, s))
    }
}
