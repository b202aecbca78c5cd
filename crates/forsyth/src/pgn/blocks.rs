//! Reading a stream on several threads in blocks: each thread reads a block ahead, as a stream of its own, and
//! checks that guess against how the block before it ended (see [`read_blocks`]).

use std::collections::BTreeMap;
use std::io::{self, BufRead};
use std::sync::{Condvar, Mutex, mpsc};

use super::parallel::{in_order, join};
use super::reader::{GameReport, PgnReadOptions, Visitor, read_game_with};
use super::split::{GameSplitter, GameText, Suspended, tag_pair_line_at};
use super::stream::{ReadState, read_stream};

/// The bytes of a block: at least this many, then up to the next line that starts a tag pair (or twice this many).
pub(super) const BLOCK_BYTES: usize = 1 << 18;

/// The bytes taken from the stream at a time past a block's size, while looking for a line that starts a tag pair.
const LOOK_AHEAD: usize = 16 << 10;

/// How many times larger than a copied block a block read where it lies in memory is (1 MiB): with nothing to copy
/// and no buffer to keep in cache, a larger block costs nothing and is handed over a quarter as often (`pgn check
/// --jobs 2` on engine games: 5 % faster than 256 KiB).
const IN_PLACE_BLOCK_FACTOR: usize = 4;

/// Blocks' worth of text cut at a time from text in memory, where it lies (32 MiB, in blocks of 1 MiB): between two
/// stretches the reader is told what was read, and a mapped file hands those pages back, so that memory stays
/// bounded. (The threads wait for each other at the end of a stretch: about half a block each, of the small blocks
/// below.)
const STRETCH_BLOCKS: usize = 32;

/// The last blocks' worth of a stretch, and of the text, are cut into blocks as small as copied ones: the threads,
/// which wait for each other at the end of a stretch, then finish close together, and less of the text's end is
/// left to copy (where a new set of threads reads it). (`perf record` by thread,
/// `--jobs 2` on the opening books: one thread runs alone for 13 ms at the end of a 234 ms run, where 1 MiB blocks
/// up to the end left it alone for 39 ms of 271.)
const END_BLOCKS: usize = 4;

