//! Reading every game of a stream into fresh visitors: in one pass on one thread (each game's end found while
//! reading it), in blocks read ahead on several (see `blocks`).

use std::io::{self, BufRead, Read};

use super::opening_tree::OpeningTree;
use super::reader::{Encoding, GameReport, PgnReadOptions, Unsure, Visitor, latin1_text, read_game_with, read_open};
use super::split::{
    BYTE_ORDER_MARK, GameSplitter, GameText, column_after, first_tag_pair_line_after_blank,
    last_tag_pair_line_after_blank,
};

/// Reads the games of `games` on this thread (see [`Reader::visit`](super::Reader::visit)): straight from the stream where it can, cut
/// first where it must.
pub(super) fn read_stream<R, V, T>(
    games: &mut GameSplitter<R>,
    state: &mut ReadState,
    options: &PgnReadOptions,
    visitor: &impl Fn() -> V,
    made: &impl Fn(V, GameReport) -> T,
    mut sink: impl FnMut(GameText<'_>, T) -> io::Result<()>,
) -> io::Result<()>
where
    R: BufRead,
    V: Visitor,
{
    // Games that one pass leaves to the splitter (errors, escape lines, games of Latin-1 too long to be read as
    // such in one pass...) come in runs: after the second in a row, the next ones are cut first without trying one
    // pass, twice as many each time (1, 3, 7 ... 1023), so that a file of broken games costs few wasted tries, and
    // a clean one none.
    let (mut left_run, mut cut_first) = (0u32, 0u32);
    let ReadState { window, tree, .. } = state;
    // UTF-8 is checked a window at a time; the window grows while games are read straight from it, and shrinks
    // after a game that had to be cut first, so that checking stays in proportion to the text read.
    loop {
        let mut read_here = (0u64, 0usize, 0u64);
        // Where the game after those read here starts on its line.
        let mut column = 0;
        let mut unsure = Unsure::Otherwise;
        let try_one_pass = cut_first == 0;
        cut_first = cut_first.saturating_sub(1);
        if try_one_pass && let Some((buffer, start, tag_pair_after)) = games.rest() {
            // A window short of the buffer ends best before a line that starts a tag pair after a blank line, in
            // its second half: the game before it then ends with the window, as a game at the end of a block does,
            // instead of crossing the window's end and being read again. Else it ends at a line break: no tag pair
            // or move word is cut in two, so a game the window does not hold whole reads as text that ended, not as
            // an error.
            let (limit, tag_pair_at_limit) = match buffer.len().min(*window) {
                limit if limit < buffer.len() => match last_tag_pair_line_after_blank(&buffer[..limit], limit / 2) {
                    Some(at) => (at, true),
                    None => (memchr::memrchr(b'\n', &buffer[..limit]).map_or(limit, |k| k + 1), false),
                },
                limit => (limit, tag_pair_after),
            };
            let (text, invalid) = if options.encoding == Encoding::Latin1 {
                // No byte is read as UTF-8: each game is turned into text by itself, below.
                ("", true)
            } else {
                match simdutf8::compat::from_utf8(&buffer[..limit]) {
                    Ok(text) => (text, false),
                    Err(e) => {
                        (std::str::from_utf8(&buffer[..e.valid_up_to()]).unwrap_or_default(), e.error_len().is_some())
                    }
                }
            };
            let (games_read, done, lines) = &mut read_here;
            column = start.column;
            loop {
                if *done == limit && limit < buffer.len() {
                    // The window ended with a game (before the next one's tags): the next window begins there.
                    unsure = Unsure::TextEnded;
                    break;
                }
                let at = GameText {
                    number: start.number + *games_read,
                    line: start.line + *lines,
                    column,
                    offset: start.offset + *done as u64,
                    ..start
                };
                let mut v = visitor();
                // A tag pair follows the text where the window ends before one, or the buffer's block does.
                let tag_pair_follows = tag_pair_at_limit && text.len() == limit;
                let read = match read_open(&text[*done..], &at, tag_pair_follows, options, tree, &mut v) {
                    Ok(read) => Ok((read, false)),
                    // The text ended at a byte that is not UTF-8 (in a tag value the reader may have taken it for a
                    // broken tag): the game that holds the byte is Latin-1 for `--encoding auto`, and read as such
                    // in one pass where it ends near the byte. So is every game with `--encoding latin1`.
                    Err(why) if invalid && options.encoding != Encoding::Utf8 => {
                        v = visitor();
                        let (raw, valid) = (&buffer[*done..limit], text.len() - *done);
                        read_latin1_open(raw, valid, tag_pair_at_limit, &at, options, tree, &mut v)
                            .map(|read| (read, true))
                            .ok_or(why)
                    }
                    Err(why) => Err(why),
                };
                match read {
                    Ok(((report, len, line_breaks), latin1)) => {
                        let game = GameText { bytes: &buffer[*done..*done + len], ..at };
                        column = column_after(game.bytes, column);
                        sink(game, made(v, report))?;
                        *games_read += 1;
                        *done += len;
                        *lines += line_breaks;
                        left_run = 0;
                        if latin1 {
                            // The text checked as UTF-8 (none, for `latin1`) ended in that game: the next window
                            // begins after it.
                            unsure = Unsure::TextEnded;
                            break;
                        }
                    }
                    Err(why) => {
                        // The text ended before the game: a longer window may hold it, unless the buffer
                        // ends there or a byte that is not UTF-8 does. (Where such a byte follows, it most
                        // likely stopped the game, which then goes to the splitter for its own sake.)
                        let ended = why == Unsure::TextEnded;
                        if !ended || invalid {
                            left_run = (left_run + 1).min(11);
                            cut_first = (1 << (left_run - 1)) - 1;
                        }
                        // A game longer than the largest window (possible where the buffer is the whole input
                        // in memory) goes to the splitter too.
                        let window_can_grow = *games_read > 0 || *window < MAX_WINDOW;
                        unsure = if ended && limit < buffer.len() && !invalid && window_can_grow {
                            Unsure::TextEnded
                        } else {
                            Unsure::Otherwise
                        };
                        break;
                    }
                }
            }
            *window = if unsure == Unsure::TextEnded || read_here.1 * 2 >= limit {
                (*window * 2).min(MAX_WINDOW)
            } else {
                MIN_WINDOW
            };
        }
        let (games_read, done, lines) = read_here;
        games.move_past(games_read, done, lines, column);
        if unsure == Unsure::TextEnded {
            continue;
        }
        // The splitter cuts the next game, which is then read as always.
        let Some(game) = games.next_text() else { return Ok(()) };
        let game = game?;
        let mut v = visitor();
        let report = read_game_with(game, options, Some(tree), &mut v);
        sink(game, made(v, report))?;
    }
}

/// The game at the start of `raw` read in one pass as Latin-1, as `--encoding auto` reads a game that is not UTF-8
/// and `--encoding latin1` every game: `raw` is valid UTF-8 up to `valid` (0 for `latin1`), where a byte that is not
/// stands. Returns the report, the game's length in
/// `raw` and its line breaks, if the game holds that byte (a game that ends before it is UTF-8) and ends before the
/// next game's tags within [`LATIN1_STRETCH`] bytes after it; none otherwise, and the splitter cuts it.
/// `tag_pair_follows`: a game's tags follow `raw`.
fn read_latin1_open<V: Visitor>(
    raw: &[u8],
    valid: usize,
    tag_pair_follows: bool,
    start: &GameText<'_>,
    options: &PgnReadOptions,
    tree: &mut OpeningTree,
    visitor: &mut V,
) -> Option<(GameReport, usize, u64)> {
    // Only the stretch the game most likely ends in is turned into text: up to the next game's tags after a blank
    // line (or the end of `raw`, where such tags follow it). Where none is near the byte (a long game, or games
    // without blank lines between them, whose ends only reading finds), the splitter cuts the game: turning ever
    // longer stretches into text to find the end would cost more than cutting it first.
    let far = (valid + LATIN1_STRETCH).min(raw.len());
    let end = match first_tag_pair_line_after_blank(&raw[..far], valid) {
        Some(at) => at,
        None if far == raw.len() && tag_pair_follows => far,
        None => return None,
    };
    // (A byte-order mark stays three bytes of text, where the lengths below count two for each byte from 0x80 up:
    // the splitter cuts such a stretch.)
    if memchr::memmem::find(&raw[..end], BYTE_ORDER_MARK).is_some() {
        return None;
    }
    let text = latin1_text(&raw[..end]);
    let (report, len, line_breaks) = read_open(&text, start, true, options, tree, visitor).ok()?;
    // From the text's length back to the bytes': a byte from 0x80 up is two bytes of text. The game's bytes are at
    // least `len` less all the high bytes turned into text (the text's extra length); from there a byte at a time to
    // the game's length in text. (The game ends at or near the text's end: few bytes are looked at.)
    let all_high = text.len() - end;
    let mut raw_len = len.saturating_sub(all_high);
    let mut text_len = raw_len + all_high - raw[raw_len..end].iter().filter(|&&b| b >= 0x80).count();
    while text_len < len
        && let Some(&b) = raw.get(raw_len)
    {
        text_len += 1 + usize::from(b >= 0x80);
        raw_len += 1;
    }
    (raw_len > valid).then_some((report, raw_len, line_breaks))
}

/// How far past its first byte that is not UTF-8 the next game's tags are looked for, to read a game as Latin-1
/// in one pass (16 KiB: a long game with its comments).
const LATIN1_STRETCH: usize = 16 << 10;

/// What one reading thread keeps from game to game, and from block to block.
pub(super) struct ReadState {
    /// The stretch of the stream checked as UTF-8 at a time ([`MIN_WINDOW`] to [`MAX_WINDOW`]): it grows while
    /// games are read straight from it, and shrinks after a game that had to be cut first.
    window: usize,
    /// The openings read so far.
    pub(super) tree: OpeningTree,
}

impl ReadState {
    pub(super) fn new() -> ReadState {
        ReadState { window: MIN_WINDOW, tree: OpeningTree::default() }
    }
}

/// The input buffer the readers of files and streams use, in bytes (256 KiB, the size blocks are read in on
/// several threads; reading on one, [`Reader::visit`](super::Reader::visit) adds a larger buffer of its own).
///
/// ```
/// let input = std::io::BufReader::with_capacity(forsyth::pgn::INPUT_BUFFER, &b"1. e4 *\n"[..]);
/// assert_eq!(forsyth::pgn::Reader::new(input).games().count(), 1);
/// ```
pub const INPUT_BUFFER: usize = 256 << 10;

/// The buffer one pass reads games from on one thread (4 MiB). One pass reads the games the buffer holds whole;
/// the game that crosses its end goes to the splitter and is read again, so a buffer of many games keeps that
/// waste small (with 256 KiB, one TCEC engine game in eight). Reads into it bypass a smaller buffer underneath;
/// on several threads a large buffer would only be copied out of, cold, into the blocks. Text already in memory
/// ([`Reader::from_bytes`](super::Reader::from_bytes)) needs none: it is read where it lies.
pub(super) const ONE_PASS_BUFFER: usize = 4 << 20;

/// The one-pass buffer of a stream read on one thread: [`ONE_PASS_BUFFER`] bytes that the stream's reads fill
/// directly. It is allocated zeroed, which the system does lazily, page by page as reads write them: a small file
/// touches a page or two. (`std::io::BufReader` zeroes its whole buffer before the first read from a reader that
/// cannot be handed uninitialised memory, as any reader outside the standard library: 4 MiB and a thousand page
/// faults for a file of 1 KB, most of the time a one-game check took.)
pub(super) struct OnePassBuffer<R> {
    input: R,
    buffer: Box<[u8]>,
    start: usize,
    end: usize,
}

impl<R: Read> OnePassBuffer<R> {
    pub(super) fn new(input: R) -> OnePassBuffer<R> {
        OnePassBuffer { input, buffer: vec![0; ONE_PASS_BUFFER].into_boxed_slice(), start: 0, end: 0 }
    }
}

impl<R: Read> Read for OnePassBuffer<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.fill_buf()?.read(out)?;
        self.consume(n);
        Ok(n)
    }
}

