//! Cutting a stream of PGN bytes into games, in constant memory, without understanding the moves.
//!
//! The cut is cheap so that one thread can feed several parsers (`--jobs N`): it only tracks comments, tag
//! strings, variation depth and result tokens. Memory is bounded by [`MAX_GAME_BYTES`], never by the file: a
//! longer game (a hostile 100 MB comment, a gigabyte with no line break) is scanned to its end but not kept (of
//! it, only the text where the next game may begin is held, up to [`MAX_GAME_BYTES`] more).

use std::io::{self, BufRead};

use crate::notation::read::is_dash;

/// The most bytes of one game the splitter keeps (32 MiB: a million-move game takes about 9 MiB). A longer game
/// comes out [`RawGame::oversized`], holding only its first `MAX_GAME_BYTES`, and reads as a
/// [`super::ErrorKind::GameTooLarge`] error.
pub const MAX_GAME_BYTES: usize = 32 << 20;

/// The line breaks between two tag pairs that end a tag section: two blank lines. A tag after one blank line is
/// still the same game's (ChessBase writes one after the first tag pair; python-chess reads it so too).
pub(crate) const TAG_SECTION_END: u32 = 3;

/// The line breaks in the white space before a White first move number (`1.`) that begin the next game: a blank
/// line. Games with neither tags nor results, one per paragraph, are separate games (python-chess and lichess's
/// chessops read them so), while a blank line before any other move number, or inside a variation, stays inside
/// the game. Comments and `%` escape lines between the blank line and the `1.` (`{Game 2} 1. d4`) open the next game.
pub(crate) const NEW_GAME_BREAKS: u32 = 2;

/// The bytes of one game, as they stand in the file, with where they start.
///
/// ```
/// use forsyth::pgn::GameSplitter;
/// let file = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
/// let games: Vec<_> = GameSplitter::new(file.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!((games[1].number, games[1].line, games[1].column), (2, 5, 1));
/// assert_eq!(games[1].bytes, b"[Event \"b\"]\n\n1. d4 *\n");
/// assert_eq!(games[1].offset, 27);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawGame {
    /// The game's text: tags, movetext, comments; everything up to the next game.
    pub bytes: Vec<u8>,
    /// 1-based number of the game in the file.
    pub number: u64,
    /// 1-based line on which the game's text starts.
    pub line: u64,
    /// 1-based column (in characters) of that line at which the game's text starts: 1, unless the game begins on
    /// the line where the one before it ended (`1. e4 e5 1-0 1. d4 d5 0-1`). (0 reads as 1.)
    pub column: u64,
    /// Byte offset in the (decompressed) stream at which the game's text starts.
    pub offset: u64,
    /// The game is longer than [`MAX_GAME_BYTES`]: `bytes` holds only its beginning.
    pub oversized: bool,
}

impl RawGame {
    /// Whether the text holds nothing but whitespace, byte-order marks and forum wrappers (a file's trailing blank
    /// lines, or the `[/pgn]` after its last game, make an empty last chunk).
    ///
    /// ```
    /// use forsyth::pgn::RawGame;
    /// let wrapper = RawGame { bytes: b"\n[/pgn]\n\n".to_vec(), ..RawGame::default() };
    /// assert!(wrapper.is_blank());
    /// let game = RawGame { bytes: b"1. e4 *\n".to_vec(), ..RawGame::default() };
    /// assert!(!game.is_blank());
    /// ```
    pub fn is_blank(&self) -> bool {
        let mut rest = self.bytes.as_slice();
        loop {
            rest = rest.trim_ascii_start();
            if let Some(after) = rest.strip_prefix(BYTE_ORDER_MARK) {
                rest = after;
            } else if let Some(wrapper) = forum_wrapper(rest) {
                rest = &rest[wrapper..];
            } else {
                return !self.oversized && rest.is_empty();
            }
        }
    }

    /// The game's text, borrowed.
    ///
    /// ```
    /// use forsyth::pgn::{PgnReadOptions, RawGame, Validate, read_game};
    /// let game = RawGame { bytes: b"1. e4 e5 2. Ke3 *\n".to_vec(), number: 7, line: 40, ..RawGame::default() };
    /// let report = read_game(game.text(), &PgnReadOptions::default(), &mut Validate);
    /// let error = report.error.unwrap();
    /// assert_eq!((error.game, error.line, error.column), (7, 40, 13)); // at `Ke3`
    /// ```
    pub fn text(&self) -> GameText<'_> {
        GameText {
            bytes: &self.bytes,
            number: self.number,
            line: self.line,
            column: self.column,
            offset: self.offset,
            oversized: self.oversized,
        }
    }
}

/// One game's text where it lies (in the reader's buffer, or in a [`RawGame`]), with where it starts: what
/// [`super::read_game`] reads.
///
/// ```
/// use forsyth::pgn::GameSplitter;
/// let mut games = GameSplitter::new("1. e4 *\n\n1. d4 *\n".as_bytes());
/// let first = games.next_text().unwrap().unwrap();
/// assert_eq!((first.bytes, first.number, first.line), (&b"1. e4 *\n\n"[..], 1, 1));
/// let second = games.next_text().unwrap().unwrap();
/// assert_eq!((second.number, second.line, second.offset), (2, 3, 9));
/// assert!(games.next_text().is_none());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameText<'a> {
    /// The game's text: tags, movetext, comments; everything up to the next game.
    pub bytes: &'a [u8],
    /// 1-based number of the game in the file.
    pub number: u64,
    /// 1-based line on which the game's text starts.
    pub line: u64,
    /// 1-based column (in characters) of that line at which the game's text starts: 1, unless the game begins on
    /// the line where the one before it ended (`1. e4 e5 1-0 1. d4 d5 0-1`). (0 reads as 1.)
    pub column: u64,
    /// Byte offset in the (decompressed) stream at which the game's text starts.
    pub offset: u64,
    /// The game is longer than [`MAX_GAME_BYTES`]: `bytes` holds only its beginning.
    pub oversized: bool,
}

