//! Sets of squares as bit masks, one representation per board shape: `u64` for 8×8, `u128` for 10×8.
//!
//! Bit `rank * width + file` stands for a square. [`Shape`] ties a board shape to its bit type and its attack
//! tables, so that move generation is written once and compiled for each shape.
//!
//! ```
//! use forsyth::bitboard::Bits;
//! let e4 = <u64 as Bits>::bit(28);
//! assert_eq!((e4 | <u64 as Bits>::bit(36)).count(), 2);
//! ```

#[allow(dead_code)]
mod rays;
mod wide_sliders;

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

use crate::{BoardShape, Color, File, Rank, Square};

/// A set of squares as a bit mask: implemented by `u64` (8×8) and `u128` (10×8).
///
/// ```
/// use forsyth::bitboard::Bits;
/// let set = <u64 as Bits>::bit(3) | <u64 as Bits>::bit(10);
/// assert_eq!(set.count(), 2);
/// assert_eq!(set.lowest(), 3);
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![3, 10]);
/// let wide = <u128 as Bits>::bit(63) | <u128 as Bits>::bit(64);
/// let mut members = Vec::new();
/// wide.for_each_member(|i| members.push(i));
/// assert_eq!(members, vec![63, 64]);
/// ```
pub trait Bits:
    Copy
    + Eq
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The empty set.
    const EMPTY: Self;
    /// The set with only bit `i`.
    fn bit(i: u32) -> Self;
    /// Number of members.
    fn count(self) -> u32;
    /// Lowest member; meaningless on the empty set.
    fn lowest(self) -> u32;
    /// Highest member; meaningless on the empty set.
    fn highest(self) -> u32;
    /// `true` if the set has no members.
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }
    /// `true` if bit `i` is a member.
    fn has(self, i: u32) -> bool {
        !(self & Self::bit(i)).is_empty()
    }
    /// `true` if the set has two or more members.
    fn more_than_one(self) -> bool;
    /// `true` if the set has more than `n` members: `n` members taken off, not all counted (without a hardware
    /// population count, counting costs a dozen instructions a word; the validation asks this of every role).
    ///
    /// ```
    /// use forsyth::bitboard::Bits;
    /// assert!(0b1011u64.more_than(2));
    /// assert!(!0b1011u64.more_than(3));
    /// assert!(!0u128.more_than(0));
    /// ```
    #[inline(always)]
    fn more_than(self, n: u32) -> bool {
        let mut rest = self;
        for _ in 0..n {
            if rest.is_empty() {
                return false;
            }
            rest = rest.without_lowest();
        }
        !rest.is_empty()
    }
    /// The set without its lowest member.
    fn without_lowest(self) -> Self;
    /// The members, lowest first.
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }
    /// Calls `f` with each member, lowest first: what `iter` does, in fewer instructions for a set of two words.
    #[inline(always)]
    fn for_each_member(self, mut f: impl FnMut(u32)) {
        for i in self.iter() {
            f(i);
        }
    }
    /// The lower 64 bits (used for hashing and tests).
    fn low_u64(self) -> u64;
    /// The set from a `u128` (truncated to this type's width).
    fn from_u128(bits: u128) -> Self;
    /// The set as a `u128`.
    fn to_u128(self) -> u128;
}

