//! The one entry point for reading every game of a stream: [`Reader`], built from a path, any [`Read`] or bytes,
//! yields games or drives a [`Visitor`]. Underneath it picks one pass on one thread (`stream`) or blocks read ahead
//! on several (`blocks`), which both build on the one-pass reader.

use std::io::{self, BufRead, BufReader, Read};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use super::blocks::{BLOCK_BYTES, read_blocks};
use super::error::{PgnError, PgnWarning};
use super::game::{Game, GameBuilder};
use super::line_ends::LineEnds;
use super::reader::{Encoding, GameReport, PgnReadOptions, Visitor};
use super::split::{GameSplitter, GameText};
use super::stream::{INPUT_BUFFER, OnePassBuffer, ReadState, read_stream};
use crate::notation::MoveReadOptions;

/// Games [`Reader::games`] reads ahead of the one the caller takes.
const GAMES_AHEAD: usize = 64;

/// The largest block [`Reader::block_bytes`] takes (256 MiB): a block and the stretch its end is looked for in
/// stay far from overflowing a size.
const MAX_BLOCK_BYTES: usize = 256 << 20;

/// Reads every game of a PGN stream — a file (decompressed by its magic bytes), any [`Read`], or bytes — in
/// constant memory, on one thread or several, handing the games on in file order.
///
/// Built step by step: `Reader::open(path)?.jobs(2).encoding(Encoding::Latin1)`; then either iterated
/// ([`Reader::games`], each game built into a [`Game`]) or made to drive a [`Visitor`] of one's own
/// ([`Reader::visit`], which builds nothing it is not asked to).
///
/// ```
/// use forsyth::pgn::Reader;
/// let file = "[White \"Anna\"]\n\n1. e4 e5 2. Nf3 1-0\n\n1. d4 Nf6 *\n";
/// let games: Vec<_> = Reader::from_bytes(file.as_bytes().to_vec()).jobs(2).games().collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].game.tag("White"), Some("Anna"));
/// assert_eq!((games[1].number, games[1].line), (2, 5));
/// assert_eq!(games[1].game.moves.nodes.len(), 2);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// Driving a visitor: [`Validate`](super::Validate) keeps nothing, so checking a file costs no game trees.
///
/// ```
/// use forsyth::pgn::{Reader, Validate};
/// let file = "1. e4 e5 *\n1. d4 d5 *\n1. e4 e4 *\n".repeat(100);
/// let mut errors = Vec::new();
/// Reader::from_bytes(file.as_bytes()).visit(|| Validate, |_, report| report.error, |game, error| {
///     if let Some(error) = error {
///         errors.push((game.number, error.line));
///     }
///     Ok(())
/// })?;
/// assert_eq!(errors.len(), 100);
/// assert_eq!(errors[1], (6, 6));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    input: R,
    jobs: usize,
    options: PgnReadOptions,
    block_bytes: usize,
    /// The input is whole in memory ([`Reader::from_bytes`]): one pass reads it where it lies, with no buffer of
    /// its own (as it reads a stream whose buffer is larger than [`INPUT_BUFFER`], such as a [`MappedFile`]).
    ///
    /// [`MappedFile`]: super::MappedFile
    in_memory: bool,
}

#[cfg(feature = "compression")]
impl Reader<Box<dyn BufRead + Send>> {
    /// Opens a file, decompressed by its magic bytes (zstd, gzip, bzip2) or read as it is — in place, mapped into
    /// memory, where it can be mapped (see [`open_path`](super::open_path)); an error names the path.
    pub fn open(path: impl AsRef<std::path::Path>) -> io::Result<Self> {
        super::compressed::open_path(path).map(Reader::new)
    }

    /// Reads any [`Read`], decompressed by its magic bytes (zstd, gzip, bzip2) or read as it is.
    pub fn decompressing(input: impl Read + Send + 'static) -> io::Result<Self> {
        super::compressed::decompress(BufReader::with_capacity(super::INPUT_BUFFER, input)).map(Reader::new)
    }
}

impl<R: Read + Send> Reader<BufReader<R>> {
    /// Reads any [`Read`] as plain PGN text, buffered.
    pub fn from_read(input: R) -> Self {
        Reader::new(BufReader::with_capacity(super::INPUT_BUFFER, input))
    }
}

impl<B: AsRef<[u8]> + Send> Reader<io::Cursor<B>> {
    /// Reads PGN text held in memory: borrowed (`&[u8]`, `&str` as bytes) or owned (`Vec<u8>`, `String`);
    /// [`Reader::games`] needs it owned.
    pub fn from_bytes(bytes: B) -> Self {
        Reader { in_memory: true, ..Reader::new(io::Cursor::new(bytes)) }
    }
}

impl<R: BufRead + Send> Reader<R> {
    /// Reads a buffered stream of plain PGN text, on one thread, with the default options.
    pub fn new(input: R) -> Self {
        Reader { input, jobs: 1, options: PgnReadOptions::default(), block_bytes: BLOCK_BYTES, in_memory: false }
    }

    /// Reads on `jobs` threads (at least one): on several, each reads a block of the stream ahead.
    pub fn jobs(mut self, jobs: usize) -> Self {
        self.jobs = jobs.max(1);
        self
    }

    /// The stream's encoding (default: UTF-8 where valid, Latin-1 otherwise, game by game).
    pub fn encoding(mut self, encoding: Encoding) -> Self {
        self.options.encoding = encoding;
        self
    }

    /// How moves are read: their language's piece letters, strictness.
    pub fn moves(mut self, moves: MoveReadOptions) -> Self {
        self.options.moves = moves;
        self
    }

