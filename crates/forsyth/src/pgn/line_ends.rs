//! Text whose lines end with a carriage return alone, as the classic Mac OS wrote text files (before Mac OS X),
//! read as if they ended with line feeds. The reader counts lines by their line feeds (an error's line and column)
//! and needs line ends to tell a tag pair's line or a blank line between games: a file of such lines would be one
//! line. Found in kokopu's test files; old PGN collections still hold such files.

use std::io::{self, BufRead, Chain, Cursor, Read};

/// How much of a stream's start is looked at to tell how its lines end.
const PROBE: usize = 64 << 10;

/// The bytes translated at a time, where lines end with carriage returns.
const BUFFER: usize = 256 << 10;

/// A stream of PGN text with its lines ending in line feeds: as it is, when its first 64 KiB hold a line feed or
/// no carriage return (Unix `\n`, Windows `\r\n`), or with every carriage return that no line feed follows made a
/// line feed (the classic Mac OS's `\r`). Byte offsets and columns stay the same; a line break within a comment is
/// read, and written back, as a line feed.
///
/// ```
/// use std::io::Read;
/// use forsyth::pgn::LineEnds;
/// let mut mac = LineEnds::new(&b"[Event \"x\"]\r\r1. e4 *\r"[..]);
/// assert!(mac.translates());
/// let mut text = String::new();
/// mac.read_to_string(&mut text).unwrap();
/// assert_eq!(text, "[Event \"x\"]\n\n1. e4 *\n");
/// let windows = LineEnds::new(&b"[Event \"x\"]\r\n\r\n1. e4 *\r\n"[..]);
/// assert!(!windows.translates());
/// ```
#[derive(Debug)]
pub struct LineEnds<R> {
    /// The stream, after the first bytes that were taken out of its buffer to be looked at (where it held fewer
    /// than are looked at): those are handed on first.
    inner: Chain<Cursor<Vec<u8>>, R>,
    /// Where lines end with carriage returns alone: the bytes translated so far, not all consumed yet.
    translated: Option<Translated>,
}

#[derive(Debug)]
struct Translated {
    buffer: Vec<u8>,
    /// The bytes of `buffer` not yet consumed.
    start: usize,
    end: usize,
}

impl<R: BufRead> LineEnds<R> {
    /// Looks at the first 64 KiB of `reader` (all of it, if it is shorter) to tell how its lines end: the same
    /// answer whatever the size of its buffer. A line feed tells at once: a stream read as it is typed or written
    /// (a pipe) is not held up. An error filling the buffer is left to the reading, which reports it in order.
    ///
    /// ```
    /// use std::io::Read;
    /// use forsyth::pgn::LineEnds;
    /// // Line feeds among the first 64 KiB: carriage returns later on are kept as they are.
    /// let mut text = String::new();
    /// LineEnds::new(&b"1. e4 *\n{a\rb} *\r"[..]).read_to_string(&mut text).unwrap();
    /// assert_eq!(text, "1. e4 *\n{a\rb} *\r");
    /// ```
    pub fn new(mut reader: R) -> LineEnds<R> {
        let mut start = Vec::new();
        let translates = match reader.fill_buf() {
            // Most streams: a mapped file, text in memory, a full buffer, or a line; looked at where they lie.
            Ok(buffer) if buffer.len() >= PROBE => lines_end_with_carriage_returns(&buffer[..PROBE]),
            Ok(buffer) if memchr::memchr(b'\n', buffer).is_some() => false,
            Ok(_) => {
                // Too few bytes to tell: taken out of the stream's buffer until a line feed, 64 KiB or the end.
                let mut line_feed = false;
                while !line_feed
                    && start.len() < PROBE
                    && let Ok(buffer) = reader.fill_buf()
                    && !buffer.is_empty()
                {
                    let taken = buffer.len().min(PROBE - start.len());
                    line_feed = memchr::memchr(b'\n', &buffer[..taken]).is_some();
                    start.extend_from_slice(&buffer[..taken]);
                    reader.consume(taken);
                }
                !line_feed && lines_end_with_carriage_returns(&start)
            }
            Err(_) => false,
        };
        let translated = translates.then(|| Translated { buffer: vec![0; BUFFER], start: 0, end: 0 });
        LineEnds { inner: Cursor::new(start).chain(reader), translated }
    }

