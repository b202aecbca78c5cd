//! A set of squares that works on every board shape.

use std::fmt;

use crate::Square;

/// A set of squares, indexed by [`Square::index`], so the same set means the same squares on 8×8 and 10×8.
///
/// ```
/// use forsyth::{Square, SquareSet};
/// let mut set = SquareSet::EMPTY;
/// set.insert(Square::E4);
/// set.insert(Square::A1);
/// assert!(set.contains(Square::E4));
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![Square::A1, Square::E4]);
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(u128);

impl SquareSet {
    /// No squares.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// The set with one square.
    pub const fn single(sq: Square) -> SquareSet {
        SquareSet(1 << sq.index())
    }

    /// The set with these bits (bit [`Square::index`] for each square).
    pub(crate) const fn from_bits(bits: u128) -> SquareSet {
        SquareSet(bits)
    }

    /// Whether the square is in the set.
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// Adds a square.
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    /// Removes a square.
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    /// Number of squares.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// `true` if empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The squares, a1 first, rank by rank.
    pub fn iter(self) -> impl Iterator<Item = Square> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Square::from_index(i)
            }
        })
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
