//! How a problem's play starts, as Popeye reads it: who moves first (from the stipulation and the option
//! `WhiteToPlay`), and the options that change the position itself — `NoCastling` (pieces that may no longer
//! castle) and `EnPassant` (the double step just played). Popeye's other options (`Try`, `SetPlay`, `Defence 1`,
//! ...) concern solving: they are recognised, so that a misspelt option is an error rather than a castling right
//! kept in silence, and otherwise left to the text. Option names as Popeye 4.104 spells them in English and German
//! (its `language_dependant.c`, `OptString`), in any case and abbreviated to a unique prefix, as Popeye reads them.
//!
//! ```
//! use forsyth::{Color, Square};
//! use forsyth::problem::start::{PopeyeOptions, first_mover};
//! assert_eq!(first_mover(Some("#2"), false), Color::White);
//! assert_eq!(first_mover(Some("h#2"), false), Color::Black);
//! assert_eq!(first_mover(Some("h#2.5"), false), Color::White);
//! let options = PopeyeOptions::read(&["Try NoCastling a1e8 EnPassant d7d6d5".to_string()])?;
//! assert_eq!(options.no_castling, [Square::A1, Square::E8]);
//! assert_eq!(options.en_passant, Some(Square::D6));
//! assert!(PopeyeOptions::read(&["NoKastling a1".to_string()]).is_err());
//! # Ok::<(), forsyth::problem::start::OptionError>(())
//! ```

use std::fmt;

use crate::piece_kind::PopeyeLanguage;
use crate::{Color, Square};

/// Popeye's options, English and German, in the order of its table.
const OPTIONS: [(&str, &str); 39] = [
    ("Defence", "Widerlegung"),
    ("SetPlay", "Satzspiel"),
    ("WhiteToPlay", "WeissBeginnt"),
    ("Variations", "Varianten"),
    ("MoveNumbers", "Zugnummern"),
    ("StartMoveNumber", "StartZugnummer"),
    ("NoWk", "OhneWk"),
    ("Duplex", "Duplex"),
    ("NoBk", "OhneSk"),
    ("Threat", "Drohung"),
    ("NoThreat", "OhneDrohung"),
    ("Try", "Verfuehrung"),
    ("MaxSolutions", "MaxLoesungen"),
    ("MaxFlightsquares", "MaxFluchtFelder"),
    ("Search", "Suchen"),
    ("MultiSolutions", "MehrereLoesungen"),
    ("NoSymmetry", "KeineSymmetrie"),
    ("NonTrivial", "NichtTrivial"),
    ("KeepMatingPiece", "HalteMattsetzendenStein"),
    ("EnPassant", "EnPassant"),
    ("NoBoard", "OhneBrett"),
    ("NoShortVariations", "OhneKurzVarianten"),
    ("HalfDuplex", "HalbDuplex"),
    ("PostKeyPlay", "NachSchluessel"),
    ("Intelligent", "Intelligent"),
    ("MaxTime", "MaxZeit"),
    ("NoCastling", "KeineRochade"),
    ("Quodlibet", "Quodlibet"),
    ("StopOnShortSolutions", "StopNachKurzloesungen"),
    ("Beep", "Pieps"),
    ("SuppressGrid", "OhneGitter"),
    ("WriteGrid", "ZeichneGitter"),
    ("CastlingMutuallyExclusive", "RochadenGegenseitigAusschliessend"),
    ("GoalIsEnd", "ZielIstEnde"),
    ("unpublishedoption", "nichtpublizierteoption"),
    ("NullMoves", "NullZuege"),
    ("UpToMoveNumber", "BisZugnummer"),
    ("TrivialTriesAvoid", "TrivialeFehlversucheUnterdruecken"),
    ("MatesIn1", "MattsIn1"),
];

const WHITE_TO_PLAY: usize = 2;
const EN_PASSANT: usize = 19;
const NO_CASTLING: usize = 26;
const LAST_CAPTURE: &str = "LastCapture";

