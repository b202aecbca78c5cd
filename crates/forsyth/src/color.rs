//! The two sides.

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

use crate::name_error::{NameKind, ParseNameError};

/// White or Black.
///
/// ```
/// use forsyth::Color;
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!(Color::from_char('b'), Some(Color::Black));
/// assert_eq!(Color::White.to_string(), "white");
/// assert_eq!("black".parse::<Color>().unwrap(), Color::Black);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first and starts on ranks 1 and 2.
    White = 0,
    /// The side that starts on ranks 7 and 8.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The FEN letter of the side to move: `w` or `b`.
    ///
    /// ```
    /// use forsyth::Color;
    /// assert_eq!(Color::White.fen_char(), 'w');
    /// assert_eq!(Color::Black.fen_char(), 'b');
    /// ```
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Reads a FEN side-to-move letter (`w`/`b`, either case).
    ///
    /// ```
    /// use forsyth::Color;
    /// assert_eq!(Color::from_char('w'), Some(Color::White));
    /// assert_eq!(Color::from_char('B'), Some(Color::Black));
    /// assert_eq!(Color::from_char('x'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'w' | 'W' => Some(Color::White),
            'b' | 'B' => Some(Color::Black),
            _ => None,
        }
    }

    /// `true` for White.
    ///
    /// ```
    /// use forsyth::Color;
    /// assert!(Color::White.is_white());
    /// assert!(!Color::Black.is_white());
    /// ```
    pub const fn is_white(self) -> bool {
        matches!(self, Color::White)
    }

    /// 0 for White, 1 for Black: an index into per-colour arrays.
    ///
    /// ```
    /// use forsyth::Color;
    /// assert_eq!(Color::White.index(), 0);
    /// assert_eq!(Color::Black.index(), 1);
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The English word, capitalised: `White` or `Black`.
    ///
    /// ```
    /// use forsyth::Color;
    /// assert_eq!(Color::White.name(), "White");
    /// assert_eq!(Color::Black.name(), "Black");
    /// assert_eq!(Color::Black.to_string(), "black"); // `Display` writes lowercase
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

/// Reads `white` or `black` (what `Display` writes) or a FEN side-to-move letter, in any case.
impl FromStr for Color {
    type Err = ParseNameError;
    fn from_str(s: &str) -> Result<Color, ParseNameError> {
        match s.to_ascii_lowercase().as_str() {
            "white" | "w" => Ok(Color::White),
            "black" | "b" => Ok(Color::Black),
            _ => Err(ParseNameError::new(NameKind::Color, s)),
        }
    }
}

/// A pair of values, one for each colour.
///
/// ```
/// use forsyth::{ByColor, Color};
/// let mut counts = ByColor::new(0, 0);
/// counts[Color::Black] += 2;
/// assert_eq!(counts.white, 0);
/// assert_eq!(counts.black, 2);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// Both values.
    ///
    /// ```
    /// use forsyth::{ByColor, Color};
    /// let kings = ByColor::new("e1", "e8");
    /// assert_eq!(kings.white, "e1");
    /// assert_eq!(kings[Color::Black], "e8");
    /// ```
    pub const fn new(white: T, black: T) -> Self {
        ByColor { white, black }
    }
}

impl<T> std::ops::Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, c: Color) -> &T {
        match c {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

impl<T> std::ops::IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}
