//! Compressed PGN files: zstd, gzip and bzip2 streams recognised by their magic bytes and decompressed on the fly,
//! so that a `.pgn.zst` month of games is read like a plain file (needs the default `compression` feature).

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;

use super::FileInput;
use super::INPUT_BUFFER as BUFFER;

/// The magic bytes that open a zstd frame.
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];
/// The magic bytes that open a gzip member.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];
/// The magic bytes that open a bzip2 stream.
const BZIP2_MAGIC: [u8; 3] = *b"BZh";

/// Wraps `reader` in a decoder when its first bytes are those of a zstd, gzip or bzip2 stream, and returns it as it
/// is otherwise. Concatenated gzip members and bzip2 streams are all read, as `zcat` and `bzcat` do.
///
/// ```
/// use std::io::{BufRead, Read};
/// let mut plain = forsyth::pgn::decompress(&b"1. e4 e5 *\n"[..]).unwrap();
/// let mut text = String::new();
/// plain.read_to_string(&mut text).unwrap();
/// assert_eq!(text, "1. e4 e5 *\n");
/// ```
pub fn decompress<'a, R: BufRead + Send + 'a>(mut reader: R) -> io::Result<Box<dyn BufRead + Send + 'a>> {
    // A stream shorter than its magic bytes is plain text: fill_buf may return fewer bytes only at the end.
    let magic = reader.fill_buf()?;
    Ok(if magic.starts_with(&ZSTD_MAGIC) {
        Box::new(BufReader::with_capacity(BUFFER, zstd::Decoder::with_buffer(reader)?))
    } else if magic.starts_with(&GZIP_MAGIC) {
        Box::new(BufReader::with_capacity(BUFFER, flate2::bufread::MultiGzDecoder::new(reader)))
    } else if magic.starts_with(&BZIP2_MAGIC) {
        Box::new(BufReader::with_capacity(BUFFER, bzip2::bufread::MultiBzDecoder::new(reader)))
    } else {
        Box::new(reader)
    })
}

/// Opens the file at `path` for reading games, decompressing it when it is compressed (see [`decompress`]); the
/// name does not matter, only the first bytes. A regular file is mapped into memory and read in place, what cannot
/// be mapped is read (see [`FileInput`]). An error names the path.
///
/// ```
/// use std::io::Read;
/// let path = std::env::temp_dir().join(format!("forsyth-open-path-{}.pgn", std::process::id()));
/// std::fs::write(&path, "1. d4 d5 *\n").unwrap();
/// let mut text = String::new();
/// forsyth::pgn::open_path(&path).unwrap().read_to_string(&mut text).unwrap();
/// assert_eq!(text, "1. d4 d5 *\n");
/// # std::fs::remove_file(&path).unwrap();
/// let missing = forsyth::pgn::open_path("/no/such/file.pgn").err().unwrap();
/// assert!(missing.to_string().starts_with("/no/such/file.pgn: "));
/// ```
pub fn open_path(path: impl AsRef<Path>) -> io::Result<Box<dyn BufRead + Send>> {
    let path = path.as_ref();
    let named = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    let file = File::open(path).map_err(named)?;
    decompress(FileInput::new(file)).map_err(named)
}

#[cfg(test)]
mod tests {
    use std::io::{Read, Write};

    use super::decompress;

    const TEXT: &str = "[Event \"?\"]\n\n1. e4 e5 2. Nf3 *\n";

    fn read_all(bytes: &[u8]) -> String {
        let mut text = String::new();
        decompress(bytes).unwrap().read_to_string(&mut text).unwrap();
        text
    }

    #[test]
    fn zstd_gzip_and_bzip2_streams_are_decompressed() {
        let zstd = zstd::encode_all(TEXT.as_bytes(), 3).unwrap();
        assert_eq!(read_all(&zstd), TEXT);

        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gzip.write_all(TEXT.as_bytes()).unwrap();
        assert_eq!(read_all(&gzip.finish().unwrap()), TEXT);

        let mut bzip2 = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
        bzip2.write_all(TEXT.as_bytes()).unwrap();
        assert_eq!(read_all(&bzip2.finish().unwrap()), TEXT);
    }

    #[test]
    fn concatenated_gzip_members_are_all_read() {
        let mut both = Vec::new();
        for _ in 0..2 {
            let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            gzip.write_all(TEXT.as_bytes()).unwrap();
            both.extend(gzip.finish().unwrap());
        }
        assert_eq!(read_all(&both), TEXT.repeat(2));
    }

    #[test]
    fn plain_and_short_streams_pass_through() {
        assert_eq!(read_all(TEXT.as_bytes()), TEXT);
        assert_eq!(read_all(b"B"), "B");
        assert_eq!(read_all(b""), "");
    }

    #[test]
    fn a_broken_stream_is_an_error_not_a_panic() {
        let mut truncated = zstd::encode_all(TEXT.repeat(100).as_bytes(), 3).unwrap();
        truncated.truncate(truncated.len() / 2);
        let mut text = String::new();
        assert!(decompress(&truncated[..]).and_then(|mut r| r.read_to_string(&mut text)).is_err());
    }
}