/// Reads the games of `reader` on `jobs` threads, block by block (see [`Reader::visit`](super::Reader::visit)).
///
/// The stream is cut into blocks of about `block` bytes, each ending before a line that starts a tag pair, where
/// a game almost always begins. Each thread reads a block as a stream of its own (in one pass, as on one thread)
/// while the blocks before it are still being read, then checks that guess against the splitter's state where
/// the block before ended: if that block's last game ended at the boundary, the block's games stand, renumbered;
/// if not (a comment or a game across the boundary), the block is read again, continuing that game. So games,
/// errors and numbers are exactly those of one thread, whatever the text.
///
/// Text `in_memory` (a [`MappedFile`](super::MappedFile), bytes: a reader whose buffer is the rest of the
/// stream) is cut into blocks where it lies, [`IN_PLACE_BLOCK_FACTOR`] times as large, a stretch of
/// [`STRETCH_BLOCKS`] at a time; the end of the stream, and any other stream, is copied into blocks.
#[allow(clippy::too_many_arguments)]
pub(super) fn read_blocks<R, V, T>(
    mut reader: R,
    in_memory: bool,
    jobs: usize,
    block: usize,
    options: &PgnReadOptions,
    visitor: &(impl Fn() -> V + Sync),
    made: &(impl Fn(V, GameReport) -> T + Sync),
    mut sink: impl FnMut(GameText<'_>, T) -> io::Result<()>,
) -> io::Result<()>
where
    R: BufRead + Send,
    V: Visitor,
    T: Send,
{
    let ends = Ends { table: Mutex::new(BTreeMap::new()), changed: Condvar::new() };
    // Each thread keeps its own UTF-8 window and opening tree from block to block (see `ReadState`), and from
    // stretch to stretch.
    let mut states: Vec<ReadState> = (0..jobs).map(|_| ReadState::new()).collect();
    let work = Work { ends: &ends, options, visitor, made };
    let mut next = Next { index: 0, offset: 0, starts_at_tag_pair: true };
    // Text in memory is cut where it lies, a stretch at a time, until too little is left to cut a block from. (An
    // error filling the buffer is left to the copying below, which reports it after the games before it.)
    let size = block.saturating_mul(IN_PLACE_BLOCK_FACTOR);
    while in_memory && let Ok(text) = reader.fill_buf() {
        let stretch = Mutex::new(InPlace { text, size, at: 0, left: STRETCH_BLOCKS.saturating_mul(size), next });
        work.run(&mut states, &|| stretch.lock().ok()?.next_block(), next.index, &mut sink, |_| {})?;
        let InPlace { at, next: after, .. } = stretch.into_inner().map_err(|_| panicked())?;
        if at == 0 {
            break;
        }
        next = after;
        reader.consume(at);
    }
    // Blocks handed on come back to hold later ones: no allocation (and no fresh pages) per block.
    let (spare_send, spares) = mpsc::channel::<Vec<u8>>();
    let first = next.index;
    let blocks = Mutex::new(Blocks::new(reader, block, spares, next));
    work.run(&mut states, &|| blocks.lock().ok()?.next_block(), first, &mut sink, |bytes| {
        // Cutting may have finished; the block is then simply dropped.
        let _ = spare_send.send(bytes);
    })?;
    match blocks.into_inner() {
        Ok(Blocks { error: Some(error), .. }) => Err(error),
        Ok(_) => Ok(()),
        Err(_) => Err(panicked()),
    }
}

fn panicked() -> io::Error {
    io::Error::other("a thread reading games panicked")
}

/// What every block is read with.
struct Work<'w, O, M> {
    ends: &'w Ends,
    options: &'w PgnReadOptions,
    visitor: &'w O,
    made: &'w M,
}

