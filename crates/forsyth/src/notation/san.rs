//! Standard Algebraic Notation (the PGN standard, §8.2.3) and its localised forms: a move as written, parsed
//! without a position ([`San`]) and resolved against one ([`San::to_move`]); and the SAN of a legal move
//! ([`write_san`]).
//!
//! ```
//! use forsyth::{Position, san::San};
//! use forsyth::notation::letters::Language;
//! let pos = Position::default();
//! let san = San::parse_in("Sf3", Language::De)?;
//! let m = san.to_move(&pos)?;
//! assert_eq!(m.to_string(), "g1f3");
//! assert_eq!(San::from_move(&pos, m).to_string(), "Nf3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::{Move, Position};

use super::error::MoveError;
use super::letters::Letters;
use super::read::{MoveReadOptions, Parsed, ReadMove, read_syntax, resolve_read, trim};
use super::styles::{MoveStyle, MoveWriteOptions, write_move, write_move_into};

pub use super::disambiguation::{Disambiguation, disambiguation};

/// A move as written in any algebraic style and language (SAN, FIDE algebraic with local letters, long
/// algebraic, problem notation, figurines, UCI), read without a position; [`San::to_move`] finds the legal move
/// it names in one.
///
/// ```
/// use forsyth::{Position, san::San};
/// use forsyth::notation::letters::Language;
/// use forsyth::notation::styles::{MoveStyle, MoveWriteOptions};
/// let pos: Position = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".parse()?;
/// let m = "Bb5".parse::<San>()?.to_move(&pos)?;
/// assert_eq!(San::parse_in("Lb5", Language::De)?.to_move(&pos)?, m);
/// let german = MoveWriteOptions::new(MoveStyle::Problem).with_letters(Language::De.into());
/// assert_eq!(San::from_move_with(&pos, m, &german).to_string(), "Lf1-b5");
/// assert!("Bb9".parse::<San>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct San {
    /// The text, trimmed.
    text: String,
    /// What the text was read as.
    parsed: Parsed,
    /// The letters it was read in, and whether only canonical text of one style resolves.
    options: MoveReadOptions,
}

impl San {
    /// Reads a move written in these letters (a [`Language`](super::letters::Language) converts into its
    /// letters); figurines are always read.
    ///
    /// ```
    /// use forsyth::{Position, san::San};
    /// use forsyth::notation::letters::Language;
    /// // French letters: C (cavalier) is the knight.
    /// let m = San::parse_in("Cf3", Language::Fr).unwrap().to_move(&Position::default()).unwrap();
    /// assert_eq!(m.to_string(), "g1f3");
    /// // Figurines whatever the language.
    /// assert_eq!(San::parse_in("♘f3", Language::De).unwrap().to_move(&Position::default()).unwrap(), m);
    /// ```
    pub fn parse_in(text: &str, letters: impl Into<Letters>) -> Result<San, MoveError> {
        San::parse_with(text, &MoveReadOptions::with_letters(letters.into()))
    }

    /// Reads a move with these options; with [`MoveReadOptions::strict`], [`San::to_move`] also demands the canonical
    /// text of the options' style.
    ///
    /// ```
    /// use forsyth::{Position, san::San};
    /// use forsyth::notation::read::MoveReadOptions;
    /// use forsyth::notation::styles::MoveStyle;
    /// let pos = Position::default();
    /// let strict = MoveReadOptions::strict(MoveStyle::San, Default::default());
    /// assert!(San::parse_with("Nf3", &strict).unwrap().to_move(&pos).is_ok());
    /// // Long algebraic names the same move, but strict SAN refuses it.
    /// assert!(San::parse_with("Ng1-f3", &strict).unwrap().to_move(&pos).is_err());
    /// assert!(San::parse_with("Ng1-f3", &MoveReadOptions::default()).unwrap().to_move(&pos).is_ok());
    /// ```
    pub fn parse_with(text: &str, options: &MoveReadOptions) -> Result<San, MoveError> {
        let text = trim(text);
        let mut parsed = Parsed::default();
        read_syntax(text, &options.letters, &mut parsed)?;
        Ok(San { text: text.to_string(), parsed, options: *options })
    }