/// Implements [`Bits`] for an unsigned integer type; `$bit` makes the single-bit set of an index.
macro_rules! impl_bits {
    ($t:ty, $bit:expr $(, $for_each:item)?) => {
        impl Bits for $t {
            $($for_each)?
            const EMPTY: $t = 0;
            #[inline(always)]
            fn bit(i: u32) -> $t {
                $bit(i)
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn highest(self) -> u32 {
                <$t>::BITS - 1 - self.leading_zeros()
            }
            #[inline(always)]
            fn more_than_one(self) -> bool {
                self.without_lowest() != 0
            }
            #[inline(always)]
            fn without_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }
            fn low_u64(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn from_u128(bits: u128) -> $t {
                bits as $t
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
        }
    };
}

impl_bits!(u64, |i: u32| 1u64 << i);

/// Single-bit sets, because a variable shift of a `u128` costs a branch or several instructions.
static SINGLE_BITS_128: [u128; 128] = {
    let mut out = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        out[i] = 1 << i;
        i += 1;
    }
    out
};

impl_bits!(
    u128,
    |i: u32| SINGLE_BITS_128[i as usize & 127],
    /// One loop per word: stepping through a `u128` costs two bit scans, a select and a two-word subtraction
    /// per member.
    #[inline(always)]
    fn for_each_member(self, mut f: impl FnMut(u32)) {
        for i in (self as u64).iter() {
            f(i);
        }
        for i in ((self >> 64) as u64).iter() {
            f(i + 64);
        }
    }
);

/// Iterator over the members of a [`Bits`] set, lowest first.
///
/// ```
/// use forsyth::bitboard::{BitIter, Bits};
/// let set = <u64 as Bits>::bit(7) | <u64 as Bits>::bit(0) | <u64 as Bits>::bit(63);
/// let members: BitIter<u64> = set.iter();
/// assert_eq!(members.len(), 3);
/// assert_eq!(set.iter().collect::<Vec<_>>(), [0, 7, 63]); // lowest first
/// ```
#[derive(Clone, Debug)]
pub struct BitIter<B>(B);

impl<B: Bits> Iterator for BitIter<B> {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_empty() {
            None
        } else {
            let i = self.0.lowest();
            self.0 = self.0.without_lowest();
            Some(i)
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bits> ExactSizeIterator for BitIter<B> {}

/// A board shape at the type level: its bit type, its size and its attack tables.
///
/// Move generation is generic over `Shape`, so each shape gets code compiled for its own bit width.
///
/// ```
/// use forsyth::bitboard::{Bits, Shape, Shape8};
/// use forsyth::Square;
/// let knight = Shape8::knight_attacks(Shape8::bit_of(Square::G1));
/// assert_eq!(knight.iter().map(Shape8::square_of).collect::<Vec<_>>(), [Square::E2, Square::F3, Square::H3]);
/// ```
pub trait Shape: Copy + Clone + Debug + Default + PartialEq + Eq + Send + Sync + 'static {
    /// The bit-set type (`u64` or `u128`).
    type Bits: Bits;
    /// The run-time shape this type stands for.
    const SHAPE: BoardShape;
    /// Number of files.
    const WIDTH: u32;
    /// All squares of the board.
    const ALL: Self::Bits;
    /// Whether compound pieces (archbishop, chancellor) can exist on this board.
    const COMPOUNDS: bool;
    /// Whether slider attacks cost about a table lookup (magics), so that testing first whether a slider is on
    /// the line at all would cost more than it saves.
    const CHEAP_SLIDERS: bool;

    /// The bit of a square (which must be on this board).
    fn bit_of(sq: Square) -> u32;
    /// The square of a bit.
    fn square_of(bit: u32) -> Square;
    /// Knight attacks from bit `sq`.
    fn knight_attacks(sq: u32) -> Self::Bits;
    /// King attacks from bit `sq`.
    fn king_attacks(sq: u32) -> Self::Bits;
    /// Squares a pawn of `color` on `sq` attacks.
    fn pawn_attacks(color: Color, sq: u32) -> Self::Bits;
    /// Rook attacks from `sq` given the occupied squares.
    fn rook_attacks(sq: u32, occupied: Self::Bits) -> Self::Bits;
    /// Bishop attacks from `sq` given the occupied squares.
    fn bishop_attacks(sq: u32, occupied: Self::Bits) -> Self::Bits;
    /// Rook attacks from `sq` on an empty board.
    fn rook_rays(sq: u32) -> Self::Bits {
        Self::rook_attacks(sq, Self::Bits::EMPTY)
    }
    /// Bishop attacks from `sq` on an empty board.
    fn bishop_rays(sq: u32) -> Self::Bits {
        Self::bishop_attacks(sq, Self::Bits::EMPTY)
    }
    /// Squares strictly between `a` and `b` if aligned, else empty.
    fn between(a: u32, b: u32) -> Self::Bits;
    /// The full line through `a` and `b` if aligned, else empty.
    fn line(a: u32, b: u32) -> Self::Bits;
    /// All squares of a file.
    fn file_mask(file: u32) -> Self::Bits;
    /// All squares of a rank.
    fn rank_mask(rank: u32) -> Self::Bits;

    /// The set holding one square.
    #[inline(always)]
    fn square_bit(sq: Square) -> Self::Bits {
        Self::Bits::bit(Self::bit_of(sq))
    }
}

const fn leaper_table<const N: usize>(width: u32, steps: &[(i32, i32)]) -> [u128; N] {
    let mut out = [0u128; N];
    let mut sq = 0;
    while sq < N {
        out[sq] = rays::leaper_attacks(width, sq as u32, steps);
        sq += 1;
    }
    out
}

/// Each square's slider attacks along `directions` on an empty board.
const fn empty_board_slider_table<const N: usize>(width: u32, directions: &[(i32, i32)]) -> [u128; N] {
    let mut out = [0u128; N];
    let mut sq = 0;
    while sq < N {
        out[sq] = rays::slider_attacks(width, sq as u32, 0, directions);
        sq += 1;
    }
    out
}

const fn pawn_table<const N: usize>(width: u32) -> [[u128; N]; 2] {
    [leaper_table::<N>(width, &[(-1, 1), (1, 1)]), leaper_table::<N>(width, &[(-1, -1), (1, -1)])]
}

const fn pair_table<const N: usize>(width: u32, whole_line: bool) -> [[u128; N]; N] {
    let mut out = [[0u128; N]; N];
    let mut a = 0;
    while a < N {
        let mut b = 0;
        while b < N {
            out[a][b] = if whole_line {
                rays::line(width, a as u32, b as u32)
            } else {
                rays::between(width, a as u32, b as u32)
            };
            b += 1;
        }
        a += 1;
    }
    out
}

const fn narrow<const N: usize>(t: [u128; N]) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = t[i] as u64;
        i += 1;
    }
    out
}

