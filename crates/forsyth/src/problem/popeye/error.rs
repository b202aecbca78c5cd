//! What can be wrong with a Popeye input and with the problem it describes.

use std::fmt;

use super::keywords::all_keywords;
use super::{Attribute, PlacedPiece};
use crate::PositionError;
use crate::Square;
use crate::general::GeneralError;
use crate::piece_kind::{FAIRY_PIECES, PopeyeLanguage};
use crate::problem::start::OptionError;

/// What is wrong with a Popeye input.
///
/// ```
/// use forsyth::Square;
/// use forsyth::problem::popeye::{self, PopeyeErrorKind};
/// let error = popeye::parse("BeginProblem Pieces White Ke1 Black Ke1 EndProblem").unwrap_err();
/// assert_eq!(error.kind, PopeyeErrorKind::Occupied(Square::E1));
/// let error = popeye::parse("BeginProblem Pieces White Ke1").unwrap_err();
/// assert_eq!(error.kind, PopeyeErrorKind::NoEnd);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PopeyeErrorKind {
    /// No `BeginProblem` (or `AnfangProblem`) where the input starts.
    NoBegin,
    /// The input ends before `EndProblem`.
    NoEnd,
    /// A word that is no keyword here, in the input's language.
    UnknownWord(String, PopeyeLanguage),
    /// A piece attribute (`Royal`, `Neutral` is a colour) after a piece rather than right after a colour.
    MisplacedAttribute(String),
    /// A word where a colour (`White`, `Black`, `Neutral`, `TotalInvisible`) must stand.
    NoColour(String),
    /// A piece code that names no piece of forsyth's catalogue in the input's language.
    UnknownPiece(String, PopeyeLanguage),
    /// A piece token without a square after its code, or a square off the board.
    BadSquare(String),
    /// A hunter (`Q/R`), which forsyth does not model.
    Unsupported(String),
    /// `TotalInvisible` without a number.
    BadNumber(String),
    /// Two pieces on one square.
    Occupied(Square),
}

/// A Popeye input that cannot be read, with its line and column.
///
/// ```
/// use forsyth::problem::popeye;
/// let e = popeye::parse("BeginProblem\nPieces White Kd2 ORc3\nEndProblem").unwrap_err(); // OR, the orix
/// assert_eq!((e.code(), e.line, e.column), ("popeye.unknown-piece", 2, 18));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PopeyeError {
    /// What is wrong.
    pub kind: PopeyeErrorKind,
    /// The line (1-based).
    pub line: usize,
    /// The column (1-based, in characters).
    pub column: usize,
}

impl PopeyeError {
    /// A stable identifier of the problem.
    ///
    /// ```
    /// use forsyth::problem::popeye;
    /// assert_eq!(popeye::parse("Pieces White Ke1").unwrap_err().code(), "popeye.no-begin");
    /// let error = popeye::parse("BeginProblem Pieces White Kz9 EndProblem").unwrap_err();
    /// assert_eq!((error.code(), error.line, error.column), ("popeye.bad-square", 1, 27));
    /// ```
    pub fn code(&self) -> &'static str {
        match self.kind {
            PopeyeErrorKind::NoBegin => "popeye.no-begin",
            PopeyeErrorKind::NoEnd => "popeye.no-end",
            PopeyeErrorKind::UnknownWord(..) => "popeye.unknown-word",
            PopeyeErrorKind::NoColour(_) => "popeye.no-colour",
            PopeyeErrorKind::MisplacedAttribute(_) => "popeye.attribute-place",
            PopeyeErrorKind::UnknownPiece(..) => "popeye.unknown-piece",
            PopeyeErrorKind::BadSquare(_) => "popeye.bad-square",
            PopeyeErrorKind::Unsupported(_) => "popeye.unsupported",
            PopeyeErrorKind::BadNumber(_) => "popeye.bad-number",
            PopeyeErrorKind::Occupied(_) => "popeye.occupied",
        }
    }
}

impl fmt::Display for PopeyeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match &self.kind {
            PopeyeErrorKind::NoBegin => f.write_str("a problem begins with BeginProblem (German AnfangProblem)"),
            PopeyeErrorKind::NoEnd => f.write_str("the input ends before EndProblem (German EndeProblem)"),
            PopeyeErrorKind::UnknownWord(w, language) => {
                let keywords = all_keywords(*language);
                match nearest(w, &keywords) {
                    Some(near) => write!(f, "'{w}' is no keyword here: did you mean {near}? ")?,
                    None => write!(f, "'{w}' is no keyword here. ")?,
                }
                write!(f, "Expected one of {} (or an abbreviation that names one)", keywords.join(", "))
            }
            PopeyeErrorKind::MisplacedAttribute(w) => write!(
                f,
                "'{w}' is a piece attribute: Popeye reads attributes right after a colour, before the pieces they \
                 belong to (White Royal Sd4, not White Sd4 Royal)"
            ),
            PopeyeErrorKind::NoColour(w) => {
                write!(f, "'{w}' is no colour: pieces are given after White, Black, Neutral or TotalInvisible")
            }
            PopeyeErrorKind::UnknownPiece(c, language) => {
                let codes: Vec<&str> = FAIRY_PIECES.iter().map(|p| p.popeye_code(*language)).collect();
                write!(
                    f,
                    "'{c}' is no piece code forsyth knows; the codes of this input's language: {}",
                    codes.join(" ")
                )
            }
            PopeyeErrorKind::BadSquare(t) => {
                write!(f, "'{t}' needs squares a1 to h8 after the piece code, like Kd2 or Pa2b2")
            }
            PopeyeErrorKind::Unsupported(w) => {
                write!(f, "'{w}' is a hunter (a piece moving forward as one piece, backward as another): not supported")
            }
            PopeyeErrorKind::BadNumber(t) => write!(f, "'{t}' is no number of invisible pieces"),
            PopeyeErrorKind::Occupied(sq) => write!(f, "two pieces on {sq}"),
        }
    }
}

