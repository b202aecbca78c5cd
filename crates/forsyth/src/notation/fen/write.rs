//! Writing a FEN: the board, the castling field in the chosen dialect, the en-passant square as [`EpMode`] says,
//! into a stack buffer.

use std::fmt;
use std::str::FromStr;

use super::castling::*;
use crate::{Board, Color, Role, Setup};

/// When the en-passant square is written.
///
/// ```
/// use forsyth::notation::fen::{EpMode, Fen};
/// use forsyth::{Position, Square};
/// // Black has just played c7-c5; bxc6 e.p. would leave the king on a5 open to the rook on h5.
/// let pos: Position = "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2".parse().unwrap();
/// let ep = |mode| Fen::from_position_with(&pos, mode).setup.ep_square;
/// assert_eq!([ep(EpMode::Always), ep(EpMode::Pseudo), ep(EpMode::Legal)], [Some(Square::C6), Some(Square::C6), None]);
/// assert_eq!("pseudo-legal".parse::<EpMode>().unwrap(), EpMode::Pseudo);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum EpMode {
    /// After every double step (FEN and PGN, seeds 000 and 001).
    #[default]
    Always,
    /// Only when a pawn stands ready to capture, legal or not (X-FEN).
    Pseudo,
    /// Only when an en-passant capture is legal.
    Legal,
}

impl FromStr for EpMode {
    type Err = UnknownMode;
    fn from_str(s: &str) -> Result<EpMode, UnknownMode> {
        match s.to_ascii_lowercase().as_str() {
            "always" => Ok(EpMode::Always),
            "pseudo" | "pseudo-legal" => Ok(EpMode::Pseudo),
            "legal" => Ok(EpMode::Legal),
            _ => Err(UnknownMode { text: s.to_string(), valid: "always, pseudo or legal" }),
        }
    }
}

/// A setup that the chosen castling style cannot express.
///
/// ```
/// use forsyth::notation::fen::{CastlingStyle, Fen};
/// // A Chess960 right on the inner rook of g1: X-FEN writes its file letter, classic FEN has no letter for it.
/// let fen: Fen = "4k3/8/8/8/8/8/8/1K4RR w G - 0 1".parse().unwrap();
/// assert_eq!(fen.to_string_with(CastlingStyle::XFen).unwrap(), "4k3/8/8/8/8/8/8/1K4RR w G - 0 1");
/// let err = fen.to_string_with(CastlingStyle::Classic).unwrap_err();
/// assert_eq!(err.code, "fen.write.classic-castling");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenWriteError {
    /// Stable code: `fen.write.classic-castling`.
    pub code: &'static str,
    /// What cannot be written, and what to use instead.
    pub message: String,
}

impl fmt::Display for FenWriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FenWriteError {}

/// Whether classic FEN can express the castling rights of `setup`.
pub(super) fn check_classic(setup: &Setup) -> Result<(), FenWriteError> {
    for color in Color::ALL {
        let (k, q) = implied_rooks(&setup.board, color);
        for sq in rights_of(setup.castling_rooks, color).iter() {
            if sq != k && sq != q {
                return Err(FenWriteError {
                    code: "fen.write.classic-castling",
                    message: format!(
                        "classic FEN cannot say that the rook on {sq} keeps its castling right (K and Q name the \
                         outermost rooks): use X-FEN or Shredder-FEN"
                    ),
                });
            }
        }
    }
    Ok(())
}

/// The FEN of `setup` in a stack buffer (writing allocates once, for the result); `janus` writes the
/// archbishop as the Janus, `j`.
pub(super) fn write_buffer(setup: &Setup, janus: bool, style: CastlingStyle) -> FenBuffer {
    let mut buffer = FenBuffer::new();
    write_fields(&mut buffer, setup, janus, style);
    buffer
}