impl<O, M> Work<'_, O, M> {
    /// Reads the blocks `next_block` cuts, numbered from `first`, on a thread per state, and hands their games to
    /// `sink` in order; each block's buffer, if it has one of its own, then goes to `give_back`.
    fn run<'a, V, T>(
        &self,
        states: &mut [ReadState],
        next_block: &(impl Fn() -> Option<Block<'a>> + Sync),
        first: u64,
        sink: &mut impl FnMut(GameText<'_>, T) -> io::Result<()>,
        mut give_back: impl FnMut(Vec<u8>),
    ) -> io::Result<()>
    where
        O: Fn() -> V + Sync,
        M: Fn(V, GameReport) -> T + Sync,
        V: Visitor,
        T: Send,
    {
        // Lists of games handed on come back to hold later blocks' games: no allocation (and no fresh pages) per
        // block.
        let (games_back, spare_games) = mpsc::channel::<Vec<ReadGame<T>>>();
        let spare_games = Mutex::new(spare_games);
        std::thread::scope(|scope| {
            let (result_send, result_receive) = mpsc::sync_channel::<(u64, ReadBlock<'a, T>)>(states.len() * 2);
            let mut workers = Vec::with_capacity(states.len());
            for state in states.iter_mut() {
                let results = result_send.clone();
                let spare_games = &spare_games;
                workers.push(scope.spawn(move || {
                    let mut found = Vec::new();
                    while let Some(block) = next_block() {
                        let games = spare_games.lock().ok().and_then(|spare| spare.try_recv().ok()).unwrap_or_default();
                        let mut publisher = Publisher { ends: self.ends, index: block.index, published: false };
                        let read = read_block(
                            block,
                            state,
                            &mut found,
                            games,
                            self.options,
                            self.visitor,
                            self.made,
                            &mut publisher,
                        );
                        let Some(read) = read else { return };
                        if results.send((read.index, read)).is_err() {
                            return;
                        }
                    }
                }));
            }
            drop(result_send);
            in_order(result_receive, first, |mut read| {
                let block = read.bytes.as_slice();
                for game in read.games.drain(..) {
                    let bytes = match &game.place {
                        Place::Block(start, len) => &block[*start..*start + *len],
                        Place::Own(bytes) => bytes.as_slice(),
                    };
                    let text = GameText {
                        bytes,
                        number: game.number,
                        line: game.line,
                        column: game.column,
                        offset: game.offset,
                        oversized: game.oversized,
                    };
                    sink(text, game.out)?;
                }
                // Reading may have finished; the list is then simply dropped.
                let _ = games_back.send(read.games);
                if let Bytes::Own(bytes) = read.bytes {
                    give_back(bytes);
                }
                Ok(())
            })?;
            join(workers);
            io::Result::Ok(())
        })
    }
}

/// Reads one block: ahead of the blocks before it where the block starts at a tag pair, again after them where
/// that guess was wrong or the block starts elsewhere. Returns its games, or nothing if a block before it was
/// abandoned.
#[allow(clippy::too_many_arguments)]
fn read_block<'a, V, T>(
    block: Block<'a>,
    state: &mut ReadState,
    found: &mut Vec<Unnumbered<V>>,
    mut games: Vec<ReadGame<T>>,
    options: &PgnReadOptions,
    visitor: &impl Fn() -> V,
    made: &impl Fn(V, GameReport) -> T,
    publisher: &mut Publisher<'_>,
) -> Option<ReadBlock<'a, T>>
where
    V: Visitor,
{
    let last = block.end == BlockEnd::Last;
    let tag_pair_after = block.end == BlockEnd::TagPair;
    let mut read_in = |games: &mut GameSplitter<&[u8]>, found: &mut Vec<Unnumbered<V>>| {
        found.clear();
        // Reading from memory cannot fail.
        let _ = read_stream(games, state, options, visitor, &|v, report| (v, report), |text, (v, report)| {
            found.push(Unnumbered::new(&text, block.offset, v, report));
            Ok(())
        });
    };
    let ahead = block.starts_at_tag_pair.then(|| {
        let mut games = GameSplitter::for_block(block.bytes.as_slice(), block.offset, last, tag_pair_after);
        read_in(&mut games, found);
        games.suspend()
    });
    let before = publisher.wait_for_the_block_before()?;
    let (mut tail, shift) = match (before, ahead) {
        (End::Clean { number, line }, Some(tail)) => (tail, (number - 1, line - 1)),
        (End::Suspended(suspended), _) => {
            let mut games = GameSplitter::resume(*suspended, block.bytes.as_slice(), last, tag_pair_after);
            read_in(&mut games, found);
            (games.suspend(), (0, 0))
        }
        // A block that starts elsewhere than at a tag pair follows a block that ends there too, which hands on
        // its state (and the first block starts at one).
        (End::Clean { .. }, None) | (End::Abandoned, _) => return None,
    };
    let cut = if tag_pair_after { tail.cut_before_tag_pair() } else { None };
    let end = match cut {
        Some(game) => {
            if let Some(raw) = game {
                let mut v = visitor();
                let report = read_game_with(raw.text(), options, Some(&mut state.tree), &mut v);
                found.push(Unnumbered::new(&raw.text(), block.offset, v, report));
            }
            let (number, line) = tail.next_start();
            End::Clean { number: number + shift.0, line: line + shift.1 }
        }
        None => {
            tail.renumber(shift.0, shift.1);
            End::Suspended(Box::new(tail))
        }
    };
    publisher.publish(end);
    games.clear();
    games.extend(found.drain(..).map(|mut game| {
        game.number += shift.0;
        game.line += shift.1;
        if let Some(error) = &mut game.report.error {
            error.game += shift.0;
            error.line += shift.1;
        }
        for warning in &mut game.report.warnings {
            warning.game += shift.0;
            warning.line += shift.1;
        }
        ReadGame {
            place: game.place,
            number: game.number,
            line: game.line,
            column: game.column,
            offset: game.offset,
            oversized: game.oversized,
            out: made(game.visitor, game.report),
        }
    }));
    Some(ReadBlock { index: block.index, bytes: block.bytes, games })
}

