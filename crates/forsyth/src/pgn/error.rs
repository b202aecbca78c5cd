//! What can be wrong in a PGN game, and where.

use std::fmt;

/// The kind of a problem in a game; [`ErrorKind::code`] is stable and may be matched by scripts.
///
/// ```
/// use forsyth::pgn::{ErrorKind, Game, PgnReadOptions};
/// let err = Game::read_all("1. e4 e5 2. Ke3 *\n", &PgnReadOptions::default()).remove(0).unwrap_err();
/// assert_eq!((err.kind, err.kind.code()), (ErrorKind::IllegalMove, "illegal-move"));
/// let err = Game::read_all("1. e4 {unclosed *\n", &PgnReadOptions::default()).remove(0).unwrap_err();
/// assert_eq!(err.kind, ErrorKind::UnclosedComment);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A move that is not legal in the position before it.
    IllegalMove,
    /// A word in the movetext that is no move, number, result or annotation forsyth knows.
    UnreadableMove,
    /// A tag pair that does not follow `[Name "value"]`.
    BadTag,
    /// A `FEN` tag that cannot be read or describes no legal position.
    BadFen,
    /// A `Variant` tag naming a variant forsyth does not play.
    UnknownVariant,
    /// A `{` comment without its `}`.
    UnclosedComment,
    /// A `)` without its `(`, a `(` without its `)`, or a variation before any move.
    Variation,
    /// A character that cannot start any PGN token here.
    UnexpectedCharacter,
    /// A `$` not followed by a number from 0 to 255.
    BadNag,
    /// A result token inside a variation, or text after the result.
    MisplacedResult,
    /// Bytes that are not valid in the encoding the game was read with.
    Encoding,
    /// A game longer than [`super::MAX_GAME_BYTES`]: it is skipped, and the file goes on with the next game.
    GameTooLarge,
}

impl ErrorKind {
    /// A short, stable identifier.
    ///
    /// ```
    /// use forsyth::pgn::{ErrorKind, Game, PgnReadOptions};
    /// let err = Game::read_all("1. e4 $300 *\n", &PgnReadOptions::default()).remove(0).unwrap_err();
    /// assert_eq!(err.kind.code(), "bad-nag"); // NAGs run from $0 to $255
    /// assert_eq!(ErrorKind::BadFen.code(), "bad-fen");
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            ErrorKind::IllegalMove => "illegal-move",
            ErrorKind::UnreadableMove => "unreadable-move",
            ErrorKind::BadTag => "bad-tag",
            ErrorKind::BadFen => "bad-fen",
            ErrorKind::UnknownVariant => "unknown-variant",
            ErrorKind::UnclosedComment => "unclosed-comment",
            ErrorKind::Variation => "variation",
            ErrorKind::UnexpectedCharacter => "unexpected-character",
            ErrorKind::BadNag => "bad-nag",
            ErrorKind::MisplacedResult => "misplaced-result",
            ErrorKind::Encoding => "encoding",
            ErrorKind::GameTooLarge => "game-too-large",
        }
    }
}

