//! Reading a stream of games on several threads, with the results handed back in file order.
//!
//! One thread cuts the stream into games ([`GameSplitter`]) and batches them; `jobs` workers read the batches;
//! the calling thread puts the results back in order and hands them on. Memory stays bounded: only a few batches
//! are in flight at a time, whatever the size of the stream.

use std::collections::BTreeMap;
use std::io::{self, BufRead};
use std::sync::{Arc, Mutex, mpsc};

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
    std::thread::scope(|scope| {
        let (batch_send, batch_receive) = mpsc::sync_channel::<(u64, Vec<RawGame>)>(jobs * 2);
        let batch_receive = Arc::new(Mutex::new(batch_receive));
        let (result_send, result_receive) = mpsc::sync_channel::<(u64, Vec<(RawGame, T)>)>(jobs * 2);
        // Games handed on come back to the splitter, whose next games reuse their buffers: no allocation per
        // game, and no memory freed on a thread other than the one that allocated it.
        let (spare_send, spare_receive) = mpsc::channel::<Vec<RawGame>>();
        let splitter = scope.spawn(move || -> io::Result<()> {
            let mut batch = Vec::with_capacity(BATCH_GAMES);
            let mut bytes = 0;
            let mut sequence = 0;
            let mut games = GameSplitter::new(reader);
            let mut spares: Vec<RawGame> = Vec::new();
            loop {
                if spares.is_empty() {
                    spares = spare_receive.try_recv().unwrap_or_default();
                }
                if let Some(spare) = spares.pop() {
                    games.recycle(spare);
                }
                let Some(raw) = games.next() else { break };
                let raw = raw?;
                bytes += raw.bytes.len();
                batch.push(raw);
                if batch.len() >= BATCH_GAMES || bytes >= BATCH_BYTES {
                    let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH_GAMES));
                    if batch_send.send((sequence, full)).is_err() {
                        return Ok(());
                    }
                    sequence += 1;
                    bytes = 0;
                }
            }
            if !batch.is_empty() {
                let _ = batch_send.send((sequence, batch));
            }
            Ok(())
        });
        for _ in 0..jobs {
            let batches = Arc::clone(&batch_receive);
            let results = result_send.clone();
            let work = &work;
            scope.spawn(move || {
                loop {
                    // The lock is held only while waiting for the next batch.
                    let next = batches.lock().map(|receiver| receiver.recv());
                    let Ok(Ok((sequence, batch))) = next else { return };
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
        drop(batch_receive);
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
                // The splitter may have finished; its games are then simply dropped.
                let _ = spare_send.send(spares);
                next += 1;
            }
        }
        splitter.join().unwrap_or_else(|_| Err(io::Error::other("the game splitter panicked")))
    })
}
