//! Reading one game's text: tokens, tags, the start position, every move checked, events handed to a
//! [`Visitor`].

use std::borrow::Cow;

use super::error::{ErrorKind, PgnError, PgnWarning, WarningKind};
use super::opening_tree::{Node, OpeningTree};
use super::split::{
    BYTE_ORDER_MARK, DELIMITER, GameText, NEW_GAME_BREAKS, TAG_SECTION_END, byte_set, column_after, forum_wrapper,
    is_move_one, is_tag_line, line_breaks, word_end,
};
use super::tags::{StartError, allowed_start, repair_start, standard_start, start_position, unescape_tag_value};
use crate::notation::fen::Fen;
use crate::notation::read::{MoveReadOptions, ReadMove, en_passant_word, is_dash, parse_move_and_role};
use crate::notation::{MoveError, MoveErrorKind};
use crate::{Allowed, Color, Move, Outcome, Position, Role, Status};

/// The deepest nesting of variations a game may have. Deeper games (real ones stay under a dozen) are refused
/// with a [`ErrorKind::Variation`] error, so that reading, writing and dropping a game tree never exhaust the
/// stack and each level of a hostile `((((...` costs nothing more.
pub const MAX_VARIATION_DEPTH: usize = 256;

/// How the bytes of a file are turned into text.
///
/// ```
/// use forsyth::pgn::{Encoding, GameSplitter, PgnReadOptions, Validate, read_game};
/// let bytes = b"[Site \"K\xf6ln\"]\n\n1. e4 *\n"; // "Köln" in Latin-1: 0xF6 is no UTF-8
/// let raw = GameSplitter::new(&bytes[..]).next().unwrap().unwrap();
/// let utf8 = PgnReadOptions { encoding: Encoding::Utf8, ..PgnReadOptions::default() };
/// assert!(read_game(&raw, &utf8, &mut Validate).error.is_some());
/// assert_eq!(read_game(&raw, &PgnReadOptions::default(), &mut Validate).error, None); // Auto: Latin-1 here
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Encoding {
    /// UTF-8 where the bytes are valid UTF-8, Latin-1 (ISO 8859-1) otherwise, decided game by game.
    #[default]
    Auto,
    /// UTF-8 only; invalid bytes are an error.
    Utf8,
    /// Latin-1 (ISO 8859-1): every byte is one character.
    Latin1,
}

/// How games are read.
///
/// ```
/// use forsyth::pgn::{Game, PgnReadOptions};
/// let text = "1. e4 e5 2. Ke3 *\n"; // 2. Ke3 is illegal
/// assert!(Game::read_all(text, &PgnReadOptions::default())[0].is_err());
/// let keep = PgnReadOptions { keep_broken: true, ..PgnReadOptions::default() };
/// assert_eq!(Game::read_all(text, &keep)[0].as_ref().unwrap().moves.nodes.len(), 2);
/// ```
#[derive(Clone, Debug, Default)]
pub struct PgnReadOptions {
    /// The file's encoding.
    pub encoding: Encoding,
    /// On an error, keep the game up to the error with the rest of its movetext as a comment, instead of
    /// reporting the game as unreadable.
    pub keep_broken: bool,
    /// How moves are read: their language's piece letters, strictness.
    pub moves: MoveReadOptions,
    /// The problems of a `FEN` tag's position to accept (as `fen check --allow` does), each reported as a
    /// [`WarningKind::FenAllowed`] warning, the game read on the position as given. None by default: such a game is
    /// a [`ErrorKind::BadFen`] error.
    ///
    /// ```
    /// use forsyth::Allowed;
    /// use forsyth::pgn::{Game, PgnReadOptions};
    /// // Thirty-one black pawns, as a test of another PGN library sets up.
    /// let text = "[FEN \"ppppkppp/pppppppp/pppppppp/pppppppp/8/8/8/RNBQKBNR w KQ - 0 1\"]\n\n1. Ke2 e4 *\n";
    /// assert!(Game::read_all(text, &PgnReadOptions::default())[0].is_err());
    /// let allow = "pawn-on-back-rank,too-many-pawns".parse::<Allowed>().unwrap();
    /// let games = Game::read_all(text, &PgnReadOptions { allow, ..PgnReadOptions::default() });
    /// assert_eq!(games[0].as_ref().unwrap().moves.nodes.len(), 2);
    /// ```
    pub allow: Allowed,
}

/// How a game ends (its termination marker).
///
/// ```
/// use forsyth::pgn::GameResult;
/// // PGN standard §8.2.6: the four termination markers.
/// assert_eq!(GameResult::parse("1/2-1/2"), Some(GameResult::Draw));
/// assert_eq!(GameResult::parse("½-½"), Some(GameResult::Draw));
/// assert_eq!(GameResult::WhiteWins.as_str(), "1-0");
/// assert_eq!(GameResult::parse("2-0"), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2` (also read as `½-½`).
    Draw,
    /// `*`: unknown, unfinished or abandoned.
    Unknown,
}

impl From<Outcome> for GameResult {
    /// The result that an outcome by the rules gives.
    ///
    /// ```
    /// use forsyth::pgn::GameResult;
    /// use forsyth::{Color, Outcome};
    /// assert_eq!(GameResult::from(Outcome::Decisive { winner: Color::Black }), GameResult::BlackWins);
    /// ```
    fn from(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Decisive { winner: Color::White } => GameResult::WhiteWins,
            Outcome::Decisive { winner: Color::Black } => GameResult::BlackWins,
            Outcome::Draw => GameResult::Draw,
        }
    }
}

impl GameResult {
    /// The termination marker as PGN export format writes it.
    ///
    /// ```
    /// use forsyth::pgn::GameResult;
    /// assert_eq!(GameResult::Draw.as_str(), "1/2-1/2");
    /// assert_eq!(GameResult::Unknown.as_str(), "*");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a termination marker (`½-½` too).
    ///
    /// ```
    /// use forsyth::pgn::GameResult;
    /// assert_eq!(GameResult::parse("0-1"), Some(GameResult::BlackWins));
    /// assert_eq!(GameResult::parse("½-½"), Some(GameResult::Draw));
    /// assert_eq!(GameResult::parse("1-1"), None);
    /// ```
    pub fn parse(text: &str) -> Option<GameResult> {
        Some(match text {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" | "½-½" => GameResult::Draw,
            "*" => GameResult::Unknown,
            _ => return None,
        })
    }

    /// The result a `Result` tag's value stands for, read as leniently as [`GameResult::parse_lenient`] and
    /// with the forfeits `+--` and `--+` too (in movetext those are glyphs once a move is played).
    ///
    /// ```
    /// use forsyth::pgn::GameResult;
    /// assert_eq!(GameResult::from_tag("+--"), Some(GameResult::WhiteWins));
    /// assert_eq!(GameResult::from_tag("?"), None);
    /// ```
    pub fn from_tag(value: &str) -> Option<GameResult> {
        match value {
            "+--" => Some(GameResult::WhiteWins),
            "--+" => Some(GameResult::BlackWins),
            value => GameResult::parse_lenient(value).map(|(result, _)| result),
        }
    }

    /// Reads a termination marker as other programs write it too: with any Unicode dash (`1–0`), or a forfeit
    /// (`+:-`, `-:+`; `-:-`, neither player, is `*`). The flag says whether the text was such a repair.
    ///
    /// ```
    /// use forsyth::pgn::GameResult;
    /// assert_eq!(GameResult::parse_lenient("1–0"), Some((GameResult::WhiteWins, true)));
    /// assert_eq!(GameResult::parse_lenient("-:+"), Some((GameResult::BlackWins, true)));
    /// assert_eq!(GameResult::parse_lenient("0-1"), Some((GameResult::BlackWins, false)));
    /// ```
    pub fn parse_lenient(text: &str) -> Option<(GameResult, bool)> {
        if let Some(result) = GameResult::parse(text) {
            return Some((result, false));
        }
        let result = match text {
            "+:-" => GameResult::WhiteWins,
            "-:+" => GameResult::BlackWins,
            "-:-" => GameResult::Unknown,
            _ if text.chars().any(|c| c != '-' && is_dash(c)) => GameResult::parse(&text.replace(is_dash, "-"))?,
            _ => return None,
        };
        Some((result, true))
    }
}

