//! The ways of writing moves ([`MoveStyle`]), by name.

use std::fmt;
use std::str::FromStr;

/// A way of writing moves.
///
/// ```
/// use forsyth::notation::{MoveStyle, MoveWriteOptions, write_move};
/// use forsyth::{Move, Position, Square};
/// let pos = Position::default();
/// let write = |style| write_move(&pos, Move::new(Square::G1, Square::F3), &MoveWriteOptions::new(style));
/// assert_eq!([write(MoveStyle::San), write(MoveStyle::Lan), write(MoveStyle::Uci)], ["Nf3", "Ng1-f3", "g1f3"]);
/// assert_eq!("problem".parse::<MoveStyle>().unwrap(), MoveStyle::Problem);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum MoveStyle {
    /// PGN's Standard Algebraic Notation: `Nf3`, `exd6`, `e8=Q`, `O-O`, `Qxf7#`.
    #[default]
    San,
    /// FIDE Appendix E as the FIDE Laws show it: `Sf3`, `exd6 e.p.`, `d8D`, `0-0`, `De3+`, `#` (or `++`).
    Fide,
    /// Long algebraic: `e2-e4`, `Ng1-f3`, `Bf1xb5`, `e7-e8=Q`, `O-O`.
    Lan,
    /// Problem notation (German problem-chess conventions): `Be2-e4`, `Be2:d3`, `Bd5:e6 e.p.`, `Be7-e8=D`, `0-0`, `Td3-d6#`, `Df4:f8=`.
    Problem,
    /// UCI: `e2e4`, `e7e8q`, castling `e1g1` (or king takes rook, `e1h1`).
    Uci,
}

impl MoveStyle {
    /// Every style.
    pub const ALL: [MoveStyle; 5] =
        [MoveStyle::San, MoveStyle::Fide, MoveStyle::Lan, MoveStyle::Problem, MoveStyle::Uci];

    /// The name `--notation` takes.
    ///
    /// ```
    /// use forsyth::notation::MoveStyle;
    /// let names: Vec<&str> = MoveStyle::ALL.iter().map(|s| s.name()).collect();
    /// assert_eq!(names, ["san", "fide", "lan", "problem", "uci"]);
    /// assert_eq!(MoveStyle::Fide.name().parse::<MoveStyle>().unwrap(), MoveStyle::Fide);
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            MoveStyle::San => "san",
            MoveStyle::Fide => "fide",
            MoveStyle::Lan => "lan",
            MoveStyle::Problem => "problem",
            MoveStyle::Uci => "uci",
        }
    }
}

impl fmt::Display for MoveStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads a style's name ([`MoveStyle::name`]) in any case.
impl FromStr for MoveStyle {
    type Err = UnknownStyle;
    fn from_str(s: &str) -> Result<MoveStyle, UnknownStyle> {
        MoveStyle::ALL
            .into_iter()
            .find(|st| st.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownStyle(s.to_string()))
    }
}

/// A name that is no [`MoveStyle`]'s.
///
/// ```
/// use forsyth::notation::styles::MoveStyle;
/// let err = "algebraic".parse::<MoveStyle>().unwrap_err();
/// assert_eq!(err.code(), "notation.unknown");
/// assert_eq!(err.to_string(), "unknown notation 'algebraic' (use san, fide, lan, problem or uci)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStyle(pub String);

impl UnknownStyle {
    /// A stable identifier: `notation.unknown`.
    ///
    /// ```
    /// use forsyth::notation::MoveStyle;
    /// assert_eq!("descriptive".parse::<MoveStyle>().unwrap_err().code(), "notation.unknown");
    /// ```
    pub const fn code(&self) -> &'static str {
        "notation.unknown"
    }
}

impl fmt::Display for UnknownStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown notation '{}' (use san, fide, lan, problem or uci)", self.0)
    }
}

impl std::error::Error for UnknownStyle {}
