//! PGN input for the `pgn` commands: files or standard input, plain or compressed (zstd, gzip, bzip2, detected
//! by their magic bytes in `forsyth::pgn::decompress`), read game by game on worker threads (`forsyth::pgn::Reader`), with a progress bar
//! on a terminal.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use forsyth::pgn::{self, GameReport, GameText, PgnReadOptions, Visitor};

use crate::Failure;

/// Games between two updates of the progress bar.
const PROGRESS_EVERY: u64 = 1024;

/// Counts the raw bytes consumed from the underlying file (compressed ones, for a compressed file) for progress:
/// through `BufRead`, or through `Read` where a larger buffer above it reads past this one's.
struct Counting<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counting<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.count.fetch_add(amount as u64, Ordering::Relaxed);
        self.inner.consume(amount);
    }
}

/// An opened input: the decompressed byte stream, its raw size if known, and a counter of raw bytes read.
pub struct Input {
    /// The name to show in messages (`-` for standard input).
    pub name: String,
    reader: Box<dyn BufRead + Send>,
    size: Option<u64>,
    read: Arc<AtomicU64>,
}

impl Input {
    /// The count of raw bytes read so far, which goes on while the input is read.
    #[cfg(feature = "export")]
    pub fn bytes_read(&self) -> Arc<AtomicU64> {
        Arc::clone(&self.read)
    }
}

/// Opens `path` (`-` for standard input), decompressing zstd, gzip or bzip2 by their magic bytes; the raw bytes
/// are counted for the progress bar. A regular file is mapped into memory and read in place (see
/// `forsyth::pgn::FileInput`).
pub fn open(path: &str) -> Result<Input, Failure> {
    let read = Arc::new(AtomicU64::new(0));
    let failed = |e: io::Error| Failure(format!("{path}: {e}"));
    let count = Arc::clone(&read);
    let (reader, size) = if path == "-" {
        let stdin = BufReader::with_capacity(pgn::INPUT_BUFFER, io::stdin());
        (pgn::decompress(Counting { inner: stdin, count }), None)
    } else {
        let file = File::open(path).map_err(failed)?;
        let size = file.metadata().ok().map(|m| m.len());
        (pgn::decompress(Counting { inner: pgn::FileInput::new(file), count }), size)
    };
    Ok(Input { name: path.to_string(), reader: reader.map_err(failed)?, size, read })
}

/// A progress bar on standard error when it is a terminal; nothing otherwise.
struct Progress {
    bar: Option<indicatif::ProgressBar>,
    read: Arc<AtomicU64>,
    games: u64,
}

impl Progress {
    fn new(input: &Input) -> Progress {
        let bar = io::stderr().is_terminal().then(|| {
            let bar = match input.size {
                Some(size) => indicatif::ProgressBar::new(size),
                None => indicatif::ProgressBar::no_length(),
            };
            let style = indicatif::ProgressStyle::with_template(
                "{prefix} {wide_bar} {bytes}/{total_bytes} {binary_bytes_per_sec} {msg} ETA {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
            bar.set_style(style);
            bar.set_prefix(input.name.clone());
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Progress { bar, read: Arc::clone(&input.read), games: 0 }
    }

    fn update(&mut self) {
        if let Some(bar) = &self.bar {
            bar.set_position(self.read.load(Ordering::Relaxed));
            let per_second = self.games as f64 / bar.elapsed().as_secs_f64().max(1e-3);
            bar.set_message(format!("{} games, {per_second:.0} games/s", self.games));
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Reads every game of `input` (on `jobs` threads) into a fresh visitor made by `visitor`, and hands the game with
/// what `made` makes of the visitor and the report to `sink` in file order, updating the progress bar as it goes
/// (see [`pgn::Reader::visit`]).
pub fn read_games<V, T, N, M, S>(
    input: Input,
    jobs: usize,
    options: &PgnReadOptions,
    visitor: N,
    made: M,
    mut sink: S,
) -> Result<(), Failure>
where
    V: Visitor,
    T: Send,
    N: Fn() -> V + Sync,
    M: Fn(V, GameReport) -> T + Sync,
    S: FnMut(GameText<'_>, T) -> io::Result<()>,
{
    let name = input.name.clone();
    let mut progress = Progress::new(&input);
    pgn::Reader::new(input.reader)
        .jobs(jobs)
        .options(options.clone())
        .visit(visitor, made, |raw, out| {
            sink(raw, out)?;
            progress.games += 1;
            if progress.games.is_multiple_of(PROGRESS_EVERY) {
                progress.update();
            }
            Ok(())
        })
        .or_else(closed_pipe)
        .map_err(|e| Failure(format!("{name}: {e}")))
}

/// A reader that stopped reading (`forsyth pgn convert big.pgn | head`) is not an error: the output just ends.
pub fn closed_pipe(error: io::Error) -> io::Result<()> {
    if error.kind() == io::ErrorKind::BrokenPipe { Ok(()) } else { Err(error) }
}
