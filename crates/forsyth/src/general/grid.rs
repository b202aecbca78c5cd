//! The board of the general position: its size, its topology and the one function that steps from a square.

use crate::{File, Rank, Square, Topology};

/// A square of a [`Grid`]: `rank × files + file`.
///
/// ```
/// use forsyth::Topology;
/// use forsyth::general::{Cell, Grid};
/// let grid = Grid::new(10, 8, Topology::Plain).unwrap();
/// let c3: Cell = grid.cell(2, 2);
/// assert_eq!((c3, grid.name(c3)), (22, "c3".to_string()));
/// ```
pub type Cell = u16;

/// A board of any size up to [`Grid::MAX_SIDE`] files and ranks, with a topology.
///
/// ```
/// use forsyth::Topology;
/// use forsyth::general::Grid;
/// let cylinder = Grid::new(8, 8, Topology::VerticalCylinder).unwrap();
/// let h1 = cylinder.cell(7, 0);
/// assert_eq!(cylinder.step(h1, 1, 0), Some(cylinder.cell(0, 0)));
/// assert_eq!(Grid::new(8, 8, Topology::Plain).unwrap().step(h1, 1, 0), None);
/// assert_eq!(cylinder.name(h1), "h1");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    files: u8,
    ranks: u8,
    topology: Topology,
}

impl Grid {
    /// The largest number of files or ranks.
    pub const MAX_SIDE: u8 = 64;

    /// A board of `files × ranks` squares (1 to [`Grid::MAX_SIDE`] each).
    ///
    /// ```
    /// use forsyth::{Topology, general::Grid};
    /// assert!(Grid::new(12, 12, Topology::Torus).is_some());
    /// assert_eq!(Grid::new(0, 8, Topology::Plain), None);
    /// assert_eq!(Grid::new(65, 8, Topology::Plain), None); // more than Grid::MAX_SIDE files
    /// ```
    pub const fn new(files: u8, ranks: u8, topology: Topology) -> Option<Grid> {
        if files == 0 || ranks == 0 || files > Grid::MAX_SIDE || ranks > Grid::MAX_SIDE {
            return None;
        }
        Some(Grid { files, ranks, topology })
    }

    /// Files.
    ///
    /// ```
    /// use forsyth::{Topology, general::Grid};
    /// assert_eq!(Grid::new(10, 8, Topology::Plain).unwrap().files(), 10);
    /// ```
    pub const fn files(self) -> u8 {
        self.files
    }

    /// Ranks.
    ///
    /// ```
    /// use forsyth::{Topology, general::Grid};
    /// assert_eq!(Grid::new(10, 8, Topology::Plain).unwrap().ranks(), 8);
    /// ```
    pub const fn ranks(self) -> u8 {
        self.ranks
    }

    /// How the edges join.
    ///
    /// ```
    /// use forsyth::{Topology, general::Grid};
    /// let grid = Grid::new(8, 8, Topology::HorizontalCylinder).unwrap();
    /// assert_eq!((grid.topology().wraps_files(), grid.topology().wraps_ranks()), (false, true));
    /// ```
    pub const fn topology(self) -> Topology {
        self.topology
    }

