//! Move lists as people write them (`1.e4 e5 2.Sf3`): cut into moves, then read leniently and written again in
//! another notation or language, stopping at the first move that cannot be played. The CLI's `translate` and
//! `play` and the web page's moves panel share this.
//!
//! ```
//! use forsyth::Position;
//! use forsyth::notation::score::{move_texts, translate};
//! use forsyth::notation::{MoveReadOptions, MoveStyle, MoveWriteOptions};
//! let texts = move_texts(["1.e4 e5 2.Nf3"]);
//! assert_eq!(texts, ["e4", "e5", "Nf3"]);
//! let lan = MoveWriteOptions::new(MoveStyle::Lan);
//! let t = translate(&mut Position::default(), &texts, &MoveReadOptions::default(), &lan);
//! assert_eq!(t.score, "1.e2-e4 e7-e5 2.Ng1-f3");
//! assert!(t.error.is_none());
//! ```

use std::fmt;

use super::read::{MoveReadOptions, en_passant_word, parse_move};
use super::styles::{MoveStyle, MoveWriteOptions, write_move};
use crate::{Move, Position};

/// The moves of a move list or game score, one text per move: move numbers (`1.`, `11...`, also `1.e4`) and
/// results are dropped, and an `e.p.` (with a check sign after it, `e.p.+`) or a draw offer `(=)` written apart joins
/// its move.
///
/// ```
/// use forsyth::notation::score::move_texts;
/// let texts = move_texts(["1.e4 e5 2. Sf3 6.exd6 e.p. Sxd6 10.0-0-0 Te8 11.Kb1 (=) 11...Kb8 12.fxe3 e.p.+ 0-1"]);
/// assert_eq!(texts, ["e4", "e5", "Sf3", "exd6 e.p.", "Sxd6", "0-0-0", "Te8", "Kb1 (=)", "Kb8", "fxe3 e.p.+"]);
/// ```
pub fn move_texts<'a>(words: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in words.into_iter().flat_map(str::split_whitespace) {
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let word =
            if digits > 0 && word[digits..].starts_with('.') { word[digits..].trim_start_matches('.') } else { word };
        if word.is_empty() || matches!(word, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") {
            continue;
        }
        let attached = word == "(=)" || en_passant_word(word).is_some() || word.starts_with(['!', '?']);
        match out.last_mut() {
            Some(last) if attached => {
                last.push(' ');
                last.push_str(word);
            }
            _ => out.push(word.to_string()),
        }
    }
    out
}

/// Assessment signs by numeric annotation glyph (PGN standard, NAGs 1 to 6).
const GLYPHS: [&str; 7] = ["", "!", "?", "!!", "??", "!?", "?!"];

/// One move of a [`Translation`]: the move and how it is written.
///
/// ```
/// use forsyth::notation::score::{TranslatedMove, translate};
/// use forsyth::notation::{Language, Letters, MoveReadOptions, MoveStyle, MoveWriteOptions};
/// use forsyth::{Move, Position, Square};
/// let german = MoveWriteOptions::new(MoveStyle::San).with_letters(Letters::language(Language::De));
/// let t = translate(&mut Position::default(), &["Nf3!".to_string()], &MoveReadOptions::default(), &german);
/// assert_eq!(t.moves, [TranslatedMove { mv: Move::new(Square::G1, Square::F3), written: "Sf3!".to_string() }]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TranslatedMove {
    /// The move played ([`Move::NULL`] for a null move).
    pub mv: Move,
    /// The move in the notation asked for, with its assessment sign and draw offer.
    pub written: String,
}

/// The first move of a list that could not be played, and where it stands.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::score::{move_texts, translate};
/// use forsyth::notation::{MoveReadOptions, MoveWriteOptions};
/// let texts = move_texts(["1.e4 e5 2.Nf6"]);
/// let t = translate(&mut Position::default(), &texts, &MoveReadOptions::default(), &MoveWriteOptions::default());
/// let err = t.error.unwrap();
/// assert_eq!((err.index, err.number, err.white, err.code), (3, 2, true, "move.unreachable"));
/// assert_eq!(err.to_string(), "move 3 (2.) 'Nf6': no white knight can reach f6 [move.unreachable]");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TranslationError {
    /// 1-based index of the move in the list.
    pub index: usize,
    /// The move number the move would have in the game.
    pub number: u32,
    /// Whether it was White's move.
    pub white: bool,
    /// The move as written.
    pub text: String,
    /// A stable code: a [`MoveError::code`](super::MoveError::code), or `move.null-in-check`.
    pub code: &'static str,
    /// Why it cannot be played.
    pub reason: String,
}

/// `move 3 (2.) 'Sf6': no white knight can reach f6 [move.unreachable]`.
impl fmt::Display for TranslationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.white { "." } else { "..." };
        write!(f, "move {} ({}{dots}) '{}': {} [{}]", self.index, self.number, self.text, self.reason, self.code)
    }
}

