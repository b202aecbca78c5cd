//! Plain files read where the operating system already holds them: mapped into memory instead of copied, buffer
//! by buffer, out of the page cache. On engine games (long comments, few moves) that copy was a sixth of
//! `pgn check`'s time; reading in place also spares the reader a buffer of its own (see `Reader::visit`).
//!
//! The workspace's only `unsafe` code is here, two calls (see TESTING.md, "Unsafe code"): a mapping is only
//! sound while no other program changes the file. A program that truncates it under the reader makes the reader's
//! process stop with `SIGBUS`; one that rewrites it makes the reader see some old and some new bytes — as `read`
//! would, except that `read` would copy them one buffer at a time. ripgrep maps the files it searches on the same
//! terms.
#![allow(unsafe_code)]

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};

use memmap2::Mmap;

/// The bytes read past between two releases of the pages behind the reader, and mapped ahead of it at a time:
/// memory stays bounded whatever the file's size, at two system calls per 16 MiB.
const RELEASE_EVERY: usize = 16 << 20;

/// A plain file mapped into memory, read as a [`BufRead`] whose buffer is the rest of the file: the reader of
/// [`Reader`](super::Reader) takes games where they lie, with no copy. Pages already read are handed back to the
/// operating system as the reading goes on, so that reading a file of any size keeps at most some 16 MiB of it
/// resident (some 48 MiB on several threads, which take it 32 MiB at a time). [`open_path`](super::open_path) maps the files it can.
///
/// ```
/// use std::io::BufRead;
/// let path = std::env::temp_dir().join(format!("forsyth-mapped-{}.pgn", std::process::id()));
/// std::fs::write(&path, "1. e4 e5 *\n").unwrap();
/// let mut mapped = forsyth::pgn::MappedFile::new(&std::fs::File::open(&path).unwrap()).unwrap();
/// assert_eq!(mapped.fill_buf().unwrap(), b"1. e4 e5 *\n");
/// mapped.consume(6);
/// assert_eq!(mapped.fill_buf().unwrap(), b"e5 *\n");
/// # std::fs::remove_file(&path).unwrap();
/// ```
#[derive(Debug)]
pub struct MappedFile {
    map: Mmap,
    /// The bytes read so far.
    at: usize,
    /// The bytes whose pages were handed back.
    released: usize,
}

impl MappedFile {
    /// Maps `file`, or returns `None` where it cannot be mapped — not a regular file (a pipe, a terminal, a
    /// device), empty, or refused by the system — and must be read instead.
    ///
    /// ```
    /// use forsyth::pgn::MappedFile;
    /// let path = std::env::temp_dir().join(format!("forsyth-mapped-new-{}.pgn", std::process::id()));
    /// std::fs::write(&path, "1. d4 d5 *\n").unwrap();
    /// assert!(MappedFile::new(&std::fs::File::open(&path).unwrap()).is_some());
    /// std::fs::write(&path, "").unwrap();
    /// assert!(MappedFile::new(&std::fs::File::open(&path).unwrap()).is_none()); // empty: read instead
    /// # std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn new(file: &File) -> Option<MappedFile> {
        let metadata = file.metadata().ok()?;
        if !metadata.is_file() || metadata.len() == 0 {
            return None;
        }
        // SAFETY: the mapping is read-only (shared, as memmap2 maps files), and the bytes are only read as bytes
        // (checked as UTF-8 before use, never trusted as a type). Rust's rule that memory behind `&[u8]` does not
        // change holds while no other program writes the file, which the module documentation states as the
        // condition of reading a file this way; nothing in this program writes a file it reads.
        let map = unsafe { Mmap::map(file) }.ok()?;
        // Read-ahead of the whole file in order, as a sequential `read` would get.
        #[cfg(unix)]
        let _ = map.advise(memmap2::Advice::Sequential);
        let mapped = MappedFile { map, at: 0, released: 0 };
        mapped.map_ahead(0);
        Some(mapped)
    }

    /// Maps the pages of the stretch from `from` into this process at once, where the system can
    /// (`MADV_POPULATE_READ`, Linux 5.14 and later): one system call instead of a page fault per 64 KiB as the
    /// reader comes to them. Engine games, few moves between long comments, read 4-6 % faster so (`scripts/time-pair.py`
    /// against mapping page by page). Where the system cannot, the pages are mapped as they are read.
    fn map_ahead(&self, from: usize) {
        #[cfg(target_os = "linux")]
        {
            let from = from.min(self.map.len());
            let len = RELEASE_EVERY.min(self.map.len() - from);
            let _ = self.map.advise_range(memmap2::Advice::PopulateRead, from, len);
        }
        #[cfg(not(target_os = "linux"))]
        let _ = from;
    }
}

impl BufRead for MappedFile {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        Ok(&self.map[self.at..])
    }

    fn consume(&mut self, amount: usize) {
        self.at = (self.at + amount).min(self.map.len());
        #[cfg(unix)]
        if self.at - self.released >= RELEASE_EVERY {
            // Whole 64 KiB stretches behind the reader (page-aligned on every system).
            let end = self.at & !0xffff;
            // SAFETY: `MADV_DONTNEED` on a read-only shared file mapping only drops the pages from this process:
            // touched again, they are read again from the page cache, unchanged. No slice of them is alive: `consume`
            // takes `&mut self`, so every slice `fill_buf` returned has ended.
            let _ = unsafe {
                self.map.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, self.released, end - self.released)
            };
            self.released = end;
            self.map_ahead(end);
        }
    }
}