impl<'a> From<&'a RawGame> for GameText<'a> {
    fn from(game: &'a RawGame) -> GameText<'a> {
        game.text()
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum State {
    /// Between tokens.
    Between,
    /// Inside a movetext word (a move, a move number, a result...).
    Word,
    /// After the first bytes (how many: 1 or 2) of what may be a byte-order mark, where a token may begin: the
    /// mark is white space, anything else a word begun with those bytes.
    ByteOrderMark(u8),
    /// Inside `{...}`.
    BraceComment,
    /// Inside `{...}`, at the start of a line.
    BraceCommentLineStart,
    /// Inside `{...}`, on a line that starts with `[` and so far has the shape of a tag pair: if the whole line is
    /// one, the comment was never closed and the next game begins at the `[`.
    CommentTagLine(TagLine),
    /// Inside `;...` up to the end of the line.
    LineComment,
    /// Inside a tag pair `[...]`, outside its string.
    Tag,
    /// A tag pair's line ended before its `]`: the pair goes on if its value or its `]` begins the next line (the
    /// PGN standard's import format lets a tag pair span lines); anything else, and it ended with its line.
    TagLineBreak,
    /// Inside the quoted value of a tag pair.
    TagString,
    /// Just after a backslash in a tag string.
    TagEscape,
}

/// Splits PGN text into [`RawGame`]s.
///
/// A game ends where the next one's tag section begins (a `[` after movetext), after its result token and the
/// comments that follow it, or before White's first move number `1.` after a blank line (games with neither tags nor
/// results, one per paragraph), so files with and without tags both work.
///
/// ```
/// use forsyth::pgn::GameSplitter;
/// let text = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n1. d4 *\n1. c4 0-1\n\n1. e4 c5\n\n1. d4 d5\n";
/// let games: Vec<_> = GameSplitter::new(text.as_bytes()).map(|g| g.unwrap()).collect();
/// assert_eq!(games.len(), 5);
/// assert_eq!(games[1].line, 5);
/// assert_eq!(String::from_utf8_lossy(&games[2].bytes), "1. c4 0-1\n\n");
/// assert_eq!(String::from_utf8_lossy(&games[3].bytes), "1. e4 c5\n\n");
/// ```
pub struct GameSplitter<R> {
    reader: R,
    scanner: Scanner,
    done: bool,
    /// The reader holds one block of a longer stream: at its end the splitter stops, the last game unfinished,
    /// for [`GameSplitter::suspend`].
    block: bool,
    /// The block ends before a tag pair (`[` and a letter).
    tag_pair_after: bool,
    /// Bytes of the reader's buffer lent out by [`GameSplitter::next_text`], consumed on the next call.
    lent: usize,
    /// The last game [`GameSplitter::next_text`] had to copy (it did not lie whole in the reader's buffer).
    last: RawGame,
}

/// A splitter stopped at the end of a block of a stream, between games or inside one (which it then holds, up to
/// [`MAX_GAME_BYTES`]): what the next block resumes from.
pub(crate) struct Suspended(Scanner);

impl Suspended {
    /// Where the next game starts: its number and line.
    pub(crate) fn next_start(&self) -> (u64, u64) {
        (self.0.current.number, self.0.current.line)
    }

    /// Adds `games` to the game numbers and `lines` to the line numbers (for a block read before the numbers of
    /// the blocks before it were known).
    pub(crate) fn renumber(&mut self, games: u64, lines: u64) {
        let scanner = &mut self.0;
        scanner.current.number += games;
        scanner.next_number += games;
        scanner.current.line += lines;
    }

    /// When the next block starts with a tag pair (`[` and a letter): whether the splitter cuts there, as it
    /// would have had it seen that block. If so, returns the game the cut ends (none when the block held no more
    /// than the start of the next game), and the state is then that of a new game's start.
    pub(crate) fn cut_before_tag_pair(&mut self) -> Option<Option<RawGame>> {
        let scanner = &mut self.0;
        if scanner.at_game_start() {
            return Some(None);
        }
        // The `[` ends a word in progress, as any delimiter does.
        if scanner.state == State::Word {
            scanner.end_word();
            scanner.state = State::Between;
        }
        let cuts = match scanner.state {
            // (After a tag pair's line break, a `[` is no part of the pair: the pair ended with its line.)
            State::Between | State::TagLineBreak => {
                scanner.ended || scanner.seen_movetext || (scanner.seen_tag && scanner.newlines >= TAG_SECTION_END)
            }
            // Inside a comment, only a whole tag pair line ends it, which the next block holds: the splitter goes on
            // from here and decides.
            _ => false,
        };
        if !cuts {
            return None;
        }
        let game = scanner.finish(&[], 0, 0, false);
        scanner.state = State::Between;
        scanner.line_start = false;
        Some(Some(game))
    }
}

/// The splitter's state, apart from the reader so that both can be borrowed at once.
struct Scanner {
    state: State,
    /// At the start of a line, where `%` begins an escape line.
    line_start: bool,
    /// In a `%` escape line (handled like a line comment).
    escape_line: bool,
    depth: u32,
    seen_movetext: bool,
    /// A tag pair has been read in the current game.
    seen_tag: bool,
    /// Line breaks since the last token: two blank lines after tags end a game that has no movetext.
    newlines: u32,
    /// Line breaks in the white space just before the next byte, outside comments (a `;` comment's own line break
    /// counts: the reader leaves it outside the comment): a blank line before `1.` begins a new game.
    breaks_before: u32,
    /// Where (offset in the stream) the first comment after a blank line stands, if no other token came since: if
    /// the next token is `1.`, the next game begins there.
    paragraph_at: Option<u64>,
    /// Where (offset in the stream) the game ends if the word begun with `1` at the end of the last chunk, after a
    /// blank line, is `1.`: what follows, the next chunk tells.
    move_one_at: Option<u64>,
    ended: bool,
    /// The first bytes of the word being scanned (a result token is at most 11 bytes long: `1/2–1/2`).
    word: [u8; WORD_KEPT],
    /// Where (offset in the stream) the byte-order mark being scanned ([`State::ByteOrderMark`]) starts.
    mark_at: u64,
    word_len: usize,
    current: RawGame,
    /// A buffer handed back by [`GameSplitter::recycle`], used for the next game instead of a new allocation.
    spare: Vec<u8>,
    /// The length of the game just closed, if it was left in the chunk (its `RawGame` then holds no bytes).
    lent: Option<usize>,
    next_number: u64,
    next_line: u64,
    /// Bytes scanned so far.
    consumed: u64,
    /// Bytes of the current game not kept because it grew past [`MAX_GAME_BYTES`], and the line breaks in them.
    skipped: u64,
    /// Where (offset in the stream) the line inside a comment that may be a tag pair starts: its `[`.
    tag_line_at: u64,
    skipped_lines: u64,
    /// Of a game over [`MAX_GAME_BYTES`], the text where the next game may begin (see [`Held`]).
    held: Option<Box<Held>>,
}

/// Of a game over [`MAX_GAME_BYTES`] whose next game may begin at a place not yet decided
/// ([`Scanner::pending_cut`]): the text from there (or from the end of what was kept of the game, if later) to the
/// end of the last chunk, which the game does not keep but the next one needs if a later chunk decides the cut. At
/// most [`MAX_GAME_BYTES`]: a longer start would make the next game too large itself.
struct Held {
    /// Where (offset in the stream) the text starts.
    at: u64,
    text: Vec<u8>,
}

impl<R: BufRead> GameSplitter<R> {
    /// A splitter over a reader of PGN bytes (already decompressed). A UTF-8 byte-order mark is skipped. Lines end
    /// with line feeds (`\n`, `\r\n`): wrap text whose lines end with carriage returns alone in [`LineEnds`](super::LineEnds),
    /// as [`Reader`](super::Reader) does.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, LineEnds};
    /// let old_mac = &b"[Event \"a\"]\r\r1. e4 *\r\r[Event \"b\"]\r\r1. d4 *\r"[..];
    /// let games: Vec<_> = GameSplitter::new(LineEnds::new(old_mac)).collect::<Result<_, _>>()?;
    /// assert_eq!(games.iter().map(|g| g.line).collect::<Vec<_>>(), [1, 5]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn new(reader: R) -> GameSplitter<R> {
        GameSplitter {
            reader,
            scanner: Scanner::new(),
            done: false,
            block: false,
            tag_pair_after: false,
            lent: 0,
            last: RawGame::default(),
        }
    }

    /// A splitter over one block of a longer stream, the block's first byte at `offset` in the stream and the
    /// start of a game: games are numbered, and lines counted, from 1 (the caller renumbers them once it knows
    /// what came before); at the block's end the splitter stops, for [`GameSplitter::suspend`], unless the block
    /// is the stream's `last`. `tag_pair_after`: the block ends before a tag pair (`[` and a letter).
    pub(crate) fn for_block(reader: R, offset: u64, last: bool, tag_pair_after: bool) -> GameSplitter<R> {
        let mut scanner = Scanner::new();
        scanner.consumed = offset;
        scanner.current.offset = offset;
        // A game starts at the first byte of a token, never at the start of a line (see `move_past`), except the
        // stream's first.
        scanner.line_start = offset == 0;
        GameSplitter { reader, scanner, done: false, block: !last, tag_pair_after, lent: 0, last: RawGame::default() }
    }

    /// Goes on over the next block (the stream's last, with `last`) from where the splitter of the block before
    /// stopped.
    pub(crate) fn resume(suspended: Suspended, reader: R, last: bool, tag_pair_after: bool) -> GameSplitter<R> {
        let scanner = suspended.0;
        GameSplitter { reader, scanner, done: false, block: !last, tag_pair_after, lent: 0, last: RawGame::default() }
    }

    /// The splitter's state at the end of its block (see [`GameSplitter::for_block`]).
    pub(crate) fn suspend(mut self) -> Suspended {
        self.reader.consume(std::mem::take(&mut self.lent));
        Suspended(self.scanner)
    }

    /// The next game's text, borrowed where it lies: a game that lies whole in the reader's buffer is not copied
    /// (one that runs across refills is, as by the iterator). For reading games one at a time; the iterator
    /// hands out owned games, which can go to other threads.
    ///
    /// ```
    /// use forsyth::pgn::GameSplitter;
    /// let mut games = GameSplitter::new(&b"1. e4 e5 1-0\n\n1. d4 d5 0-1\n"[..]);
    /// let mut lines = Vec::new();
    /// while let Some(game) = games.next_text() {
    ///     let game = game?;
    ///     lines.push((game.number, game.line, game.bytes.len()));
    /// }
    /// assert_eq!(lines, [(1, 1, 14), (2, 3, 13)]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn next_text(&mut self) -> Option<io::Result<GameText<'_>>> {
        let copied = std::mem::take(&mut self.last);
        if copied.bytes.capacity() > 0 {
            self.recycle(copied);
        }
        let game = match self.next_game(true)? {
            Ok(game) => game,
            Err(e) => return Some(Err(e)),
        };
        let Some(len) = self.scanner.lent.take() else {
            self.last = game;
            return Some(Ok(self.last.text()));
        };
        // The game lies at the start of the reader's buffer, which still holds it: `next` left it unconsumed.
        self.lent = len;
        let text = |bytes| GameText {
            bytes,
            number: game.number,
            line: game.line,
            column: game.column,
            offset: game.offset,
            oversized: false,
        };
        match self.reader.fill_buf() {
            Ok(buffer) => Some(Ok(text(&buffer[..len]))),
            Err(e) => Some(Err(e)),
        }
    }

    /// The next game; with `lend`, one that lies whole in the reader's buffer is left there, unconsumed, for
    /// [`GameSplitter::next_text`] to lend.
    fn next_game(&mut self, lend: bool) -> Option<io::Result<RawGame>> {
        // A game lent by `next_text` is done with once the next one is asked for, whichever way.
        self.reader.consume(std::mem::take(&mut self.lent));
        if self.done {
            return None;
        }
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            };
            if chunk.is_empty() {
                // The stream ends inside what began like a byte-order mark: a word, which may end the game before it.
                if !self.block
                    && let State::ByteOrderMark(read) = self.scanner.state
                    && let Some((Some(game), _)) = self.scanner.not_a_mark(read, &[], 0, false)
                {
                    return Some(Ok(game));
                }
                self.done = true;
                if self.block {
                    // The last game may go on in the next block.
                    return None;
                }
                if self.scanner.state == State::Word {
                    self.scanner.end_word();
                }
                let last = std::mem::take(&mut self.scanner.current);
                return (!last.is_blank()).then_some(Ok(last));
            }
            let (game, used) = self.scanner.scan(chunk, lend);
            // A game left in the buffer is consumed by `next_text` once its borrower is done with it.
            if self.scanner.lent.is_none() {
                self.reader.consume(used);
            }
            if let Some(game) = game {
                return Some(Ok(game));
            }
        }
    }

    /// The reader's buffered bytes from the start of the next game, and that game's number, line and offset, if
    /// nothing of it has been scanned yet (none otherwise, or at the end of the stream or on a read error, which
    /// the next [`GameSplitter::next_text`] reports). For reading games straight from the buffer, moving on with
    /// [`GameSplitter::move_past`].
    ///
    /// The flag says whether a tag pair follows the buffer: it holds the rest of a block that ends before one.
    pub(crate) fn rest(&mut self) -> Option<(&[u8], GameText<'static>, bool)> {
        self.reader.consume(std::mem::take(&mut self.lent));
        if self.done || !self.scanner.at_game_start() {
            return None;
        }
        let current = &self.scanner.current;
        let start = GameText {
            bytes: &[],
            number: current.number,
            line: current.line,
            column: current.column,
            offset: current.offset,
            oversized: false,
        };
        let tag_pair_after = self.tag_pair_after;
        match self.reader.fill_buf() {
            Ok(buffer) if !buffer.is_empty() => Some((buffer, start, tag_pair_after)),
            _ => None,
        }
    }

    /// Moves past `games` games, `bytes` bytes holding `lines` line breaks, read from [`GameSplitter::rest`]:
    /// as if they had been cut here (each ended where the splitter would have cut it). The next game starts at
    /// `column` of its line.
    pub(crate) fn move_past(&mut self, games: u64, bytes: usize, lines: u64, column: u64) {
        if games == 0 {
            return;
        }
        self.reader.consume(bytes);
        let scanner = &mut self.scanner;
        scanner.consumed += bytes as u64;
        scanner.current.number += games;
        scanner.next_number += games;
        scanner.current.line += lines;
        scanner.current.column = column;
        scanner.current.offset += bytes as u64;
        // A game is cut at the first byte of the next one's first token, which is not at a line's start.
        scanner.line_start = false;
    }

    /// Bytes consumed from the reader so far (for progress reports).
    ///
    /// ```
    /// use forsyth::pgn::GameSplitter;
    /// let text = b"1. e4 *\n\n1. d4 *\n";
    /// let mut games = GameSplitter::new(&text[..]);
    /// while games.next().is_some() {}
    /// assert_eq!(games.bytes_read(), text.len() as u64);
    /// ```
    pub fn bytes_read(&self) -> u64 {
        self.scanner.consumed
    }

    /// Hands back a game the caller is done with: its buffer holds the next game, which saves an allocation
    /// per game when games are read one at a time.
    ///
    /// ```
    /// use forsyth::pgn::GameSplitter;
    /// let mut games = GameSplitter::new("1. e4 *\n1. d4 *\n".as_bytes());
    /// let first = games.next().unwrap().unwrap();
    /// games.recycle(first);
    /// assert_eq!(games.next().unwrap().unwrap().bytes, b"1. d4 *\n");
    /// ```
    pub fn recycle(&mut self, game: RawGame) {
        let mut bytes = game.bytes;
        // A buffer grown by a huge game is not kept, so memory stays small after it.
        if bytes.capacity() <= 1 << 20 {
            bytes.clear();
            self.scanner.spare = bytes;
        }
    }
}