impl std::error::Error for TranslationError {}

/// A move list written again: the moves that could be played, as a numbered score, and the first that could not.
///
/// ```
/// use forsyth::notation::score::{move_texts, translate};
/// use forsyth::notation::{MoveReadOptions, MoveStyle, MoveWriteOptions};
/// use forsyth::Position;
/// let mut pos = Position::default();
/// let uci = MoveWriteOptions::new(MoveStyle::Uci);
/// let t = translate(&mut pos, &move_texts(["1.e4 e5 2.Ke2"]), &MoveReadOptions::default(), &uci);
/// assert_eq!((t.score.as_str(), t.moves.len(), t.error), ("1.e2e4 e7e5 2.e1e2", 3, None));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Translation {
    /// The moves played, in order.
    pub moves: Vec<TranslatedMove>,
    /// The moves as a numbered game score on one line (`1.e4 e5 2.Nf3`, `5...Nc6` when Black starts).
    pub score: String,
    /// The first move that could not be played; the moves before it are in `moves`.
    pub error: Option<TranslationError>,
}

/// A game score being written on one line: the number before each of White's moves, and before the first move
/// when Black makes it (`5...Nc6 6.Nf3`). [`translate`] writes its score with it; so does the CLI for positions with
/// fairy pieces.
///
/// ```
/// use forsyth::notation::score::Score;
/// let mut score = Score::default();
/// score.push(5, false, "Nc6");
/// score.push(6, true, "Nf3");
/// score.push(6, false, "d6");
/// assert_eq!(score.as_str(), "5...Nc6 6.Nf3 d6");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    text: String,
}

impl Score {
    /// Adds a move written `written`, the move of number `number` by White (`white`) or Black.
    ///
    /// ```
    /// use forsyth::notation::score::Score;
    /// let mut score = Score::default();
    /// score.push(1, true, "e4");
    /// score.push(1, false, "e5");
    /// assert_eq!(score.as_str(), "1.e4 e5");
    /// ```
    pub fn push(&mut self, number: u32, white: bool, written: &str) {
        let first = self.text.is_empty();
        if !first {
            self.text.push(' ');
        }
        if white {
            self.text.push_str(&format!("{number}."));
        } else if first {
            self.text.push_str(&format!("{number}..."));
        }
        self.text.push_str(written);
    }

    /// The score written so far.
    ///
    /// ```
    /// use forsyth::notation::score::Score;
    /// let mut score = Score::default();
    /// assert_eq!(score.as_str(), "");
    /// score.push(12, false, "Kb8");
    /// assert_eq!(score.as_str(), "12...Kb8");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

/// Plays `texts` from `pos` (which is left after the last move played), reading them with `read` and writing them
/// with `write`.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::{Language, Letters, MoveReadOptions, MoveStyle, MoveWriteOptions};
/// use forsyth::notation::score::{move_texts, translate};
/// let mut pos = Position::default();
/// let read = MoveReadOptions::with_letters(Letters::language(Language::De));
/// let t = translate(&mut pos, &move_texts(["1.e4 e5 2.Sf3 Sf6 3.Lc4 Lxe4"]), &read, &MoveWriteOptions::new(MoveStyle::San));
/// assert_eq!(t.score, "1.e4 e5 2.Nf3 Nf6 3.Bc4");
/// let error = t.error.unwrap();
/// assert_eq!(error.to_string(), "move 6 (3...) 'Lxe4': no black bishop can reach e4 [move.unreachable]");
/// ```
pub fn translate(
    pos: &mut Position,
    texts: &[String],
    read: &MoveReadOptions,
    write: &MoveWriteOptions,
) -> Translation {
    let mut translation = Translation::default();
    let mut score = Score::default();
    for (i, text) in texts.iter().enumerate() {
        let number = pos.fullmoves();
        let white = pos.turn().is_white();
        let error = |code, reason| TranslationError { index: i + 1, number, white, text: text.clone(), code, reason };
        let read = match parse_move(pos, text, read) {
            Ok(read) => read,
            Err(e) => {
                translation.error = Some(error(e.code(), e.reason()));
                break;
            }
        };
        let mut written = write_move(pos, read.mv, write);
        if write.style != MoveStyle::Uci {
            if let Some(nag) = read.nag {
                written.push_str(GLYPHS.get(nag as usize).copied().unwrap_or(""));
            }
            if read.draw_offer {
                written.push_str(" (=)");
            }
        }
        if read.mv.is_null() {
            if let Err(e) = pos.play_null() {
                translation.error = Some(error("move.null-in-check", e.reason.to_string()));
                break;
            }
        } else {
            pos.play_unchecked(read.mv);
        }
        score.push(number, white, &written);
        translation.moves.push(TranslatedMove { mv: read.mv, written });
    }
    translation.score = score.text;
    translation
}