/// Where a game's text lies: in its block, or (a game begun in a block before) copied out.
enum Place {
    Block(usize, usize),
    Own(Vec<u8>),
}

/// A game of a block, read, before its numbers are known for sure.
struct Unnumbered<V> {
    place: Place,
    number: u64,
    line: u64,
    column: u64,
    offset: u64,
    oversized: bool,
    visitor: V,
    report: GameReport,
}

impl<V> Unnumbered<V> {
    fn new(text: &GameText<'_>, block_offset: u64, visitor: V, report: GameReport) -> Unnumbered<V> {
        let place = match text.offset.checked_sub(block_offset) {
            Some(start) => Place::Block(start as usize, text.bytes.len()),
            None => Place::Own(text.bytes.to_vec()),
        };
        Unnumbered {
            place,
            number: text.number,
            line: text.line,
            column: text.column,
            offset: text.offset,
            oversized: text.oversized,
            visitor,
            report,
        }
    }
}

/// A game of a block, done.
struct ReadGame<T> {
    place: Place,
    number: u64,
    line: u64,
    column: u64,
    offset: u64,
    oversized: bool,
    out: T,
}

/// A block's games, done, with the block's bytes that hold them.
struct ReadBlock<'a, T> {
    index: u64,
    bytes: Bytes<'a>,
    games: Vec<ReadGame<T>>,
}

/// How a block ends: what the next block needs to know.
enum End {
    /// At the start of a game, numbered `number`, on line `line`.
    Clean { number: u64, line: u64 },
    /// Inside a game, or where the splitter's state matters: the next block goes on from it. (Boxed: a splitter's
    /// state is some 200 bytes, the other ends a few.)
    Suspended(Box<Suspended>),
    /// Its thread stopped (its consumer is gone, or it panicked): the blocks after it are abandoned too.
    Abandoned,
}

/// How each block ended, by block number, for the block after it.
struct Ends {
    table: Mutex<BTreeMap<u64, End>>,
    changed: Condvar,
}

/// Publishes how a block ended, once; a thread that stops without publishing (a panic) publishes
/// [`End::Abandoned`] as it unwinds, so that no thread waits for it forever.
struct Publisher<'a> {
    ends: &'a Ends,
    index: u64,
    published: bool,
}

impl Publisher<'_> {
    fn publish(&mut self, end: End) {
        if let Ok(mut table) = self.ends.table.lock() {
            table.insert(self.index, end);
        }
        self.published = true;
        self.ends.changed.notify_all();
    }

    /// How the block before ended (the first block follows a clean start); waits for it.
    fn wait_for_the_block_before(&mut self) -> Option<End> {
        if self.index == 0 {
            return Some(End::Clean { number: 1, line: 1 });
        }
        let mut table = self.ends.table.lock().ok()?;
        loop {
            if let Some(end) = table.remove(&(self.index - 1)) {
                return match end {
                    End::Abandoned => {
                        drop(table);
                        self.publish(End::Abandoned);
                        None
                    }
                    end => Some(end),
                };
            }
            table = self.ends.changed.wait(table).ok()?;
        }
    }
}

impl Drop for Publisher<'_> {
    fn drop(&mut self) {
        if !self.published {
            self.publish(End::Abandoned);
        }
    }
}

/// How a block's bytes end.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum BlockEnd {
    /// Before a line that starts a tag pair (`[` and a letter).
    TagPair,
    /// Anywhere (no such line came soon enough), or where the stream failed.
    Elsewhere,
    /// At the end of the stream.
    Last,
}

/// A stretch of the stream for one thread.
struct Block<'a> {
    index: u64,
    bytes: Bytes<'a>,
    offset: u64,
    starts_at_tag_pair: bool,
    end: BlockEnd,
}

