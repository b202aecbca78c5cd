//! The tables of an export built and written beside the reading: games are handed over in chunks, and a worker
//! thread appends them to each table's columns and encodes the batches, helped by the reading thread whenever the
//! chunks pile up. How `forsyth pgn export --jobs N` spreads its work.
//!
//! Why helping, not a thread per table: reading the games, building and encoding the moves table, and the games
//! table are about 40, 45 and 15 % of an export. A thread per table made three busy threads on two cores, each
//! slower for it, and any fixed share of the tables left one thread waiting for the other (BENCHMARKS.md, "Games
//! as tables"). A chunk is taken by whichever thread is free, in file order for each table.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::parts::{ExportError, PartWriter};
use crate::rows::{GameRow, RowPool, TableOptions};
use crate::tables::{Table, TableBuilder};

/// Games handed over at a time, unless [`CHUNK_MOVES`] comes first: enough that handing over costs little beside
/// the work, few enough that the rows are still in the processor's cache when a table takes them.
const CHUNK_GAMES: usize = 512;
/// Games handed over at a time with no worker, where the calling thread builds them at once: few, so that their
/// rows are still in the processor's cache (512 cost one thread 6 % on short games).
const SOLO_CHUNK_GAMES: usize = 16;
/// Main-line moves handed over at a time (engine games run to hundreds of moves each).
const CHUNK_MOVES: usize = 16_384;
/// Chunks waiting for a table before the reading thread helps with it.
const HELP_AT: usize = 2;
/// Chunks waiting for a table before the reading thread waits to help with it: memory stays bounded whatever the
/// input's size.
const WAIT_AT: usize = 6;

/// Games read, in file order: the file's name (for `game_id`) and each game's number, first line and row.
struct Chunk {
    source: Arc<str>,
    games: Vec<(u64, u64, GameRow)>,
}

/// What a table's part files came to: the files and their total size, or the error that stopped its writer.
type Written = Result<(Vec<PathBuf>, u64), ExportError>;

/// One table: the chunks waiting for it, and what builds and writes it (held by the thread working on it).
struct TableWork {
    waiting: Mutex<VecDeque<Arc<Chunk>>>,
    state: Mutex<TableState>,
}

struct TableState {
    writer: PartWriter,
    /// The file being built, and its builder.
    builder: Option<(Arc<str>, TableBuilder)>,
    /// The writer's error, once it has failed: the table takes no more games.
    failed: Option<ExportError>,
}

struct Shared {
    tables: Vec<TableWork>,
    batch_rows: usize,
    options: TableOptions,
    /// The reading is over (or abandoned): the worker stops once nothing waits.
    done: AtomicBool,
    failed: AtomicBool,
    wake: (Mutex<()>, Condvar),
    /// Chunks every table is done with, taken back by the reading thread, whose rows go to the [`RowPool`] for
    /// the next games to be recorded into (and are freed, when the pool is full, by the thread that allocated
    /// them: the allocator's per-thread caches then keep serving the reader, and no lock of its is shared).
    taken: Mutex<Vec<Arc<Chunk>>>,
}

/// Tables built and written from games handed over in file order: by a worker thread and, whenever chunks pile
/// up, by the thread that hands them over. The files are the same, byte for byte, as those of one
/// [`TableBuilder`] and the writers on one thread: each table takes every game, in file order. With no worker,
/// the calling thread does it all.
///
/// ```
/// use forsyth::pgn::Reader;
/// use forsyth_arrow::{Format, GameRecorder, PartWriter, Table, TableOptions, TableThreads};
/// let dir = tempfile::tempdir().unwrap();
/// let writers = Table::ALL.iter().map(|&table| PartWriter::new(dir.path(), table, Format::Ndjson, 100).unwrap());
/// let options = TableOptions::default();
/// let mut tables = TableThreads::spawn(writers.collect(), 1, 100, options);
/// tables.begin_file("demo.pgn").unwrap();
/// let file = "1. e4 e5 *\n\n1. d4 *\n";
/// Reader::from_bytes(file.as_bytes())
///     .visit(|| GameRecorder::new(&options), GameRecorder::finish, |text, row| tables.push(text.number, text.line, row))
///     .unwrap();
/// let (files, _bytes) = tables.finish().unwrap();
/// let moves = std::fs::read_to_string(&files[1]).unwrap();
/// assert_eq!(moves.lines().count(), 3);
/// ```
pub struct TableThreads {
    shared: Arc<Shared>,
    /// The rows every table is done with, for the next games to be recorded into.
    rows: RowPool,
    worker: Option<JoinHandle<()>>,
    chunk: Chunk,
    moves: usize,
    /// Games handed over at a time.
    chunk_games: usize,
}

