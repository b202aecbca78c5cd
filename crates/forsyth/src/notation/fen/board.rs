//! Reading the board field: piece letters, digits and slashes on 8×8 and 10×8 boards, with a column for anything
//! wrong.

use super::fields::*;
use crate::{Board, BoardShape, ByColor, Piece, Role, SquareSet};

pub(super) static PIECES: [Option<Piece>; 256] = {
    let mut table = [None; 256];
    let mut i = 0;
    while i < 128 {
        table[i] = Piece::from_char(i as u8 as char);
        i += 1;
    }
    table
};

/// The pieces read so far, as bits indexed by [`Square::index`].
pub(super) struct Placement {
    /// One set per slot (see [`BoardByte::slot`]): one update per piece, short dependency chains.
    pub(super) by_piece: [u128; SLOTS],
}

impl Placement {
    pub(super) const fn new() -> Placement {
        Placement { by_piece: [0; SLOTS] }
    }

    /// Whether the Janus letter `j` appeared.
    pub(super) fn janus(&self) -> bool {
        self.by_piece[J_WHITE] | self.by_piece[J_BLACK] != 0
    }

    pub(super) fn into_board(self, shape: BoardShape) -> Board {
        let mut by_color = [0; 2];
        let mut by_role = [0; 8];
        for (i, &bits) in self.by_piece[..16].iter().enumerate() {
            by_color[i / 8] |= bits;
            by_role[i % 8] |= bits;
        }
        let janus = self.by_piece[J_WHITE] | self.by_piece[J_BLACK];
        by_color[0] |= self.by_piece[J_WHITE];
        by_color[1] |= self.by_piece[J_BLACK];
        by_role[Role::Archbishop.index()] |= janus;
        Board::from_bits(shape, by_color, by_role)
    }
}

/// What a byte does in the placement field.
#[derive(Copy, Clone)]
pub(super) struct BoardByte {
    /// Its set in `Placement::by_piece`: colour × 8 + role, or one of the slots below.
    pub(super) slot: u8,
    /// Files it advances: 1 for a piece, the digit for `1`..`9`.
    pub(super) advance: u8,
    /// 1 for the digits `1`..`9`: two in a row are one number, valid only as `10`.
    pub(super) digit: u8,
    pub(super) kind: ByteKind,
}

#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum ByteKind {
    /// A piece or a digit `1`..`9`: the common, branch-free path.
    Square,
    /// The `0` of `10`.
    Zero,
    Slash,
    /// Whitespace or `]`: the end of the board.
    End,
    Invalid,
}

/// Slots for the Janus letter (merged into the archbishop), the German problem-chess conventions' unknown pieces, and a slot that digits write
/// to and nobody reads.
pub(super) const J_WHITE: usize = 16;
pub(super) const J_BLACK: usize = 17;
pub(super) const X_WHITE: usize = 18;
pub(super) const X_BLACK: usize = 19;
pub(super) const NO_PIECE: usize = 20;
/// A power of two, so that indexing needs no bounds check.
pub(super) const SLOTS: usize = 32;

/// The byte table for positions, or for diagrams (where `X`/`x` are unknown pieces).
pub(super) const fn board_bytes(diagram: bool) -> [BoardByte; 256] {
    let invalid = BoardByte { slot: NO_PIECE as u8, advance: 0, digit: 0, kind: ByteKind::Invalid };
    let mut table = [invalid; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = if c <= b' ' || c == b']' {
            BoardByte { kind: ByteKind::End, ..invalid }
        } else if c == b'/' {
            BoardByte { kind: ByteKind::Slash, ..invalid }
        } else if c == b'0' {
            BoardByte { kind: ByteKind::Zero, ..invalid }
        } else if c >= b'1' && c <= b'9' {
            BoardByte { advance: c - b'0', digit: 1, kind: ByteKind::Square, ..invalid }
        } else if c == b'J' || c == b'j' {
            BoardByte {
                slot: if c == b'J' { J_WHITE } else { J_BLACK } as u8,
                advance: 1,
                digit: 0,
                kind: ByteKind::Square,
            }
        } else if diagram && (c == b'X' || c == b'x') {
            BoardByte {
                slot: if c == b'X' { X_WHITE } else { X_BLACK } as u8,
                advance: 1,
                digit: 0,
                kind: ByteKind::Square,
            }
        } else {
            match PIECES[b] {
                Some(p) => {
                    BoardByte { slot: (p.color as u8) * 8 + p.role as u8, advance: 1, digit: 0, kind: ByteKind::Square }
                }
                None => invalid,
            }
        };
        b += 1;
    }
    table
}