impl Scanner {
    fn new() -> Scanner {
        Scanner {
            state: State::Between,
            line_start: true,
            escape_line: false,
            depth: 0,
            seen_movetext: false,
            seen_tag: false,
            newlines: 0,
            breaks_before: 0,
            paragraph_at: None,
            move_one_at: None,
            ended: false,
            word: [0; WORD_KEPT],
            mark_at: 0,
            word_len: 0,
            current: RawGame { number: 1, line: 1, column: 1, ..RawGame::default() },
            spare: Vec::new(),
            lent: None,
            next_number: 2,
            next_line: 1,
            consumed: 0,
            skipped: 0,
            skipped_lines: 0,
            tag_line_at: 0,
            held: None,
        }
    }

    /// Whether nothing of the current game has been scanned: its first byte is the next one.
    fn at_game_start(&self) -> bool {
        self.state == State::Between
            && self.current.bytes.is_empty()
            && !self.current.oversized
            && self.skipped == 0
            && !self.seen_movetext
            && !self.seen_tag
            && !self.ended
            && self.newlines == 0
            && self.breaks_before == 0
            && self.paragraph_at.is_none()
            && self.depth == 0
            && self.lent.is_none()
    }

    /// Keeps `bytes` as part of the current game, up to [`MAX_GAME_BYTES`]; beyond, only counts them.
    fn keep(&mut self, bytes: &[u8]) {
        let room = MAX_GAME_BYTES.saturating_sub(self.current.bytes.len());
        if bytes.len() <= room && !self.current.oversized {
            self.current.bytes.extend_from_slice(bytes);
        } else {
            self.current.oversized = true;
            self.skipped += bytes.len() as u64;
            self.skipped_lines += line_breaks(bytes);
        }
    }