const fn narrow2<const N: usize>(t: [[u128; N]; N]) -> [[u64; N]; N] {
    let mut out = [[0u64; N]; N];
    let mut i = 0;
    while i < N {
        out[i] = narrow(t[i]);
        i += 1;
    }
    out
}

/// One square's entry in a magic-bitboard table.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: u32,
}

mod magics {
    use super::Magic;
    include!(concat!(env!("OUT_DIR"), "/magics.rs"));
}

#[inline(always)]
fn magic_lookup(m: &Magic, occupied: u64) -> u64 {
    let index = ((occupied & m.mask).wrapping_mul(m.factor) >> m.shift) as usize;
    magics::SLIDER_ATTACKS[m.offset as usize + index]
}

/// The 8×8 board (`u64` sets, magic-bitboard sliders).
///
/// ```
/// use forsyth::bitboard::{Bits, Shape, Shape8};
/// use forsyth::{BoardShape, Square};
/// assert_eq!((Shape8::SHAPE, Shape8::WIDTH, Shape8::ALL.count()), (BoardShape::Standard, 8, 64));
/// assert_eq!(Shape8::bit_of(Square::E4), 28); // rank * 8 + file
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Shape8;

static KNIGHT8: [u64; 64] = narrow(leaper_table::<64>(8, &rays::KNIGHT_STEPS));
static KING8: [u64; 64] = narrow(leaper_table::<64>(8, &rays::KING_STEPS));
static PAWN8: [[u64; 64]; 2] = {
    let t = pawn_table::<64>(8);
    [narrow(t[0]), narrow(t[1])]
};
static BETWEEN8: [[u64; 64]; 64] = narrow2(pair_table::<64>(8, false));
static LINE8: [[u64; 64]; 64] = narrow2(pair_table::<64>(8, true));

impl Shape for Shape8 {
    type Bits = u64;
    const SHAPE: BoardShape = BoardShape::Standard;
    const WIDTH: u32 = 8;
    const ALL: u64 = u64::MAX;
    const COMPOUNDS: bool = false;
    const CHEAP_SLIDERS: bool = true;