/// Receives a game's contents as they are read. Every method has an empty default, so a visitor implements
/// only what it needs; validation alone needs none.
///
/// Order: comments and escape lines before the tags, tags, then [`Visitor::begin_movetext`] with the start
/// position, then moves with their annotations and variations, then the result (if the game has one) and
/// any comments after it.
///
/// ```
/// use forsyth::pgn::{GameSplitter, PgnReadOptions, Visitor, read_game};
/// #[derive(Default)]
/// struct Comments(Vec<String>);
/// impl Visitor for Comments {
///     fn comment(&mut self, text: &str) {
///         self.0.push(text.to_string());
///     }
/// }
/// let raw = GameSplitter::new("1. e4 {best by test} e5 ; open\n*\n".as_bytes()).next().unwrap().unwrap();
/// let mut comments = Comments::default();
/// assert_eq!(read_game(&raw, &PgnReadOptions::default(), &mut comments).moves, 2);
/// assert_eq!(comments.0, ["best by test", "open"]); // trimmed
/// ```
#[allow(unused_variables)]
pub trait Visitor {
    /// A tag pair, value unescaped.
    fn tag(&mut self, name: &str, value: &str) {}
    /// The movetext begins from `start` (from the tags: standard, `FEN`, `Variant`).
    fn begin_movetext(&mut self, start: &Position) {}
    /// Asked after [`Visitor::begin_movetext`] and after every move played: whether the (further) moves are
    /// wanted. Once not, the rest of the movetext is still read for its structure (comments, variations,
    /// annotation glyphs, the result, where the game ends) but its moves are neither read nor checked:
    /// [`Visitor::play`] is not called again, an illegal or unreadable move is no error, and
    /// [`GameReport::moves`] counts the words that stand where moves do. A selection that rejects a game by its
    /// tags, or once the game can no longer reach a position, saves replaying the rest this way.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, Visitor, read_game};
    /// struct TagsOnly;
    /// impl Visitor for TagsOnly {
    ///     fn wants_moves(&mut self) -> bool {
    ///         false
    ///     }
    /// }
    /// let raw = GameSplitter::new("[Event \"x\"]\n\n1. e4 Ke7 2. Qxf7 *\n".as_bytes()).next().unwrap().unwrap();
    /// let report = read_game(&raw, &PgnReadOptions::default(), &mut TagsOnly);
    /// assert_eq!((report.error, report.moves), (None, 3));
    /// ```
    fn wants_moves(&mut self) -> bool {
        true
    }
    /// A legal move, played from `before`.
    fn play(&mut self, before: &Position, mv: Move) {}
    /// A legal move, played from `before`, with the word it was read from (move number removed; any sign written
    /// on it kept, as in `Nxf7+` or `e8=Q!`): what the reader calls, [`Visitor::play`] by default. A visitor that
    /// writes the move again can use what the word shows: see
    /// [`names_destination_only`](crate::notation::read::names_destination_only).
    fn play_written(&mut self, before: &Position, mv: Move, written: &str) {
        self.play(before, mv);
    }
    /// A numeric annotation glyph (`$1` or `!`) on the last move, or on the line when none of its moves was read
    /// yet (`($142 4. Bc4)`: the PGN standard's grammar, §18, lets a line begin with one).
    fn nag(&mut self, nag: u8) {}
    /// A comment: the text between `{` and `}`, or after `;` to the end of the line.
    fn comment(&mut self, text: &str) {}
    /// A draw offer `(=)` after the last move.
    fn draw_offer(&mut self) {}
    /// A variation starts: an alternative to the last move played.
    fn begin_variation(&mut self) {}
    /// The innermost variation ends.
    fn end_variation(&mut self) {}
    /// A `%` escape line (text after the `%`).
    fn escape(&mut self, line: &str) {}
    /// The termination marker.
    fn result(&mut self, result: GameResult) {}
}

/// A visitor that keeps nothing: reading with it validates a game.
///
/// ```
/// use forsyth::pgn::{GameSplitter, PgnReadOptions, Validate, read_game};
/// let raw = GameSplitter::new("1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n".as_bytes()).next().unwrap().unwrap();
/// let report = read_game(&raw, &PgnReadOptions::default(), &mut Validate);
/// assert_eq!((report.moves, report.error), (5, None));
/// ```
#[derive(Copy, Clone, Debug, Default)]
pub struct Validate;

impl Visitor for Validate {}

/// What reading one game found.
///
/// ```
/// use forsyth::pgn::{GameSplitter, PgnReadOptions, Validate, read_game};
/// let raw = GameSplitter::new("1. e4 (1. d4 d5) e5 2. Qh5 Ke7 3. Qxe5#\n*\n".as_bytes()).next().unwrap().unwrap();
/// let report = read_game(&raw, &PgnReadOptions::default(), &mut Validate);
/// assert_eq!(report.moves, 7); // the variation's two moves count too
/// assert_eq!(report.error, None);
/// assert_eq!(report.warnings[0].kind.code(), "result-contradicts-position"); // `*` after a mate
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameReport {
    /// Moves read in the main line and in variations.
    pub moves: u64,
    /// The first error, if any; reading stops there (see [`PgnReadOptions::keep_broken`]). Boxed: most games have
    /// none, and every game's report passes through the reader and its threads.
    pub error: Option<Box<PgnError>>,
    /// What was repaired to read the game, or is doubtful in it (before the error, if any), in file order.
    pub warnings: Vec<PgnWarning>,
}

/// Reads one game's text, checking every move, and tells `visitor` what it holds.
///
/// ```
/// use forsyth::pgn::{GameSplitter, PgnReadOptions, Validate, read_game};
/// let text = "[Event \"x\"]\n\n1. e2e4 e7e5 2. e4e5 *\n";
/// let raw = GameSplitter::new(text.as_bytes()).next().unwrap().unwrap();
/// let report = read_game(&raw, &PgnReadOptions::default(), &mut Validate);
/// let error = report.error.unwrap();
/// assert_eq!((error.line, error.column, error.ply), (3, 17, Some(3)));
/// assert_eq!(report.moves, 2);
/// ```
pub fn read_game<'a>(
    game: impl Into<GameText<'a>>,
    options: &PgnReadOptions,
    visitor: &mut impl Visitor,
) -> GameReport {
    read_game_with(game.into(), options, None, visitor)
}

/// [`read_game`], with the openings read before on this thread where the caller keeps them.
pub(super) fn read_game_with(
    raw: GameText<'_>,
    options: &PgnReadOptions,
    tree: Option<&mut OpeningTree>,
    visitor: &mut impl Visitor,
) -> GameReport {
    if raw.oversized {
        let error = PgnError {
            kind: ErrorKind::GameTooLarge,
            line: raw.line,
            column: raw.column.max(1),
            game: raw.number,
            ply: None,
            token: String::new(),
            fen: None,
            reason: format!(
                "the game is longer than {} MiB, forsyth's limit for one game; it was skipped",
                super::MAX_GAME_BYTES >> 20
            ),
        };
        return GameReport { error: Some(Box::new(error)), ..GameReport::default() };
    }
    let text = match decode(raw.bytes, options.encoding) {
        Ok(text) => text,
        Err(offset) => {
            let valid = std::str::from_utf8(&raw.bytes[..offset]).unwrap_or_default();
            let (line, column) = locate(&raw, valid, offset);
            let error = PgnError {
                kind: ErrorKind::Encoding,
                line,
                column,
                game: raw.number,
                ply: None,
                token: String::new(),
                fen: None,
                reason: "the bytes are not valid UTF-8 (if the file is Latin-1, read it as Latin-1)".to_string(),
            };
            return GameReport { error: Some(Box::new(error)), ..GameReport::default() };
        }
    };
    let mut parser = Parser {
        text: &text,
        pos: 0,
        raw: &raw,
        options,
        report: GameReport::default(),
        open: false,
        cut: None,
        tag_pair_follows: false,
        line_breaks: 0,
        skip_moves: false,
        ended_in_comment: false,
        tree,
    };
    parser.run(visitor);
    parser.report
}

/// Why [`read_open`] left a game to the splitter.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unsure {
    /// The text ended before the game did: more text may settle it.
    TextEnded,
    /// An error, or something the splitter might cut otherwise: only cutting first settles it.
    Otherwise,
}

/// Reads the game at the start of `text`, text that goes on past it (a stream's buffered bytes), finding where
/// the game ends as it goes: one pass instead of the splitter's and the reader's. Returns the report, the game's
/// length and the line breaks in it when the game is read without error and ends where [`super::GameSplitter`]
/// would cut it — after its result, or where the movetext meets a `[` or two blank lines follow its tags — and
/// nothing else could have cut it: no comment line that is a whole tag pair, no `%`, no bytes that begin like a
/// byte-order mark and are none, no comment between tags. Anything else (errors included) is left to the splitter and [`read_game`], which then read the
/// game as always: a visitor that took part of it is thrown away.
///
/// With `tag_pair_follows`, the text ends where a tag pair (`[` and a letter) begins: a game whose movetext has
/// begun ends there. Text that ends inside a comment, or before the game's end, is [`Unsure::TextEnded`].
pub(crate) fn read_open(
    text: &str,
    start: &GameText<'_>,
    tag_pair_follows: bool,
    options: &PgnReadOptions,
    tree: &mut OpeningTree,
    visitor: &mut impl Visitor,
) -> Result<(GameReport, usize, u64), Unsure> {
    let mut parser = Parser {
        text,
        pos: 0,
        raw: start,
        options,
        report: GameReport::default(),
        open: true,
        cut: None,
        tag_pair_follows,
        line_breaks: 0,
        skip_moves: false,
        ended_in_comment: false,
        tree: Some(tree),
    };
    match (parser.read(visitor), parser.cut) {
        (Ok(()), Some(cut)) if cut <= super::MAX_GAME_BYTES => Ok((parser.report, cut, parser.line_breaks)),
        (Ok(()), None) => Err(Unsure::TextEnded),
        (Err(_), _) if parser.ended_in_comment => Err(Unsure::TextEnded),
        _ => Err(Unsure::Otherwise),
    }
}

/// The text of a game's bytes in the chosen encoding, or the offset of the first invalid byte.
fn decode(bytes: &[u8], encoding: Encoding) -> Result<Cow<'_, str>, usize> {
    match encoding {
        Encoding::Latin1 => Ok(Cow::Owned(latin1_text(bytes))),
        Encoding::Utf8 => simdutf8::compat::from_utf8(bytes).map(Cow::Borrowed).map_err(|e| e.valid_up_to()),
        Encoding::Auto => Ok(match simdutf8::basic::from_utf8(bytes) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => Cow::Owned(latin1_text(bytes)),
        }),
    }
}