/// Who moves first under a stipulation, as Popeye decides it: in help play (`h#2`, `h=3`) and in series where the
/// defending side plays the series (`ser-h#5`, `ser-hs#4`, `pser-h#3`) Black; otherwise White (`#2`, `s#3`,
/// `hs#2`, `hr#2`, `ser-#5`, `~1`). In help play a half move (`h#2.5`) and the option `WhiteToPlay` each give the
/// first move to the other side. No stipulation: White.
///
/// ```
/// use forsyth::Color;
/// use forsyth::problem::start::first_mover;
/// assert_eq!(first_mover(Some("ser-h#5"), false), Color::Black);
/// assert_eq!(first_mover(Some("hs#2"), false), Color::White);
/// assert_eq!(first_mover(Some("h#2"), true), Color::White);
/// assert_eq!(first_mover(None, false), Color::White);
/// ```
pub fn first_mover(stipulation: Option<&str>, white_to_play: bool) -> Color {
    let Some(text) = stipulation.map(str::trim) else { return Color::White };
    let lower = text.to_ascii_lowercase();
    let (series, body) = match lower.split_once("ser-") {
        Some((prefix, body)) if prefix.chars().all(|c| c.is_ascii_alphabetic()) => (true, body),
        _ => (false, lower.as_str()),
    };
    if series {
        return if body.starts_with('h') { Color::Black } else { Color::White };
    }
    if !body.starts_with('h') {
        return Color::White;
    }
    let mut black = !(body.starts_with("hs") || body.starts_with("hr"));
    black ^= body.ends_with(".5");
    black ^= white_to_play;
    if black { Color::Black } else { Color::White }
}

/// What a problem's `Option` lines say about its position.
///
/// ```
/// use forsyth::problem::start::PopeyeOptions;
/// let options = PopeyeOptions::read(&["SetPlay WhiteToPlay".to_string()])?;
/// assert_eq!(options, PopeyeOptions { white_to_play: true, ..PopeyeOptions::default() });
/// # Ok::<(), forsyth::problem::start::OptionError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PopeyeOptions {
    /// `NoCastling`: the squares of the pieces that may no longer castle (a king's square: neither of its rooks),
    /// written as one word (`a1h8`) as Popeye reads them; squares apart (`a1 h8`) are read too.
    pub no_castling: Vec<Square>,
    /// `EnPassant`: the square the double step just played passed over (the middle one of its three squares).
    pub en_passant: Option<Square>,
    /// `WhiteToPlay`: in help play, the other side moves first.
    pub white_to_play: bool,
}

impl PopeyeOptions {
    /// Reads the options of `Option` lines (several options on a line, as Popeye allows).
    ///
    /// ```
    /// use forsyth::Square;
    /// use forsyth::problem::start::PopeyeOptions;
    /// // German names, abbreviated to a unique prefix, over two lines.
    /// let options = PopeyeOptions::read(&["KeineRoch a1 h1".to_string(), "weissbeg".to_string()])?;
    /// assert_eq!(options.no_castling, [Square::A1, Square::H1]);
    /// assert!(options.white_to_play);
    /// # Ok::<(), forsyth::problem::start::OptionError>(())
    /// ```
    pub fn read(lines: &[String]) -> Result<PopeyeOptions, OptionError> {
        let mut options = PopeyeOptions::default();
        for line in lines {
            let words = classify(line)?;
            for (at, &(option, _)) in words.iter().enumerate() {
                // The squares after the option: `a1h1`, or `a1 h1`.
                let squares = || {
                    let arguments = words[at + 1..].iter().take_while(|(option, _)| option.is_none());
                    arguments.filter_map(|(_, word)| squares_of(word)).flatten().collect::<Vec<_>>()
                };
                match option {
                    Some(WHITE_TO_PLAY) => options.white_to_play = true,
                    Some(NO_CASTLING) => options.no_castling.extend(squares()),
                    Some(EN_PASSANT) => options.en_passant = Some(passed_square(&squares())?),
                    _ => {}
                }
            }
        }
        Ok(options)
    }