    #[inline(always)]
    fn bit_of(sq: Square) -> u32 {
        let i = sq.index() as u32;
        (i & 7) | ((i >> 1) & 0x38)
    }
    #[inline(always)]
    fn square_of(bit: u32) -> Square {
        Square::new(
            File::new((bit & 7) as u8).unwrap_or(File::A),
            Rank::new((bit >> 3) as u8 & 7).unwrap_or(Rank::FIRST),
        )
    }
    #[inline(always)]
    fn knight_attacks(sq: u32) -> u64 {
        KNIGHT8[sq as usize]
    }
    #[inline(always)]
    fn king_attacks(sq: u32) -> u64 {
        KING8[sq as usize]
    }
    #[inline(always)]
    fn pawn_attacks(color: Color, sq: u32) -> u64 {
        PAWN8[color.index()][sq as usize]
    }
    #[inline(always)]
    fn rook_attacks(sq: u32, occupied: u64) -> u64 {
        magic_lookup(&magics::ROOK_MAGICS[sq as usize], occupied)
    }
    #[inline(always)]
    fn bishop_attacks(sq: u32, occupied: u64) -> u64 {
        magic_lookup(&magics::BISHOP_MAGICS[sq as usize], occupied)
    }
    #[inline(always)]
    fn between(a: u32, b: u32) -> u64 {
        BETWEEN8[a as usize][b as usize]
    }
    #[inline(always)]
    fn line(a: u32, b: u32) -> u64 {
        LINE8[a as usize][b as usize]
    }
    #[inline(always)]
    fn file_mask(file: u32) -> u64 {
        0x0101_0101_0101_0101 << file
    }
    #[inline(always)]
    fn rank_mask(rank: u32) -> u64 {
        0xff << (8 * rank)
    }
}

/// The 10×8 board (`u128` sets, sliders looked up line by line).
///
/// ```
/// use forsyth::bitboard::{Bits, Shape, Shape10};
/// use forsyth::{BoardShape, Square};
/// assert_eq!((Shape10::SHAPE, Shape10::WIDTH, Shape10::ALL.count()), (BoardShape::Wide, 10, 80));
/// assert_eq!(Shape10::bit_of(Square::E4), 34); // rank * 10 + file
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Shape10;

static KNIGHT10: [u128; 80] = leaper_table::<80>(10, &rays::KNIGHT_STEPS);
static KING10: [u128; 80] = leaper_table::<80>(10, &rays::KING_STEPS);
static PAWN10: [[u128; 80]; 2] = pawn_table::<80>(10);
static BETWEEN10: [[u128; 80]; 80] = pair_table::<80>(10, false);
static LINE10: [[u128; 80]; 80] = pair_table::<80>(10, true);

static ROOK_RAYS10: [u128; 80] = empty_board_slider_table::<80>(10, &rays::ROOK_DIRECTIONS);

static BISHOP_RAYS10: [u128; 80] = empty_board_slider_table::<80>(10, &rays::BISHOP_DIRECTIONS);

impl Shape for Shape10 {
    type Bits = u128;
    const SHAPE: BoardShape = BoardShape::Wide;
    const WIDTH: u32 = 10;
    const ALL: u128 = (1u128 << 80) - 1;
    const COMPOUNDS: bool = true;
    const CHEAP_SLIDERS: bool = false;