/// `bytes` read as Latin-1: each byte is the character of its number, but for the three bytes of a UTF-8 byte-order
/// mark, which stay the mark (U+FEFF, the same three bytes of text): the splitter reads them as white space in any
/// encoding, and so must the reader. The runs of ASCII between bytes from 0x80 up are copied whole, not a character
/// at a time.
pub(crate) fn latin1_text(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 16);
    let mut rest = bytes;
    while let Some(high) = rest.iter().position(|&b| b >= 0x80) {
        // (A run of ASCII is UTF-8: the check cannot fail.)
        text.push_str(std::str::from_utf8(&rest[..high]).unwrap_or_default());
        rest = &rest[high..];
        if let Some(after) = rest.strip_prefix(BYTE_ORDER_MARK) {
            text.push('\u{feff}');
            rest = after;
        } else {
            text.push(char::from(rest[0]));
            rest = &rest[1..];
        }
    }
    text.push_str(std::str::from_utf8(rest).unwrap_or_default());
    text
}

/// The line and column (in characters) in the file of byte `offset` of `text`, the text of `game`: on the game's
/// first line, the column counts from where the game starts on that line (it may begin where the game before it
/// ended).
fn locate(game: &GameText<'_>, text: &str, offset: usize) -> (u64, u64) {
    let before = &text.as_bytes()[..offset.min(text.len())];
    (game.line + line_breaks(before), column_after(before, game.column))
}

/// One line of play being read: the main line or a variation.
///
/// The last move is kept aside, not yet played: `before` is then the position a variation of that move starts
/// from, and the main line needs no copy of the position per move, only one per variation.
#[derive(Clone)]
struct LineState {
    /// The position before the last move.
    before: Position,
    /// The last move read in this line and the role of its piece, not yet played on `before` (none before the
    /// line's first move: a variation needs a move to be an alternative to).
    last: Option<(Move, Role)>,
    /// Half-moves read in this line, counting from the game's start for the main line.
    ply: u32,
    /// A move was passed over unread (the visitor wants no moves): the line has a move, but not its position.
    skipped: bool,
    /// Where the line stands in the tree of openings read before ([`OpeningTree`]), while it follows one.
    opening: Option<Node>,
}

impl LineState {
    fn new(start: Position, ply: u32) -> LineState {
        LineState { before: start, last: None, ply, skipped: false, opening: None }
    }

    /// The position after every move read, which the next move is played from.
    fn current(&mut self) -> &Position {
        if let Some((mv, role)) = self.last.take() {
            self.before.play_role_unchecked(mv, role);
        }
        &self.before
    }

    fn has_move(&self) -> bool {
        self.last.is_some() || self.skipped
    }
}

/// The lines being read: the main line, and the variations open inside it, innermost last (kept apart so that a
/// game without variations allocates nothing).
struct Lines {
    main: LineState,
    variations: Vec<LineState>,
}

impl Lines {
    fn top(&mut self) -> &mut LineState {
        self.variations.last_mut().unwrap_or(&mut self.main)
    }
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    raw: &'a GameText<'a>,
    options: &'a PgnReadOptions,
    report: GameReport,
    /// The text goes on past the game (see [`read_open`]): the game ends where the splitter would cut it, and the
    /// text is cut there once that is found (`cut`).
    open: bool,
    cut: Option<usize>,
    /// In open text: the text ends before a tag pair (the end of a block; see [`read_open`]).
    tag_pair_follows: bool,
    /// Line breaks passed (counted in open text, where the game's length is found as it is read).
    line_breaks: u64,
    /// The visitor wants no moves ([`Visitor::wants_moves`]): move words are passed over unread.
    skip_moves: bool,
    /// Open text ended inside a comment: more text may close it (see [`read_open`]).
    ended_in_comment: bool,
    /// The openings read before on this thread, if the caller keeps them from game to game.
    tree: Option<&'a mut OpeningTree>,
}

/// An error found by the parser before it is placed: kind, where it starts, token, reason, and the line's
/// position if a move is involved.
struct FoundError {
    kind: ErrorKind,
    at: usize,
    /// Where the text not read begins (kept as a comment by [`PgnReadOptions::keep_broken`]): `at`, except for an
    /// error of the tags, which is placed at its tag pair while the movetext after the tags is what was not read.
    rest_from: usize,
    token: String,
    reason: String,
    line: Option<(Position, u32)>,
}

/// Boxed, so that the parser's results stay a word or two wide: they pass every token.
type Found = Box<FoundError>;

#[cold]
fn found(kind: ErrorKind, at: usize, token: &str, reason: impl Into<String>) -> Found {
    Box::new(FoundError { kind, at, rest_from: at, token: token.to_string(), reason: reason.into(), line: None })
}

/// The error of a move word that does not read in `before`, the position before ply `ply`.
#[cold]
fn move_found(kind: ErrorKind, reason: String, at: usize, word: &str, before: &Position, ply: u32) -> Found {
    let mut error = found(kind, at, word, reason);
    error.line = Some((*before, ply));
    error
}

impl<'a> Parser<'a> {
    fn run(&mut self, visitor: &mut impl Visitor) {
        if let Err(found) = self.read(visitor) {
            let rest_from = found.rest_from;
            // A tag that sets up no start is not written back (the writer writes the tags of the start it has): its
            // value is kept with the movetext not read. (Without its brackets: a line of the comment that starts
            // with a tag pair would begin a new game for a reader.)
            let tag = match found.kind {
                ErrorKind::BadFen => format!("FEN \"{}\" ", found.token),
                ErrorKind::UnknownVariant => format!("Variant \"{}\" ", found.token),
                _ => String::new(),
            };
            self.place(found);
            if self.options.keep_broken {
                let rest = self.text[rest_from..].trim();
                if !rest.is_empty() || !tag.is_empty() {
                    // Braces would end the comment early; the text is kept with them turned into brackets.
                    let rest = format!("{tag}{rest}").replace('{', "<").replace('}', ">");
                    visitor.comment(&format!("forsyth: not read after the error: {}", rest.trim_end()));
                }
            }
        }
    }

    fn place(&mut self, found: Found) {
        let (line, column) = locate(self.raw, self.text, found.at);
        let (fen, ply, token) = match &found.line {
            Some(at) => {
                let (pos, ply) = at;
                let number = pos.fullmoves();
                let dots = if pos.turn() == Color::White { "." } else { "..." };
                (Some(Fen::from_position(pos).to_string()), Some(*ply), format!("{number}{dots} {}", found.token))
            }
            None => (None, None, found.token),
        };
        self.report.error = Some(Box::new(PgnError {
            kind: found.kind,
            line,
            column,
            game: self.raw.number,
            ply,
            token,
            fen,
            reason: match nested_comment_before(self.text, found.at) {
                true => format!(
                    "{}; the comment just before holds a '{{', but comments do not nest (PGN standard, section 5): \
                     its first '}}' closed it",
                    found.reason
                ),
                false => found.reason,
            },
        }));
    }

    /// Records a repair made at `at`.
    #[cold]
    fn warn(&mut self, kind: WarningKind, at: usize, token: &str, reason: String) {
        let (line, column) = locate(self.raw, self.text, at);
        let warning = PgnWarning { kind, line, column, game: self.raw.number, token: token.to_string(), reason };
        self.report.warnings.push(warning);
    }

    /// Skips whitespace (and a byte-order mark) and returns the byte after it.
    #[inline(always)]
    fn skip_space(&mut self) -> Option<u8> {
        let bytes = self.text.as_bytes();
        let mut pos = self.pos;
        // Most tokens are followed by one space, then the next token: passed over without the loop below, which
        // counts line breaks (one line feed is no quicker this way: measured).
        if bytes.get(pos) == Some(&b' ')
            && let Some(&next) = bytes.get(pos + 1)
            && !SPACE[next as usize]
            && next != 0xef
        {
            self.pos = pos + 1;
            return Some(next);
        }
        let mut line_breaks = 0;
        let next = loop {
            match bytes.get(pos) {
                Some(&b) if SPACE[b as usize] => {
                    line_breaks += u64::from(b == b'\n');
                    pos += 1;
                }
                // A byte-order mark is white space wherever a token may begin, as the splitter reads it. (In open
                // text it is left to the splitter.)
                Some(0xef) if !self.open && bytes[pos..].starts_with(BYTE_ORDER_MARK) => pos += 3,
                next => break next.copied(),
            }
        };
        self.pos = pos;
        self.line_breaks += line_breaks;
        next
    }

    /// Whether the cursor stands at the start of a line (where `%` begins an escape line): after a line break and
    /// any carriage returns (`\n\r`, as the splitter sees it too), or at the start of the game.
    fn at_line_start(&self) -> bool {
        let before = &self.text.as_bytes()[..self.pos];
        before.iter().rposition(|&b| b != b'\r').is_none_or(|k| before[k] == b'\n')
    }

    /// Skips whitespace, comments and escape lines; returns the byte after them.
    #[inline(always)]
    fn skip_space_and_comments(&mut self, visitor: &mut impl Visitor) -> Result<Option<u8>, Found> {
        loop {
            match self.skip_space() {
                // The splitter decides an escape line's start by its own rule: `%` is left to it.
                Some(b'%') if self.open => return Err(self.unsure()),
                Some(b'{' | b';' | b'%') if self.comment(visitor)? => {}
                next => return Ok(next),
            }
        }
    }