pub(super) fn write_fields(out: &mut FenBuffer, setup: &Setup, janus: bool, style: CastlingStyle) {
    write_board(out, &setup.board, janus);
    out.push(b' ');
    out.push(setup.turn.fen_char() as u8);
    out.push(b' ');
    if let Some(prefix) = setup.castling_prefix
        && style != CastlingStyle::Classic
    {
        out.push(prefix.char() as u8);
    }
    if setup.castling_rooks.is_empty() {
        out.push(b'-');
    } else {
        let _ = write_castling(out, &setup.board, setup.castling_rooks, style);
    }
    out.push(b' ');
    match setup.ep_square {
        Some(sq) => {
            out.push(sq.file().char() as u8);
            out.push(sq.rank().char() as u8);
        }
        None => out.push(b'-'),
    }
    out.push(b' ');
    out.push_number(setup.halfmoves);
    out.push(b' ');
    out.push_number(setup.fullmoves);
}

pub(super) fn write_board(out: &mut FenBuffer, board: &Board, janus: bool) {
    // The letter on each square, indexed by `Square::index`, from the board's bit sets.
    let mut letters = [0u8; 128];
    for color in Color::ALL {
        for role in Role::ALL {
            let mut bits = board.color_bits(color) & board.role_bits(role);
            if bits == 0 {
                continue;
            }
            let letter = if janus && role == Role::Archbishop { b'j' } else { role.char() as u8 };
            let letter = if color.is_white() { letter.to_ascii_uppercase() } else { letter };
            while bits != 0 {
                letters[bits.trailing_zeros() as usize] = letter;
                bits &= bits - 1;
            }
        }
    }
    // Rank by rank over the occupied files only; the digit before a piece is written and kept only if non-zero.
    // The board field is at most 87 bytes (10 files, 8 ranks): indices masked to the 128-byte scratch need no bounds
    // checks.
    let occupied = board.color_bits(Color::White) | board.color_bits(Color::Black);
    let files = board.shape().files() as u32;
    let mut field = [0u8; 128];
    let mut len = 0usize;
    for rank in (0..8u32).rev() {
        let mut row = (occupied >> (16 * rank)) as u32 & 0xffff;
        let mut next = 0;
        while row != 0 {
            let file = row.trailing_zeros();
            row &= row - 1;
            let gap = file - next;
            field[len & 127] = b'0' + gap as u8;
            len += usize::from(gap != 0);
            field[len & 127] = letters[(rank * 16 + file) as usize & 127];
            len += 1;
            next = file + 1;
        }
        match files.saturating_sub(next) {
            0 => {}
            10 => {
                field[len & 127] = b'1';
                field[(len + 1) & 127] = b'0';
                len += 2;
            }
            gap => {
                field[len & 127] = b'0' + gap as u8;
                len += 1;
            }
        }
        if rank > 0 {
            field[len & 127] = b'/';
            len += 1;
        }
    }
    out.push_bytes(&field[..len.min(128)]);
}

/// A stack buffer longer than any FEN (10×8 board, twenty castling letters, ten-digit clocks): writing allocates
/// only for the result.
pub(super) struct FenBuffer {
    pub(super) bytes: [u8; 192],
    pub(super) len: usize,
}

impl FenBuffer {
    pub(super) const fn new() -> FenBuffer {
        FenBuffer { bytes: [0; 192], len: 0 }
    }

    /// Appends an ASCII byte (silently dropped if the buffer were ever full).
    #[inline(always)]
    pub(super) fn push(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }

    /// Appends ASCII bytes (dropped if they did not fit).
    pub(super) fn push_bytes(&mut self, bytes: &[u8]) {
        if let Some(slots) = self.bytes.get_mut(self.len..self.len + bytes.len()) {
            slots.copy_from_slice(bytes);
            self.len += bytes.len();
        }
    }

    pub(super) fn push_number(&mut self, mut n: u32) {
        let mut digits = [0u8; 10];
        let mut at = digits.len();
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &d in &digits[at..] {
            self.push(d);
        }
    }

    pub(super) fn as_str(&self) -> &str {
        // Only ASCII is ever pushed.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

impl fmt::Write for FenBuffer {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        s.bytes().for_each(|b| self.push(b));
        Ok(())
    }

    fn write_char(&mut self, c: char) -> fmt::Result {
        if c.is_ascii() {
            self.push(c as u8);
            Ok(())
        } else {
            self.write_str(c.encode_utf8(&mut [0; 4]))
        }
    }
}