    /// Closes the current game at `cut` bytes of `chunk` (already partly copied from `copied`) and returns it; with
    /// `lend`, a game that lies whole in the chunk is left there (see `lent`) instead of copied.
    fn finish(&mut self, chunk: &[u8], copied: usize, cut: usize, lend: bool) -> RawGame {
        // A game longer than the limit is not lent either: the copy path marks it oversized, as for any reader.
        let whole_in_chunk =
            copied == 0 && self.current.bytes.is_empty() && !self.current.oversized && cut <= MAX_GAME_BYTES;
        // Where the next game starts on its line: after the last line break of this one.
        let next_column;
        let (lines, length, mut bytes) = if lend && whole_in_chunk {
            // Left where it lies; the current (empty) buffer serves the next game.
            self.lent = Some(cut);
            let lines = line_breaks(&chunk[..cut]);
            next_column = column_after(&chunk[..cut], self.current.column);
            (lines, cut as u64, std::mem::take(&mut self.current.bytes))
        } else {
            self.keep(&chunk[copied..cut]);
            // (The end of a game over the size limit was not kept: the next game is taken to start a line.)
            next_column =
                if self.current.oversized { 1 } else { column_after(&self.current.bytes, self.current.column) };
            let lines = line_breaks(&self.current.bytes) + self.skipped_lines;
            let mut bytes = std::mem::take(&mut self.spare);
            if bytes.capacity() == 0 {
                // The next game is likely about as long as this one: reserve that much to avoid regrowing.
                bytes.reserve(self.current.bytes.len().clamp(256, 1 << 16));
            }
            (lines, self.current.bytes.len() as u64 + self.skipped, bytes)
        };
        let start_offset = self.current.offset + length;
        self.next_line = self.current.line + lines;
        (self.skipped, self.skipped_lines) = (0, 0);
        self.held = None;
        bytes.clear();
        let next = RawGame {
            bytes,
            number: self.next_number,
            line: self.next_line,
            column: next_column,
            offset: start_offset,
            oversized: false,
        };
        self.next_number += 1;
        self.seen_movetext = false;
        self.seen_tag = false;
        // The next game begins with the token that ended this one: no line breaks since.
        self.newlines = 0;
        self.breaks_before = 0;
        self.paragraph_at = None;
        self.move_one_at = None;
        self.ended = false;
        self.depth = 0;
        std::mem::replace(&mut self.current, next)
    }