    /// Reads a comment or escape line at the cursor, if there is one.
    fn comment(&mut self, visitor: &mut impl Visitor) -> Result<bool, Found> {
        let bytes = self.text.as_bytes();
        match bytes.get(self.pos) {
            Some(b'{') => {
                let start = self.pos + 1;
                let close = if self.open {
                    // The splitter ends an unclosed comment, and the game, before a line that starts a tag pair.
                    let (close, line_breaks) =
                        comment_close_before_tag_line(&bytes[start..]).map_err(|()| self.unsure())?;
                    self.line_breaks += line_breaks;
                    if close.is_none() {
                        // The text ends inside the comment: a longer stretch of the stream may close it, and
                        // where none does the splitter reports it.
                        self.ended_in_comment = true;
                        return Err(self.unsure());
                    }
                    close
                } else {
                    memchr::memchr(b'}', &bytes[start..])
                };
                match close {
                    Some(k) => {
                        visitor.comment(trim_comment(&self.text[start..start + k]));
                        self.pos = start + k + 1;
                        Ok(true)
                    }
                    None => Err(found(
                        ErrorKind::UnclosedComment,
                        self.pos,
                        "{",
                        "this comment has no closing '}' before the end of the game",
                    )),
                }
            }
            Some(b';') => {
                let start = self.pos + 1;
                let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |k| start + k);
                visitor.comment(trim_comment(&self.text[start..end]));
                self.pos = end;
                Ok(true)
            }
            Some(b'%') if self.at_line_start() => {
                let start = self.pos + 1;
                let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |k| start + k);
                visitor.escape(self.text[start..end].trim_end());
                self.pos = end;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    fn read(&mut self, visitor: &mut impl Visitor) -> Result<(), Found> {
        // Tag section (with any comments before or between the tags).
        let mut variant: Option<Cow<'a, str>> = None;
        let mut fen: Option<Cow<'a, str>> = None;
        let mut result_tag = None;
        let (mut fen_at, mut variant_at) = (0, 0);
        // A tag pair (or a forum wrapper) was read: what comes before the next one is the space between tags.
        let mut after_a_tag = false;
        loop {
            // White space first, counted as it is passed; comments only if one follows (rarely, between tags).
            let line_breaks_before = self.line_breaks;
            let mut next = self.skip_space();
            let commented = matches!(next, Some(b'{' | b';' | b'%'));
            if commented {
                next = self.skip_space_and_comments(visitor)?;
            }
            if next != Some(b'[') {
                break;
            }
            if self.open && after_a_tag {
                if commented {
                    // The splitter counts the line breaks between tags but not those in comments.
                    return Err(self.unsure());
                }
                if self.line_breaks - line_breaks_before >= u64::from(TAG_SECTION_END) {
                    // Two blank lines, then a tag: the next game (this one has no movetext).
                    self.cut_at(self.pos);
                    break;
                }
            }
            // (Tag names rarely start with `p` or `/`: most tags are not looked at twice.)
            let maybe_wrapper = matches!(self.text.as_bytes().get(self.pos + 1), Some(b'p' | b'P' | b'/'));
            if maybe_wrapper && let Some(wrapper) = forum_wrapper(&self.text.as_bytes()[self.pos..]) {
                let token = &self.text[self.pos..self.pos + wrapper];
                let reason = "a forum wrapper around pasted games, not a tag pair; skipped".to_string();
                self.warn(WarningKind::ForumWrapper, self.pos, token, reason);
                self.pos += wrapper;
                after_a_tag = true;
                continue;
            }
            let tag_at = self.pos;
            let (name, raw, escaped) = self.tag()?;
            let value = if escaped { unescape_tag_value(raw) } else { Cow::Borrowed(raw) };
            after_a_tag = true;
            visitor.tag(name, &value);
            // The tags the reader needs, told apart by length first: most tags are none of them.
            match name.len() {
                6 if name.eq_ignore_ascii_case("Result") => result_tag = GameResult::from_tag(&value),
                7 if name.eq_ignore_ascii_case("Variant") => {
                    variant = Some(value);
                    variant_at = tag_at;
                }
                3 if name.eq_ignore_ascii_case("FEN") => {
                    fen = Some(value);
                    fen_at = tag_at;
                }
                _ => {}
            }
        }
        let (variant, fen) = (variant.as_deref(), fen.as_deref());
        let movetext_at = self.pos;
        // Most games start from the standard position, which is not copied until the line that plays on it.
        let other_start;
        let start = match (variant, fen) {
            (None, None) => standard_start(),
            _ => {
                other_start = match start_position(variant, fen) {
                    Ok(start) => start,
                    Err(error) => self.repaired_start(variant, fen, (variant_at, fen_at), error, movetext_at)?,
                };
                &other_start
            }
        };
        visitor.begin_movetext(start);
        self.skip_moves = !visitor.wants_moves();
        self.movetext(start, result_tag, visitor)
    }

    /// The start position of tags that describe none, if repairing the `FEN` tag as `fen check --repair` does
    /// makes one (a warning at the tag, `fen_at`); else the error, placed at the tag pair that is wrong (the
    /// `Variant` tag's at `variant_at`), with the movetext from `movetext_at` not read.
    #[cold]
    fn repaired_start(
        &mut self,
        variant: Option<&str>,
        fen: Option<&str>,
        (variant_at, fen_at): (usize, usize),
        error: StartError,
        movetext_at: usize,
    ) -> Result<Position, Found> {
        if let (StartError::BadFen(_), Some((start, dropped))) = (&error, repair_start(variant, fen)) {
            let dropped: Vec<String> = dropped.iter().map(ToString::to_string).collect();
            let reason = format!("the FEN tag: {}; dropped", dropped.join("; "));
            self.warn(WarningKind::FenRepaired, fen_at, fen.unwrap_or(""), reason);
            return Ok(start);
        }
        let allowed = self.options.allow;
        if let (StartError::BadFen(_), Some((start, problems))) = (&error, allowed_start(variant, fen, allowed)) {
            let problems: Vec<String> = problems.iter().map(|p| format!("{p} [{}]", p.code())).collect();
            let reason =
                format!("the FEN tag: {}; allowed, the game is read on the position as given", problems.join("; "));
            self.warn(WarningKind::FenAllowed, fen_at, fen.unwrap_or(""), reason);
            return Ok(start);
        }
        let mut error = match error {
            StartError::UnknownVariant(name) => found(
                ErrorKind::UnknownVariant,
                variant_at,
                &name,
                format!(
                    "the Variant tag names '{name}', which forsyth does not play (standard, chess960 and the 10x8 variants)"
                ),
            ),
            StartError::BadFen(why) => {
                found(ErrorKind::BadFen, fen_at, fen.unwrap_or(""), format!("the FEN tag: {why}"))
            }
        };
        error.rest_from = movetext_at;
        Err(error)
    }

    /// Reads `[Name "value"]` at the cursor: the name, the value as written, and whether it may hold escapes
    /// (`\"`, `\\`) to undo. (The caller makes the value a `Cow`: made here and moved out through the `Result`, it
    /// cost `pgn check` 1 % more instructions on short games.)
    #[inline(always)]
    fn tag(&mut self) -> Result<(&'a str, &'a str, bool), Found> {
        // (The cursor is a local until the tag is read: kept in the parser, it was stored and loaded again at every
        // step, and a tag pair is a few bytes of each kind.)
        let text = self.text;
        let bytes = text.as_bytes();
        let open = self.pos;
        let name_start = inline_space_end(bytes, open + 1);
        let mut pos = name_start;
        while bytes.get(pos).is_some_and(|&b| TAG_NAME[b as usize]) {
            pos += 1;
        }
        let name = &text[name_start..pos];
        if name.is_empty() {
            self.pos = pos;
            return Err(self.bad_tag(open, pos, "the tag has no name"));
        }
        pos = inline_space_end(bytes, pos);
        if bytes.get(pos) != Some(&b'"') {
            if let Some(value) = self.tag_value_without_quotes(name, open, pos)? {
                return Ok((name, value, false));
            }
            pos = self.tag_value_on_a_later_line(name, open, pos)?;
        }
        let value_start = pos + 1;
        let mut i = value_start;
        let mut escaped = false;
        loop {
            // The plain characters in a tight loop; the `match` below, a jump table, once per value.
            while bytes.get(i).is_some_and(|&b| !TAG_VALUE_STOP[b as usize]) {
                i += 1;
            }
            match bytes.get(i) {
                Some(b'"') => break,
                Some(b'\\') => {
                    i += 2;
                    escaped = true;
                }
                Some(b'\n') | None => return self.tag_without_closing_quote(name, value_start),
                Some(_) => i += 1,
            }
        }
        let value = &text[value_start..i];
        if escaped && value.contains('\n') {
            // A backslash does not escape a line break: a tag pair's value stays on its line. (Checked here, where
            // values with escapes are few, not at every backslash.)
            return self.tag_without_closing_quote(name, value_start);
        }
        pos = inline_space_end(bytes, i + 1);
        self.pos = pos;
        if bytes.get(pos) != Some(&b']') {
            return self.tag_without_closing_bracket(name, open, (value_start, i, escaped), pos);
        }
        self.pos = pos + 1;
        Ok((name, value, escaped))
    }

    /// Where the value of the tag pair at `open` begins when no quote follows its name on its line (at `pos`): on
    /// the next line, or else the error. (Out of line, as every path that only a broken or unusual tag pair takes:
    /// inlined into the reader, they made every tag pair dearer.)
    #[cold]
    fn tag_value_on_a_later_line(&mut self, name: &str, open: usize, pos: usize) -> Result<usize, Found> {
        if let Some(quote) = self.tag_part_on_a_later_line(pos, b'"') {
            return Ok(quote);
        }
        self.pos = pos;
        // A stray character after the name (`[BlackType: "program"]`) is named where it stands.
        let reason = match self.text[pos..].chars().next() {
            Some(c) if !c.is_whitespace() && c != ']' => format!(
                "'{c}' after the tag name {name}: a tag name has only letters, digits and '_', and its quoted value \
                 follows it"
            ),
            _ => format!("the tag {name} has no quoted value"),
        };
        Err(self.bad_tag(open, pos, &reason))
    }

    /// A value written without quotes after the name of the tag pair at `open` (`[Round 5]`, `[Site Reykjavik]`, as
    /// typed by hand; SCID reads them so): the text from `pos` up to the first `]` on the line, where the splitter
    /// ends a tag pair that holds no string, read as written with a warning. None where no such value stands there
    /// (a quote on the line, no `]` on it, nothing before the `]`): the caller looks further, or refuses the tag.
    #[cold]
    fn tag_value_without_quotes(&mut self, name: &str, open: usize, pos: usize) -> Result<Option<&'a str>, Found> {
        let text = self.text;
        let bytes = text.as_bytes();
        let Some(close) = bytes[pos..].iter().position(|b| matches!(b, b']' | b'"' | b'\n')).map(|k| pos + k) else {
            return Ok(None);
        };
        let value = text[pos..close].trim_end();
        if bytes[close] != b']' || value.is_empty() {
            return Ok(None);
        }
        if self.open {
            // (In open text the splitter cuts the game first: a broken tag pair is read where its end is known.)
            return Err(self.unsure());
        }
        let line_end = memchr::memchr(b'\n', &bytes[close..]).map_or(text.len(), |k| close + k);
        let reason = format!("the value of tag {name} is not in quotes; read up to the ']' as \"{value}\"");
        self.warn(WarningKind::TagQuote, pos, text[open..line_end].trim_end(), reason);
        self.pos = close + 1;
        Ok(Some(value))
    }