pub(super) static POSITION_BYTES: [BoardByte; 256] = board_bytes(false);
pub(super) static DIAGRAM_BYTES: [BoardByte; 256] = board_bytes(true);

/// The bytes of the placement that are neither pieces nor digits `1`..`9`: a slash ends a rank (checking its
/// width), `0` completes a `10`; anything else is an error.
#[inline(never)]
pub(super) fn other_byte(
    kind: ByteKind,
    field: &[u8],
    i: usize,
    rank: usize,
    file: usize,
    width: usize,
) -> Option<(usize, usize, usize)> {
    match kind {
        ByteKind::Slash => {
            if rank == 0 || (width == 0 && file != 8 && file != 10) || (width != 0 && file != width) {
                return None;
            }
            Some((rank - 1, 0, file))
        }
        ByteKind::Zero => {
            // Only as `10`: after a `1` that follows no other digit.
            let lone_one = i >= 1 && field[i - 1] == b'1' && (i < 2 || !field[i - 2].is_ascii_digit());
            lone_one.then_some((rank, file + 9, width))
        }
        _ => None,
    }
}

/// Reads the placement quickly up to the first whitespace or `]`, returning the board's shape and the bytes read;
/// `None` on any error, which [`diagnose_board`] then explains. Pieces and digits take the same branch-free path;
/// only the ends of ranks and rare bytes branch.
#[inline]
pub(super) fn read_board(
    field: &[u8],
    placement: &mut Placement,
    unknown: Option<&mut ByColor<SquareSet>>,
) -> Option<(BoardShape, usize)> {
    let table = if unknown.is_some() { &DIAGRAM_BYTES } else { &POSITION_BYTES };
    let mut rank: usize = 7;
    let mut file: usize = 0;
    let mut width: usize = 0;
    let mut after_digit = 0u8;
    let mut digit_pairs = 0u8;
    let mut i = 0;
    let n = field.len();
    while i < n {
        let b = field[i];
        let byte = table[b as usize];
        if byte.kind == ByteKind::Square {
            digit_pairs |= after_digit & byte.digit;
            after_digit = byte.digit;
            placement.by_piece[byte.slot as usize & (SLOTS - 1)] |= 1u128 << ((rank * 16 + file) & 127);
            file += byte.advance as usize;
        } else if byte.kind == ByteKind::End {
            break;
        } else {
            // A slash, the `0` of `10`, or an error: out of the loop's way.
            (rank, file, width) = other_byte(byte.kind, field, i, rank, file, width)?;
            after_digit = u8::from(byte.kind == ByteKind::Zero);
        }
        i += 1;
    }
    // A rank longer than the board shows up here or at its slash (its file count is wrong either way).
    if digit_pairs != 0 || rank != 0 || (file != width && width != 0) {
        return None;
    }
    if let Some(set) = unknown {
        set.white = SquareSet::from_bits(placement.by_piece[X_WHITE]);
        set.black = SquareSet::from_bits(placement.by_piece[X_BLACK]);
    }
    Some((BoardShape::from_files(width)?, i))
}