    #[inline(always)]
    fn bit_of(sq: Square) -> u32 {
        let i = sq.index() as u32;
        (i >> 4) * 10 + (i & 15)
    }
    #[inline(always)]
    fn square_of(bit: u32) -> Square {
        Square::new(
            File::new((bit % 10) as u8).unwrap_or(File::A),
            Rank::new((bit / 10) as u8 & 7).unwrap_or(Rank::FIRST),
        )
    }
    #[inline(always)]
    fn knight_attacks(sq: u32) -> u128 {
        KNIGHT10[sq as usize]
    }
    #[inline(always)]
    fn king_attacks(sq: u32) -> u128 {
        KING10[sq as usize]
    }
    #[inline(always)]
    fn pawn_attacks(color: Color, sq: u32) -> u128 {
        PAWN10[color.index()][sq as usize]
    }
    #[inline(always)]
    fn rook_attacks(sq: u32, occupied: u128) -> u128 {
        wide_sliders::rook_attacks(sq, occupied)
    }
    #[inline(always)]
    fn bishop_attacks(sq: u32, occupied: u128) -> u128 {
        wide_sliders::bishop_attacks(sq, occupied)
    }
    #[inline(always)]
    fn rook_rays(sq: u32) -> u128 {
        ROOK_RAYS10[sq as usize]
    }
    #[inline(always)]
    fn bishop_rays(sq: u32) -> u128 {
        BISHOP_RAYS10[sq as usize]
    }
    #[inline(always)]
    fn between(a: u32, b: u32) -> u128 {
        BETWEEN10[a as usize][b as usize]
    }
    #[inline(always)]
    fn line(a: u32, b: u32) -> u128 {
        LINE10[a as usize][b as usize]
    }
    #[inline(always)]
    fn file_mask(file: u32) -> u128 {
        const FILE_A: u128 = {
            let mut m = 0u128;
            let mut r = 0;
            while r < 8 {
                m |= 1 << (10 * r);
                r += 1;
            }
            m
        };
        FILE_A << file
    }
    #[inline(always)]
    fn rank_mask(rank: u32) -> u128 {
        0x3ffu128 << (10 * rank)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_than_agrees_with_the_count() {
        let mut rng = fastrand::Rng::with_seed(9);
        for i in 0..2_000 {
            let set = match i % 3 {
                0 => rng.u128(..) & rng.u128(..) & rng.u128(..) & rng.u128(..),
                1 => rng.u128(..),
                _ => 1u128 << rng.u32(0..128),
            };
            for n in 0..6 {
                assert_eq!(set.more_than(n), set.count() > n, "{set:#x} {n}");
                assert_eq!((set as u64).more_than(n), (set as u64).count() > n, "{set:#x} {n}");
            }
        }
    }

    #[test]
    fn magic_sliders_match_ray_scan() {
        let mut rng = fastrand::Rng::with_seed(7);
        for sq in 0..64u32 {
            for _ in 0..200 {
                let occ = rng.u64(..) & rng.u64(..);
                assert_eq!(
                    Shape8::rook_attacks(sq, occ) as u128,
                    rays::slider_attacks(8, sq, occ as u128, &rays::ROOK_DIRECTIONS)
                );
                assert_eq!(
                    Shape8::bishop_attacks(sq, occ) as u128,
                    rays::slider_attacks(8, sq, occ as u128, &rays::BISHOP_DIRECTIONS)
                );
            }
        }
    }

    #[test]
    fn wide_sliders_match_ray_walk() {
        let mut rng = fastrand::Rng::with_seed(8);
        for sq in 0..80u32 {
            for i in 0..400 {
                // Sparse, medium and dense boards, and the empty board.
                let occ = match i % 4 {
                    0 => rng.u128(..) & rng.u128(..) & rng.u128(..),
                    1 => rng.u128(..) & rng.u128(..),
                    2 => rng.u128(..) | rng.u128(..),
                    _ => 0,
                } & Shape10::ALL;
                assert_eq!(Shape10::rook_attacks(sq, occ), rays::slider_attacks(10, sq, occ, &rays::ROOK_DIRECTIONS));
                assert_eq!(
                    Shape10::bishop_attacks(sq, occ),
                    rays::slider_attacks(10, sq, occ, &rays::BISHOP_DIRECTIONS)
                );
            }
        }
    }

    #[test]
    fn for_each_member_visits_what_iter_does() {
        let mut rng = fastrand::Rng::with_seed(9);
        for _ in 0..1000 {
            let wide = rng.u128(..) & rng.u128(..);
            let mut members = Vec::new();
            wide.for_each_member(|i| members.push(i));
            assert_eq!(members, wide.iter().collect::<Vec<_>>());
            let narrow = rng.u64(..);
            let mut members = Vec::new();
            narrow.for_each_member(|i| members.push(i));
            assert_eq!(members, narrow.iter().collect::<Vec<_>>());
        }
    }

    #[test]
    fn square_bits_round_trip() {
        for sq in BoardShape::Standard.squares() {
            assert_eq!(Shape8::square_of(Shape8::bit_of(sq)), sq);
        }
        for (i, sq) in BoardShape::Wide.squares().enumerate() {
            assert_eq!(Shape10::bit_of(sq), i as u32);
            assert_eq!(Shape10::square_of(i as u32), sq);
        }
        assert_eq!(Shape10::file_mask(0).count(), 8);
        assert!(Shape10::file_mask(9).has(79));
    }
}
