//! Piece placement on a board of either shape, as FEN's first field describes it.

use crate::{BoardShape, Color, Piece, Role, Square, SquareSet};

/// Which piece stands on each square of an 8×8 or 10×8 board. No rules are checked here: a board may hold
/// anything, including no kings; [`crate::Position`] checks the rules.
///
/// ```
/// use forsyth::{Board, BoardShape, Color, Piece, Role, Square};
/// let mut board = Board::empty(BoardShape::Standard);
/// board.set(Square::E1, Some(Piece::new(Color::White, Role::King)));
/// assert_eq!(board.piece_at(Square::E1).unwrap().role, Role::King);
/// assert_eq!(board.count(Color::White), 1);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    shape: BoardShape,
    squares: [Option<Piece>; 128],
}

impl Board {
    /// A board with no pieces.
    pub const fn empty(shape: BoardShape) -> Board {
        Board { shape, squares: [None; 128] }
    }

    /// A board from a mailbox indexed by [`Square::index`]; entries off the board must be empty.
    pub(crate) const fn from_squares(shape: BoardShape, squares: [Option<Piece>; 128]) -> Board {
        Board { shape, squares }
    }

    /// The board's shape.
    pub const fn shape(&self) -> BoardShape {
        self.shape
    }

    /// The piece on a square (`None` also for squares off this board).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Puts a piece on a square, or clears it. Squares off the board are ignored.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        if self.shape.contains(sq) {
            self.squares[sq.index()] = piece;
        }
    }

    /// Every piece with its square, a1 first, rank by rank.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.shape.squares().filter_map(|sq| self.squares[sq.index()].map(|p| (sq, p)))
    }

    /// The squares holding this piece.
    pub fn squares_of(&self, piece: Piece) -> SquareSet {
        self.pieces().filter(|&(_, p)| p == piece).map(|(sq, _)| sq).collect()
    }

    /// Number of pieces (pawns included) of a colour.
    pub fn count(&self, color: Color) -> usize {
        self.pieces().filter(|(_, p)| p.color == color).count()
    }

    /// Number of pieces of a colour and role.
    pub fn count_role(&self, color: Color, role: Role) -> usize {
        self.pieces().filter(|&(_, p)| p == Piece::new(color, role)).count()
    }

    /// The square of the king of `color`, if there is exactly one.
    pub fn king(&self, color: Color) -> Option<Square> {
        let kings = self.squares_of(Piece::new(color, Role::King));
        if kings.len() == 1 { kings.iter().next() } else { None }
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for rank in (0..8u8).rev() {
            for file in 0..self.shape.files() {
                let sq = Square::from_index((rank as usize) * 16 + file as usize).expect("on board");
                let c = self.piece_at(sq).map_or('.', |p| p.char());
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