    /// The game ends before the byte at `cut` (an offset in the stream), which `chunk[end]` follows: a line inside
    /// a comment that is a whole tag pair (the comment was never closed), or a move number `1.` after a blank line.
    /// Returns the game and the bytes of `chunk` used; the text from `cut` on is the next game's (read again when
    /// it lies in `chunk`, kept as the next game's start when it began in an earlier chunk).
    ///
    /// Not cut (none returned) only where the text from `cut` began in an earlier chunk, in a game over
    /// [`MAX_GAME_BYTES`], and is itself longer than that: not held (see `held`), it cannot start the next game,
    /// which would be skipped as too large anyway.
    fn cut_before(&mut self, cut: u64, chunk: &[u8], end: usize, lend: bool) -> Option<(Option<RawGame>, usize)> {
        if let Some(at) = cut.checked_sub(self.consumed) {
            // The text lies in this chunk: the game ends there, and the text is read again as the next game's.
            let at = at as usize;
            let game = self.finish(chunk, 0, at, lend);
            self.consumed += at as u64;
            self.state = State::Between;
            // Of the tokens a cut falls before (a tag pair line, a comment, an escape line, `1.`), only an escape
            // line's `%` asks for the line start: it was at one (after `\n` and any `\r`) to be an escape line,
            // and must read as one again.
            self.line_start = true;
            return Some((Some(game), at));
        }
        // The text began in an earlier chunk: it moves from this game to the next, which goes on after it. What of
        // it lies past the part of the game that was kept (a game over the size limit) is in `held`.
        let kept_end = self.current.offset + self.current.bytes.len() as u64;
        let not_kept = cut.max(kept_end);
        let held = match &self.held {
            _ if not_kept == self.consumed => &[][..],
            Some(held) if held.at <= not_kept => &held.text[(not_kept - held.at) as usize..],
            _ => return None,
        };
        let mut start = if cut < kept_end {
            self.current.bytes.split_off((cut - self.current.offset) as usize)
        } else {
            Vec::new()
        };
        start.extend_from_slice(held);
        // (Those bytes were counted as not kept: by construction no more than were, whatever the input.)
        self.skipped = self.skipped.saturating_sub(self.consumed - not_kept);
        self.skipped_lines = self.skipped_lines.saturating_sub(line_breaks(held));
        let game = self.finish(chunk, end, end, false);
        self.keep(&start);
        self.keep(&chunk[..end]);
        self.consumed += end as u64;
        Some((Some(game), end))
    }

    /// Where the next game may begin, in text already scanned, if the chunks to come decide that it does: a
    /// comment after a blank line (before `1.`), a `1` at a chunk's end after a blank line, a line in a comment
    /// that so far has the shape of a tag pair.
    fn pending_cut(&self) -> Option<u64> {
        let tag_line = matches!(self.state, State::CommentTagLine(_)).then_some(self.tag_line_at);
        let mark = matches!(self.state, State::ByteOrderMark(_)).then_some(self.mark_at);
        [self.paragraph_at, self.move_one_at, tag_line, mark].into_iter().flatten().min()
    }

    /// At the end of `chunk`, just kept (see [`Scanner::keep`]): holds the text from a pending cut on that a game
    /// over the size limit did not keep (see `held`).
    fn hold(&mut self, chunk: &[u8]) {
        let Some(cut) = (if self.current.oversized { self.pending_cut() } else { None }) else {
            self.held = None;
            return;
        };
        let from = cut.max(self.current.offset + self.current.bytes.len() as u64);
        let chunk_at = self.consumed;
        match &mut self.held {
            // Held since an earlier chunk: what lies before the cut is not needed any more.
            Some(held) if held.at <= from && held.at + held.text.len() as u64 == chunk_at => {
                held.text.drain(..(from - held.at) as usize);
                held.text.extend_from_slice(&chunk[(from.max(chunk_at) - chunk_at) as usize..]);
                held.at = from;
            }
            _ if from >= chunk_at => {
                let text = chunk[(from - chunk_at) as usize..].to_vec();
                self.held = Some(Box::new(Held { at: from, text }));
            }
            // (Not held since its start: the text from the cut was too long to hold.)
            _ => self.held = None,
        }
        if self.held.as_ref().is_some_and(|held| held.text.len() > MAX_GAME_BYTES) {
            self.held = None;
        }
    }

    /// A comment (or escape line) starts at `chunk[i]`: after a blank line, it may open the next game's paragraph.
    #[inline]
    fn open_comment(&mut self, i: usize) {
        if std::mem::take(&mut self.breaks_before) >= NEW_GAME_BREAKS && self.paragraph_at.is_none() {
            self.paragraph_at = Some(self.consumed + i as u64);
        }
    }

    /// A movetext word just ended: a result at depth 0 ends the game.
    #[inline]
    fn end_word(&mut self) {
        self.move_one_at = None;
        // Results start with 1, 0, *, ½ (UTF-8 0xc2 or Latin-1 0xbd), or a forfeit's + or -; most words are moves
        // and stop here.
        let could_be_result =
            self.word_len < WORD_KEPT && matches!(self.word[0], b'1' | b'0' | b'*' | b'+' | b'-' | 0xc2 | 0xbd);
        if could_be_result && self.depth == 0 && is_result_token(&self.word[..self.word_len]) {
            self.ended = true;
        }
        self.word_len = 0;
    }

    /// The `read` bytes at `mark_at` began no byte-order mark (`chunk[i]`, or the stream's end, shows it): they begin
    /// a word, a token like any other. Returns the game that token ends (after its result) and the bytes of `chunk`
    /// used, if it ends one; the word then goes on from `chunk[i]`.
    fn not_a_mark(&mut self, read: u8, chunk: &[u8], i: usize, lend: bool) -> Option<(Option<RawGame>, usize)> {
        // As at the first byte of any token in `State::Between`.
        self.newlines = 0;
        self.breaks_before = 0;
        self.paragraph_at = None;
        let mut cut = None;
        if self.ended {
            if let Some(at) = self.mark_at.checked_sub(self.consumed) {
                // The word begins in this chunk: the game ends before it, and the word is read again as the next
                // game's first token.
                let at = at as usize;
                let game = self.finish(chunk, 0, at, lend);
                self.consumed += at as u64;
                self.state = State::Between;
                return Some((Some(game), at));
            }
            cut = self.cut_before(self.mark_at, chunk, i, lend);
        }
        let read = usize::from(read);
        self.word[..read].copy_from_slice(&BYTE_ORDER_MARK[..read]);
        (self.word_len, self.seen_movetext, self.state) = (read, true, State::Word);
        cut
    }