/// A block's bytes: where they lie in memory, or copied out of a stream into a buffer of the block's own.
enum Bytes<'a> {
    InPlace(&'a [u8]),
    Own(Vec<u8>),
}

impl Bytes<'_> {
    fn as_slice(&self) -> &[u8] {
        match self {
            Bytes::InPlace(bytes) => bytes,
            Bytes::Own(bytes) => bytes,
        }
    }
}

/// Where the next block starts: its number, its offset in the stream, and whether a tag pair begins it.
#[derive(Copy, Clone, Debug)]
struct Next {
    index: u64,
    offset: u64,
    starts_at_tag_pair: bool,
}

/// Text in memory cut into blocks where it lies, up to a number of bytes; blocks are cut only where the text
/// holds the whole stretch in which the block's end is looked for, so the end of the stream is left to
/// [`Blocks`], which knows where the stream ends.
struct InPlace<'a> {
    text: &'a [u8],
    size: usize,
    /// The bytes cut so far.
    at: usize,
    /// The bytes still to cut in this stretch (the last block may take more).
    left: usize,
    next: Next,
}

impl<'a> InPlace<'a> {
    fn next_block(&mut self) -> Option<Block<'a>> {
        let rest = &self.text[self.at..];
        let end_blocks = END_BLOCKS.saturating_mul(self.size);
        let near_end = self.left <= end_blocks || rest.len() <= end_blocks;
        let size = if near_end { (self.size / IN_PLACE_BLOCK_FACTOR).max(1) } else { self.size };
        // As [`Blocks::next_block`] cuts: at least the size, then best before a tag pair after a blank line, else
        // after any line, else at twice the size.
        let most = size.saturating_mul(2);
        let window = most.saturating_add(2);
        if self.left == 0 || rest.len() <= window {
            return None;
        }
        let (after_blank, after_any) = tag_pair_lines(&rest[..window], size - 1);
        let fits = |at: &usize| *at <= most;
        let (len, end) = match after_blank.filter(fits).or(after_any.filter(fits)) {
            Some(at) => (at, BlockEnd::TagPair),
            None => (most, BlockEnd::Elsewhere),
        };
        let Next { index, offset, starts_at_tag_pair } = self.next;
        self.next =
            Next { index: index + 1, offset: offset + len as u64, starts_at_tag_pair: end == BlockEnd::TagPair };
        self.at += len;
        self.left = self.left.saturating_sub(len);
        Some(Block { index, bytes: Bytes::InPlace(&rest[..len]), offset, starts_at_tag_pair, end })
    }
}

/// The stream cut into blocks, shared by the threads.
struct Blocks<R> {
    reader: R,
    size: usize,
    next: u64,
    offset: u64,
    /// Bytes read past the end of the last block.
    pending: Vec<u8>,
    starts_at_tag_pair: bool,
    done: bool,
    /// The reader's error, reported after the games before it.
    error: Option<io::Error>,
    /// Blocks handed back, whose buffers the next blocks reuse.
    spares: mpsc::Receiver<Vec<u8>>,
}

impl<R: BufRead> Blocks<R> {
    /// The blocks of `reader`, of at least `size` bytes each, from `next` on, reusing the buffers that come back on
    /// `spares`.
    fn new(reader: R, size: usize, spares: mpsc::Receiver<Vec<u8>>, next: Next) -> Blocks<R> {
        Blocks {
            reader,
            size,
            next: next.index,
            offset: next.offset,
            pending: Vec::new(),
            starts_at_tag_pair: next.starts_at_tag_pair,
            done: false,
            error: None,
            spares,
        }
    }

    /// An empty buffer for a block: room for the most a block takes, up to 4 MiB (a buffer for larger blocks grows
    /// as it fills, so that a short stream read in huge blocks allocates little).
    fn buffer(&mut self) -> Vec<u8> {
        let room = (2 * self.size + 2).min(4 << 20);
        let mut buffer = self.spares.try_recv().unwrap_or_else(|_| Vec::with_capacity(room));
        buffer.clear();
        buffer
    }

