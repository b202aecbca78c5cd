//! The fast path for canonical FENs of standard boards: read straight into the 8×8 core's layout.

use super::board::*;
use super::castling::*;
use crate::position::StandardSetup;
use crate::{Color, File, Rank, Role, Square, SquareSet};

/// What a byte of a standard board's placement is to [`read_standard`]: below 16 a piece's slot (colour × 8 +
/// role), or one of the codes below.
pub(super) static STANDARD_BYTES: [u8; 256] = {
    let mut table = [STANDARD_OTHER; 256];
    let mut b = 0;
    while b < 128 {
        table[b] = match (b as u8, PIECES[b]) {
            (b'j' | b'J', _) => STANDARD_OTHER,
            (_, Some(p)) => p.color as u8 * 8 + p.role as u8,
            (b'1'..=b'8', None) => STANDARD_DIGIT + b as u8 - b'0',
            (b'/', None) => STANDARD_SLASH,
            (b' ', None) => STANDARD_SPACE,
            _ => STANDARD_OTHER,
        };
        b += 1;
    }
    table
};
/// `STANDARD_DIGIT + n`: the digit `n`, 1 to 8.
pub(super) const STANDARD_DIGIT: u8 = 16;
pub(super) const STANDARD_SLASH: u8 = 32;
pub(super) const STANDARD_SPACE: u8 = 33;
/// Anything else, which the general reader handles.
pub(super) const STANDARD_OTHER: u8 = 255;

/// The fast path of [`Fen::parse_position`]: a canonical standard-board FEN (six fields, single spaces, the board
/// of 8×8 squares without the Janus letter, castling as `-` or `KQkq` letters, en passant as `-` or a lower-case
/// square, clocks of at most nine digits) read straight into the 8×8 layout. `None` for anything else, which the
/// general reader then reads, with its notes and errors; for what it accepts, the result is the general
/// reader's.
#[inline]
pub(super) fn read_standard(text: &[u8]) -> Option<StandardSetup> {
    // The placement, a8 first: one bit set per piece, checked at the end of each rank.
    let mut by_piece = [0u64; 16];
    let mut sq: u32 = 56;
    let mut rank_end: u32 = 64;
    let mut after_digit = false;
    let mut i = 0;
    loop {
        let code = STANDARD_BYTES[*text.get(i)? as usize];
        i += 1;
        match code {
            0..STANDARD_DIGIT => {
                if sq >= rank_end {
                    return None;
                }
                by_piece[code as usize] |= 1 << sq;
                sq += 1;
                after_digit = false;
            }
            STANDARD_DIGIT..STANDARD_SLASH => {
                // Two digits in a row are one number, which no 8×8 rank holds.
                if after_digit {
                    return None;
                }
                sq += u32::from(code - STANDARD_DIGIT);
                after_digit = true;
            }
            STANDARD_SLASH => {
                if sq != rank_end || rank_end == 8 {
                    return None;
                }
                rank_end -= 8;
                sq = rank_end - 8;
                after_digit = false;
            }
            STANDARD_SPACE => break,
            _ => return None,
        }
    }
    if sq != rank_end || rank_end != 8 {
        return None;
    }
    let mut by_color = [0; 2];
    let mut by_role = [0; 8];
    for (slot, &bits) in by_piece.iter().enumerate() {
        by_color[slot / 8] |= bits;
        by_role[slot % 8] |= bits;
    }

    let rest = &text[i..];
    let (turn, rest) = match rest {
        [b'w', b' ', rest @ ..] => (Color::White, rest),
        [b'b', b' ', rest @ ..] => (Color::Black, rest),
        _ => return None,
    };

    let end = rest.iter().position(|&b| b == b' ')?;
    let (castling, rest) = (&rest[..end], &rest[end + 1..]);
    let mut castling_rooks = SquareSet::EMPTY;
    if castling != b"-" {
        for &letter in castling {
            let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
            let rank = back_rank(color);
            let row = |role: Role| {
                let bits = by_color[color.index()] & by_role[role.index()];
                (bits >> (8 * rank.index())) as u32 & 0xff
            };
            let (k, q) = implied_rooks_on_row(row(Role::Rook), row(Role::King), 8, rank);
            match letter.to_ascii_lowercase() {
                b'k' => castling_rooks.insert(k),
                b'q' => castling_rooks.insert(q),
                _ => return None,
            }
        }
        // An empty field is two spaces in a row.
        if castling.is_empty() {
            return None;
        }
    }

    let (ep_square, rest) = match rest {
        [b'-', b' ', rest @ ..] => (None, rest),
        [file @ b'a'..=b'h', rank @ b'1'..=b'8', b' ', rest @ ..] => {
            (Some(Square::new(File::new(file - b'a')?, Rank::new(rank - b'1')?)), rest)
        }
        _ => return None,
    };

    let (halfmoves, rest) = read_clock(rest)?;
    let [b' ', rest @ ..] = rest else { return None };
    let (fullmoves, rest) = read_clock(rest)?;
    if !rest.is_empty() {
        return None;
    }
    Some(StandardSetup {
        by_color,
        by_role,
        turn,
        castling_rooks,
        ep_square,
        halfmoves,
        // The general reader's rule: a move number of 0 reads as 1.
        fullmoves: fullmoves.max(1),
    })
}

/// A clock of one to nine digits at the start of `bytes` (nine cannot overflow), and what follows it.
#[inline]
pub(super) fn read_clock(bytes: &[u8]) -> Option<(u32, &[u8])> {
    let len = bytes.iter().take(10).take_while(|b| b.is_ascii_digit()).count();
    if len == 0 || len > 9 {
        return None;
    }
    let value = bytes[..len].iter().fold(0u32, |v, &b| v * 10 + u32::from(b - b'0'));
    Some((value, &bytes[len..]))
}

/// Whether a FEN that [`read_standard`] reads is one the general reader reads without a note (and strict reading
/// accepts): castling `-` or letters of `KQkq` in that order without repeats, a half-move clock without leading
/// zeros, a move number from 1 without leading zeros.
pub(super) fn is_canonical(text: &[u8]) -> bool {
    // The board, the long field, is passed over by memchr; the fields after it are a few bytes each.
    let Some(board_end) = memchr::memchr(b' ', text) else {
        return false;
    };
    let mut fields = text[board_end + 1..].split(|&b| b == b' ').skip(1);
    let in_order = |castling: &[u8]| {
        let mut order = b"KQkq".iter();
        castling == b"-" || castling.iter().all(|letter| order.any(|o| o == letter))
    };
    let castling_ok = fields.next().is_some_and(in_order);
    let _en_passant = fields.next();
    let halfmoves_ok = fields.next().is_some_and(|f| f == b"0" || !f.starts_with(b"0"));
    let fullmoves_ok = fields.next().is_some_and(|f| !f.starts_with(b"0"));
    castling_ok && halfmoves_ok && fullmoves_ok
}
