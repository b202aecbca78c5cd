//! What can be wrong in a PGN game, and where.

use std::fmt;

/// The kind of a problem in a game; [`ErrorKind::code`] is stable and may be matched by scripts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
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