    /// Number of squares.
    ///
    /// ```
    /// use forsyth::{Topology, general::Grid};
    /// assert_eq!(Grid::new(10, 8, Topology::Plain).unwrap().size(), 80);
    /// assert_eq!(Grid::new(Grid::MAX_SIDE, Grid::MAX_SIDE, Topology::Torus).unwrap().size(), 4096);
    /// ```
    pub const fn size(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// The cell of (file, rank), both counted from 0.
    ///
    /// ```
    /// use forsyth::{Topology, general::Grid};
    /// let grid = Grid::new(8, 8, Topology::Plain).unwrap();
    /// assert_eq!(grid.cell(4, 3), 28); // e4: rank 3 × 8 files + file 4
    /// assert_eq!(grid.name(grid.cell(4, 3)), "e4");
    /// ```
    pub const fn cell(self, file: u8, rank: u8) -> Cell {
        rank as Cell * self.files as Cell + file as Cell
    }

    /// The file of a cell, from 0.
    ///
    /// ```
    /// use forsyth::{Topology, general::Grid};
    /// let grid = Grid::new(10, 8, Topology::Plain).unwrap();
    /// assert_eq!(grid.file_of(grid.parse("j2").unwrap()), 9);
    /// ```
    pub const fn file_of(self, cell: Cell) -> u8 {
        (cell % self.files as Cell) as u8
    }

    /// The rank of a cell, from 0.
    ///
    /// ```
    /// use forsyth::{Topology, general::Grid};
    /// let grid = Grid::new(10, 8, Topology::Plain).unwrap();
    /// assert_eq!(grid.rank_of(grid.parse("j2").unwrap()), 1);
    /// ```
    pub const fn rank_of(self, cell: Cell) -> u8 {
        (cell / self.files as Cell) as u8
    }

    /// The square `files` files and `ranks` ranks away, through joined edges; `None` off the board.
    ///
    /// ```
    /// use forsyth::{Topology, general::Grid};
    /// let torus = Grid::new(8, 8, Topology::Torus).unwrap();
    /// let h8 = torus.parse("h8").unwrap();
    /// assert_eq!(torus.step(h8, 1, 1).map(|c| torus.name(c)).as_deref(), Some("a1")); // both edges joined
    /// assert_eq!(torus.step(h8, -2, 1).map(|c| torus.name(c)).as_deref(), Some("f1"));
    /// let plain = Grid::new(8, 8, Topology::Plain).unwrap();
    /// assert_eq!(plain.step(h8, 1, 1), None);
    /// ```
    #[inline]
    pub fn step(self, cell: Cell, files: i32, ranks: i32) -> Option<Cell> {
        self.step_wrapping(cell, files, ranks, self.topology.wraps_ranks())
    }

    /// [`Grid::step`] with the ranks' joining switched off when `wrap_ranks` is false (pawns never cross the
    /// joined first and last ranks: they promote on their last rank). With `wrap_ranks`, the ranks join only where
    /// the topology joins them.
    ///
    /// ```
    /// use forsyth::{Topology, general::Grid};
    /// let torus = Grid::new(8, 8, Topology::Torus).unwrap();
    /// let e8 = torus.parse("e8").unwrap();
    /// assert_eq!(torus.step_wrapping(e8, 0, 1, true), torus.parse("e1"));
    /// assert_eq!(torus.step_wrapping(e8, 0, 1, false), None); // a pawn's step off its last rank
    /// let plain = Grid::new(8, 8, Topology::Plain).unwrap();
    /// assert_eq!(plain.step_wrapping(e8, 0, 1, true), None);
    /// ```
    #[inline]
    pub fn step_wrapping(self, cell: Cell, files: i32, ranks: i32, wrap_ranks: bool) -> Option<Cell> {
        let (w, h) = (i32::from(self.files), i32::from(self.ranks));
        let mut f = i32::from(self.file_of(cell)) + files;
        let mut r = i32::from(self.rank_of(cell)) + ranks;
        if self.topology.wraps_files() {
            f = f.rem_euclid(w);
        } else if !(0..w).contains(&f) {
            return None;
        }
        if wrap_ranks && self.topology.wraps_ranks() {
            r = r.rem_euclid(h);
        } else if !(0..h).contains(&r) {
            return None;
        }
        Some((r * w + f) as Cell)
    }

    /// The square's name: file letter(s) and rank number (`e4`; files beyond `z` as `a1`… are not named).
    ///
    /// ```
    /// use forsyth::{Topology, general::Grid};
    /// let grid = Grid::new(12, 12, Topology::Plain).unwrap();
    /// assert_eq!(grid.name(grid.cell(11, 11)), "l12");
    /// let wide = Grid::new(30, 2, Topology::Plain).unwrap();
    /// assert_eq!(wide.name(wide.cell(26, 0)), "?1"); // the 27th file has no letter
    /// ```
    pub fn name(self, cell: Cell) -> String {
        let file = self.file_of(cell);
        let letter = if file < 26 { char::from(b'a' + file) } else { '?' };
        format!("{letter}{}", self.rank_of(cell) + 1)
    }

    /// The cell of a square name like `e4`, if on this board.
    ///
    /// ```
    /// use forsyth::{Topology, general::Grid};
    /// let grid = Grid::new(8, 8, Topology::Plain).unwrap();
    /// assert_eq!(grid.parse("e4"), Some(grid.cell(4, 3)));
    /// assert_eq!((grid.parse("i1"), grid.parse("a9"), grid.parse("e04")), (None, None, None));
    /// ```
    pub fn parse(self, text: &str) -> Option<Cell> {
        let mut chars = text.chars();
        let file = chars.next().filter(char::is_ascii_lowercase)? as u8 - b'a';
        let rest = chars.as_str();
        if rest.is_empty() || rest.starts_with('0') || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.len() > 2 {
            return None;
        }
        let rank = rest.parse::<u8>().ok()?.checked_sub(1)?;
        (file < self.files && rank < self.ranks).then(|| self.cell(file, rank))
    }

    /// The [`Square`] of a cell when the board is at most 10 × 8.
    ///
    /// ```
    /// use forsyth::{Square, Topology, general::Grid};
    /// let grid = Grid::new(10, 8, Topology::Plain).unwrap();
    /// assert_eq!(grid.square(grid.cell(4, 3)), Some(Square::E4));
    /// let big = Grid::new(12, 12, Topology::Plain).unwrap();
    /// assert_eq!(big.square(big.cell(10, 0)), None); // the k-file is beyond a 10 × 8 board
    /// ```
    pub fn square(self, cell: Cell) -> Option<Square> {
        Some(Square::new(File::new(self.file_of(cell))?, Rank::new(self.rank_of(cell))?))
    }
}
