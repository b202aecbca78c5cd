//! Slider attacks on the 10×8 board by table look-up, one line at a time ("kindergarten" bitboards).
//!
//! A line's blockers that matter are its inner squares (not its two ends). They are gathered into a small index
//! with one shift and, for files and diagonals, one 64-bit multiplication: the inner squares of files and
//! diagonals all lie on ranks 2 to 7, which fit in one machine word once the first rank is shifted out. A table
//! gives the attacked squares for that index, which are put back on the board with a shift (ranks, files) or a
//! multiplication that copies a rank pattern onto every rank, masked with the line (diagonals). This replaces
//! obstruction differences over `u128` rays, which cost about twice as many instructions per line.

use super::rays;

/// Every rank's first square: multiplying a 10-bit rank pattern by this copies it onto all eight ranks.
const EVERY_RANK: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 8 {
        m |= 1 << (10 * r);
        r += 1;
    }
    m
};

/// The first square of ranks 1 to 6 of the board shifted down one rank: the inner squares of file a.
const INNER_FILE_A: u64 = EVERY_RANK as u64 & ((1 << 60) - 1);

/// Moves bit `10k` (inner rank `k` of file a, board shifted down one rank) to bit `58 + k`. The partial products
/// never share a bit, so nothing carries into the top six bits.
const GATHER_FILE: u64 = {
    let mut m = 0u64;
    let mut k = 0;
    while k < 6 {
        m |= 1 << (58 - 9 * k);
        k += 1;
    }
    m
};

/// Copies each square of ranks 1 to 6 (board shifted down one rank) onto the same file of the sixth of those
/// ranks (bits 50 to 59). A diagonal has one square per file, so the copies land on distinct bits.
const PROJECT_ON_RANK: u64 = INNER_FILE_A;

/// `LINE[f][occ]`: the squares (bits 0..9) a slider on square `f` of a 10-square line attacks, when the line's
/// inner squares 1..=8 are occupied as bits 0..=7 of `occ` say (its own square's bit is ignored).
static LINE: [[u16; 256]; 10] = {
    let mut out = [[0u16; 256]; 10];
    let mut f = 0;
    while f < 10 {
        let mut occ = 0;
        while occ < 256 {
            let blockers = (occ as u128) << 1;
            out[f][occ] = rays::slider_attacks(10, f as u32, blockers, &[(1, 0), (-1, 0)]) as u16;
            occ += 1;
        }
        f += 1;
    }
    out
};

/// `FILE[r][occ]`: the squares of file a a slider on rank `r` attacks, when ranks 1..=6 of the file are occupied
/// as bits 0..=5 of `occ` say.
static FILE: [[u128; 64]; 8] = {
    let mut out = [[0u128; 64]; 8];
    let mut r = 0;
    while r < 8 {
        let mut occ = 0;
        while occ < 64 {
            let mut blockers = 0u128;
            let mut k = 0;
            while k < 6 {
                if occ & (1 << k) != 0 {
                    blockers |= 1 << (10 * (k + 1));
                }
                k += 1;
            }
            out[r][occ] = rays::slider_attacks(10, 10 * r as u32, blockers, &[(0, 1), (0, -1)]);
            occ += 1;
        }
        r += 1;
    }
    out
};

/// What the look-ups need to know about one square, in one cache line.
#[derive(Copy, Clone)]
#[repr(align(64))]
struct SquareLines {
    /// The whole diagonal (a1-h8 direction) through the square.
    diagonal: u128,
    /// The whole anti-diagonal (h1-a8 direction) through the square.
    anti_diagonal: u128,
    /// The diagonal's squares on ranks 1..=6, shifted down one rank.
    diagonal_inner: u64,
    /// The anti-diagonal's squares on ranks 1..=6, shifted down one rank.
    anti_diagonal_inner: u64,
    file: u32,
    rank: u32,
    /// Where the rank's inner squares start in the word `rank_word` picks for this square.
    rank_shift: u32,
}

/// Indexed by bit; 128 entries (the last 48 empty) so that any bit of a `u128` indexes it without a bounds check.
static SQUARES: [SquareLines; 128] = {
    let empty = SquareLines {
        diagonal: 0,
        anti_diagonal: 0,
        diagonal_inner: 0,
        anti_diagonal_inner: 0,
        file: 0,
        rank: 0,
        rank_shift: 0,
    };
    let mut out = [empty; 128];
    let mut sq = 0;
    while sq < 80 {
        let me = 1u128 << sq;
        let diagonal = rays::slider_attacks(10, sq, 0, &[(1, 1), (-1, -1)]) | me;
        let anti_diagonal = rays::slider_attacks(10, sq, 0, &[(-1, 1), (1, -1)]) | me;
        out[sq as usize] = SquareLines {
            diagonal,
            anti_diagonal,
            diagonal_inner: (diagonal >> 10) as u64 & ((1 << 60) - 1),
            anti_diagonal_inner: (anti_diagonal >> 10) as u64 & ((1 << 60) - 1),
            file: sq % 10,
            rank: sq / 10,
            rank_shift: if sq / 10 >= 2 { 10 * (sq / 10) + 1 - 16 } else { 10 * (sq / 10) + 1 },
        };
        sq += 1;
    }
    out
};

/// Ranks 1..=6 of `occupied` in one word (rank 1 at bits 0..9).
#[inline(always)]
fn inner_ranks(occupied: u128) -> u64 {
    (occupied >> 10) as u64
}

/// The squares of one diagonal a slider on file `file` attacks; `inner` holds the diagonal's occupied inner squares
/// (as `inner_ranks`), `line` the whole diagonal.
#[inline(always)]
fn diagonal_attacks(file: u32, inner: u64, line: u128) -> u128 {
    let occ = (inner.wrapping_mul(PROJECT_ON_RANK) >> 51) as usize & 0xff;
    (LINE[file as usize][occ] as u128 * EVERY_RANK) & line
}

/// Bishop attacks from bit `sq` given the occupied squares.
#[inline(always)]
pub(super) fn bishop_attacks(sq: u32, occupied: u128) -> u128 {
    let s = &SQUARES[sq as usize & 127];
    let inner = inner_ranks(occupied);
    diagonal_attacks(s.file, inner & s.diagonal_inner, s.diagonal)
        | diagonal_attacks(s.file, inner & s.anti_diagonal_inner, s.anti_diagonal)
}

/// Rook attacks from bit `sq` given the occupied squares.
#[inline(always)]
pub(super) fn rook_attacks(sq: u32, occupied: u128) -> u128 {
    let s = &SQUARES[sq as usize & 127];
    let (file, rank) = (s.file & 15, s.rank & 7);
    // Ranks 0 and 1 lie in the low word, ranks 2 to 7 in the word from bit 16 on: one 64-bit shift finds them.
    let rank_word = if rank >= 2 { (occupied >> 16) as u64 } else { occupied as u64 };
    let rank_occ = ((rank_word >> (s.rank_shift & 63)) & 0xff) as usize;
    let along_rank = (LINE[file as usize][rank_occ] as u128) << (10 * rank);
    let file_occ = (((inner_ranks(occupied) >> file) & INNER_FILE_A).wrapping_mul(GATHER_FILE) >> 58) as usize;
    let along_file = FILE[rank as usize][file_occ] << file;
    along_rank | along_file
}
