//! The error of reading the name of a file, rank, colour, role or piece (their `FromStr`).

use std::fmt;

/// What a name was read as.
///
/// ```
/// use forsyth::{Color, NameKind, Role};
/// let err = "purple".parse::<Color>().unwrap_err();
/// assert_eq!((err.kind, err.text.as_str()), (NameKind::Color, "purple"));
/// assert_eq!("x".parse::<Role>().unwrap_err().kind, NameKind::Role);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NameKind {
    /// A [`File`](crate::File): `a` to `j`.
    File,
    /// A [`Rank`](crate::Rank): `1` to `8`.
    Rank,
    /// A [`Color`](crate::Color): `white`, `black`, `w` or `b`.
    Color,
    /// A [`Role`](crate::Role): an English name or letter.
    Role,
    /// A [`Piece`](crate::Piece): a FEN letter.
    Piece,
    /// A board topology (`plain`, `vertical-cylinder`, `horizontal-cylinder`, `torus`).
    Topology,
}

impl NameKind {
    /// What a valid name looks like, for the error message.
    const fn expected(self) -> &'static str {
        match self {
            NameKind::File => "a file letter a to j",
            NameKind::Rank => "a rank digit 1 to 8",
            NameKind::Color => "white, black, w or b",
            NameKind::Role => "a role's English name or letter, like knight or n",
            NameKind::Piece => "a FEN piece letter, uppercase for White, like N or q",
            NameKind::Topology => "plain, vertical-cylinder, horizontal-cylinder or torus",
        }
    }
}

/// Text that names no file, rank, colour, role or piece.
///
/// ```
/// use forsyth::{NameKind, ParseNameError, Role};
/// let err = "x".parse::<Role>().unwrap_err();
/// assert_eq!(err, ParseNameError::new(NameKind::Role, "x"));
/// assert_eq!(err.code(), "name.role");
/// assert_eq!(err.to_string(), "'x' is not a role: expected a role's English name or letter, like knight or n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNameError {
    /// What the text was read as.
    pub kind: NameKind,
    /// The text.
    pub text: String,
}

impl ParseNameError {
    /// The error of reading `text` as a `kind`.
    ///
    /// ```
    /// use forsyth::{File, NameKind, ParseNameError};
    /// assert_eq!("k".parse::<File>().unwrap_err(), ParseNameError::new(NameKind::File, "k"));
    /// ```
    pub fn new(kind: NameKind, text: &str) -> ParseNameError {
        ParseNameError { kind, text: text.to_string() }
    }

    /// A stable identifier: `name.file`, `name.rank`, `name.color`, `name.role`, `name.piece`, `name.topology`.
    ///
    /// ```
    /// use forsyth::{Piece, Rank};
    /// assert_eq!("9".parse::<Rank>().unwrap_err().code(), "name.rank");
    /// assert_eq!("Z".parse::<Piece>().unwrap_err().code(), "name.piece");
    /// ```
    pub const fn code(&self) -> &'static str {
        match self.kind {
            NameKind::File => "name.file",
            NameKind::Rank => "name.rank",
            NameKind::Color => "name.color",
            NameKind::Role => "name.role",
            NameKind::Piece => "name.piece",
            NameKind::Topology => "name.topology",
        }
    }
}

impl fmt::Display for ParseNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = &self.code()["name.".len()..];
        write!(f, "'{}' is not a {what}: expected {}", self.text, self.kind.expected())
    }
}

impl std::error::Error for ParseNameError {}

/// The one character of `text`, if it has exactly one.
pub(crate) fn single_char(text: &str) -> Option<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}
