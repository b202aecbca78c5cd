//! The entry point for reading every game of a stream: [`read_games`] picks one pass on one thread (`stream`) or
//! blocks read ahead on several (`blocks`), which both build on the one-pass reader.

use std::io::{self, BufRead};

use super::blocks::{BLOCK_BYTES, read_blocks};
use super::reader::{GameReport, PgnReadOptions, Visitor};
use super::split::{GameSplitter, GameText};
use super::stream::{MIN_WINDOW, read_stream};

/// Reads every game of `reader` on `jobs` threads, each into a fresh visitor made by `visitor`, and hands the
/// game's text with what `made` makes of the visitor and the report to `sink`, in file order. Stops at the first
/// error of the reader or of `sink`.
///
/// The same as [`super::for_each_game`] with a `work` that reads the game, only faster: games are read straight
/// from the stream, each game's end found while reading it, in one pass instead of two (the splitter's and the
/// reader's) — on several threads block by block, each block read ahead and checked against how the block before
/// it ended. The few games the splitter might cut otherwise are cut first, as always. `visitor` and `made` may
/// therefore be called on a game more than once: only the last result is kept.
///
/// ```
/// use forsyth::pgn::{PgnReadOptions, Validate, read_games};
/// let file = "1. e4 e5 *\n1. d4 d5 *\n1. e4 e4 *\n".repeat(100);
/// let mut errors = Vec::new();
/// let options = PgnReadOptions::default();
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
    options: &PgnReadOptions,
    visitor: N,
    made: M,
    sink: S,
) -> io::Result<()>
where
    R: BufRead + Send,
    V: Visitor,
    T: Send,
    N: Fn() -> V + Sync,
    M: Fn(V, GameReport) -> T + Sync,
    S: FnMut(GameText<'_>, T) -> io::Result<()>,
{
    if jobs <= 1 {
        let mut window = MIN_WINDOW;
        read_stream(&mut GameSplitter::new(reader), &mut window, options, &visitor, &made, sink)
    } else {
        read_blocks(reader, jobs, BLOCK_BYTES, options, &visitor, &made, sink)
    }
}
