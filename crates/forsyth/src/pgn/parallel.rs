//! Running any work on the games of a stream on several threads, with the results handed back in file order.
//!
//! `jobs` workers take turns cutting the next batch of games from the stream ([`GameSplitter`]) and read it;
//! the calling thread puts the results back in order and hands them on. Memory stays bounded: only a few batches
//! are in flight at a time, whatever the size of the stream.

use std::collections::BTreeMap;
use std::io::{self, BufRead};
use std::sync::{Mutex, mpsc};

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
/// use forsyth::pgn::{PgnReadOptions, Validate, for_each_game, read_game};
/// let file = "1. e4 e5 *\n1. d4 d5 *\n1. e4 e4 *\n".repeat(100);
/// let mut errors = Vec::new();
/// for_each_game(file.as_bytes(), 2, |raw| read_game(raw, &PgnReadOptions::default(), &mut Validate), |raw, report| {
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
    let reader = super::LineEnds::new(reader);
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
        let mut workers = Vec::with_capacity(jobs);
        for _ in 0..jobs {
            let results = result_send.clone();
            let (source, work) = (&source, &work);
            workers.push(scope.spawn(move || {
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
            }));
        }
        drop(result_send);
        in_order(result_receive, 0, |done| {
            let mut spares = Vec::with_capacity(done.len());
            for (raw, out) in done {
                sink(raw.text(), out)?;
                spares.push(raw);
            }
            // Cutting may have finished; the games are then simply dropped.
            let _ = spare_send.send(spares);
            Ok(())
        })?;
        join(workers);
        io::Result::Ok(())
    })?;
    match source.into_inner() {
        Ok(Source { error: Some(error), .. }) => Err(error),
        Ok(_) => Ok(()),
        Err(_) => Err(io::Error::other("a thread reading games panicked")),
    }
}

/// Hands on, in order, the results that `results` brings numbered from `first` in any order.
pub(super) fn in_order<T>(
    results: mpsc::Receiver<(u64, T)>,
    first: u64,
    mut each: impl FnMut(T) -> io::Result<()>,
) -> io::Result<()> {
    let mut waiting = BTreeMap::new();
    let mut next = first;
    for (index, result) in results {
        waiting.insert(index, result);
        while let Some(result) = waiting.remove(&next) {
            each(result)?;
            next += 1;
        }
    }
    Ok(())
}

/// Waits for the threads to end (their thread-local storage freed too, which the end of a scope does not wait
/// for), and passes on a panic.
pub(super) fn join<T>(workers: Vec<std::thread::ScopedJoinHandle<'_, T>>) {
    for worker in workers {
        if let Err(panic) = worker.join() {
            std::panic::resume_unwind(panic);
        }
    }
}

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