    /// Scans `chunk`; returns the game completed inside it (if any) and how many bytes were consumed.
    fn scan(&mut self, chunk: &[u8], lend: bool) -> (Option<RawGame>, usize) {
        let mut i = 0;
        let copied = 0;
        while i < chunk.len() {
            match self.state {
                State::BraceComment => match memchr::memchr2(b'}', b'\n', &chunk[i..]) {
                    Some(k) => {
                        self.state = if chunk[i + k] == b'}' { State::Between } else { State::BraceCommentLineStart };
                        i += k + 1;
                        self.line_start = false;
                    }
                    None => i = chunk.len(),
                },
                State::BraceCommentLineStart => {
                    self.state = match chunk[i] {
                        b'}' => State::Between,
                        b'[' => {
                            self.tag_line_at = self.consumed + i as u64;
                            State::CommentTagLine(TagLine::Bracket)
                        }
                        b'\n' => State::BraceCommentLineStart,
                        _ => State::BraceComment,
                    };
                    i += 1;
                }
                State::CommentTagLine(shape) => match shape.next(chunk[i]) {
                    Some(TagLine::Whole) => {
                        let begun_before = self.tag_line_at < self.consumed;
                        if let Some(cut) = self.cut_before(self.tag_line_at, chunk, i, lend) {
                            // A line begun in an earlier chunk is now the next game's first tag pair.
                            self.seen_tag = begun_before;
                            self.state = State::Between;
                            return cut;
                        }
                        // Not cut (see `cut_before`): the line stays in the comment.
                        self.state = State::BraceComment;
                    }
                    Some(shape) => {
                        self.state = State::CommentTagLine(shape);
                        i += 1;
                    }
                    // Not a tag pair: the byte is read again as part of the comment (it may close it or end the
                    // line).
                    None => self.state = State::BraceComment,
                },
                State::LineComment => match memchr::memchr(b'\n', &chunk[i..]) {
                    Some(k) => {
                        i += k + 1;
                        self.state = State::Between;
                        self.line_start = true;
                        self.escape_line = false;
                        // The comment's line break is white space before the next token (as the reader sees it).
                        self.breaks_before = 1;
                    }
                    None => i = chunk.len(),
                },
                // Tag pairs are short: a plain loop beats memchr's set-up cost on them.
                State::TagString => match chunk[i..].iter().position(|&b| matches!(b, b'"' | b'\\' | b'\n')) {
                    Some(k) => {
                        self.state = match chunk[i + k] {
                            b'"' => State::Tag,
                            b'\\' => State::TagEscape,
                            // A value without its closing quote ends with its line, as an unclosed tag does.
                            _ => {
                                self.line_start = true;
                                State::Between
                            }
                        };
                        i += k + 1;
                    }
                    None => i = chunk.len(),
                },
                State::TagEscape => {
                    // A backslash does not escape a line break: the value ends with its line, as one without its
                    // closing quote does (and the reader reads it so).
                    self.state = if chunk[i] == b'\n' {
                        self.line_start = true;
                        State::Between
                    } else {
                        State::TagString
                    };
                    i += 1;
                }
                State::Tag => match chunk[i..].iter().position(|&b| matches!(b, b'"' | b']' | b'\n')) {
                    Some(k) => {
                        self.state = match chunk[i + k] {
                            b'"' => State::TagString,
                            // An unclosed tag ends with its line, so one bad tag cannot swallow the file (unless
                            // the next line goes on with it).
                            b'\n' => {
                                self.line_start = true;
                                State::TagLineBreak
                            }
                            _ => State::Between,
                        };
                        i += k + 1;
                    }
                    None => i = chunk.len(),
                },
                State::TagLineBreak => match chunk[i] {
                    b @ (b' ' | b'\t' | b'\r') => {
                        // As `State::Between` keeps the line start.
                        self.line_start &= b == b'\r';
                        i += 1;
                    }
                    b'"' | b']' => {
                        self.state = if chunk[i] == b'"' { State::TagString } else { State::Between };
                        self.line_start = false;
                        i += 1;
                    }
                    _ => self.state = State::Between,
                },
                State::ByteOrderMark(read) => {
                    if chunk[i] == BYTE_ORDER_MARK[usize::from(read)] {
                        i += 1;
                        self.state = if read == 2 { State::Between } else { State::ByteOrderMark(read + 1) };
                    } else if let Some(cut) = self.not_a_mark(read, chunk, i, lend) {
                        return cut;
                    }
                }
                State::Word => {
                    let rest = &chunk[i..];
                    let end = rest.iter().position(|&b| DELIMITER[b as usize]).unwrap_or(rest.len());
                    // Only the first bytes matter: a result token is at most 11 bytes long.
                    let kept = self.word_len.min(WORD_KEPT);
                    let take = end.min(WORD_KEPT - kept);
                    self.word[kept..kept + take].copy_from_slice(&rest[..take]);
                    self.word_len += end;
                    i += end;
                    let ended = end < rest.len();
                    if let Some(at) = self.move_one_at
                        && (ended || self.word_len >= 3)
                    {
                        // A word begun with `1` after a blank line, where the chunk it began in did not tell what
                        // follows: the next game begins at `at` (the word, or the comments before it) if it is `1.`.
                        self.move_one_at = None;
                        let begun_before = at < self.consumed;
                        if is_move_one(&self.word[..self.word_len.min(3)])
                            && let Some(cut) = self.cut_before(at, chunk, i, lend)
                        {
                            if begun_before {
                                // The word is the next game's, and goes on (or ends) here.
                                self.seen_movetext = true;
                                if ended {
                                    (self.state, self.word_len) = (State::Between, 0);
                                }
                            }
                            return cut;
                        }
                    }
                    if ended {
                        self.state = State::Between;
                        self.end_word();
                    }
                }
                State::Between => {
                    // In movetext, most tokens are moves and move numbers, which change nothing but the line
                    // start: skip them whole. Anything else (and a word that runs past the chunk) takes the
                    // general path below.
                    // (Not after a comment that opens a paragraph: the next token decides where that paragraph's game
                    // begins.)
                    if self.seen_movetext && !self.ended && self.paragraph_at.is_none() {
                        let plain;
                        (plain, self.breaks_before) = plain_movetext_len(&chunk[i..], self.breaks_before);
                        if plain > 0 {
                            i += plain;
                            self.line_start = chunk[i - 1] == b'\n';
                            if i == chunk.len() {
                                break;
                            }
                        }
                    }
                    let b = chunk[i];
                    let at_line_start = self.line_start;
                    self.line_start = b == b'\n' || (at_line_start && (b == b'\r'));
                    match b {
                        b'\n' => {
                            self.newlines += 1;
                            self.breaks_before = self.breaks_before.saturating_add(1);
                            i += 1;
                            continue;
                        }
                        b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => {
                            i += 1;
                            continue;
                        }
                        // A UTF-8 byte-order mark is white space wherever a token may begin (at the stream's start, after
                        // blank lines, between files joined with `cat`): its bytes are followed across chunks.
                        0xef => {
                            self.mark_at = self.consumed + i as u64;
                            self.state = State::ByteOrderMark(1);
                            i += 1;
                            continue;
                        }
                        b'{' => {
                            self.state = State::BraceComment;
                            self.open_comment(i);
                            i += 1;
                            continue;
                        }
                        b';' => {
                            self.state = State::LineComment;
                            self.open_comment(i);
                            i += 1;
                            continue;
                        }
                        b'%' if at_line_start => {
                            self.open_comment(i);
                            self.escape_line = true;
                            self.state = State::LineComment;
                            i += 1;
                            continue;
                        }
                        _ => {}
                    }
                    // A token that is not a comment: does it start the next game? (A game of tags only ends at
                    // two blank lines: one may stand between its tags, as ChessBase writes after the first.)
                    let blank_lines = std::mem::take(&mut self.newlines) >= TAG_SECTION_END;
                    let breaks = std::mem::take(&mut self.breaks_before);
                    let paragraph = self.paragraph_at.take();
                    if self.ended || (b == b'[' && (self.seen_movetext || (self.seen_tag && blank_lines))) {
                        let game = self.finish(chunk, copied, i, lend);
                        self.consumed += i as u64;
                        return (Some(game), i);
                    }
                    // A paragraph's game begins at its first comment, else at the `1.` itself.
                    if b == b'1'
                        && self.seen_movetext
                        && self.depth == 0
                        && let Some(cut) = paragraph.or((breaks >= NEW_GAME_BREAKS).then_some(self.consumed + i as u64))
                    {
                        match chunk.get(i + 1..i + 3) {
                            Some(next) if is_move_one(&[b, next[0], next[1]]) => {
                                if let Some(cut) = self.cut_before(cut, chunk, i, lend) {
                                    return cut;
                                }
                            }
                            Some(_) => {}
                            // What follows, the next chunk tells (see `State::Word`).
                            None => self.move_one_at = Some(cut),
                        }
                    }
                    i += 1;
                    match b {
                        b'[' => {
                            self.state = State::Tag;
                            self.seen_tag = true;
                        }
                        b'(' => {
                            self.depth += 1;
                            self.seen_movetext = true;
                        }
                        b')' => {
                            self.depth = self.depth.saturating_sub(1);
                            self.seen_movetext = true;
                        }
                        b']' | b'"' | b'}' => self.seen_movetext = true,
                        // `*` is a token by itself (the PGN standard, §7): the word ends with it.
                        b'*' => {
                            self.seen_movetext = true;
                            (self.word[0], self.word_len) = (b, 1);
                            self.end_word();
                        }
                        _ => {
                            self.seen_movetext = true;
                            self.state = State::Word;
                            self.word[0] = b;
                            self.word_len = 1;
                        }
                    }
                }
            }
        }
        self.keep(&chunk[copied..]);
        self.hold(chunk);
        self.consumed += chunk.len() as u64;
        (None, chunk.len())
    }
}