    /// Where `part` of a tag pair (its value's opening quote, its `]`) stands, if it begins the next line: the PGN
    /// standard's import format (§8.1) lets a tag pair span lines (`[White` and `"Kasparov"]` on the next one). The
    /// splitter follows the pair to the next line alike (`State::TagLineBreak`); in open text, it and [`read_game`]
    /// settle it.
    #[cold]
    fn tag_part_on_a_later_line(&self, from: usize, part: u8) -> Option<usize> {
        if self.open {
            return None;
        }
        let bytes = self.text.as_bytes();
        let at = from + bytes[from..].iter().position(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))?;
        let line_breaks = bytes[from..at].iter().filter(|&&b| b == b'\n').count();
        (bytes[at] == part && line_breaks == 1).then_some(at)
    }

    /// The tag pair at `open` is broken: its name is followed by an error at `at`; `reason` says what is wrong.
    #[cold]
    fn bad_tag(&self, open: usize, at: usize, reason: &str) -> Found {
        let text = self.text;
        let line_end = memchr::memchr(b'\n', &text.as_bytes()[open..]).map_or(text.len(), |k| open + k);
        let reason = format!("{reason}; a tag pair reads [Name \"value\"]");
        found(ErrorKind::BadTag, at, text[open..line_end].trim_end(), reason)
    }

    /// A tag value (`value`: where it starts and ends, and whether it may hold escapes) closed at a quote that is
    /// followed by something other than the `]` (at `at`). The `]` may begin the next line. Most often the value
    /// holds quotes that are not escaped (`[Event "The "Open" final"]`, as some programs write nicknames): on a line
    /// that ends with `"]`, the value is read up to the last quote before the `]` (a warning), as python-chess reads
    /// it. Otherwise the tag is an error.
    #[cold]
    fn tag_without_closing_bracket(
        &mut self,
        name: &'a str,
        open: usize,
        value: (usize, usize, bool),
        at: usize,
    ) -> Result<(&'a str, &'a str, bool), Found> {
        let (value_start, value_end, escaped) = value;
        if let Some(close) = self.tag_part_on_a_later_line(at, b']') {
            self.pos = close + 1;
            return Ok((name, &self.text[value_start..value_end], escaped));
        }
        if self.open {
            // (In open text the splitter decides where a broken tag ends: the line may go on past the text.)
            return Err(self.unsure());
        }
        let text = self.text;
        let line_end = memchr::memchr(b'\n', &text.as_bytes()[value_start..]).map_or(text.len(), |k| value_start + k);
        let line = text[value_start..line_end].trim_end();
        if let Some(value) = line.strip_suffix(']').and_then(|rest| rest.trim_end().strip_suffix('"')) {
            let reason = format!(
                "the value of tag {name} holds quotes that are not escaped (a quote inside a value is written \\\"); \
                 read up to the last quote before the ']' as \"{value}\""
            );
            self.warn(WarningKind::TagQuote, value_start - 1, text[open..line_end].trim_end(), reason);
            self.pos = value_start + line.len();
            return Ok((name, value, true));
        }
        self.pos = at;
        let reason = match text[at..].chars().next() {
            Some(c) if !c.is_whitespace() => {
                format!(
                    "'{c}' after the value of tag {name}, where its ']' belongs (a quote inside a value is written \\\")"
                )
            }
            _ => format!("the tag {name} has no closing ']'"),
        };
        Err(self.bad_tag(open, at, &reason))
    }

    /// A tag value that runs to the end of its line without a closing quote: read up to the `]` that ends the line
    /// (a warning), if one does; else the tag is an error.
    #[cold]
    fn tag_without_closing_quote(
        &mut self,
        name: &'a str,
        value_start: usize,
    ) -> Result<(&'a str, &'a str, bool), Found> {
        let text = self.text;
        let open = memchr::memrchr(b'\n', &text.as_bytes()[..value_start]).map_or(0, |k| k + 1);
        let line_end = memchr::memchr(b'\n', &text.as_bytes()[value_start..]).map_or(text.len(), |k| value_start + k);
        let line = text[value_start..line_end].trim_end();
        let Some(value) = line.strip_suffix(']').filter(|_| !self.open) else {
            // (In open text the splitter decides where a broken tag ends.)
            if self.open {
                return Err(self.unsure());
            }
            return Err(found(
                ErrorKind::BadTag,
                value_start - 1,
                text[open..line_end].trim_end(),
                format!("the value of tag {name} has no closing quote; a tag pair reads [Name \"value\"]"),
            ));
        };
        let value = value.trim_end();
        // `"Tournament \"]`: the last quote was meant to close the value, after a backslash that was not escaped
        // (python-chess reads it so); the backslash stays in the value.
        let (value, reason) = match value.strip_suffix('"') {
            Some(value) => (
                value,
                format!(
                    "the value of tag {name} has no closing quote: its last quote is escaped by the '\\' before it; \
                     read with that quote as the closing one, the '\\' kept, as \"{value}\""
                ),
            ),
            None => (value, format!("the value of tag {name} has no closing quote; read up to the ']' as \"{value}\"")),
        };
        self.warn(WarningKind::TagQuote, value_start - 1, text[open..line_end].trim_end(), reason);
        self.pos = value_start + line.len();
        Ok((name, value, true))
    }

    fn movetext(
        &mut self,
        start: &Position,
        result_tag: Option<GameResult>,
        visitor: &mut impl Visitor,
    ) -> Result<(), Found> {
        let text = self.text;
        let bytes = text.as_bytes();
        let mut lines = Lines { main: LineState::new(*start, 0), variations: Vec::new() };
        if self.tree.is_some() {
            lines.main.opening = OpeningTree::root(start);
        }
        let mut result_seen = false;
        let mut tokens = false;
        loop {
            // The end of the token before (or of the tags): what lies between it and the next token is white space
            // and comments.
            let token_end = self.pos;
            let Some(b) = self.skip_space_and_comments(visitor)? else { break };
            let at = self.pos;
            if self.open && (result_seen || b == b'[') {
                if b == 0xef {
                    // Bytes that begin like a byte-order mark and are none (Latin-1 `ï`), or a mark the text ends
                    // inside: whether they are a token that ends the game, the splitter decides.
                    return Err(self.unsure());
                }
                // Where the splitter ends the game: the token after the result, or a tag pair.
                self.cut_at(at);
                break;
            }
            if self.open && b == b'1' && tokens && lines.variations.is_empty() && self.begins_a_game(token_end, at)? {
                // Or White's first move number after a blank line: the next game, without tags or result.
                self.cut_at(at);
                break;
            }
            tokens = true;
            if result_seen {
                return Err(found(
                    ErrorKind::MisplacedResult,
                    at,
                    &text[at..word_end(bytes, at)],
                    "text after the game's result",
                ));
            }
            if b.is_ascii_alphabetic() {
                // Most tokens are moves: no result, number or bracket to tell them from.
                let word = self.take_word(at);
                self.word(word, at, lines.top(), visitor)?;
                continue;
            }
            match b {
                b'(' => {
                    if bytes[at + 1..].starts_with(b"=)") {
                        visitor.draw_offer();
                        self.pos += 3;
                        continue;
                    }
                    if !lines.top().has_move() {
                        return Err(found(
                            ErrorKind::Variation,
                            at,
                            "(",
                            "a variation must follow the move it is an alternative to",
                        ));
                    }
                    if lines.variations.len() >= MAX_VARIATION_DEPTH {
                        return Err(found(
                            ErrorKind::Variation,
                            at,
                            "(",
                            format!(
                                "variations are nested too deep: forsyth reads at most {MAX_VARIATION_DEPTH} levels"
                            ),
                        ));
                    }
                    let top = lines.top();
                    let branch = LineState::new(top.before, top.ply - 1);
                    lines.variations.push(branch);
                    visitor.begin_variation();
                    self.pos += 1;
                }
                b')' => {
                    if lines.variations.pop().is_none() {
                        return Err(found(ErrorKind::Variation, at, ")", "this ')' closes no variation"));
                    }
                    visitor.end_variation();
                    self.pos += 1;
                }
                b'$' => {
                    let end = word_end(bytes, at + 1);
                    let digits = &text[at + 1..end];
                    match digits.parse::<u8>() {
                        // Also before a line's first move (`($142 4. Bc4)`): the PGN standard's grammar (§18) lets
                        // a NAG be any element of a line, the first too.
                        Ok(nag) => visitor.nag(nag),
                        Err(_) => {
                            return Err(found(
                                ErrorKind::BadNag,
                                at,
                                &text[at..end],
                                "a NAG is '$' followed by a number from 0 to 255",
                            ));
                        }
                    }
                    self.pos = end;
                }
                b'[' | b']' | b'}' | b'"' => {
                    let what = match b {
                        b'[' => "a tag pair after the movetext has begun (is a result missing?)",
                        b']' => "a ']' outside a tag pair",
                        b'}' => "a '}' that closes no comment",
                        _ => "a '\"' outside a tag pair",
                    };
                    return Err(found(ErrorKind::UnexpectedCharacter, at, &text[at..at + 1], what));
                }
                b'0'..=b'9' if let Some(end) = move_number_end(bytes, at) => self.pos = end,
                _ => {
                    let mut word = self.take_word(at);
                    let could_be_result = matches!(word.as_bytes()[0], b'1' | b'0' | b'*' | b'+' | b'-' | 0xc2);
                    if could_be_result && word.len() > 1 && word.starts_with('*') {
                        // `*` is a token by itself (the PGN standard, §7): what follows it is the next token, as the
                        // splitter reads it.
                        (word, self.pos) = (&text[at..at + 1], at + 1);
                    }
                    let result = if could_be_result { self.result(word, at, &lines)? } else { None };
                    if let Some(result) = result {
                        if !lines.variations.is_empty() {
                            return Err(found(
                                ErrorKind::MisplacedResult,
                                at,
                                word,
                                "a result inside a variation (is a ')' missing?)",
                            ));
                        }
                        // The tag's result is kept, unless it is `*`: then the marker knows more.
                        let result = match result_tag {
                            Some(tag) if tag != result && tag != GameResult::Unknown => {
                                let reason = format!(
                                    "the Result tag says {}, the game ends with {}; read as {}",
                                    tag.as_str(),
                                    result.as_str(),
                                    tag.as_str()
                                );
                                self.warn(WarningKind::ResultMismatch, at, word, reason);
                                tag
                            }
                            Some(GameResult::Unknown) if result != GameResult::Unknown => {
                                let reason = format!(
                                    "the Result tag says *, the game ends with {}; read as {}",
                                    result.as_str(),
                                    result.as_str()
                                );
                                self.warn(WarningKind::ResultMismatch, at, word, reason);
                                result
                            }
                            _ => result,
                        };
                        if !lines.main.skipped {
                            let end = lines.main.current();
                            let status = end.status();
                            if status != Status::Ongoing {
                                let says = format!("its result says {}", result.as_str());
                                self.result_against_the_end(result, status, end.turn(), (at, word), &says);
                            }
                        }
                        visitor.result(result);
                        result_seen = true;
                        // Comments after the result still belong to this game.
                        self.skip_space_and_comments(visitor)?;
                        continue;
                    }
                    self.word(word, at, lines.top(), visitor)?;
                }
            }
        }
        if self.open && self.cut.is_none() && self.tag_pair_follows && tokens {
            // The tag pair that follows ends the movetext, as a `[` in it would.
            self.cut_at(self.text.len());
        }
        if !lines.variations.is_empty() {
            return Err(found(ErrorKind::Variation, self.text.len(), "", "a variation is not closed: ')' is missing"));
        }
        if !result_seen && !lines.main.skipped {
            self.end_without_marker(&mut lines.main, result_tag);
        }
        Ok(())
    }

    /// A game whose movetext ended without a termination marker: its result is its Result tag's, or unknown, and the
    /// rules' end of the game is held against it as against a marker. (Out of line: most games have their marker.)
    #[cold]
    #[inline(never)]
    fn end_without_marker(&mut self, main: &mut LineState, result_tag: Option<GameResult>) {
        let end = main.current();
        let status = end.status();
        if status != Status::Ongoing {
            let (result, says) = match result_tag {
                Some(result) => {
                    (result, format!("its Result tag says {} (the movetext has no result)", result.as_str()))
                }
                None => (GameResult::Unknown, "it has no result (no termination marker, no Result tag)".into()),
            };
            // At the game's last word, after which the marker belongs. (Found here, not followed token by token: that
            // cost every game's reading 2 % more instructions.)
            let text = self.text;
            let movetext = text[..self.cut.unwrap_or(text.len())].trim_end();
            let word = movetext.rsplit_once(char::is_whitespace).map_or(movetext, |(_, word)| word);
            let at = movetext.len() - word.len();
            self.result_against_the_end(result, status, end.turn(), (at, word), &says);
        }
    }

    /// Warns where the game's main line ends in a position the rules end the game in (`status`, with `turn` to
    /// move) and `result` says otherwise, as pgn-extract does: a checkmate with any other result than the mating
    /// side's win, or a stalemate, a dead position or the 75-move rule (FIDE Laws 5.1.1, 5.2.1, 5.2.2, 9.6.2) with
    /// anything but a draw. The result is kept as written: an arbiter may have decided otherwise.
    #[cold]
    fn result_against_the_end(
        &mut self,
        result: GameResult,
        status: Status,
        turn: Color,
        (at, word): (usize, &str),
        says: &str,
    ) {
        let Some(by_the_rules) = status.outcome(turn).map(GameResult::from) else { return };
        if result == by_the_rules {
            return;
        }
        let (end, rule) = match status {
            Status::Checkmate => (format!("checkmate by {}", (!turn).name()), "5.1.1"),
            Status::Stalemate => ("stalemate".into(), "5.2.1"),
            Status::InsufficientMaterial => {
                ("a dead position (neither side has the material to checkmate)".into(), "5.2.2")
            }
            _ => ("75 moves by each side without a capture or a pawn move".into(), "9.6.2"),
        };
        let reason = format!(
            "the game ends in {end}, which makes it {} (FIDE Laws {rule}), but {says}; kept as written",
            by_the_rules.as_str()
        );
        self.warn(WarningKind::ResultContradictsPosition, at, word, reason);
    }

    /// The game termination marker `word` at `at` stands for, if it is one (repairs are warnings): results as
    /// [`GameResult::parse_lenient`] reads them, and `+--` / `--+` where no move has been read (a game forfeited; after
    /// a move they are the glyphs for a decisive advantage).
    fn result(&mut self, word: &str, at: usize, lines: &Lines) -> Result<Option<GameResult>, Found> {
        let (result, repaired) = match (word, GameResult::parse_lenient(word)) {
            (_, Some(read)) => read,
            ("+--", None) if lines.main.ply == 0 => (GameResult::WhiteWins, true),
            ("--+", None) if lines.main.ply == 0 => (GameResult::BlackWins, true),
            _ => return Ok(None),
        };
        if repaired {
            if self.open && word.starts_with(['+', '-']) {
                // The splitter does not end games at a forfeit: it decides.
                return Err(self.unsure());
            }
            let reason = format!("read as the result {}", result.as_str());
            self.warn(WarningKind::ResultForm, at, word, reason);
        }
        Ok(Some(result))
    }

    /// Whether the move number at `at` (open text, at depth 0, after movetext; the token before it ends at
    /// `token_end`) begins the next game as the splitter sees it: `1.` after a blank line (see
    /// [`super::split::NEW_GAME_BREAKS`]). Where comments stand between, or the text ends before telling, the
    /// splitter decides (the comments after a blank line would be the next game's, and the visitor has them).
    fn begins_a_game(&self, token_end: usize, at: usize) -> Result<bool, Found> {
        let bytes = self.text.as_bytes();
        if bytes.get(at + 1).is_some_and(|&b| b != b'.') {
            // Not `1.`: a result (`1-0`, `1/2-1/2`) or another word, whatever stands before it. (Told first: most
            // games reach this at their result.)
            return Ok(false);
        }
        let between = &bytes[token_end..at];
        let comments = between.iter().any(|&b| !SPACE[b as usize]);
        if !comments && between.iter().filter(|&&b| b == b'\n').count() < NEW_GAME_BREAKS as usize {
            return Ok(false);
        }
        let first = &bytes[at..bytes.len().min(at + 3)];
        if (first.len() < 3 && b"1.".starts_with(first)) || (comments && is_move_one(first)) {
            return Err(self.unsure());
        }
        Ok(is_move_one(first))
    }

    /// The game ends at `at` (open text only): the text is cut there, as the splitter would have cut it.
    fn cut_at(&mut self, at: usize) {
        self.text = &self.text[..at];
        self.cut = Some(at);
    }

    /// What stops reading open text where the splitter may decide otherwise than the reader (see [`read_open`]).
    #[cold]
    fn unsure(&self) -> Found {
        found(ErrorKind::UnexpectedCharacter, self.pos, "", "left to the splitter")
    }

    /// The movetext word at `at` (with an old book's promotion in parentheses, `a8(Q)`); the cursor moves past it.
    #[inline(always)]
    fn take_word(&mut self, at: usize) -> &'a str {
        let text = self.text;
        let end = promotion_in_parentheses_end(text.as_bytes(), word_end(text.as_bytes(), at));
        self.pos = end;
        &text[at..end]
    }

    /// A movetext word that is not a result: move number, move, glyph or `e.p.` mark.
    fn word(
        &mut self,
        word: &'a str,
        at: usize,
        line: &mut LineState,
        visitor: &mut impl Visitor,
    ) -> Result<(), Found> {
        // Most words are moves that start with a letter: they need none of the checks below (`N` alone is a
        // glyph, `e.p.` and `ep` follow an en-passant capture).
        let plain_move = word.as_bytes()[0].is_ascii_alphabetic() && !is_glyph_or_en_passant_mark(word);
        if plain_move {
            return match self.play_word(word, at, line, visitor) {
                // The glyphs `RR` and `inf` are told from moves only once they cannot be read as one: a test before
                // every move cost `pgn check` 0.4 % more instructions.
                Err(_) if is_letter_glyph(word.as_bytes()) => {
                    visitor.nag(glyph_nag(word).unwrap_or_default());
                    Ok(())
                }
                read => read,
            };
        }
        // A move number, perhaps glued to its move: `12.`, `12...`, `12.Nf3`, `11.0–0`.
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let (mut word, mut at) = (word, at);
        let dots = dots_len(&word[digits..]);
        if digits > 0 && dots > 0 {
            at += digits + dots;
            word = &word[digits + dots..];
            if word.is_empty() {
                return Ok(());
            }
        } else if digits == word.len() {
            // A bare number, as some programs write move numbers.
            return Ok(());
        }
        if dots_len(word) == word.len() {
            return Ok(());
        }
        // Moves start with a letter or a castling zero; glyphs with a sign (or are the lone `N` of a novelty, `RR`
        // of an editorial comment, `inf` of an unclear position).
        let could_be_glyph = !word.as_bytes()[0].is_ascii_alphanumeric() || is_letter_glyph(word.as_bytes());
        if could_be_glyph && let Some(nag) = glyph_nag(word) {
            visitor.nag(nag);
            return Ok(());
        }
        if let Some((nag, draw_offer)) = en_passant_word(word) {
            if line.skipped {
                return Ok(());
            }
            if line.last.is_some_and(|(mv, _)| mv.is_en_passant()) {
                // What follows the mark belongs to the move, as it would if written together (`exd6e.p.+!`).
                if let Some(nag) = nag {
                    visitor.nag(nag);
                }
                if draw_offer {
                    visitor.draw_offer();
                }
                return Ok(());
            }
            let kind = ErrorKind::UnreadableMove;
            return Err(match line.last {
                // The mark belongs to the move before it: the error names that move's ply and position.
                Some(_) => {
                    let reason = format!("'{word}' follows a move that is not an en-passant capture");
                    move_found(kind, reason, at, word, &line.before, line.ply)
                }
                None => found(kind, at, word, format!("'{word}' follows no move: it marks an en-passant capture")),
            });
        }
        self.play_word(word, at, line, visitor)
    }

    /// Passes over the move numbers and plain moves after the cursor in a line whose moves the visitor does not
    /// want, in one tight loop: tag-rejected games are most of what a selection reads. Stops before the first
    /// token that is anything else (a comment, a glyph, a result, a word not ended by a space, the text's end), which
    /// the word reader then reads as always. Each word passed is one the word reader would read as one move word
    /// and skip (letters first, move characters only, a space after it). (Kept out of line: the word reader that
    /// calls it is on the hot path of every game read move by move.)
    #[inline(never)]
    fn pass_plain_moves(&mut self, line: &mut LineState) {
        let bytes = self.text.as_bytes();
        let space_at = |at: usize| bytes.get(at).is_some_and(|&b| SPACE[b as usize]);
        let (mut pos, mut line_breaks, mut moves) = (self.pos, 0, 0);
        loop {
            while let Some(&b) = bytes.get(pos).filter(|&&b| SPACE[b as usize]) {
                line_breaks += u64::from(b == b'\n');
                pos += 1;
            }
            let at = pos;
            pos = match bytes.get(at) {
                Some(b'0'..=b'9') => match move_number_end(bytes, at) {
                    Some(end) if space_at(end) => end,
                    _ => break,
                },
                Some(b) if b.is_ascii_alphabetic() => {
                    let mut end = at + 1;
                    while end < bytes.len() && MOVE_WORD[bytes[end] as usize] {
                        end += 1;
                    }
                    // Glyphs and `ep`, an en-passant mark (`ep+` too): the word reader tells those apart.
                    if !space_at(end) || bytes[at..end].starts_with(b"ep") || is_letter_glyph(&bytes[at..end]) {
                        break;
                    }
                    moves += 1;
                    end
                }
                _ => break,
            };
        }
        line.ply += moves;
        self.report.moves += u64::from(moves);
        self.pos = pos;
        self.line_breaks += line_breaks;
    }

    /// A movetext word that is a move: read, checked and played.
    #[inline(always)]
    fn play_word(
        &mut self,
        word: &'a str,
        at: usize,
        line: &mut LineState,
        visitor: &mut impl Visitor,
    ) -> Result<(), Found> {
        if self.skip_moves {
            if is_letter_glyph(word.as_bytes()) {
                return Ok(());
            }
            line.skipped = true;
            line.opening = None;
            line.ply += 1;
            self.report.moves += 1;
            // The moves that follow are skipped too: passed over without the word reader.
            self.pass_plain_moves(line);
            return Ok(());
        }
        let ply = line.ply + 1;
        let opening = line.opening;
        let before = line.current();
        let ((read, role), opening) = match opening {
            None => match read_move(before, word, self.options) {
                Ok(read) => (read, None),
                Err((kind, reason)) => return Err(move_found(kind, reason, at, word, before, ply)),
            },
            Some(node) => self.read_in_opening(node, before, word, at, ply)?,
        };
        let mv = read.mv;
        visitor.play_written(before, mv, word);
        line.opening = opening;
        self.skip_moves = !visitor.wants_moves();
        line.last = Some((mv, role));
        line.ply += 1;
        self.report.moves += 1;
        if let Some(nag) = read.nag {
            visitor.nag(nag);
        }
        if read.draw_offer {
            visitor.draw_offer();
        }
        Ok(())
    }

    /// Reads `word`, the move of ply `ply` in the line of the opening tree's `node` (from `before`): as the tree read
    /// it before, or resolved and added to the tree. Returns the move and where the line goes on in the tree.
    /// (Kept out of line: most moves are past the opening.)
    #[inline(never)]
    fn read_in_opening(
        &mut self,
        node: Node,
        before: &Position,
        word: &str,
        at: usize,
        ply: u32,
    ) -> Result<((ReadMove, Role), Option<Node>), Found> {
        let Some(tree) = self.tree.as_deref_mut() else {
            return read_move(before, word, self.options)
                .map(|read| (read, None))
                .map_err(|(kind, reason)| move_found(kind, reason, at, word, before, ply));
        };
        if let Some((next, read, role)) = tree.get(node, word) {
            // The word was read in this position before: it reads as the same legal move.
            return Ok(((read, role), Some(next)));
        }
        match read_move(before, word, self.options) {
            Ok((read, role)) => Ok(((read, role), tree.insert(node, word, (read, role), ply))),
            Err((kind, reason)) => Err(move_found(kind, reason, at, word, before, ply)),
        }
    }
}

