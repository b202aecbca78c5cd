//! Reading a stream of games on several threads, with the results handed back in file order.
//!
//! `jobs` workers take turns cutting the next batch of games from the stream ([`GameSplitter`]) and read it;
//! the calling thread puts the results back in order and hands them on. Memory stays bounded: only a few batches
//! are in flight at a time, whatever the size of the stream.

use std::collections::BTreeMap;
use std::io::{self, BufRead};
use std::sync::{Mutex, mpsc};

use super::reader::{Encoding, GameReport, ReadOptions, Unsure, Visitor, read_game, read_open};
use super::split::{GameSplitter, GameText, RawGame};

/// Games per batch: enough that threads rarely wait on each other (each hand-over can put a thread to sleep and
/// wake another), few enough to keep memory small.
const BATCH_GAMES: usize = 1024;
/// Bytes per batch, whichever limit comes first.
const BATCH_BYTES: usize = 1 << 20;

/// Runs `work` on every game of `reader` on `jobs` threads (1: on the calling thread) and hands each game with
/// its result to `sink` in file order. Stops at the first error of the reader or of `sink`.
///
/// ```
/// use forsyth::pgn::{ReadOptions, Validate, for_each_game, read_game};
/// let file = "1. e4 e5 *\n1. d4 d5 *\n1. e4 e4 *\n".repeat(100);
/// let mut errors = Vec::new();
/// for_each_game(file.as_bytes(), 2, |raw| read_game(raw, &ReadOptions::default(), &mut Validate), |raw, report| {
///     if report.error.is_some() {
///         errors.push(raw.number);
///     }
///     Ok(())
/// })
/// .unwrap();
/// assert_eq!(errors.len(), 100);
/// assert!(errors.windows(2).all(|w| w[0] < w[1]), "in file order");
/// ```
pub fn for_each_game<R, T, W, S>(reader: R, jobs: usize, work: W, mut sink: S) -> io::Result<()>
where
    R: BufRead + Send,
    T: Send,
    W: Fn(GameText<'_>) -> T + Sync,
    S: FnMut(GameText<'_>, T) -> io::Result<()>,
{
    if jobs <= 1 {
        // On one thread, games are read where they lie in the reader's buffer.
        let mut games = GameSplitter::new(reader);
        while let Some(game) = games.next_text() {
            let game = game?;
            let out = work(game);
            sink(game, out)?;
        }
        return Ok(());
    }
    // No thread of its own for cutting: a worker that needs games cuts the next batch itself, under a lock, so
    // `jobs` threads keep `jobs` cores busy (a cutting thread beside them would make one more than the cores).
    // Games handed on come back to be cut into again: their buffers hold later games, so there is no allocation
    // per game.
    let (spare_send, returned) = mpsc::channel::<Vec<RawGame>>();
    let source = Mutex::new(Source {
        games: GameSplitter::new(reader),
        sequence: 0,
        done: false,
        error: None,
        spares: Vec::new(),
        returned,
    });
    std::thread::scope(|scope| {
        let (result_send, result_receive) = mpsc::sync_channel::<(u64, Vec<(RawGame, T)>)>(jobs * 2);
        for _ in 0..jobs {
            let results = result_send.clone();
            let (source, work) = (&source, &work);
            scope.spawn(move || {
                loop {
                    let next = source.lock().ok().and_then(|mut source| source.next_batch());
                    let Some((sequence, batch)) = next else { return };
                    let done: Vec<(RawGame, T)> = batch
                        .into_iter()
                        .map(|raw| {
                            let out = work(raw.text());
                            (raw, out)
                        })
                        .collect();
                    if results.send((sequence, done)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(result_send);
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        for (sequence, done) in result_receive {
            waiting.insert(sequence, done);
            while let Some(done) = waiting.remove(&next) {
                let mut spares = Vec::with_capacity(done.len());
                for (raw, out) in done {
                    sink(raw.text(), out)?;
                    spares.push(raw);
                }
                // Cutting may have finished; the games are then simply dropped.
                let _ = spare_send.send(spares);
                next += 1;
            }
        }
        io::Result::Ok(())
    })?;
    match source.into_inner() {
        Ok(Source { error: Some(error), .. }) => Err(error),
        Ok(_) => Ok(()),
        Err(_) => Err(io::Error::other("a thread reading games panicked")),
    }
}

/// Reads every game of `reader` on `jobs` threads, each into a fresh visitor made by `visitor`, and hands the
/// game's text with what `made` makes of the visitor and the report to `sink`, in file order. Stops at the first
/// error of the reader or of `sink`.
///
/// The same as [`for_each_game`] with a `work` that reads the game, only faster on one thread: games are then
/// read straight from the stream, finding their ends as they go, in one pass instead of two (the splitter's
/// and the reader's); the few the splitter might cut otherwise are cut first as always. `visitor` and `made`
/// may therefore be called on a game more than once: only the last result is kept.
///
/// ```
/// use forsyth::pgn::{ReadOptions, Validate, read_games};
/// let file = "1. e4 e5 *\n1. d4 d5 *\n1. e4 e4 *\n".repeat(100);
/// let mut errors = Vec::new();
/// let options = ReadOptions::default();
/// read_games(file.as_bytes(), 1, &options, || Validate, |_, report| report.error, |game, error| {
///     if let Some(error) = error {
///         errors.push((game.number, error.line));
///     }
///     Ok(())
/// })
/// .unwrap();
/// assert_eq!(errors.len(), 100);
/// assert_eq!(errors[1], (6, 6));
/// ```
pub fn read_games<R, V, T, N, M, S>(
    reader: R,
    jobs: usize,
    options: &ReadOptions,
    visitor: N,
    made: M,
    mut sink: S,
) -> io::Result<()>
where
    R: BufRead + Send,
    V: Visitor,
    T: Send,
    N: Fn() -> V + Sync,
    M: Fn(V, GameReport) -> T + Sync,
    S: FnMut(GameText<'_>, T) -> io::Result<()>,
{
    let read = |game: GameText<'_>| {
        let mut v = visitor();
        let report = read_game(game, options, &mut v);
        made(v, report)
    };
    if jobs > 1 || options.encoding == Encoding::Latin1 {
        return for_each_game(reader, jobs, read, sink);
    }
    let mut games = GameSplitter::new(reader);
    // UTF-8 is checked a window at a time; the window grows while games are read straight from it, and shrinks
    // after a game that had to be cut first, so that checking stays in proportion to the text read.
    let mut window = MIN_WINDOW;
    loop {
        let mut read_here = (0u64, 0usize, 0u64);
        let mut unsure = Unsure::Otherwise;
        if let Some((buffer, start)) = games.rest() {
            let limit = buffer.len().min(window);
            let (text, invalid) = match std::str::from_utf8(&buffer[..limit]) {
                Ok(text) => (text, false),
                Err(e) => {
                    (std::str::from_utf8(&buffer[..e.valid_up_to()]).unwrap_or_default(), e.error_len().is_some())
                }
            };
            let (games_read, done, lines) = &mut read_here;
            loop {
                let at = GameText {
                    number: start.number + *games_read,
                    line: start.line + *lines,
                    offset: start.offset + *done as u64,
                    ..start
                };
                let mut v = visitor();
                match read_open(&text[*done..], &at, options, &mut v) {
                    Ok((report, len)) => {
                        let game = GameText { bytes: &buffer[*done..*done + len], ..at };
                        sink(game, made(v, report))?;
                        *games_read += 1;
                        *done += len;
                        *lines += memchr::memchr_iter(b'\n', game.bytes).count() as u64;
                    }
                    Err(why) => {
                        // The text ended before the game: a longer window may hold it, unless the buffer
                        // ends there or a byte that is not UTF-8 does.
                        unsure = if why == Unsure::TextEnded && limit < buffer.len() && !invalid {
                            Unsure::TextEnded
                        } else {
                            Unsure::Otherwise
                        };
                        break;
                    }
                }
            }
            window = if unsure == Unsure::TextEnded || read_here.1 * 2 >= limit {
                (window * 2).min(MAX_WINDOW)
            } else {
                MIN_WINDOW
            };
        }
        let (games_read, done, lines) = read_here;
        games.move_past(games_read, done, lines);
        if unsure == Unsure::TextEnded {
            continue;
        }
        // The splitter cuts the next game, which is then read as always.
        let Some(game) = games.next_text() else { return Ok(()) };
        let game = game?;
        let out = read(game);
        sink(game, out)?;
    }
}

/// The smallest and largest stretch of the stream checked as UTF-8 at a time when reading on one thread.
const MIN_WINDOW: usize = 4 << 10;
const MAX_WINDOW: usize = 4 << 20;

/// The game splitter as the workers share it.
struct Source<R> {
    games: GameSplitter<R>,
    /// The number of the next batch, which puts results back in order.
    sequence: u64,
    done: bool,
    /// The reader's error, reported after the games before it.
    error: Option<io::Error>,
    /// Games handed back, whose buffers the next games reuse.
    spares: Vec<RawGame>,
    returned: mpsc::Receiver<Vec<RawGame>>,
}

impl<R: BufRead> Source<R> {
    /// The next batch of games with its number, or nothing once the stream has ended or failed.
    fn next_batch(&mut self) -> Option<(u64, Vec<RawGame>)> {
        if self.done {
            return None;
        }
        while self.spares.len() < BATCH_GAMES
            && let Ok(spares) = self.returned.try_recv()
        {
            self.spares.extend(spares);
        }
        let mut batch = Vec::with_capacity(BATCH_GAMES);
        let mut bytes = 0;
        while batch.len() < BATCH_GAMES && bytes < BATCH_BYTES {
            if let Some(spare) = self.spares.pop() {
                self.games.recycle(spare);
            }
            match self.games.next() {
                Some(Ok(raw)) => {
                    bytes += raw.bytes.len();
                    batch.push(raw);
                }
                Some(Err(error)) => {
                    self.error = Some(error);
                    self.done = true;
                    break;
                }
                None => {
                    self.done = true;
                    break;
                }
            }
        }
        if batch.is_empty() {
            return None;
        }
        self.sequence += 1;
        Some((self.sequence - 1, batch))
    }
}