    /// Ends the block being filled, `bytes`, at `at`: what follows goes to the next block.
    fn cut(&mut self, mut bytes: Vec<u8>, at: usize, end: BlockEnd) -> Block<'static> {
        let mut rest = self.buffer();
        rest.extend_from_slice(&bytes[at..]);
        bytes.truncate(at);
        self.pending = rest;
        self.block(bytes, end)
    }

    fn next_block(&mut self) -> Option<Block<'static>> {
        if self.done {
            return None;
        }
        let mut bytes = std::mem::take(&mut self.pending);
        if bytes.capacity() == 0 {
            bytes = self.buffer();
        }
        let mut searched = self.size.saturating_sub(1);
        let mut first_after_any = None;
        loop {
            if bytes.len() > self.size {
                // Best after a blank line, where games begin; else after any line, in a tag section, where the
                // next block is more likely to be read twice; else anywhere.
                let (after_blank, after_any) = tag_pair_lines(&bytes, searched);
                first_after_any = first_after_any.or(after_any);
                if let Some(at) = after_blank {
                    return Some(self.cut(bytes, at, BlockEnd::TagPair));
                }
                if bytes.len() >= 2 * self.size {
                    let (end, at) = match first_after_any {
                        Some(at) => (BlockEnd::TagPair, at),
                        None => (BlockEnd::Elsewhere, 2 * self.size),
                    };
                    return Some(self.cut(bytes, at, end));
                }
                // The blank line and the bracket may yet come at the very end.
                searched = bytes.len().saturating_sub(4).max(searched);
            }
            match self.reader.fill_buf() {
                Ok([]) => {
                    self.done = true;
                    // The last block, even empty: it ends the game the block before left open.
                    return Some(self.block(bytes, BlockEnd::Last));
                }
                Ok(buffer) => {
                    // Up to the block's size, then a little at a time while looking for where to cut it: what
                    // is taken past the cut is copied again, into the next block.
                    let wanted = self.size.saturating_sub(bytes.len()) + LOOK_AHEAD;
                    let take = buffer.len().min(wanted).min(2 * self.size + 2 - bytes.len());
                    bytes.extend_from_slice(&buffer[..take]);
                    self.reader.consume(take);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.done = true;
                    self.error = Some(e);
                    // The games wholly before the failure are read; the one it cut short is not.
                    return Some(self.block(bytes, BlockEnd::Elsewhere));
                }
            }
        }
    }

    fn block(&mut self, bytes: Vec<u8>, end: BlockEnd) -> Block<'static> {
        let block = Block {
            index: self.next,
            offset: self.offset,
            starts_at_tag_pair: self.starts_at_tag_pair,
            bytes: Bytes::Own(bytes),
            end,
        };
        self.next += 1;
        self.offset += block.bytes.as_slice().len() as u64;
        self.starts_at_tag_pair = end == BlockEnd::TagPair;
        block
    }
}