/// Explains why the placement field `text[start..end]` cannot be read. Cold: only after [`read_board`] failed.
#[cold]
pub(super) fn diagnose_board(text: &str, start: usize, end: usize, allow_unknown: bool) -> FenError {
    let bytes = text.as_bytes();
    let whole = &text[start..end];
    // Characters first, left to right.
    let mut i = start;
    while i < end {
        let b = bytes[i];
        if b.is_ascii_digit() {
            let mut j = i;
            while j < end && bytes[j].is_ascii_digit() {
                j += 1;
            }
            let digits = &text[i..j];
            let value: u64 = digits.parse().unwrap_or(u64::MAX);
            if b == b'0' || value > 10 || (value == 10 && j - i != 2) {
                let message = if b == b'0' {
                    format!("'{digits}' is not a number of empty squares (use 1 to 8, or 10 on 10×8 boards)")
                } else if digits.len() > 6 {
                    format!(
                        "a number of {} digits is more empty squares than a rank holds (use 1 to 8, or 10 on \
                         10×8 boards)",
                        digits.len()
                    )
                } else {
                    format!(
                        "'{digits}' reads as {value} empty squares, more than a rank holds (use 1 to 8, or 10 on \
                         10×8 boards)"
                    )
                };
                return error(text, i, E_COUNT, FenField::Board, whole, message);
            }
            i = j;
            continue;
        }
        if b != b'/' && PIECES[b as usize].is_none() {
            let c = char_at(text, i);
            if c == 'X' || c == 'x' {
                if !allow_unknown {
                    return error(
                        text,
                        i,
                        E_UNKNOWN,
                        FenField::Board,
                        whole,
                        format!("'{c}' (an unknown piece) can stand only in a diagram, not in a position"),
                    );
                }
            } else {
                return error(
                    text,
                    i,
                    E_PIECE,
                    FenField::Board,
                    whole,
                    format!(
                        "'{c}' is not a piece letter (use K Q R B N P, A C J on 10×8 boards; upper case for White, \
                         lower case for Black; digits for empty squares; / between ranks)"
                    ),
                );
            }
        }
        i += c_len(bytes[i]);
    }
    // Then the number of ranks.
    let ranks: Vec<(usize, usize)> = whole
        .split('/')
        .scan(start, |s, rank| {
            let range = (*s, *s + rank.len());
            *s += rank.len() + 1;
            Some(range)
        })
        .collect();
    if ranks.len() != 8 {
        return error(
            text,
            start,
            E_RANK_COUNT,
            FenField::Board,
            whole,
            format!(
                "the board has {} rank{}; it needs 8, separated by /",
                ranks.len(),
                if ranks.len() == 1 { "" } else { "s" }
            ),
        );
    }
    // Then each rank's width against the board's (the width most ranks have).
    let width_of = |(s, e): (usize, usize)| -> usize {
        let mut w = 0;
        let mut j = s;
        while j < e {
            if bytes[j].is_ascii_digit() {
                let mut k = j;
                while k < e && bytes[k].is_ascii_digit() {
                    k += 1;
                }
                w += text[j..k].parse::<usize>().unwrap_or(0);
                j = k;
            } else {
                w += 1;
                j += c_len(bytes[j]);
            }
        }
        w
    };
    let widths: Vec<usize> = ranks.iter().map(|&r| width_of(r)).collect();
    let eights = widths.iter().filter(|&&w| w == 8).count();
    let tens = widths.iter().filter(|&&w| w == 10).count();
    let expected = if eights == 0 && tens == 0 {
        return error(
            text,
            start,
            E_WIDTH,
            FenField::Board,
            whole,
            format!("rank 8 has {} squares, and no rank has 8 or 10: boards are 8 or 10 files wide", widths[0]),
        );
    } else if eights >= tens {
        8
    } else {
        10
    };
    for (index, (&(s, e), &w)) in ranks.iter().zip(&widths).enumerate() {
        if w == expected {
            continue;
        }
        let rank_text = &text[s..e];
        let message = format!("rank {} has {w} squares; it needs {expected}", 8 - index);
        if w < expected {
            return error(text, s, E_RANK_SHORT, FenField::Board, rank_text, message);
        }
        // Point at the first character that does not fit.
        let mut count = 0;
        let mut j = s;
        while j < e {
            let step = if bytes[j].is_ascii_digit() {
                let mut k = j;
                while k < e && bytes[k].is_ascii_digit() {
                    k += 1;
                }
                (text[j..k].parse::<usize>().unwrap_or(0), k)
            } else {
                (1, j + c_len(bytes[j]))
            };
            count += step.0;
            if count > expected {
                break;
            }
            j = step.1;
        }
        return error(text, j, E_RANK_LONG, FenField::Board, rank_text, message);
    }
    error(text, start, E_WIDTH, FenField::Board, whole, "the board cannot be read".to_string())
}