    /// The canonical SAN of a legal move (or the null move) in `pos`: `Nf3`, `exd6`, `O-O`, `e8=Q#`, `--`.
    ///
    /// ```
    /// use forsyth::{Move, Position, Square, san::San};
    /// let pos: Position = "6k1/5ppp/8/8/8/8/8/R3K2R w KQ - 0 1".parse().unwrap();
    /// assert_eq!(San::from_move(&pos, Move::castle(Square::E1, Square::H1)).to_string(), "O-O");
    /// assert_eq!(San::from_move(&pos, Move::new(Square::A1, Square::A8)).to_string(), "Ra8#");
    /// ```
    pub fn from_move(pos: &Position, m: Move) -> San {
        San::from_move_with(pos, m, &MoveWriteOptions::new(MoveStyle::San))
    }

    /// A legal move (or the null move) in `pos` written in any style and letters; it reads back in the same
    /// letters.
    ///
    /// ```
    /// use forsyth::{Move, Position, Square, san::San};
    /// use forsyth::notation::styles::{MoveStyle, MoveWriteOptions};
    /// let pos = Position::default();
    /// let long = MoveWriteOptions::new(MoveStyle::Lan);
    /// assert_eq!(San::from_move_with(&pos, Move::new(Square::G1, Square::F3), &long).to_string(), "Ng1-f3");
    /// ```
    pub fn from_move_with(pos: &Position, m: Move, options: &MoveWriteOptions) -> San {
        let text = write_move(pos, m, options);
        let read = MoveReadOptions::with_letters(options.letters);
        let mut parsed = Parsed::default();
        // What forsyth writes it reads back (the notation round-trip tests hold every style and language to it).
        let read_back = read_syntax(&text, &read.letters, &mut parsed);
        debug_assert!(read_back.is_ok(), "{text} does not read back: {read_back:?}");
        San { text, parsed, options: read }
    }

    /// The legal move of the side to move in `pos` that the text names.
    ///
    /// ```
    /// use forsyth::{Move, Position, Square, san::San};
    /// let pos = Position::default();
    /// assert_eq!("e4".parse::<San>().unwrap().to_move(&pos).unwrap(), Move::new(Square::E2, Square::E4));
    /// // No white knight reaches e4 from the start position.
    /// assert!("Ne4".parse::<San>().unwrap().to_move(&pos).is_err());
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, MoveError> {
        self.read(pos).map(|read| read.mv)
    }

    /// The legal move with what surrounded it: an assessment glyph, a draw offer, and what the lenient reader
    /// changed to reach canonical SAN.
    ///
    /// ```
    /// use forsyth::{Position, san::San};
    /// let read = "e4!?".parse::<San>().unwrap().read(&Position::default()).unwrap();
    /// assert_eq!(read.mv.to_string(), "e2e4");
    /// assert_eq!(read.nag, Some(5)); // `!?`, NAG 5 in the PGN standard
    /// ```
    pub fn read(&self, pos: &Position) -> Result<ReadMove, MoveError> {
        resolve_read(pos, &self.text, &self.parsed, &self.options)
    }

    /// The text as written (trimmed).
    ///
    /// ```
    /// use forsyth::san::San;
    /// assert_eq!("  Nf3  ".parse::<San>().unwrap().as_str(), "Nf3");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

/// Reads a move in English letters, leniently, as [`San::parse_in`] does.
impl FromStr for San {
    type Err = MoveError;
    fn from_str(s: &str) -> Result<San, MoveError> {
        San::parse_with(s, &MoveReadOptions::default())
    }
}

/// The text as written.
impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The SAN of a legal move, with `+` or `#`: `Nf3`, `exd6`, `O-O-O`, `e8=Q+`, `Nbd7`, `--` for the null move.
///
/// ```
/// use forsyth::{Move, Position, Square};
/// use forsyth::notation::san::write_san;
/// let pos = Position::default();
/// assert_eq!(write_san(&pos, Move::new(Square::G1, Square::F3)), "Nf3");
/// ```
pub fn write_san(pos: &Position, m: Move) -> String {
    let mut out = String::with_capacity(8);
    write_san_into(pos, m, &mut out);
    out
}

/// Appends the SAN of a legal move to `out` (no allocation if `out` has room).
///
/// ```
/// use forsyth::{Move, Position, Square};
/// use forsyth::notation::san::write_san_into;
/// let pos = Position::default();
/// let mut out = String::from("1. ");
/// write_san_into(&pos, Move::new(Square::E2, Square::E4), &mut out);
/// assert_eq!(out, "1. e4");
/// ```
pub fn write_san_into(pos: &Position, m: Move, out: &mut String) {
    write_move_into(pos, m, &MoveWriteOptions::new(MoveStyle::San), out);
}
