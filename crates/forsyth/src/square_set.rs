//! A set of squares that works on every board shape.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::geometry::Square;

/// A set of squares, indexed by [`Square::index`], so the same set means the same squares on 8×8 and 10×8.
///
/// ```
/// use forsyth::{Square, SquareSet};
/// let mut set = SquareSet::EMPTY;
/// set.insert(Square::E4);
/// set.insert(Square::A1);
/// assert!(set.contains(Square::E4));
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![Square::A1, Square::E4]);
///
/// let e_file: SquareSet = [Square::E2, Square::E4].into_iter().collect();
/// assert_eq!(set & e_file, SquareSet::single(Square::E4));
/// assert_eq!((set | e_file).len(), 3);
/// assert_eq!(set ^ e_file, [Square::A1, Square::E2].into_iter().collect());
/// assert_eq!((!set).len(), 78); // the 80 squares of a 10×8 board, less two
/// for sq in set { assert!(e_file.contains(sq) || sq == Square::A1); }
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(u128);

impl SquareSet {
    /// No squares.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Every square of the largest board (10×8): what [`Not`] complements within.
    pub const ALL: SquareSet = {
        // Ten files on each of the eight ranks, 16 bits apart (see `Square::index`).
        let mut bits = 0;
        let mut rank = 0;
        while rank < 8 {
            bits |= 0x3ff << (rank * 16);
            rank += 1;
        }
        SquareSet(bits)
    };

    /// The set with one square.
    ///
    /// ```
    /// use forsyth::{Square, SquareSet};
    /// let set = SquareSet::single(Square::E4);
    /// assert_eq!(set.len(), 1);
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [Square::E4]);
    /// ```
    pub const fn single(sq: Square) -> SquareSet {
        SquareSet(1 << sq.index())
    }

    /// The set with these bits (bit [`Square::index`] for each square).
    pub(crate) const fn from_bits(bits: u128) -> SquareSet {
        SquareSet(bits)
    }

    /// Whether the square is in the set.
    ///
    /// ```
    /// use forsyth::{Square, SquareSet};
    /// let set: SquareSet = [Square::A1, Square::H8].into_iter().collect();
    /// assert!(set.contains(Square::H8));
    /// assert!(!set.contains(Square::E4));
    /// ```
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// Adds a square.
    ///
    /// ```
    /// use forsyth::{Square, SquareSet};
    /// let mut set = SquareSet::EMPTY;
    /// set.insert(Square::J8);
    /// set.insert(Square::J8);
    /// assert_eq!(set, SquareSet::single(Square::J8)); // inserting twice keeps one
    /// ```
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    /// Removes a square.
    ///
    /// ```
    /// use forsyth::{Square, SquareSet};
    /// let mut set: SquareSet = [Square::E2, Square::E4].into_iter().collect();
    /// set.remove(Square::E2);
    /// set.remove(Square::A1); // not in the set: nothing happens
    /// assert_eq!(set, SquareSet::single(Square::E4));
    /// ```
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    /// Number of squares.
    ///
    /// ```
    /// use forsyth::{Square, SquareSet};
    /// assert_eq!(SquareSet::EMPTY.len(), 0);
    /// assert_eq!(SquareSet::ALL.len(), 80);
    /// assert_eq!([Square::A1, Square::B1].into_iter().collect::<SquareSet>().len(), 2);
    /// ```
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// `true` if empty.
    ///
    /// ```
    /// use forsyth::{Square, SquareSet};
    /// assert!(SquareSet::EMPTY.is_empty());
    /// assert!(!SquareSet::single(Square::A1).is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The squares, a1 first, rank by rank.
    ///
    /// ```
    /// use forsyth::{Square, SquareSet};
    /// let set: SquareSet = [Square::A8, Square::H1, Square::E4].into_iter().collect();
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [Square::H1, Square::E4, Square::A8]);
    /// ```
    pub fn iter(self) -> Squares {
        Squares(self.0)
    }
}

/// The squares of a [`SquareSet`], a1 first, rank by rank.
///
/// ```
/// use forsyth::{Square, SquareSet};
/// let set: SquareSet = [Square::E4, Square::D5].into_iter().collect();
/// let mut squares = set.iter();
/// assert_eq!((squares.next(), squares.next(), squares.next()), (Some(Square::E4), Some(Square::D5), None));
/// ```
#[derive(Clone, Debug)]
pub struct Squares(u128);

impl Iterator for Squares {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Square::from_index(i)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = Squares;
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

/// Implements a binary set operation and its assigning form on the bits.
macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for SquareSet {
            type Output = SquareSet;
            fn $method(self, other: SquareSet) -> SquareSet {
                SquareSet(self.0 $op other.0)
            }
        }

        impl $assign_trait for SquareSet {
            fn $assign_method(&mut self, other: SquareSet) {
                self.0 = self.0 $op other.0;
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

/// The squares of the 10×8 board not in the set (intersect with a board's squares for 8×8).
impl Not for SquareSet {
    type Output = SquareSet;
    fn not(self) -> SquareSet {
        SquareSet(!self.0 & SquareSet::ALL.0)
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