    /// The `Option` line that states what a position's castling rights and en-passant square are when Popeye's
    /// defaults are not (castling wherever king and rook stand on their squares of the game array; no en passant),
    /// or `None`: `NoCastling` with the squares of `lost` (rooks on their squares, beside their king on its square,
    /// that have no castling right), `EnPassant` with the double step to `ep` that `turn`'s opponent just played.
    /// [`PopeyeOptions::read`] reads it back.
    ///
    /// ```
    /// use forsyth::problem::start::PopeyeOptions;
    /// use forsyth::{Color, Square};
    /// // Black to move after White's e2-e4, and the rook on h1 may no longer castle.
    /// let line = PopeyeOptions::line(&[Square::H1], Some(Square::E3), Color::Black).unwrap();
    /// assert_eq!(line, "NoCastling h1 EnPassant e2e3e4");
    /// assert_eq!(PopeyeOptions::read(&[line])?.en_passant, Some(Square::E3));
    /// assert_eq!(PopeyeOptions::line(&[], None, Color::White), None);
    /// # Ok::<(), forsyth::problem::start::OptionError>(())
    /// ```
    pub fn line(lost: &[Square], ep: Option<Square>, turn: Color) -> Option<String> {
        let mut words = Vec::new();
        if !lost.is_empty() {
            // Popeye reads the squares as one word.
            words.push(format!(
                "{} {}",
                OPTIONS[NO_CASTLING].0,
                lost.iter().map(Square::to_string).collect::<String>()
            ));
        }
        if let Some(ep) = ep {
            let step = if turn.is_white() { 1 } else { -1 };
            let standard = crate::BoardShape::Standard;
            if let (Some(from), Some(to)) = (ep.offset(0, step, standard), ep.offset(0, -step, standard)) {
                words.push(format!("{} {from}{ep}{to}", OPTIONS[EN_PASSANT].0));
            }
        }
        (!words.is_empty()).then(|| words.join(" "))
    }
}

/// The words of an `Option` line, each with the option it names (`None`: an argument of the option before it, a
/// number or squares, or what follows `LastCapture`); an error for a word that is neither.
fn classify(line: &str) -> Result<Vec<(Option<usize>, &str)>, OptionError> {
    let mut words = Vec::new();
    let mut arguments_left = 0;
    for word in line.split_whitespace() {
        if arguments_left > 0 {
            arguments_left -= 1;
            words.push((None, word));
        } else if word.eq_ignore_ascii_case(LAST_CAPTURE) {
            // A colour and a piece on its square follow: not option names, whatever they look like.
            arguments_left = 2;
            words.push((None, word));
        } else if is_argument(word) {
            words.push((None, word));
        } else {
            words.push((Some(option_of(word).ok_or_else(|| OptionError::Unknown(word.to_string()))?), word));
        }
    }
    Ok(words)
}

/// An `Option` line with every option name written out in `language` (`nocast a1` → `NoCastling a1`,
/// `KeineRochade a1` in German), arguments as they are; `None` if a word names no option.
///
/// ```
/// use forsyth::problem::popeye::PopeyeLanguage;
/// use forsyth::problem::start::normalised;
/// assert_eq!(normalised("varianten enpassant g7g6g5", PopeyeLanguage::English).unwrap(), "Variations EnPassant g7g6g5");
/// assert_eq!(normalised("Try NoCastling a1", PopeyeLanguage::German).unwrap(), "Verfuehrung KeineRochade a1");
/// assert_eq!(normalised("Frobnicate", PopeyeLanguage::English), None);
/// ```
pub fn normalised(line: &str, language: PopeyeLanguage) -> Option<String> {
    let words = classify(line).ok()?;
    let name = |i: usize| match language {
        PopeyeLanguage::English => OPTIONS[i].0,
        PopeyeLanguage::German => OPTIONS[i].1,
    };
    let written: Vec<&str> = words.iter().map(|&(option, word)| option.map_or(word, name)).collect();
    Some(written.join(" "))
}

/// The option a word names, in English or German: the exact name, else the one name it is a prefix of.
fn option_of(word: &str) -> Option<usize> {
    let names = |i: usize| [OPTIONS[i].0, OPTIONS[i].1];
    if let Some(i) = (0..OPTIONS.len()).find(|&i| names(i).iter().any(|n| n.eq_ignore_ascii_case(word))) {
        return Some(i);
    }
    let prefix_of = |n: &str| n.len() >= word.len() && n[..word.len()].eq_ignore_ascii_case(word);
    let mut matching = (0..OPTIONS.len()).filter(|&i| names(i).iter().any(|n| prefix_of(n)));
    match (matching.next(), matching.next()) {
        (Some(i), None) => Some(i),
        _ => None,
    }
}