impl TableThreads {
    /// Starts building the tables of `writers` in batches of `batch_rows` rows, on `workers` threads besides the
    /// caller's (0 or 1).
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// use forsyth_arrow::{Format, GameRecorder, PartWriter, Table, TableOptions, TableThreads};
    /// let file = "1. e4 e5 2. Nf3 *\n\n1. d4 d5 *\n\n".repeat(300);
    /// let export = |workers| {
    ///     let dir = tempfile::tempdir().unwrap();
    ///     let writers = Table::ALL.iter().map(|&t| PartWriter::new(dir.path(), t, Format::Csv, 1000).unwrap());
    ///     let options = TableOptions::default();
    ///     let mut tables = TableThreads::spawn(writers.collect(), workers, 100, options);
    ///     tables.begin_file("demo.pgn").unwrap();
    ///     Reader::from_bytes(file.as_bytes())
    ///         .visit(|| GameRecorder::new(&options), GameRecorder::finish, |text, row| {
    ///             tables.push(text.number, text.line, row)
    ///         })
    ///         .unwrap();
    ///     let (files, _) = tables.finish().unwrap();
    ///     files.iter().map(|f| std::fs::read(f).unwrap()).collect::<Vec<_>>()
    /// };
    /// // With a worker or without: the same files, byte for byte.
    /// assert_eq!(export(1), export(0));
    /// ```
    pub fn spawn(writers: Vec<PartWriter>, workers: usize, batch_rows: usize, options: TableOptions) -> TableThreads {
        let tables = writers
            .into_iter()
            .map(|writer| TableWork {
                waiting: Mutex::new(VecDeque::new()),
                state: Mutex::new(TableState { writer, builder: None, failed: None }),
            })
            .collect();
        let shared = Arc::new(Shared {
            tables,
            batch_rows,
            options,
            done: AtomicBool::new(false),
            failed: AtomicBool::new(false),
            wake: (Mutex::new(()), Condvar::new()),
            taken: Mutex::new(Vec::new()),
        });
        let worker = (workers > 0).then(|| {
            let shared = shared.clone();
            std::thread::spawn(move || work(shared))
        });
        let chunk_games = if worker.is_some() { CHUNK_GAMES } else { SOLO_CHUNK_GAMES };
        let chunk = Chunk { source: Arc::from(""), games: Vec::with_capacity(chunk_games) };
        TableThreads { shared, rows: RowPool::default(), worker, chunk, moves: 0, chunk_games }
    }

    /// The pool the rows every table is done with go back to: games recorded with [`RowPool::recorder`] reuse
    /// their buffers.
    ///
    /// ```
    /// use forsyth_arrow::{Format, PartWriter, Table, TableOptions, TableThreads};
    /// let dir = tempfile::tempdir().unwrap();
    /// let writers = vec![PartWriter::new(dir.path(), Table::Games, Format::Csv, 10).unwrap()];
    /// let tables = TableThreads::spawn(writers, 0, 10, TableOptions::default());
    /// assert!(tables.rows().is_empty()); // no game read yet
    /// tables.finish().unwrap();
    /// ```
    pub fn rows(&self) -> RowPool {
        self.rows.clone()
    }