/// How far a line inside a brace comment has the shape of a tag pair, `[Name "value"]` alone on its line (the
/// name starting with a letter; blanks around the value and at the line's end allowed): only such a line ends a
/// comment that was never closed and begins the next game. The splitter follows the shape byte by byte across its
/// chunks, the one-pass reader over its text (`is_tag_line`): one rule for both.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum TagLine {
    /// After the `[`.
    Bracket,
    /// In the name.
    Name,
    /// Blanks after the name.
    Space,
    /// In the quoted value.
    Value,
    /// After a backslash in the value.
    Escape,
    /// After the value's closing quote.
    Closed,
    /// After the `]`: only blanks may follow up to the line break.
    End,
    /// The line break after a whole tag pair.
    Whole,
}

impl TagLine {
    /// The shape after `byte`, or none if the line is no tag pair.
    #[inline]
    pub(crate) fn next(self, byte: u8) -> Option<TagLine> {
        use TagLine::*;
        let blank = matches!(byte, b' ' | b'\t');
        Some(match self {
            // The comment the line stands in ends at its first `}`, wherever it stands (a quoted value too): the
            // comment was closed, and the reader finds that `}` first.
            _ if byte == b'}' => return None,
            Bracket if byte.is_ascii_alphabetic() => Name,
            Name if byte.is_ascii_alphanumeric() || byte == b'_' => Name,
            Name | Space if blank => Space,
            Space if byte == b'"' => Value,
            Value | Escape if byte == b'\n' => return None,
            Value if byte == b'\\' => Escape,
            Value if byte == b'"' => Closed,
            Value | Escape => Value,
            Closed if blank => Closed,
            Closed if byte == b']' => End,
            End if blank || byte == b'\r' => End,
            End if byte == b'\n' => Whole,
            _ => return None,
        })
    }
}

/// Whether `line`, which follows a `[` at the start of a line inside a comment, makes that line a whole tag pair
/// (see [`TagLine`]).
pub(crate) fn is_tag_line(line: &[u8]) -> bool {
    let mut shape = TagLine::Bracket;
    for &byte in line {
        match shape.next(byte) {
            Some(TagLine::Whole) => return true,
            Some(next) => shape = next,
            None => return false,
        }
    }
    false
}

/// Whether the `[` at `at`, just after a line break in `bytes`, starts a tag pair (a letter follows it), and if so
/// whether a blank line comes before it, where games usually begin. Where a stretch of text may end so that a
/// game whose movetext has begun ends with it, as the splitter would cut it.
pub(crate) fn tag_pair_line_at(bytes: &[u8], at: usize) -> Option<bool> {
    if !bytes.get(at + 1).is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    let before = &bytes[..at - 1];
    Some(before.ends_with(b"\n") || before.ends_with(b"\n\r"))
}

/// The last line of `bytes` at or after `from` that starts a tag pair after a blank line (see
/// [`tag_pair_line_at`]): where a stretch of text read ahead ends best.
pub(crate) fn last_tag_pair_line_after_blank(bytes: &[u8], from: usize) -> Option<usize> {
    // (A `[` found backwards by itself, then its line break: memchr's reverse search for the two bytes together
    // took 4 M instructions on 20 MB of engine games, this one under 0.2 M.)
    let from = from.clamp(1, bytes.len().max(1));
    memchr::memrchr_iter(b'[', bytes.get(from..).unwrap_or_default())
        .map(|k| from + k)
        .find(|&at| bytes[at - 1] == b'\n' && tag_pair_line_at(bytes, at) == Some(true))
}

/// The first line of `bytes` at or after `from` that starts a tag pair after a blank line (see
/// [`tag_pair_line_at`]): where the game at `from` most likely ends.
pub(crate) fn first_tag_pair_line_after_blank(bytes: &[u8], from: usize) -> Option<usize> {
    memchr::memchr_iter(b'[', bytes.get(from..).unwrap_or_default())
        .map(|k| from + k)
        .find(|&at| at > 0 && bytes[at - 1] == b'\n' && tag_pair_line_at(bytes, at) == Some(true))
}

/// The length of a forum wrapper (`[pgn]`, `[/pgn]`, any case) at the start of `bytes`, if one stands there.
pub(crate) fn forum_wrapper(bytes: &[u8]) -> Option<usize> {
    [&b"[pgn]"[..], b"[/pgn]"]
        .into_iter()
        .find(|wrapper| bytes.len() >= wrapper.len() && bytes[..wrapper.len()].eq_ignore_ascii_case(wrapper))
        .map(<[u8]>::len)
}

/// The line breaks in `bytes`.
pub(crate) fn line_breaks(bytes: &[u8]) -> u64 {
    memchr::memchr_iter(b'\n', bytes).count() as u64
}