/// A problem in one game, with everything needed to find and fix it.
///
/// `Display` gives `LINE:COLUMN: game G, ply P (11. 0-0): reason [code]; position before: FEN`; the CLI puts the
/// file name in front.
///
/// ```
/// use forsyth::pgn::{Game, PgnReadOptions};
/// let err = Game::read_all("1. e4 e5 2. Ke3 *\n", &PgnReadOptions::default()).remove(0).unwrap_err();
/// assert_eq!((err.line, err.column, err.game, err.token.as_str()), (1, 13, 1, "2. Ke3"));
/// assert_eq!(err.ply, Some(3)); // the third half-move; the token shows its move number
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// What kind of problem.
    pub kind: ErrorKind,
    /// 1-based line in the file.
    pub line: u64,
    /// 1-based column (in characters) on that line.
    pub column: u64,
    /// 1-based number of the game in the file.
    pub game: u64,
    /// Half-move number of the offending move in its line of play (1 for the first move), if a move is involved.
    pub ply: Option<u32>,
    /// The offending text, as written (for moves, with its move number as the game would print it).
    pub token: String,
    /// The position before the move, as FEN.
    pub fen: Option<String>,
    /// Why it is wrong and, where possible, what would be right.
    pub reason: String,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: game {}", self.line, self.column, self.game)?;
        if let Some(ply) = self.ply {
            write!(f, ", ply {ply}")?;
        }
        if !self.token.is_empty() {
            write!(f, " '{}'", self.token)?;
        }
        write!(f, ": {} [{}]", self.reason, self.kind.code())?;
        if let Some(fen) = &self.fen {
            write!(f, "; position before: {fen}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PgnError {}

/// The kind of something repaired while reading a game, or doubtful in it: the game is read, and the warning says
/// what was changed or what is in doubt; [`WarningKind::code`] is stable and may be matched by scripts.
///
/// ```
/// use forsyth::pgn::{GameSplitter, PgnReadOptions, Validate, WarningKind, read_game};
/// let raw = GameSplitter::new("[Result \"1-0\"]\n\n1. e4 0-1\n".as_bytes()).next().unwrap().unwrap();
/// let report = read_game(&raw, &PgnReadOptions::default(), &mut Validate);
/// assert_eq!(report.warnings[0].kind, WarningKind::ResultMismatch); // the tag says 1-0, the movetext 0-1
/// assert_eq!(report.warnings[0].kind.code(), "result-mismatch");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WarningKind {
    /// The `Result` tag and the game termination marker disagree: the tag's result is kept for both.
    ResultMismatch,
    /// A result written with a Unicode dash (`1–0`) or as a forfeit (`+--`, `+:-`, `-:+`, `-:-`).
    ResultForm,
    /// A tag value without its closing quote, or without quotes at all, read up to the tag's `]`; or with quotes
    /// inside it that are not escaped, read up to its last quote.
    TagQuote,
    /// A forum wrapper `[pgn]` or `[/pgn]` around pasted games, skipped.
    ForumWrapper,
    /// A `FEN` tag with an impossible castling right or en-passant square, dropped (as `fen check --repair` does).
    FenRepaired,
    /// A `FEN` tag whose position breaks rules that [`PgnReadOptions::allow`](super::PgnReadOptions::allow)
    /// accepts: the game is read on the position as given.
    FenAllowed,
    /// The main line ends in checkmate, stalemate, a dead position or the 75-move rule, and the result says
    /// otherwise (kept as written: the warning says which result the rules give).
    ResultContradictsPosition,
}

impl WarningKind {
    /// A short, stable identifier.
    ///
    /// ```
    /// assert_eq!(forsyth::pgn::WarningKind::ResultMismatch.code(), "result-mismatch");
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            WarningKind::ResultMismatch => "result-mismatch",
            WarningKind::ResultForm => "result-form",
            WarningKind::TagQuote => "tag-quote",
            WarningKind::ForumWrapper => "forum-wrapper",
            WarningKind::FenRepaired => "fen-repaired",
            WarningKind::FenAllowed => "fen-allowed",
            WarningKind::ResultContradictsPosition => "result-contradicts-position",
        }
    }

    /// What part of the game the warning concerns, for a program that shows the game move by move: the tags
    /// (a tag's quotes, a forum wrapper around the game), the start position (a `FEN` tag repaired or allowed) or
    /// the end of the main line (its result).
    ///
    /// ```
    /// use forsyth::pgn::{WarningKind, WarningPlace};
    /// assert_eq!(WarningKind::FenRepaired.place(), WarningPlace::Start);
    /// assert_eq!(WarningKind::ResultContradictsPosition.place(), WarningPlace::End);
    /// assert_eq!(WarningKind::TagQuote.place(), WarningPlace::Tags);
    /// ```
    pub const fn place(self) -> WarningPlace {
        match self {
            WarningKind::TagQuote | WarningKind::ForumWrapper => WarningPlace::Tags,
            WarningKind::FenRepaired | WarningKind::FenAllowed => WarningPlace::Start,
            WarningKind::ResultMismatch | WarningKind::ResultForm | WarningKind::ResultContradictsPosition => {
                WarningPlace::End
            }
        }
    }
}

/// The part of a game a warning concerns ([`WarningKind::place`]).
///
/// ```
/// use forsyth::pgn::{WarningKind, WarningPlace};
/// assert_ne!(WarningKind::ResultForm.place(), WarningPlace::Start);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum WarningPlace {
    /// The tag pairs, before the moves.
    Tags,
    /// The position before the first move.
    Start,
    /// The end of the main line: its last move and the result.
    End,
}

/// Something repaired in a game that was read nonetheless, or doubtful in it: what, where, and what it was read as.
///
/// `Display` gives `LINE:COLUMN: game G 'TOKEN': warning: reason [code]`; the CLI puts the file name in front.
///
/// ```
/// use forsyth::pgn::{Game, PgnReadOptions, Validate, read_game, GameSplitter};
/// let text = "[Result \"1-0\"]\n\n1. e4 e5 0-1\n";
/// let raw = GameSplitter::new(text.as_bytes()).next().unwrap().unwrap();
/// let report = read_game(&raw, &PgnReadOptions::default(), &mut Validate);
/// assert!(report.error.is_none());
/// assert_eq!(report.warnings[0].to_string(),
///     "3:10: game 1 '0-1': warning: the Result tag says 1-0, the game ends with 0-1; read as 1-0 [result-mismatch]");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnWarning {
    /// What was repaired.
    pub kind: WarningKind,
    /// 1-based line in the file.
    pub line: u64,
    /// 1-based column (in characters) on that line.
    pub column: u64,
    /// 1-based number of the game in the file.
    pub game: u64,
    /// The text repaired, as written.
    pub token: String,
    /// What was wrong and what it was read as.
    pub reason: String,
}

impl fmt::Display for PgnWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: game {}", self.line, self.column, self.game)?;
        if !self.token.is_empty() {
            write!(f, " '{}'", self.token)?;
        }
        write!(f, ": warning: {} [{}]", self.reason, self.kind.code())
    }
}
