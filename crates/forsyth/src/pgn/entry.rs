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
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// let path = std::env::temp_dir().join(format!("forsyth-reader-open-{}.pgn", std::process::id()));
    /// std::fs::write(&path, "1. e4 e5 *\n\n1. d4 d5 *\n").unwrap();
    /// assert_eq!(Reader::open(&path)?.games().count(), 2);
    /// let Err(missing) = Reader::open("no/such/file.pgn") else { panic!("no such file") };
    /// assert!(missing.to_string().contains("no/such/file.pgn"), "{missing}");
    /// # std::fs::remove_file(&path).unwrap();
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn open(path: impl AsRef<std::path::Path>) -> io::Result<Self> {
        super::compressed::open_path(path).map(Reader::new)
    }

    /// Reads any [`Read`], decompressed by its magic bytes (zstd, gzip, bzip2) or read as it is.
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// // Plain text (no compressed format's magic bytes) is read as it is.
    /// let text = std::io::Cursor::new(b"1. e4 e5 *\n".to_vec());
    /// let games: Vec<_> = Reader::decompressing(text)?.games().collect::<Result<_, _>>()?;
    /// assert_eq!(games[0].game.moves.nodes.len(), 2);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn decompressing(input: impl Read + Send + 'static) -> io::Result<Self> {
        super::compressed::decompress(BufReader::with_capacity(super::INPUT_BUFFER, input)).map(Reader::new)
    }
}

impl<R: Read + Send> Reader<BufReader<R>> {
    /// Reads any [`Read`] as plain PGN text, buffered.
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// let input = std::io::Cursor::new(b"1. e4 e5 *\n\n1. d4 *\n".to_vec());
    /// assert_eq!(Reader::from_read(input).games().count(), 2);
    /// ```
    pub fn from_read(input: R) -> Self {
        Reader::new(BufReader::with_capacity(super::INPUT_BUFFER, input))
    }
}

impl<B: AsRef<[u8]> + Send> Reader<io::Cursor<B>> {
    /// Reads PGN text held in memory: borrowed (`&[u8]`, `&str` as bytes) or owned (`Vec<u8>`, `String`);
    /// [`Reader::games`] needs it owned.
    ///
    /// ```
    /// use forsyth::pgn::{Reader, Validate};
    /// let mut numbers = Vec::new();
    /// Reader::from_bytes("1. e4 *\n\n1. d4 *\n").visit(|| Validate, |_, _| (), |game, ()| {
    ///     numbers.push(game.number);
    ///     Ok(())
    /// })?;
    /// assert_eq!(numbers, [1, 2]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn from_bytes(bytes: B) -> Self {
        Reader { in_memory: true, ..Reader::new(io::Cursor::new(bytes)) }
    }
}

impl<R: BufRead + Send> Reader<R> {
    /// Reads a buffered stream of plain PGN text, on one thread, with the default options.
    ///
    /// ```
    /// use std::io::BufReader;
    /// use forsyth::pgn::Reader;
    /// let input = BufReader::new(std::io::Cursor::new(b"1. e4 e5 *\n".to_vec()));
    /// assert_eq!(Reader::new(input).games().count(), 1);
    /// ```
    pub fn new(input: R) -> Self {
        Reader { input, jobs: 1, options: PgnReadOptions::default(), block_bytes: BLOCK_BYTES, in_memory: false }
    }

    /// Reads on `jobs` threads (at least one): on several, each reads a block of the stream ahead.
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// // The same games in the same order, whatever the number of threads.
    /// let file = "1. e4 *\n\n1. d4 *\n\n1. c4 *\n".repeat(50);
    /// let numbers = |jobs| -> Vec<u64> {
    ///     Reader::from_bytes(file.clone().into_bytes()).jobs(jobs).games().map(|g| g.unwrap().number).collect()
    /// };
    /// assert_eq!(numbers(3), numbers(1));
    /// assert_eq!(numbers(3).len(), 150);
    /// ```
    pub fn jobs(mut self, jobs: usize) -> Self {
        self.jobs = jobs.max(1);
        self
    }