impl Read for MappedFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.fill_buf()?.read(buf)?;
        self.consume(n);
        Ok(n)
    }
}

/// An open file as a [`BufRead`]: mapped into memory and read in place where it can be ([`MappedFile`]), read
/// through a buffer of [`INPUT_BUFFER`](super::INPUT_BUFFER) bytes where it cannot (a pipe, a device, an empty
/// file). What [`open_path`](super::open_path) reads a file's raw bytes with, and what a program that counts
/// those bytes (for a progress bar) wraps before decompressing them with [`decompress`](super::decompress).
///
/// ```
/// use std::io::Read;
/// let path = std::env::temp_dir().join(format!("forsyth-file-input-{}.pgn", std::process::id()));
/// std::fs::write(&path, "1. c4 e5 *\n").unwrap();
/// let mut input = forsyth::pgn::FileInput::new(std::fs::File::open(&path).unwrap());
/// assert!(matches!(input, forsyth::pgn::FileInput::Mapped(_)));
/// let mut text = String::new();
/// input.read_to_string(&mut text).unwrap();
/// assert_eq!(text, "1. c4 e5 *\n");
/// # std::fs::remove_file(&path).unwrap();
/// ```
#[derive(Debug)]
pub enum FileInput {
    /// A regular file, mapped.
    Mapped(MappedFile),
    /// Anything else, read.
    Buffered(BufReader<File>),
}

impl FileInput {
    /// Maps `file` if it can be mapped, else buffers it.
    ///
    /// ```
    /// let path = std::env::temp_dir().join(format!("forsyth-file-input-empty-{}.pgn", std::process::id()));
    /// std::fs::write(&path, "").unwrap();
    /// // An empty file cannot be mapped: it is read.
    /// let input = forsyth::pgn::FileInput::new(std::fs::File::open(&path).unwrap());
    /// assert!(matches!(input, forsyth::pgn::FileInput::Buffered(_)));
    /// # std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn new(file: File) -> FileInput {
        match MappedFile::new(&file) {
            Some(mapped) => FileInput::Mapped(mapped),
            None => FileInput::Buffered(BufReader::with_capacity(super::INPUT_BUFFER, file)),
        }
    }
}

impl Read for FileInput {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            FileInput::Mapped(mapped) => mapped.read(buf),
            FileInput::Buffered(buffered) => buffered.read(buf),
        }
    }
}

impl BufRead for FileInput {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match self {
            FileInput::Mapped(mapped) => mapped.fill_buf(),
            FileInput::Buffered(buffered) => buffered.fill_buf(),
        }
    }

    fn consume(&mut self, amount: usize) {
        match self {
            FileInput::Mapped(mapped) => mapped.consume(amount),
            FileInput::Buffered(buffered) => buffered.consume(amount),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::{BufRead, Read};

    use super::{FileInput, MappedFile, RELEASE_EVERY};

    fn temporary(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("forsyth-mapped-{name}-{}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn a_mapped_file_reads_as_the_file_reads_across_releases() {
        // Three releases and a tail; bytes that differ from place to place show any misplaced read.
        let bytes: Vec<u8> = (0..3 * RELEASE_EVERY + 12_345).map(|i| (i % 251) as u8).collect();
        let path = temporary("large", &bytes);
        let mut mapped = MappedFile::new(&std::fs::File::open(&path).unwrap()).unwrap();
        let mut read = Vec::new();
        let mut chunk = vec![0; 1 << 20 | 7];
        loop {
            let n = mapped.read(&mut chunk).unwrap();
            if n == 0 {
                break;
            }
            read.extend_from_slice(&chunk[..n]);
            // Pages handed back are read again from the file when touched.
            assert_eq!(mapped.fill_buf().unwrap(), &bytes[read.len()..]);
        }
        assert_eq!(read, bytes);
        assert!(
            mapped.released >= 2 * RELEASE_EVERY && mapped.released.is_multiple_of(0x1_0000),
            "{}",
            mapped.released
        );
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn what_cannot_be_mapped_is_left_to_reading() {
        let path = temporary("empty", b"");
        assert!(MappedFile::new(&std::fs::File::open(&path).unwrap()).is_none());
        std::fs::remove_file(&path).unwrap();
        assert!(MappedFile::new(&std::fs::File::open(std::env::temp_dir()).unwrap()).is_none());
    }

    #[test]
    fn a_file_that_cannot_be_mapped_is_read_through_a_buffer() {
        let path = temporary("input-empty", b"");
        let mut input = FileInput::new(std::fs::File::open(&path).unwrap());
        assert!(matches!(input, FileInput::Buffered(_)));
        assert_eq!(input.fill_buf().unwrap(), b"");
        std::fs::remove_file(&path).unwrap();
        let path = temporary("input-plain", b"1. e4 *\n");
        let mut input = FileInput::new(std::fs::File::open(&path).unwrap());
        assert!(matches!(input, FileInput::Mapped(_)));
        input.consume(3);
        let mut rest = String::new();
        input.read_to_string(&mut rest).unwrap();
        assert_eq!(rest, "e4 *\n");
        std::fs::remove_file(&path).unwrap();
    }
}