/// Where a block may end, at or after `from`: the first `[` that starts a line after a blank line and is
/// followed by a letter (where games usually begin), and the first such `[` after any line (inside a tag section
/// too).
fn tag_pair_lines(bytes: &[u8], from: usize) -> (Option<usize>, Option<usize>) {
    let from = from.min(bytes.len());
    let mut any = None;
    for at in memchr::memmem::find_iter(&bytes[from..], b"\n[").map(|k| from + k + 1) {
        let Some(after_blank) = tag_pair_line_at(bytes, at) else { continue };
        any = any.or(Some(at));
        if after_blank {
            return (Some(at), any);
        }
    }
    (None, any)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::{Game, GameBuilder};
    use proptest::prelude::*;

    type Read = (Vec<u8>, u64, u64, u64, bool, Game, GameReport);

    /// Every game with its text, place, the game read and the report, on `jobs` threads in blocks of `block`.
    /// How the text comes: through a buffer of a given capacity, or whole in memory.
    #[derive(Copy, Clone, Debug)]
    enum Source {
        Buffered(usize),
        InMemory,
    }

    fn read_all(text: &[u8], jobs: usize, block: usize, source: Source) -> (Vec<Read>, io::Result<()>) {
        let options = PgnReadOptions::default();
        let mut games = Vec::new();
        let sink = |game: GameText<'_>, (made, report): (Game, GameReport)| {
            games.push((game.bytes.to_vec(), game.number, game.line, game.offset, game.oversized, made, report));
            Ok(())
        };
        let (capacity, in_memory) = match source {
            Source::Buffered(capacity) => (capacity, false),
            Source::InMemory => (text.len().max(1), true),
        };
        let reader = io::BufReader::with_capacity(capacity, text);
        let made = |builder: GameBuilder, report| (builder.finish(), report);
        let result = if jobs == 1 {
            read_stream(
                &mut GameSplitter::new(reader),
                &mut ReadState::new(),
                &options,
                &GameBuilder::default,
                &made,
                sink,
            )
        } else {
            read_blocks(reader, in_memory, jobs, block, &options, &GameBuilder::default, &made, sink)
        };
        (games, result)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Blocks of any size, however they fall (inside comments, tag sections, games, tags-only games), give
        /// the games one thread gives, numbers, lines, errors and all.
        #[test]
        fn reading_in_blocks_equals_reading_on_one_thread(
            words in proptest::collection::vec(
                prop_oneof![
                    Just("[Event \"x\"]\n"), Just("[Site \"y\"]\n"), Just("\n"), Just("\r\n"), Just(" "),
                    Just("1. e4 e5 2. Nf3 Nc6 "), Just("1. d4 "), Just("d5 "), Just("*"), Just("1-0"),
                    Just("1/2-1/2"), Just("{a comment}"), Just("{"), Just("}"), Just("(1. c4)"), Just("("),
                    Just(")"), Just("\n[A"), Just("{\n[Event \"z\"]\n}"), Just("%esc\n"), Just(";x\n"),
                    Just("Qh5 "), Just("$1 "), Just("\n\n"), Just("["), Just("\n\n1. c4 "), Just("1... "),
                ],
                0..60,
            ),
            jobs in 2usize..5,
            block in 1usize..80,
            capacity in 1usize..100,
        ) {
            let text = words.concat();
            let (one, one_result) = read_all(text.as_bytes(), 1, block, Source::Buffered(capacity));
            prop_assert!(one_result.is_ok());
            // Copied into blocks, and cut where the text lies (stretches of a few blocks, then the end copied).
            for source in [Source::Buffered(capacity), Source::InMemory] {
                let (many, many_result) = read_all(text.as_bytes(), jobs, block, source);
                prop_assert!(many_result.is_ok());
                prop_assert_eq!(&one, &many, "{:?}", source);
            }
        }
    }

    #[test]
    fn blocks_end_before_a_line_that_starts_a_tag_pair() {
        let text = "1. e4 *\n[Event \"a\"]\n1. d4 {\n[1. c4 } *\n\n[Site \"b\"]\n1. e4 e5 *\n".repeat(40);
        for size in [1, 16, 40, 100, 1000] {
            let start = Next { index: 0, offset: 0, starts_at_tag_pair: true };
            let mut blocks = Blocks::new(text.as_bytes(), size, mpsc::channel().1, start);
            let mut all: Vec<u8> = Vec::new();
            let mut tag_pair_ends = 0;
            while let Some(block) = blocks.next_block() {
                assert_eq!(block.offset, all.len() as u64);
                assert!(block.bytes.as_slice().len() <= 2 * size, "{size}: at most twice the size");
                let next = &text.as_bytes()[all.len() + block.bytes.as_slice().len()..];
                match block.end {
                    BlockEnd::TagPair => {
                        tag_pair_ends += 1;
                        assert!(block.bytes.as_slice().len() >= size && block.bytes.as_slice().ends_with(b"\n"));
                        assert!(next.starts_with(b"[E") || next.starts_with(b"[S"), "{size}: before a tag pair");
                    }
                    BlockEnd::Elsewhere => assert_eq!(block.bytes.as_slice().len(), 2 * size),
                    BlockEnd::Last => assert!(next.is_empty()),
                }
                all.extend(block.bytes.as_slice());
            }
            assert_eq!(all, text.as_bytes(), "{size}: the blocks make the stream");
            assert!(size > 100 || tag_pair_ends > 0 || size == 1);
        }
    }

    #[test]
    fn text_in_memory_is_cut_where_it_lies_before_tag_pairs_and_its_end_left_over() {
        let text = "1. e4 *\n[Event \"a\"]\n1. d4 {\n[1. c4 } *\n\n[Site \"b\"]\n1. e4 e5 *\n".repeat(40);
        for size in [1, 16, 40, 100] {
            let start = Next { index: 0, offset: 0, starts_at_tag_pair: true };
            let mut in_place = InPlace { text: text.as_bytes(), size, at: 0, left: usize::MAX, next: start };
            let (mut count, mut starts_at_tag_pair) = (0, true);
            // Near the end, blocks are a quarter of the size (END_BLOCKS).
            let small = (size / IN_PLACE_BLOCK_FACTOR).max(1);
            let (mut smaller, mut small_blocks) = (false, 0);
            while let Some(block) = in_place.next_block() {
                let Bytes::InPlace(bytes) = block.bytes else { panic!("{size}: copied") };
                let at = block.offset as usize;
                assert!(std::ptr::eq(bytes.as_ptr(), text[at..].as_ptr()), "{size}: where it lies, one after another");
                assert_eq!((block.index, block.starts_at_tag_pair), (count, starts_at_tag_pair));
                let next = &text.as_bytes()[at + bytes.len()..];
                // Once blocks are small, they stay small.
                smaller |= text.len() - at <= END_BLOCKS * size;
                let size = if smaller { small } else { size };
                small_blocks += usize::from(smaller);
                match block.end {
                    BlockEnd::TagPair => {
                        assert!(bytes.len() >= size && bytes.len() <= 2 * size && bytes.ends_with(b"\n"), "{size}");
                        assert!(next.starts_with(b"[E") || next.starts_with(b"[S"), "{size}: before a tag pair");
                    }
                    BlockEnd::Elsewhere => assert_eq!(bytes.len(), 2 * size),
                    BlockEnd::Last => panic!("{size}: the end of the stream is left to copying"),
                }
                (count, starts_at_tag_pair) = (count + 1, block.end == BlockEnd::TagPair);
            }
            // What is left is less than the stretch a small block's end is looked for in.
            assert!(text.len() - in_place.at <= 2 * small + 2, "{size}");
            assert!(small_blocks > 0 || size == 1, "{size}: small blocks at the end");
            assert_eq!((in_place.next.index, in_place.next.offset), (count, in_place.at as u64));
        }
        let start = Next { index: 7, offset: 70, starts_at_tag_pair: false };
        let mut stretch = InPlace { text: text.as_bytes(), size: 16, at: 0, left: 100, next: start };
        let first = stretch.next_block().unwrap();
        assert_eq!((first.index, first.offset, first.starts_at_tag_pair), (7, 70, false));
        // Blocks until the stretch's bytes are cut, the last one past them.
        let mut lengths = vec![first.bytes.as_slice().len()];
        lengths.extend(std::iter::from_fn(|| stretch.next_block()).map(|block| block.bytes.as_slice().len()));
        let total: usize = lengths.iter().sum();
        assert!(total >= 100 && total - lengths[lengths.len() - 1] < 100, "{lengths:?}");
        // Large blocks first, small ones (a quarter of 16, up to twice that) at the stretch's end.
        assert!(lengths[0] > 8 && lengths[lengths.len() - 1] <= 8, "{lengths:?}");
    }
}