impl std::error::Error for PopeyeError {}

/// Why a problem's position cannot be built or played.
///
/// ```
/// use forsyth::problem::popeye::{self, ProblemError};
/// let p = &popeye::parse("BeginProblem Pieces White Ke1 Black Ke8\nCondition Madrasi\nEndProblem")?[0];
/// assert_eq!(p.position().unwrap_err(), ProblemError::Condition("Madrasi".to_string()));
/// # Ok::<(), forsyth::problem::popeye::PopeyeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemError {
    /// A fairy condition forsyth does not play (its words), or any condition where the orthodox position was
    /// asked for: playing the problem by orthodox rules would change its meaning.
    Condition(String),
    /// A piece attribute (neutral, royal, kamikaze ...): forsyth plays none yet, and playing the problem by
    /// orthodox rules would change its meaning.
    Attribute(PlacedPiece, Attribute),
    /// A fairy piece where an orthodox position was asked for.
    FairyPiece(PlacedPiece),
    /// A piece without a Popeye code (a Betza definition, the unknown piece): Popeye's input cannot name it.
    NoPopeyeCode {
        /// Its letter.
        letter: char,
        /// Its name or definition.
        name: String,
        /// Its square.
        square: Square,
    },
    /// A board Popeye's input cannot state: other than 8×8, or a cylinder or torus.
    Board,
    /// The orthodox position is not legal.
    Position(PositionError),
    /// The general position is not legal.
    General(GeneralError),
    /// An `Option` line that is not Popeye's.
    Option(OptionError),
    /// More kinds of fairy pieces than a letter table has letters for.
    TooManyKinds {
        /// The problem's kinds of fairy pieces.
        kinds: usize,
        /// The first that got no letter.
        first_without_letter: String,
    },
}

impl ProblemError {
    /// A stable identifier, listed in docs/errors.md (the position's own for an illegal position).
    ///
    /// ```
    /// use forsyth::problem::popeye;
    /// let p = &popeye::parse("BeginProblem Pieces White Ke1 Black Ke8\nCondition Circe\nEndProblem")?[0];
    /// assert_eq!(p.position().unwrap_err().code(), "problem.condition");
    /// # Ok::<(), forsyth::problem::popeye::PopeyeError>(())
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            ProblemError::Condition(_) => "problem.condition",
            ProblemError::Attribute(..) => "problem.attribute",
            ProblemError::FairyPiece(_) => "problem.fairy-piece",
            ProblemError::NoPopeyeCode { .. } => "problem.no-popeye-code",
            ProblemError::Board => "problem.board",
            ProblemError::Position(e) => e.code(),
            ProblemError::General(e) => e.code(),
            ProblemError::Option(e) => e.code(),
            ProblemError::TooManyKinds { .. } => "problem.too-many-kinds",
        }
    }
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::Condition(c) => write!(
                f,
                "forsyth cannot play the condition '{c}' (it plays {} as a general position, with fairy pieces); \
                 the problem is read and can be drawn and converted, but not checked",
                crate::general::PLAYED_CONDITIONS.join(", ")
            ),
            ProblemError::Attribute(p, attribute) => write!(
                f,
                "forsyth cannot play {attribute} pieces yet (the {} on {}); the problem is read and can be drawn and \
                 converted, but not checked",
                p.kind.name.replace('-', " "),
                p.square
            ),
            ProblemError::FairyPiece(p) => write!(
                f,
                "the {} on {} is a fairy piece: an orthodox position cannot hold it (read it as a general position)",
                p.kind.name.replace('-', " "),
                p.square
            ),
            ProblemError::NoPopeyeCode { letter, name, square } => write!(
                f,
                "{letter} on {square} ({name}) has no Popeye code: declare a piece of the catalogue \
                 (grasshopper, nightrider, ...) to write it in Popeye's input"
            ),
            ProblemError::Board => {
                f.write_str("Popeye's input states the plain 8×8 board only (no other sizes, no cylinders)")
            }
            ProblemError::Position(e) => write!(f, "{e}"),
            ProblemError::General(e) => write!(f, "{e}"),
            ProblemError::Option(e) => write!(f, "{e}"),
            ProblemError::TooManyKinds { kinds, first_without_letter } => write!(
                f,
                "the problem has {kinds} kinds of fairy pieces, but a position's letter table has 19 letters for them \
                 (A to Z but K Q R B N P X): the {} and those after it get none, so the problem can be drawn and \
                 converted but not played",
                first_without_letter.replace('-', " ")
            ),
        }
    }
}

impl std::error::Error for ProblemError {}

/// The word of `words` nearest to `word` (at most two letters apart, ignoring case), for "did you mean".
fn nearest<'w>(word: &str, words: &[&'w str]) -> Option<&'w str> {
    let lower = word.to_ascii_lowercase();
    let distance = |candidate: &str| strsim::levenshtein(&lower, &candidate.to_ascii_lowercase());
    words.iter().map(|&w| (distance(w), w)).filter(|&(d, _)| d <= 2).min_by_key(|&(d, _)| d).map(|(_, w)| w)
}
