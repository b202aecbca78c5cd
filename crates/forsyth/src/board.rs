//! Piece placement on a board of either shape, as FEN's first field describes it.

use crate::{BoardShape, Color, Piece, Role, Square, SquareSet, Variant};

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

    /// The mailbox indexed by [`Square::index`].
    pub(crate) const fn mailbox(&self) -> &[Option<Piece>; 128] {
        &self.squares
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

    /// How many pieces of `color` and `role` must be promoted pawns: those beyond the start array's count of that
    /// role (seed 001's „Umwandlungsfiguren“). The rest may be original pieces or promoted ones; the board alone
    /// cannot tell.
    ///
    /// ```
    /// use forsyth::{Color, Role, Variant, notation::fen::Fen};
    /// let fen: Fen = "4k3/8/8/8/8/8/8/QQ2K2R w - - 0 1".parse().unwrap();
    /// assert_eq!(fen.setup.board.certainly_promoted(Color::White, Role::Queen, Variant::Standard), 1);
    /// assert_eq!(fen.setup.board.certainly_promoted(Color::White, Role::Rook, Variant::Standard), 0);
    /// ```
    pub fn certainly_promoted(&self, color: Color, role: Role, variant: Variant) -> usize {
        if matches!(role, Role::Pawn | Role::King) {
            return 0;
        }
        self.count_role(color, role).saturating_sub(variant.start_count(role))
    }

    /// The fewest and the most promoted pieces `color` can have: at least the sum of
    /// [`Board::certainly_promoted`], at most one per missing pawn (and never more than its officers other than the
    /// king). When the most is 0, every officer is an original piece (seed 001's „Originalfiguren“).
    ///
    /// ```
    /// use forsyth::{Color, Variant, notation::fen::Fen};
    /// let fen: Fen = "rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/QNBQKBNR w Kkq - 0 1".parse().unwrap();
    /// let board = &fen.setup.board;
    /// assert_eq!(board.promoted_range(Color::White, Variant::Standard), (1, 1));
    /// assert_eq!(board.promoted_range(Color::Black, Variant::Standard), (0, 0));
    /// ```
    pub fn promoted_range(&self, color: Color, variant: Variant) -> (usize, usize) {
        let at_least = Role::ALL.iter().map(|&r| self.certainly_promoted(color, r, variant)).sum();
        let missing_pawns = variant.start_count(Role::Pawn).saturating_sub(self.count_role(color, Role::Pawn));
        let promotable = Role::ALL
            .iter()
            .filter(|r| !matches!(r, Role::Pawn | Role::King))
            .map(|&r| self.count_role(color, r))
            .sum::<usize>();
        (at_least, missing_pawns.min(promotable).max(at_least))
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