    /// The stream's encoding (default: UTF-8 where valid, Latin-1 otherwise, game by game).
    ///
    /// ```
    /// use forsyth::pgn::{Encoding, Reader};
    /// let latin1 = b"[White \"M\xfcller\"]\n\n1. e4 *\n".to_vec();
    /// let game = Reader::from_bytes(latin1.clone()).encoding(Encoding::Latin1).games().next().unwrap()?;
    /// assert_eq!(game.game.tag("White"), Some("Müller"));
    /// let game = Reader::from_bytes(latin1).encoding(Encoding::Utf8).games().next().unwrap()?;
    /// assert!(game.error.is_some(), "0xFC is no UTF-8");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn encoding(mut self, encoding: Encoding) -> Self {
        self.options.encoding = encoding;
        self
    }

    /// How moves are read: their language's piece letters, strictness.
    ///
    /// ```
    /// use forsyth::notation::MoveReadOptions;
    /// use forsyth::notation::letters::Language;
    /// use forsyth::pgn::Reader;
    /// // German piece letters: S (Springer) is the knight.
    /// let german = MoveReadOptions::with_letters(Language::De.into());
    /// let game = Reader::from_bytes(b"1. e4 e5 2. Sf3 *\n".to_vec()).moves(german).games().next().unwrap()?;
    /// assert_eq!((game.error, game.game.moves.nodes.len()), (None, 3));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn moves(mut self, moves: MoveReadOptions) -> Self {
        self.options.moves = moves;
        self
    }

    /// On an error, keep the game up to the error (see [`PgnReadOptions::keep_broken`]).
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// let broken = b"1. e4 e5 2. Ke3 Nc6 *\n".to_vec();
    /// let game = Reader::from_bytes(broken).keep_broken(true).games().next().unwrap()?;
    /// assert_eq!(game.error.map(|e| e.ply), Some(Some(3)));
    /// assert_eq!(game.game.moves.nodes.len(), 2, "the moves before the error");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn keep_broken(mut self, keep_broken: bool) -> Self {
        self.options.keep_broken = keep_broken;
        self
    }

    /// All reading options at once.
    ///
    /// ```
    /// use forsyth::pgn::{Encoding, PgnReadOptions, Reader};
    /// let options = PgnReadOptions { encoding: Encoding::Latin1, keep_broken: true, ..PgnReadOptions::default() };
    /// let cologne = b"[Site \"K\xf6ln\"]\n\n1. e4 *\n".to_vec();
    /// let game = Reader::from_bytes(cologne).options(options).games().next().unwrap()?;
    /// assert_eq!(game.game.tag("Site"), Some("Köln"));
    /// # Ok::<(), std::io::Error>(())
    /// ```
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
    ///
    /// ```
    /// use forsyth::pgn::{GameBuilder, Reader};
    /// let file = "[Round \"1\"]\n\n1. e4 *\n\n[Round \"2\"]\n\n1. d4 d5 *\n".repeat(50);
    /// let mut rounds = Vec::new();
    /// let made = |builder: GameBuilder, _| builder.finish();
    /// Reader::from_bytes(file.as_bytes()).jobs(2).visit(GameBuilder::default, made, |text, game| {
    ///     rounds.push((text.number, game.tag("Round").unwrap().to_string(), game.moves.nodes.len()));
    ///     Ok(())
    /// })?;
    /// assert_eq!(rounds.len(), 100);
    /// assert_eq!(rounds[99], (100, "2".to_string(), 2)); // in file order, though read on two threads
    /// # Ok::<(), std::io::Error>(())
    /// ```
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
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// let file = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. e4 e4 *\n";
    /// let games: Vec<_> = Reader::from_bytes(file.as_bytes().to_vec()).games().collect::<Result<_, _>>()?;
    /// assert_eq!(games[0].game.tag("Event"), Some("a"));
    /// let error = games[1].error.as_ref().unwrap();
    /// assert_eq!((error.kind.code(), error.line, error.column), ("illegal-move", 7, 7));
    /// # Ok::<(), std::io::Error>(())
    /// ```
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
///
/// ```
/// use forsyth::pgn::{Reader, WarningKind};
/// let file = "1. e4 *\n\n1. e4 e5 2. Qh5 1–0\n".as_bytes().to_vec();
/// let games: Vec<_> = Reader::from_bytes(file).games().collect::<Result<_, _>>()?;
/// assert_eq!((games[1].number, games[1].line, games[1].game.moves.nodes.len()), (2, 3, 3));
/// // A result written with an en dash: read as 1-0, with a warning.
/// assert_eq!(games[1].game.result.map(|r| r.as_str()), Some("1-0"));
/// assert_eq!((games[1].error.is_none(), games[1].warnings[0].kind), (true, WarningKind::ResultForm));
/// # Ok::<(), std::io::Error>(())
/// ```
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
///
/// ```
/// use forsyth::pgn::Reader;
/// let mut games = Reader::from_bytes(b"1. e4 *\n\n1. d4 *\n".to_vec()).games();
/// assert_eq!(games.next().unwrap()?.number, 1);
/// assert_eq!(games.next().unwrap()?.number, 2);
/// assert!(games.next().is_none());
/// # Ok::<(), std::io::Error>(())
/// ```
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