/// Whether a word that begins with `first` (its first three bytes, or all of a shorter word) is White's first move
/// number, `1.` (perhaps glued to the move: `1.e4`), which after a blank line begins a new game; `1...` is Black's,
/// and stays inside the game (an annotator's paragraph may end before it).
#[inline]
pub(crate) fn is_move_one(first: &[u8]) -> bool {
    match first {
        [b'1', b'.'] => true,
        [b'1', b'.', next, ..] => *next != b'.',
        _ => false,
    }
}

/// The bytes of a word the splitter keeps: enough for the longest result token.
const WORD_KEPT: usize = 12;

/// Whether a movetext word is a game termination marker (in UTF-8 or Latin-1), also as other programs write it:
/// with a Unicode dash (`1–0`), or a forfeit (`+:-`, `-:+`, `-:-`); as [`super::GameResult::parse_lenient`] reads it.
pub(crate) fn is_result_token(word: &[u8]) -> bool {
    matches!(word, b"1-0" | b"0-1" | b"1/2-1/2" | b"*" | b"\xc2\xbd-\xc2\xbd" | b"\xbd-\xbd")
        || is_repaired_result(word)
}

#[cold]
fn is_repaired_result(word: &[u8]) -> bool {
    let dashed = |text: &str| {
        text.chars().any(|c| c != '-' && is_dash(c)) && is_result_token(text.replace(is_dash, "-").as_bytes())
    };
    matches!(word, b"+:-" | b"-:+" | b"-:-") || std::str::from_utf8(word).is_ok_and(dashed)
}

/// The UTF-8 byte-order mark, U+FEFF: white space wherever a token may begin, in any encoding.
pub(crate) const BYTE_ORDER_MARK: &[u8] = "\u{feff}".as_bytes();

/// The bytes that end a movetext word, as a table (the splitter and the reader share it). `*` is a token by itself
/// (the PGN standard, §7: it is self-terminating), so `*1. e4` is a result and a move number, and `**` two results.
pub(crate) static DELIMITER: [bool; 256] = byte_set(b" \t\n\r\x0b\x0c{}()[];\"$*");

/// A table of 256 entries, true at each of `bytes`: a byte class tested with one load and no branch per member (a
/// `match` of a few bytes may compile to a jump table).
pub(crate) const fn byte_set(bytes: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut i = 0;
    while i < bytes.len() {
        table[bytes[i] as usize] = true;
        i += 1;
    }
    table
}

/// The end of the word starting at `at` (at least one byte long): where the next delimiter stands, or the end of
/// `bytes`. The splitter and the reader share it.
#[inline(always)]
pub(crate) fn word_end(bytes: &[u8], at: usize) -> usize {
    let mut end = at + 1;
    while end < bytes.len() && !DELIMITER[bytes[end] as usize] {
        end += 1;
    }
    end.min(bytes.len())
}

/// The 1-based column at which the text that follows `bytes` starts, where `bytes` start at `column` of their first
/// line: counted in characters, as the reader counts an error's column (a byte-order mark counts as none).
pub(crate) fn column_after(bytes: &[u8], column: u64) -> u64 {
    if bytes.last() == Some(&b'\n') {
        // Most games end with their line (and the blank line after it): the next one starts a line.
        return 1;
    }
    let (last_line, first) = match memchr::memrchr(b'\n', bytes) {
        Some(k) => (&bytes[k + 1..], 1),
        None => (bytes, column.max(1)),
    };
    // UTF-8: every byte but a continuation byte (0x80–0xBF) begins a character.
    let characters = last_line.iter().filter(|&&b| !(0x80..0xc0).contains(&b)).count();
    // A mark is three bytes, two of them continuation bytes, so a line of single-byte characters holds none: the
    // searcher, which this would otherwise build once a game, is built only for lines that may hold one.
    let marks =
        if characters == last_line.len() { 0 } else { memchr::memmem::find_iter(last_line, BYTE_ORDER_MARK).count() };
    first + (characters - marks) as u64
}

/// How many bytes at the start of `bytes` are spaces, line breaks and whole movetext words that cannot be results
/// (moves, move numbers) or begin a game (`1.` after a blank line): text the splitter may skip without looking
/// further. `breaks` counts the line breaks just before `bytes` and comes back counting those before the end.
#[inline(always)]
fn plain_movetext_len(bytes: &[u8], mut breaks: u32) -> (usize, u32) {
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if matches!(b, b' ' | b'\t' | b'\n') {
            breaks = breaks.saturating_add(u32::from(b == b'\n'));
            i += 1;
            continue;
        }
        // `1.`, `10.`, `0...`: a digit or dot after a leading 1 or 0 rules out `1-0`, `0-1` and `1/2-1/2`.
        let plain = PLAIN_WORD_START[b as usize]
            || (matches!(b, b'0' | b'1') && matches!(bytes.get(i + 1), Some(b'0'..=b'9' | b'.')));
        if !plain || (b == b'1' && breaks >= NEW_GAME_BREAKS) {
            break;
        }
        let end = word_end(bytes, i);
        if end == bytes.len() {
            // The word may go on in the next chunk.
            break;
        }
        i = end;
        breaks = 0;
    }
    (i, breaks)
}

/// The bytes that start a movetext word which cannot be a result (results start with `1`, `0`, `*`, `½`, or a
/// forfeit's `+` or `-`) and is not a delimiter or an escape-line `%`.
static PLAIN_WORD_START: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        table[b] = !DELIMITER[b]
            && !matches!(b as u8, b'0' | b'1' | b'*' | b'%' | b'+' | b'-')
            && b > b' ' as usize
            && b < 0x7f;
        b += 1;
    }
    table
};

impl<R: BufRead> Iterator for GameSplitter<R> {
    type Item = io::Result<RawGame>;

    fn next(&mut self) -> Option<io::Result<RawGame>> {
        self.next_game(false)
    }
}

#[cfg(test)]
mod tests {
    use super::column_after;

    #[test]
    fn the_column_after_counts_characters_of_the_last_line_without_byte_order_marks() {
        // On the first line the count goes on from the column the text started at; after a line break from 1.
        assert_eq!(column_after(b"1. e4 ", 5), 11);
        assert_eq!(column_after(b"1. e4\n1-0 ", 5), 5);
        assert_eq!(column_after(b"1. e4 1-0\r\n\r\n", 5), 1);
        // A character of several bytes counts once, a byte-order mark not at all.
        assert_eq!(column_after("\n½-½ ".as_bytes(), 1), 5);
        assert_eq!(column_after("\n\u{feff}1. d4".as_bytes(), 1), 6);
        assert_eq!(column_after("a\u{feff}\u{feff}é".as_bytes(), 3), 5);
    }
}