    /// On an error, keep the game up to the error (see [`PgnReadOptions::keep_broken`]).
    pub fn keep_broken(mut self, keep_broken: bool) -> Self {
        self.options.keep_broken = keep_broken;
        self
    }

    /// All reading options at once.
    pub fn options(mut self, options: PgnReadOptions) -> Self {
        self.options = options;
        self
    }

    /// The size of the blocks read ahead on several threads (default 256 KiB, from one byte to 256 MiB; text in
    /// memory is read in blocks four times as large). A tuning knob: the games read are the same whatever the size;
    /// tests use tiny blocks so that boundaries fall everywhere.
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// let file = "1. e4 e5 *\n1. d4 d5 *\n".repeat(50);
    /// for size in [1, 40, usize::MAX] {
    ///     let games = Reader::from_bytes(file.as_bytes().to_vec()).jobs(2).block_bytes(size).games().count();
    ///     assert_eq!(games, 100);
    /// }
    /// ```
    pub fn block_bytes(mut self, block_bytes: usize) -> Self {
        self.block_bytes = block_bytes.clamp(1, MAX_BLOCK_BYTES);
        self
    }

    /// Reads every game into a fresh visitor made by `visitor`, and hands the game's text with what `made` makes
    /// of the visitor and the game's report to `sink`, in file order. Stops at the first error of the stream or of
    /// `sink`.
    ///
    /// Games are read straight from the stream, each game's end found while reading it, in one pass instead of
    /// two (the splitter's and the reader's) — on several threads block by block, each block read ahead and
    /// checked against how the block before it ended. The few games the splitter might cut otherwise are cut
    /// first, as always. `visitor` and `made` may therefore be called on a game more than once: only the last
    /// result is handed on. Text in memory and a stream whose buffer holds more than [`INPUT_BUFFER`] bytes at
    /// once (a [`MappedFile`](super::MappedFile)) are read where they lie, on one thread and in blocks on several;
    /// any other stream through a buffer of 4 MiB on one thread, and copied into blocks on several.
    pub fn visit<V, T>(
        self,
        visitor: impl Fn() -> V + Sync,
        made: impl Fn(V, GameReport) -> T + Sync,
        sink: impl FnMut(GameText<'_>, T) -> io::Result<()>,
    ) -> io::Result<()>
    where
        V: Visitor,
        T: Send,
    {
        // A stream whose buffer holds more than a buffer of ours would (a mapped file) is read where it lies too.
        // An error filling it is left to the reading, which reports it where it reports every other.
        // Text whose lines end with carriage returns alone is read translated, through a buffer.
        let mut input = LineEnds::new(self.input);
        let as_written = !input.translates();
        let in_place =
            as_written && (self.in_memory || input.fill_buf().is_ok_and(|buffer| buffer.len() > INPUT_BUFFER));
        if self.jobs > 1 {
            let (jobs, block) = (self.jobs, self.block_bytes);
            return read_blocks(input, in_place, jobs, block, &self.options, &visitor, &made, sink);
        }
        let mut state = ReadState::new();
        if in_place {
            read_stream(&mut GameSplitter::new(input), &mut state, &self.options, &visitor, &made, sink)
        } else {
            let input = OnePassBuffer::new(input);
            read_stream(&mut GameSplitter::new(input), &mut state, &self.options, &visitor, &made, sink)
        }
    }
}

impl<R: BufRead + Send + 'static> Reader<R> {
    /// Every game, built into a [`Game`], in file order, read on a thread of its own (and `jobs` more) a few games
    /// ahead of the caller. A game with an error holds what came before the error (the error in [`ReadGame::error`]; with
    /// [`Reader::keep_broken`] the rest of its movetext as a comment); an error of the stream ends the games.
    pub fn games(self) -> Games {
        let (sender, receiver) = sync_channel(GAMES_AHEAD);
        std::thread::spawn(move || self.send_games(&sender));
        Games { receiver }
    }

    /// The reading thread of [`Reader::games`]: every game into `sender` until the stream ends or the
    /// iterator is dropped.
    fn send_games(self, sender: &SyncSender<io::Result<ReadGame>>) {
        let made = |builder: GameBuilder, report: GameReport| (builder.finish(), report);
        let result = self.visit(GameBuilder::default, made, |text, (game, report)| {
            let read = ReadGame {
                game,
                number: text.number,
                line: text.line,
                error: report.error.map(|e| *e),
                warnings: report.warnings,
            };
            sender.send(Ok(read)).map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))
        });
        if let Err(e) = result
            && e.kind() != io::ErrorKind::BrokenPipe
        {
            let _ = sender.send(Err(e));
        }
    }
}

/// A game [`Reader::games`] read: the game, where it starts, and what reading it found.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct ReadGame {
    /// The game, up to its first error if it has one.
    pub game: Game,
    /// 1-based number of the game in the stream.
    pub number: u64,
    /// 1-based line on which the game's text starts.
    pub line: u64,
    /// The first error, if any; the game holds what came before it.
    pub error: Option<PgnError>,
    /// What was repaired to read the game, in file order.
    pub warnings: Vec<PgnWarning>,
}

/// The games of a [`Reader`], in file order (see [`Reader::games`]).
#[derive(Debug)]
pub struct Games {
    receiver: Receiver<io::Result<ReadGame>>,
}

impl Iterator for Games {
    type Item = io::Result<ReadGame>;

    fn next(&mut self) -> Option<io::Result<ReadGame>> {
        self.receiver.recv().ok()
    }
}