    /// Whether the stream's lines end with carriage returns alone, and it is read translated (through a buffer of
    /// its own, where the stream as it is may be read in place).
    ///
    /// ```
    /// use forsyth::pgn::LineEnds;
    /// assert!(LineEnds::new(&b"1. e4 *\r\r1. d4 *\r"[..]).translates());
    /// assert!(!LineEnds::new(&b"1. e4 *\r\n\r\n1. d4 *\r\n"[..]).translates());
    /// assert!(!LineEnds::new(&b"1. e4 *"[..]).translates()); // no line break at all
    /// ```
    pub fn translates(&self) -> bool {
        self.translated.is_some()
    }
}

/// Whether text that begins with `start` ends its lines with carriage returns alone.
fn lines_end_with_carriage_returns(start: &[u8]) -> bool {
    memchr::memchr(b'\n', start).is_none() && memchr::memchr(b'\r', start).is_some()
}

/// Makes each carriage return of `bytes` that no line feed follows a line feed. (What follows the last byte is no
/// line feed: a carriage return that may begin `\r\n` is kept back by the caller.)
fn translate(bytes: &mut [u8]) {
    let mut from = 0;
    while let Some(k) = memchr::memchr(b'\r', &bytes[from..]) {
        let at = from + k;
        if bytes.get(at + 1) != Some(&b'\n') {
            bytes[at] = b'\n';
        }
        from = at + 1;
    }
}

impl Translated {
    /// Fills the buffer with the next bytes of `inner`, translated. A carriage return at the end of what the stream
    /// holds is kept back until the byte after it is known (it may begin `\r\n`).
    fn refill(&mut self, inner: &mut impl BufRead) -> io::Result<()> {
        let available = inner.fill_buf()?;
        let taken = available.len().min(self.buffer.len());
        if taken == 0 {
            return Ok(());
        }
        if taken == 1 && available[0] == b'\r' {
            // The stream's buffer holds this one byte: the next one tells.
            inner.consume(1);
            let line_feed_next = inner.fill_buf()?.first() == Some(&b'\n');
            self.buffer[0] = if line_feed_next { b'\r' } else { b'\n' };
            (self.start, self.end) = (0, 1);
            return Ok(());
        }
        let taken = if available[taken - 1] == b'\r' { taken - 1 } else { taken };
        let bytes = &mut self.buffer[..taken];
        bytes.copy_from_slice(&available[..taken]);
        inner.consume(taken);
        translate(bytes);
        (self.start, self.end) = (0, taken);
        Ok(())
    }
}

impl<R: BufRead> BufRead for LineEnds<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match &mut self.translated {
            None => self.inner.fill_buf(),
            Some(translated) => {
                if translated.start == translated.end {
                    translated.refill(&mut self.inner)?;
                }
                Ok(&translated.buffer[translated.start..translated.end])
            }
        }
    }

    fn consume(&mut self, amount: usize) {
        match &mut self.translated {
            None => self.inner.consume(amount),
            Some(translated) => translated.start = (translated.start + amount).min(translated.end),
        }
    }
}

