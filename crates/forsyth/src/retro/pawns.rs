//! What the pawn structure implies: the files each pawn can have started on, and the fewest captures that puts
//! every pawn of a side on its file.

use arrayvec::ArrayVec;

use crate::bitboard::{Bits, Shape};
use crate::movegen::core::Core;
use crate::{Color, Role, Square};

/// The pawns of one side: for each, its file and how many files it can have changed (one per capture, one capture
/// per rank advanced).
pub(crate) struct Pawns {
    pawns: ArrayVec<(Square, u8), 10>,
    /// Files of the board: the start files there are.
    files: u8,
    /// Captures the side can have made: the opponent's missing units.
    pub(crate) budget: usize,
}

/// A pawn assignment's cost that no assignment reaches.
const UNREACHABLE: u8 = u8::MAX;

impl Pawns {
    pub(crate) fn of<S: Shape>(core: &Core<S>, color: Color) -> Pawns {
        let mut pawns = ArrayVec::new();
        for bit in core.pieces(color, Role::Pawn).iter().take(S::WIDTH as usize) {
            let rank = (bit / S::WIDTH) as u8;
            let advanced = if color.is_white() { rank.saturating_sub(1) } else { 6u8.saturating_sub(rank) };
            pawns.push((S::square_of(bit), advanced));
        }
        let units = 2 * S::WIDTH as usize;
        let budget = units.saturating_sub(core.by_color[(!color).index()].count() as usize);
        Pawns { pawns, files: S::WIDTH as u8, budget }
    }

    /// The files a pawn can start on.
    pub(crate) fn start_files(&self) -> std::ops::Range<u8> {
        0..self.files
    }

    /// The squares of the pawns.
    pub(crate) fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.pawns.iter().map(|&(sq, _)| sq)
    }

    /// The pawns that the fewest captures cannot leave on their own file: every cheapest assignment has them
    /// coming from another (all pawns if no such pawn stands out).
    pub(crate) fn off_file(&self) -> Vec<Square> {
        let least = self.min_captures();
        let off: Vec<Square> =
            self.squares().filter(|&sq| self.min_captures_with(Some((sq, sq.file().index())), None) != least).collect();
        if off.is_empty() { self.squares().collect() } else { off }
    }

    /// The fewest captures that bring each pawn from a file of its own, `None` if no assignment exists (more pawns
    /// than files they can have come from).
    pub(crate) fn min_captures(&self) -> Option<usize> {
        self.min_captures_with(None, None)
    }

    /// [`Pawns::min_captures`] with the pawn on `fixed.0` from file `fixed.1`, and no pawn from file `excluded`.
    pub(crate) fn min_captures_with(&self, fixed: Option<(Square, u8)>, excluded: Option<u8>) -> Option<usize> {
        // A table of one entry per set of start files: 256 on the 8×8 board, 1,024 on 10×8.
        // The board's files as a constant, so that the loop over start files unrolls as on a fixed board.
        if self.files == 8 {
            self.min_captures_in::<8, 256>(fixed, excluded)
        } else {
            self.min_captures_in::<10, 1024>(fixed, excluded)
        }
    }

    /// [`Pawns::min_captures_with`] on a board of `FILES` files, with a table of `SETS` entries (two to the power of
    /// `FILES`).
    fn min_captures_in<const FILES: u8, const SETS: usize>(
        &self,
        fixed: Option<(Square, u8)>,
        excluded: Option<u8>,
    ) -> Option<usize> {
        // By pawn, then by the set of start files used so far: a start file per pawn, each file once.
        let mut cost = [UNREACHABLE; SETS];
        cost[0] = 0;
        let n = self.pawns.len();
        for used in 0..SETS {
            let so_far = cost[used];
            let i = used.count_ones() as usize;
            if so_far == UNREACHABLE || i >= n {
                continue;
            }
            let (square, reach) = self.pawns[i];
            let file = square.file().index();
            for start in 0..FILES {
                let shift = file.abs_diff(start);
                let allowed = match fixed {
                    Some((sq, f)) if sq == square => start == f,
                    _ => true,
                };
                if used & 1 << start != 0 || shift > reach || !allowed || excluded == Some(start) {
                    continue;
                }
                let next = &mut cost[used | 1 << start];
                *next = (*next).min(so_far + shift);
            }
        }
        (0..SETS)
            .filter(|m| m.count_ones() as usize == n)
            .map(|m| cost[m])
            .filter(|&c| c != UNREACHABLE)
            .min()
            .map(usize::from)
    }

    /// Whether the pawns fit their files within the captures the side can have made, with the constraints given.
    pub(crate) fn fits(&self, fixed: Option<(Square, u8)>, excluded: Option<u8>) -> bool {
        self.min_captures_with(fixed, excluded).is_some_and(|c| c <= self.budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pawns(fen: &str, color: Color) -> Pawns {
        let pos = crate::retro::position_from_fen(fen).unwrap();
        match pos.standard_core() {
            Some(core) => Pawns::of(core, color),
            None => {
                Pawns::of(<crate::bitboard::Shape10 as crate::position::PositionShape>::core_of(&pos).unwrap(), color)
            }
        }
    }

    #[test]
    fn tripled_pawns_need_captures() {
        // White pawns on c3, c4, c5: two of them came from the b- and d-files (or further), two captures at least.
        let p = pawns("4k3/8/8/2P5/2P5/2P5/8/4K3 w - - 0 1", Color::White);
        assert_eq!(p.min_captures(), Some(2));
    }

    #[test]
    fn ten_files_give_pawns_ten_start_files() {
        // Ten white pawns on a 10×8 board, two of them doubled on the j-file: one came from the i-file.
        let p = pawns("4k5/10/10/10/10/9P/PPPPPPPP1P/4K5 w - - 0 1", Color::White);
        assert_eq!(p.min_captures(), Some(1));
        assert_eq!(p.start_files(), 0..10);
    }

    #[test]
    fn a_pawn_on_its_second_rank_never_moved() {
        let p = pawns("4k3/8/8/8/8/8/2P5/4K3 w - - 0 1", Color::White);
        assert!(!p.fits(Some((Square::C2, 1)), None));
        assert!(p.fits(Some((Square::C2, 2)), None));
    }
}