impl<R: Read> BufRead for OnePassBuffer<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        // Refilled only once empty, as `BufReader` is: the splitter copies out a game that crosses the end.
        if self.start == self.end {
            self.end = self.input.read(&mut self.buffer)?;
            self.start = 0;
        }
        Ok(&self.buffer[self.start..self.end])
    }

    fn consume(&mut self, n: usize) {
        self.start = (self.start + n).min(self.end);
    }
}

/// The smallest and largest stretch of the stream checked as UTF-8 at a time when reading on one thread. A window
/// is read twice, checked and then parsed: one that fits the second-level cache (512 KiB) is parsed from there, not
/// from memory again: on engine games, 3-4 % of the time (`scripts/time-pair.py` against a 4 MiB window). Windows
/// end before a game's tags where they can, so that the smaller window does not make more games cross its end.
const MIN_WINDOW: usize = 4 << 10;
const MAX_WINDOW: usize = 512 << 10;

#[cfg(test)]
mod tests {
    use super::*;

    /// A stream that hands out at most three bytes a read, as a pipe hands out what it has.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(out.len()).min(3);
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn the_one_pass_buffer_refills_only_once_empty_and_loses_no_byte() {
        let text = b"1. e4 e5 *\n1. d4 d5 *\n";
        let mut buffer = OnePassBuffer::new(Trickle(text));
        assert_eq!(buffer.fill_buf().unwrap(), b"1. ");
        buffer.consume(2);
        assert_eq!(buffer.fill_buf().unwrap(), b" ", "what is left, not refilled");
        buffer.consume(1);
        assert_eq!(buffer.fill_buf().unwrap(), b"e4 ");
        let mut rest = Vec::new();
        buffer.read_to_end(&mut rest).unwrap();
        assert_eq!(rest, &text[3..]);
        assert_eq!(buffer.fill_buf().unwrap(), b"", "the end of the stream");
    }
}