/// Where the comment starting at `bytes` closes (its `}`, if any) and the line breaks before, or `Err` if a line
/// inside it is a whole tag pair before that: the splitter takes such a line for the next game's (the comment was
/// never closed).
fn comment_close_before_tag_line(bytes: &[u8]) -> Result<(Option<usize>, u64), ()> {
    let mut from = 0;
    let mut line_breaks = 0;
    while let Some(k) = memchr::memchr2(b'}', b'\n', &bytes[from..]) {
        let at = from + k;
        if bytes[at] == b'}' {
            return Ok((Some(at), line_breaks));
        }
        if bytes.get(at + 1) == Some(&b'[') && is_tag_line(&bytes[at + 2..]) {
            return Err(());
        }
        line_breaks += 1;
        from = at + 1;
    }
    Ok((None, line_breaks))
}

/// Whether a comment that holds a `{` closes just before `at` (`{ a { b } c }`, where the error is at `c`): its
/// writer meant the comments to nest, which PGN comments do not.
fn nested_comment_before(text: &str, at: usize) -> bool {
    let Some(inner) = text.get(..at).and_then(|before| before.trim_end().strip_suffix('}')) else { return false };
    let Some(open) = inner.rfind('{') else { return false };
    inner[..open].rfind(['{', '}']).is_some_and(|k| inner.as_bytes()[k] == b'{')
}