    /// The games pushed from now on come from the file named `source`.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
    /// use forsyth_arrow::{Format, GameRecorder, PartWriter, Table, TableOptions, TableThreads};
    /// let options = TableOptions::default();
    /// let raw = GameSplitter::new("1. e4 *\n".as_bytes()).next().unwrap().unwrap();
    /// let mut recorder = GameRecorder::new(&options);
    /// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
    /// let row = recorder.finish(report);
    /// let dir = tempfile::tempdir().unwrap();
    /// let writers = vec![PartWriter::new(dir.path(), Table::Moves, Format::Ndjson, 10).unwrap()];
    /// let mut tables = TableThreads::spawn(writers, 0, 10, options);
    /// tables.begin_file("a.pgn").unwrap();
    /// tables.push(1, 1, row.clone()).unwrap();
    /// tables.begin_file("b.pgn").unwrap();
    /// tables.push(1, 1, row).unwrap();
    /// let (files, _) = tables.finish().unwrap();
    /// let text = std::fs::read_to_string(&files[0]).unwrap();
    /// assert!(text.contains(r#""game_id":"a.pgn:1""#) && text.contains(r#""game_id":"b.pgn:1""#));
    /// ```
    pub fn begin_file(&mut self, source: &str) -> std::io::Result<()> {
        self.hand_over()?;
        self.chunk.source = Arc::from(source);
        Ok(())
    }

    /// Adds the game numbered `number` in its file, whose text starts on `line`. An error means a table's writer
    /// has failed (a full disk, say): [`TableThreads::finish`] says why.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
    /// use forsyth_arrow::{Format, GameRecorder, PartWriter, Table, TableOptions, TableThreads};
    /// let options = TableOptions::default();
    /// let raw = GameSplitter::new("1. e4 e5 *\n".as_bytes()).next().unwrap().unwrap();
    /// let mut recorder = GameRecorder::new(&options);
    /// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
    /// let row = recorder.finish(report);
    /// let dir = tempfile::tempdir().unwrap();
    /// let writers = Table::ALL.iter().map(|&t| PartWriter::new(dir.path(), t, Format::Csv, 1000).unwrap());
    /// let mut tables = TableThreads::spawn(writers.collect(), 1, 100, options);
    /// for number in 1..=50 {
    ///     tables.push(number, 3 * number - 2, row.clone()).unwrap();
    /// }
    /// let (files, _) = tables.finish().unwrap();
    /// let lines = |i: usize| std::fs::read_to_string(&files[i]).unwrap().lines().count();
    /// assert_eq!((lines(0), lines(1)), (1 + 50, 1 + 100)); // a header, then a row per game and per move
    /// ```
    pub fn push(&mut self, number: u64, line: u64, row: GameRow) -> std::io::Result<()> {
        self.moves += row.ply_count();
        self.chunk.games.push((number, line, row));
        if self.chunk.games.len() >= self.chunk_games || self.moves >= CHUNK_MOVES {
            self.hand_over()?;
        }
        Ok(())
    }

    /// Hands the games gathered to every table, and helps with the tables whose chunks pile up.
    fn hand_over(&mut self) -> std::io::Result<()> {
        self.moves = 0;
        // A chunk is in `taken` once per table: the last of them holds its rows alone.
        let taken = std::mem::take(&mut *lock(&self.shared.taken));
        let done = taken.into_iter().filter_map(|chunk| Arc::try_unwrap(chunk).ok());
        self.rows.give_back(done.flat_map(|chunk| chunk.games.into_iter().map(|(_, _, row)| row)));
        if !self.chunk.games.is_empty() {
            let games = std::mem::replace(&mut self.chunk.games, Vec::with_capacity(self.chunk_games));
            let chunk = Arc::new(Chunk { source: self.chunk.source.clone(), games });
            for table in &self.shared.tables {
                lock(&table.waiting).push_back(chunk.clone());
            }
            self.shared.wake.1.notify_one();
        }
        // Without a worker this thread builds everything now; with one, it helps where chunks pile up (waiting
        // for the table only where they pile up so far that memory would grow).
        let (help_at, wait_at) = if self.worker.is_some() { (HELP_AT, WAIT_AT) } else { (0, 0) };
        for table in &self.shared.tables {
            loop {
                let waiting = lock(&table.waiting).len();
                let state = if waiting > wait_at {
                    lock(&table.state)
                } else if waiting > help_at
                    && let Ok(state) = table.state.try_lock()
                {
                    state
                } else {
                    break;
                };
                build_one(&self.shared, table, state);
            }
        }
        if self.shared.failed.load(Ordering::Relaxed) {
            return Err(std::io::Error::other("a table writer failed"));
        }
        Ok(())
    }