/// A number or squares: the argument of the option before it (`Defence 1`, `NonTrivial 0 1`, `a1h1`).
fn is_argument(word: &str) -> bool {
    word.bytes().all(|b| b.is_ascii_digit()) || squares_of(word).is_some()
}

/// Squares written one after another, `a1`, `a1h1`, `d2d3d4`.
fn squares_of(word: &str) -> Option<Vec<Square>> {
    let bytes = word.as_bytes();
    if bytes.is_empty() || !bytes.len().is_multiple_of(2) {
        return None;
    }
    bytes.chunks(2).map(|pair| std::str::from_utf8(pair).ok()?.parse::<Square>().ok()).collect()
}

/// The square a double step passed over: `EnPassant` gives departure, passed square(s) and arrival.
fn passed_square(squares: &[Square]) -> Result<Square, OptionError> {
    match squares {
        [from, passed, to] if from.file() == to.file() && from.rank().index().abs_diff(to.rank().index()) == 2 => {
            Ok(*passed)
        }
        _ => Err(OptionError::EnPassant(squares.iter().map(Square::to_string).collect())),
    }
}

/// An `Option` line that cannot be read.
///
/// ```
/// use forsyth::problem::start::{OptionError, PopeyeOptions};
/// let err = PopeyeOptions::read(&["NoKastling a1".to_string()]).unwrap_err();
/// assert_eq!(err, OptionError::Unknown("NoKastling".to_string()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OptionError {
    /// A word that names no Popeye option.
    Unknown(String),
    /// `EnPassant` without the three squares of a double step.
    EnPassant(String),
}

impl OptionError {
    /// A stable identifier, listed in docs/errors.md.
    ///
    /// ```
    /// use forsyth::problem::start::PopeyeOptions;
    /// let read = |line: &str| PopeyeOptions::read(&[line.to_string()]);
    /// assert_eq!(read("NoKastling a1").unwrap_err().code(), "problem.option");
    /// // A double step has three squares: from, passed, to.
    /// assert_eq!(read("EnPassant d7d5").unwrap_err().code(), "problem.option-en-passant");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            OptionError::Unknown(_) => "problem.option",
            OptionError::EnPassant(_) => "problem.option-en-passant",
        }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(word) => write!(
                f,
                "'{word}' is no Popeye option (NoCastling, EnPassant, WhiteToPlay, Try, SetPlay, Defence, ... in \
                 English or German, abbreviated to a unique prefix)"
            ),
            OptionError::EnPassant(squares) => write!(
                f,
                "EnPassant needs the three squares of the double step just played, e.g. 'EnPassant d7d6d5' (got \
                 '{squares}')"
            ),
        }
    }
}

impl std::error::Error for OptionError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_name_is_read_whole_and_abbreviated() {
        for (i, (en, de)) in OPTIONS.iter().enumerate() {
            assert_eq!(option_of(en), Some(i), "{en}");
            assert_eq!(option_of(de), Some(i), "{de}");
            assert_eq!(option_of(&en.to_ascii_uppercase()), Some(i), "{en}");
        }
        assert_eq!(option_of("nocast"), Some(NO_CASTLING));
        assert_eq!(option_of("weiss"), Some(WHITE_TO_PLAY));
        // `No` begins several options: no unique prefix.
        assert_eq!(option_of("No"), None);
    }

    #[test]
    fn the_written_line_reads_back() {
        let line = PopeyeOptions::line(&[Square::A1, Square::H8], Some(Square::E6), Color::White).unwrap();
        assert_eq!(line, "NoCastling a1h8 EnPassant e7e6e5");
        let read = PopeyeOptions::read(&[line]).unwrap();
        assert_eq!(read.no_castling, [Square::A1, Square::H8]);
        assert_eq!(read.en_passant, Some(Square::E6));
    }
}