/// A comment's text without the white space around it. Most comments begin and end with a visible ASCII
/// character, which `str::trim` would still walk as characters (a cost on engine games, a comment per move).
#[inline(always)]
fn trim_comment(text: &str) -> &str {
    match text.as_bytes() {
        [first, .., last] if first.is_ascii_graphic() && last.is_ascii_graphic() => text,
        _ => text.trim(),
    }
}

/// Where the spaces, tabs and carriage returns from `pos` end (inside a tag pair, which stays on its line). (A table,
/// not a `match` of the three bytes: that became a jump table, an indirect branch at every part of every tag pair.)
#[inline(always)]
fn inline_space_end(bytes: &[u8], mut pos: usize) -> usize {
    while bytes.get(pos).is_some_and(|&b| INLINE_SPACE[b as usize]) {
        pos += 1;
    }
    pos
}

/// The length of the dots at the start of `text`: `.`, and the ellipsis `…` some editors write for `...`.
fn dots_len(text: &str) -> usize {
    text.len() - text.trim_start_matches(['.', '\u{2026}']).len()
}

/// Where a move word that ends at `end` ends when a promotion in parentheses follows it, as old books write it
/// (`a8(Q)`, read like `a8=Q`): the `(` would otherwise open a variation.
#[inline(always)]
fn promotion_in_parentheses_end(bytes: &[u8], end: usize) -> usize {
    let promotes = end >= 2
        && matches!(bytes[end - 1], b'1' | b'8')
        && bytes[end - 2].is_ascii_lowercase()
        && bytes.get(end) == Some(&b'(')
        && bytes.get(end + 1).is_some_and(u8::is_ascii_alphabetic)
        && bytes.get(end + 2) == Some(&b')');
    if promotes { word_end(bytes, end + 2) } else { end }
}