    /// Hands on the last games, builds and writes what waits, and completes every table's last part; returns the
    /// files written (in the writers' order) and their total size, or the first error that stopped a writer.
    ///
    /// With a worker, the tables are completed side by side, each on a thread of its own (the worker stops after
    /// the chunk it is building): building what still waits for a table and closing its part, which compresses the
    /// pages its row group still holds, are much of an export's end, and one thread completing both tables left
    /// the other core idle.
    ///
    /// ```
    /// use forsyth_arrow::{Format, PartWriter, Table, TableOptions, TableThreads};
    /// let dir = tempfile::tempdir().unwrap();
    /// let writers = Table::ALL.iter().map(|&t| PartWriter::new(dir.path(), t, Format::Parquet, 1000).unwrap());
    /// let tables = TableThreads::spawn(writers.collect(), 1, 100, TableOptions::default());
    /// let (files, bytes) = tables.finish().unwrap();
    /// // No games: a part for each table all the same, for its schema; in the writers' order.
    /// assert!(files[0].ends_with("games/part-00000.parquet") && files[1].ends_with("moves/part-00000.parquet"));
    /// assert!(bytes > 0);
    /// ```
    pub fn finish(mut self) -> Result<(Vec<PathBuf>, u64), ExportError> {
        // A failed writer's error is returned below.
        let _ = self.hand_over();
        let side_by_side = self.worker.is_some();
        self.stop_worker();
        let shared = Arc::try_unwrap(self.shared).unwrap_or_else(|_| unreachable!("the worker has stopped"));
        let (batch_rows, options) = (shared.batch_rows, shared.options);
        let complete_table = move |table: TableWork| {
            let state = table.state.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
            let waiting = table.waiting.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
            complete(state, waiting, batch_rows, options)
        };
        let written: Vec<Written> = if side_by_side {
            std::thread::scope(|scope| {
                let mut tables = shared.tables.into_iter();
                let here = tables.next_back();
                let beside: Vec<_> = tables.map(|table| scope.spawn(move || complete_table(table))).collect();
                let here = here.map(complete_table);
                let mut written: Vec<Written> = beside
                    .into_iter()
                    .map(|thread| thread.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
                    .collect();
                written.extend(here);
                written
            })
        } else {
            shared.tables.into_iter().map(complete_table).collect()
        };
        let (mut files, mut bytes) = (Vec::new(), 0);
        let mut first_error = None;
        for table in written {
            match table {
                Ok((written, size)) => {
                    files.extend(written);
                    bytes += size;
                }
                Err(error) => {
                    first_error.get_or_insert(error);
                }
            }
        }
        first_error.map_or(Ok((files, bytes)), Err)
    }

    /// Stops without completing the open parts (the export failed elsewhere): what was written stays under its
    /// temporary name, as with a [`PartWriter`] that is dropped. Returns a writer's own error, if one had failed.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
    /// use forsyth_arrow::{Format, GameRecorder, PartWriter, Table, TableOptions, TableThreads};
    /// let options = TableOptions::default();
    /// let raw = GameSplitter::new("1. e4 *\n".as_bytes()).next().unwrap().unwrap();
    /// let mut recorder = GameRecorder::new(&options);
    /// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
    /// let row = recorder.finish(report);
    /// let dir = tempfile::tempdir().unwrap();
    /// let writers = vec![PartWriter::new(dir.path(), Table::Games, Format::Csv, 1000).unwrap()];
    /// let mut tables = TableThreads::spawn(writers, 0, 1, options);
    /// for number in 1..=20 {
    ///     tables.push(number, 1, row.clone()).unwrap();
    /// }
    /// tables.abandon().unwrap();
    /// assert!(!dir.path().join("games/part-00000.csv").exists());
    /// ```
    pub fn abandon(mut self) -> Result<(), ExportError> {
        for table in &self.shared.tables {
            lock(&table.waiting).clear();
        }
        self.stop_worker();
        for table in &self.shared.tables {
            if let Some(error) = lock(&table.state).failed.take() {
                return Err(error);
            }
        }
        Ok(())
    }

    fn stop_worker(&mut self) {
        self.shared.done.store(true, Ordering::Release);
        self.shared.wake.1.notify_all();
        if let Some(worker) = self.worker.take()
            && let Err(panic) = worker.join()
        {
            std::panic::resume_unwind(panic);
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The worker: takes the waiting chunks of whichever table is free, until the reading is over (or the
/// [`TableThreads`] was dropped without [`TableThreads::finish`]: then no one else holds `shared`). What still waits
/// then is built by [`TableThreads::finish`], each table on a thread of its own.
fn work(shared: Arc<Shared>) {
    while !shared.done.load(Ordering::Acquire) && Arc::strong_count(&shared) > 1 {
        let mut built = false;
        for table in &shared.tables {
            if lock(&table.waiting).is_empty() {
                continue;
            }
            if let Ok(state) = table.state.try_lock() {
                build_one(&shared, table, state);
                built = true;
            }
        }
        if built {
            continue;
        }
        // Asleep until a chunk is handed over (the timeout covers a chunk the helping thread left behind).
        let (sleep, wake) = &shared.wake;
        let guard = lock(sleep);
        let _ = wake.wait_timeout(guard, Duration::from_millis(1));
    }
}

/// Builds and writes the first chunk waiting for `table`, holding its state (so that chunks are taken in order);
/// the reading thread frees it.
fn build_one(shared: &Shared, table: &TableWork, mut state: MutexGuard<'_, TableState>) {
    let Some(chunk) = lock(&table.waiting).pop_front() else { return };
    // A failed table takes no more games.
    if state.failed.is_none()
        && let Err(error) = append(&mut state, &chunk, shared.batch_rows, shared.options)
    {
        state.failed = Some(error);
        shared.failed.store(true, Ordering::Relaxed);
    }
    lock(&shared.taken).push(chunk);
}

/// Appends a chunk's games to the table, writing the batches that fill up.
fn append(state: &mut TableState, chunk: &Chunk, batch_rows: usize, options: TableOptions) -> Result<(), ExportError> {
    let TableState { writer, builder, .. } = state;
    let same_file = builder.as_ref().is_some_and(|(source, _)| Arc::ptr_eq(source, &chunk.source));
    if !same_file {
        if let Some((_, done)) = builder.take() {
            sink_into(writer, |sink| done.finish(sink))?;
        }
        *builder =
            Some((chunk.source.clone(), TableBuilder::new(&chunk.source, &[writer.table()], batch_rows, options)));
    }
    let Some((_, tables)) = builder else { return Ok(()) };
    sink_into(writer, |sink| {
        chunk.games.iter().try_for_each(|(number, line, row)| tables.push(*number, *line, row, sink))
    })
}

/// Builds and writes what waits, then completes the table's last part.
fn complete(mut state: TableState, waiting: VecDeque<Arc<Chunk>>, batch_rows: usize, options: TableOptions) -> Written {
    if let Some(error) = state.failed.take() {
        return Err(error);
    }
    for chunk in waiting {
        append(&mut state, &chunk, batch_rows, options)?;
    }
    if let Some((_, done)) = state.builder.take() {
        sink_into(&mut state.writer, |sink| done.finish(sink))?;
    }
    state.writer.finish()
}

/// Runs `build` with a sink that writes batches with `writer`, keeping the writer's own error (a full disk says
/// more than the builder's report that the sink failed).
fn sink_into(
    writer: &mut PartWriter,
    build: impl FnOnce(&mut crate::tables::BatchSink<'_>) -> std::io::Result<()>,
) -> Result<(), ExportError> {
    let folder = writer.folder().to_path_buf();
    let mut failure = None;
    let mut sink = |_: Table, batch| {
        writer.write(&batch).map_err(|error| {
            let reason = std::io::Error::other(error.to_string());
            failure = Some(error);
            reason
        })
    };
    let result = build(&mut sink);
    result.map_err(|error| failure.unwrap_or_else(|| ExportError::Encode(folder, error.to_string())))
}