impl<R: BufRead> Read for LineEnds<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.fill_buf()?.read(buf)?;
        self.consume(n);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use std::io::{BufRead, BufReader, Read};

    use proptest::prelude::*;

    use super::LineEnds;

    proptest! {
        /// Whatever the stream's buffers, the same bytes come out: the text as it is where a line feed or no
        /// carriage return is among its first bytes, else with every carriage return that no line feed follows
        /// made a line feed.
        #[test]
        fn the_bytes_read_do_not_depend_on_the_buffers(
            text in proptest::collection::vec(prop_oneof![Just(b'\r'), Just(b'\n'), Just(b'a'), Just(b' ')], 0..64),
            capacity in 1usize..70,
        ) {
            let translates = !text.contains(&b'\n') && text.contains(&b'\r');
            let expected: Vec<u8> = if translates {
                text.iter().enumerate()
                    .map(|(i, &b)| if b == b'\r' && text.get(i + 1) != Some(&b'\n') { b'\n' } else { b })
                    .collect()
            } else {
                text.clone()
            };
            prop_assert_eq!(read(&text, capacity), expected);
            prop_assert_eq!(LineEnds::new(&text[..]).translates(), translates);
        }
    }

    fn read(bytes: &[u8], capacity: usize) -> Vec<u8> {
        let mut out = Vec::new();
        LineEnds::new(BufReader::with_capacity(capacity, bytes)).read_to_end(&mut out).unwrap();
        out
    }

    #[test]
    fn carriage_returns_alone_become_line_feeds_whatever_the_buffers() {
        let text = b"[Event \"a\"]\r[Site \"b\"]\r\r1. e4 {two\rlines} e5 *\r\r";
        let expected: Vec<u8> = text.iter().map(|&b| if b == b'\r' { b'\n' } else { b }).collect();
        for capacity in 1..=text.len() + 1 {
            assert_eq!(read(text, capacity), expected, "buffers of {capacity}");
        }
    }

    #[test]
    fn a_line_feed_after_a_carriage_return_is_kept_across_buffers() {
        // Mostly old Mac lines, then Windows ones (files joined with `cat`): `\r\n` stays one line break.
        // (Past the first 64 KiB, which tell how lines end.)
        let mut text = b"1. e4 *\r\r".repeat(8000);
        text.extend_from_slice(b"1. d4 *\r\n\r\n1. c4 *\r");
        let mut expected = b"1. e4 *\n\n".repeat(8000);
        expected.extend_from_slice(b"1. d4 *\r\n\r\n1. c4 *\n");
        for capacity in [1, 2, 3, 7, 1000, 65_535, 65_536, 65_537, 70_000, text.len()] {
            assert!(read(&text, capacity) == expected, "buffers of {capacity}");
        }
        // A carriage return that ends the bytes looked at, and a line feed just after them.
        let mut text = vec![b'a'; 65_535];
        text.extend_from_slice(b"\r\nx\ry\r");
        let mut expected = vec![b'a'; 65_535];
        expected.extend_from_slice(b"\r\nx\ny\n");
        for capacity in [1, 7, 65_536, text.len()] {
            assert!(read(&text, capacity) == expected, "buffers of {capacity}");
        }
        // A line feed among the first bytes looked at: the text is read as it is.
        assert_eq!(read(b"1. e4 *\r\r1. d4 *\r\n\r\n1. c4 *\r", 4), b"1. e4 *\r\r1. d4 *\r\n\r\n1. c4 *\r");
    }

    #[test]
    fn a_line_feed_tells_at_once_without_reading_further() {
        // A pipe that has written one line and waits: the reader may read its game without waiting for more.
        struct OneLineThenWaits(&'static [u8]);
        impl Read for OneLineThenWaits {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                assert!(!self.0.is_empty(), "read on after the line");
                let n = self.0.len().min(buf.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        for capacity in [4, 64] {
            let mut reader = LineEnds::new(BufReader::with_capacity(capacity, OneLineThenWaits(b"[Event \"x\"]\r\n")));
            assert!(!reader.translates());
            assert_eq!(reader.fill_buf().unwrap()[0], b'[');
        }
    }

    #[test]
    fn text_with_line_feeds_or_no_line_is_read_as_it_is() {
        for text in [&b"1. e4 *\n"[..], b"1. e4 *\r\n", b"1. e4 *", b"", b"{a\rb}\n"] {
            assert!(!LineEnds::new(text).translates(), "{text:?}");
            assert_eq!(read(text, 3), text);
        }
        assert_eq!(LineEnds::new(&b"\r"[..]).fill_buf().unwrap(), b"\n");
    }
}