/// The end of a move number standing alone at `at` (`12.`, `12...`), if that is what stands there: a third of
/// the words of a game, skipped here without going through the word reader. (`1.` cannot be `1-0` or `1/2-1/2`.)
#[inline(always)]
fn move_number_end(bytes: &[u8], at: usize) -> Option<usize> {
    let mut end = at;
    while end < bytes.len() && bytes[end].is_ascii_digit() {
        end += 1;
    }
    if bytes.get(end) != Some(&b'.') {
        return None;
    }
    while end < bytes.len() && bytes[end] == b'.' {
        end += 1;
    }
    (end == bytes.len() || DELIMITER[bytes[end] as usize]).then_some(end)
}

/// The bytes after the first of a plain move word (SAN, long algebraic, castling with letters), none of them a
/// delimiter of the word reader: letters, digits and `x + # = - :`.
static MOVE_WORD: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        table[i] = b.is_ascii_alphanumeric() || matches!(b, b'x' | b'+' | b'#' | b'=' | b'-' | b':');
        i += 1;
    }
    table
};

/// The bytes of a tag name: letters, digits and `_`.
static TAG_NAME: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        table[b] = (b as u8).is_ascii_alphanumeric() || b == b'_' as usize;
        b += 1;
    }
    table
};

/// The white space inside a tag pair's line: spaces, tabs and carriage returns.
static INLINE_SPACE: [bool; 256] = byte_set(b" \t\r");

/// The bytes that end a run of a tag value's plain characters: its closing quote, an escape, a line break.
static TAG_VALUE_STOP: [bool; 256] = byte_set(b"\"\\\n");

/// The whitespace bytes between tokens.
static SPACE: [bool; 256] = byte_set(b" \t\n\r\x0b\x0c");

/// Whether a word that starts with a letter is the novelty glyph `N` or an en-passant mark with what may follow it
/// (`e.p.`, `e.p.+`: see [`en_passant_word`]). (Told by its first bytes before the whole word is read: a comparison
/// by length first was a jump table, whose target changed from move to move.)
#[inline(always)]
fn is_glyph_or_en_passant_mark(word: &str) -> bool {
    match word.as_bytes() {
        [b'N'] => true,
        [b'e', ..] => en_passant_word(word).is_some(),
        _ => false,
    }
}

/// Whether a word that starts with a letter is a glyph ([`glyph_nag`]), not a move: `N` (a novelty), `RR` (an
/// editorial comment), `inf` (an unclear position).
fn is_letter_glyph(word: &[u8]) -> bool {
    matches!(word, b"N" | b"RR" | b"inf")
}

/// The NAG a move-assessment or position glyph stands for (PGN standard §10; the Informant symbols too).
///
/// ```
/// use forsyth::pgn::glyph_nag;
/// assert_eq!(glyph_nag("!?"), Some(5));
/// assert_eq!(glyph_nag("+-"), Some(18));
/// assert_eq!(glyph_nag("+/="), Some(14)); // ASCII forms other programs write: `=/+`, `~` and `inf` too
/// assert_eq!(glyph_nag("e4"), None);
/// ```
pub fn glyph_nag(glyph: &str) -> Option<u8> {
    Some(match glyph {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        "□" => 7,
        "=" => 10,
        "∞" | "~" | "inf" => 13,
        "+=" | "+/=" | "⩲" => 14,
        "=+" | "=/+" | "⩱" => 15,
        "+/-" | "±" => 16,
        "-/+" | "∓" => 17,
        "+-" | "+--" => 18,
        "-+" | "--+" => 19,
        "RR" => 145,
        "N" => 146,
        _ => return None,
    })
}

/// Where the first byte stands that no text file holds (a NUL, or a control character other than tab, line feed,
/// vertical tab, form feed, carriage return, the DOS end-of-file mark and escape): a picture, a program or a
/// compressed file sent as PGN. Such bytes read as Latin-1 would make games of noise, each an error; a reader that
/// checks first can say "not a text file" once. Compressed PGN starts with such bytes too: see `decompress`.
///
/// ```
/// use forsyth::pgn::first_binary_byte;
/// assert_eq!(first_binary_byte(b"[Event \"x\"]\r\n\r\n1. e4 *\n"), None);
/// assert_eq!(first_binary_byte(b"[Site \"K\xf6ln\"]\n"), None); // Latin-1 is text
/// assert_eq!(first_binary_byte(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Some(8)); // a PNG picture's header
/// ```
pub fn first_binary_byte(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | 0x1a | 0x1b))
}

/// The glyph a NAG is printed as, for the NAGs [`glyph_nag`] reads from a glyph (PGN standard §10: `$1` is `!`,
/// `$18` `+-`); `None` for the others, which are shown as `$n`.
///
/// ```
/// use forsyth::pgn::{glyph_nag, nag_glyph};
/// assert_eq!(nag_glyph(5), Some("!?"));
/// assert_eq!(nag_glyph(16), Some("±"));
/// assert_eq!(nag_glyph(36), None); // an initiative: no glyph of its own here
/// for nag in 0..=255 {
///     if let Some(glyph) = nag_glyph(nag) {
///         assert_eq!(glyph_nag(glyph), Some(nag));
///     }
/// }
/// ```
pub const fn nag_glyph(nag: u8) -> Option<&'static str> {
    Some(match nag {
        1 => "!",
        2 => "?",
        3 => "!!",
        4 => "??",
        5 => "!?",
        6 => "?!",
        7 => "□",
        10 => "=",
        13 => "∞",
        14 => "⩲",
        15 => "⩱",
        16 => "±",
        17 => "∓",
        18 => "+-",
        19 => "-+",
        145 => "RR",
        146 => "N",
        _ => return None,
    })
}

/// The one place where a movetext word becomes a legal move: the notation module's lenient reader, in the
/// language the options name.
#[inline(always)]
fn read_move(pos: &Position, text: &str, options: &PgnReadOptions) -> Result<(ReadMove, Role), (ErrorKind, String)> {
    parse_move_and_role(pos, text, &options.moves).map_err(move_error)
}

/// A move error as the PGN error's kind and reason.
#[cold]
fn move_error(e: MoveError) -> (ErrorKind, String) {
    let kind = match e.kind {
        MoveErrorKind::Syntax(_) => ErrorKind::UnreadableMove,
        _ => ErrorKind::IllegalMove,
    };
    // The error repeats the move's text, which the PGN error already shows.
    let message = e.to_string();
    let prefix = format!("'{}'", e.text);
    let reason = message.strip_prefix(&prefix).map_or(message.as_str(), |r| r.trim_start_matches(':').trim());
    (kind, reason.to_string())
}

#[cfg(test)]
mod tests {
    use super::latin1_text;

    #[test]
    fn latin1_text_is_each_byte_as_the_character_of_its_number() {
        // Every byte, alone, in runs of ASCII and at both ends of a text.
        let every: Vec<u8> = (0..=255).collect();
        for bytes in [&every[..], b"", b"caf\xe9", b"\xe9t\xe9", b"\xbd-\xbd", b"\xff", b"\xef\xbb", b"\xef\xbb\xbe"] {
            let expected: String = bytes.iter().map(|&b| char::from(b)).collect();
            assert_eq!(latin1_text(bytes), expected, "{bytes:?}");
        }
        // A byte-order mark stays one.
        assert_eq!(latin1_text(b"\xef\xbb\xbf[A \"\xe9\"]\xef\xbb\xbf"), "\u{feff}[A \"\u{e9}\"]\u{feff}");
    }
}
