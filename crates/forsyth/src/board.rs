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
    // Bit sets indexed by `Square::index` (16 bits per rank, the same on both shapes); a square is in at most one
    // colour set and one role set, and only squares on the board are ever set.
    by_color: [u128; 2],
    by_role: [u128; 8],
}

impl Board {
    /// A board with no pieces.
    ///
    /// ```
    /// use forsyth::{Board, BoardShape, Color};
    /// let board = Board::empty(BoardShape::Wide);
    /// assert_eq!(board.pieces().count(), 0);
    /// assert_eq!(board.count(Color::White), 0);
    /// assert_eq!(board.shape(), BoardShape::Wide);
    /// ```
    pub const fn empty(shape: BoardShape) -> Board {
        Board { shape, by_color: [0; 2], by_role: [0; 8] }
    }

    /// A board from bit sets indexed by [`Square::index`]; the caller keeps each square in at most one set of
    /// each kind, and on the board.
    pub(crate) const fn from_bits(shape: BoardShape, by_color: [u128; 2], by_role: [u128; 8]) -> Board {
        Board { shape, by_color, by_role }
    }

    /// The squares of a colour's pieces as bits indexed by [`Square::index`].
    #[inline(always)]
    pub(crate) const fn color_bits(&self, color: Color) -> u128 {
        self.by_color[color as usize]
    }

    /// The squares of a role's pieces (either colour) as bits indexed by [`Square::index`].
    #[inline(always)]
    pub(crate) const fn role_bits(&self, role: Role) -> u128 {
        self.by_role[role as usize]
    }

    /// The board's shape.
    ///
    /// ```
    /// use forsyth::{Board, BoardShape, Setup, Variant};
    /// assert_eq!(Board::empty(BoardShape::Standard).shape(), BoardShape::Standard);
    /// assert_eq!(Setup::start(Variant::Capablanca).board.shape(), BoardShape::Wide);
    /// ```
    pub const fn shape(&self) -> BoardShape {
        self.shape
    }

    /// The piece on a square (`None` also for squares off this board).
    ///
    /// ```
    /// use forsyth::{Color, Piece, Role, Setup, Square, Variant};
    /// let board = Setup::start(Variant::Standard).board;
    /// assert_eq!(board.piece_at(Square::D8), Some(Piece::new(Color::Black, Role::Queen)));
    /// assert_eq!(board.piece_at(Square::E4), None);
    /// assert_eq!(board.piece_at(Square::I1), None); // off an 8×8 board
    /// ```
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let bit = 1u128 << sq.index();
        let color = if self.by_color[0] & bit != 0 {
            Color::White
        } else if self.by_color[1] & bit != 0 {
            Color::Black
        } else {
            return None;
        };
        let role = Role::ALL.into_iter().find(|r| self.by_role[r.index()] & bit != 0)?;
        Some(Piece::new(color, role))
    }

    /// Puts a piece on a square, or clears it. Squares off the board are ignored.
    ///
    /// ```
    /// use forsyth::{Board, BoardShape, Piece, Square};
    /// let (mut board, knight) = (Board::empty(BoardShape::Standard), Piece::from_char('N'));
    /// board.set(Square::E4, knight);
    /// board.set(Square::I1, knight); // off the board: ignored
    /// assert_eq!(board.pieces().collect::<Vec<_>>(), [(Square::E4, knight.unwrap())]);
    /// board.set(Square::E4, None);
    /// assert_eq!(board.piece_at(Square::E4), None);
    /// ```
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        if !self.shape.contains(sq) {
            return;
        }
        let bit = 1u128 << sq.index();
        for set in self.by_color.iter_mut().chain(self.by_role.iter_mut()) {
            *set &= !bit;
        }
        if let Some(p) = piece {
            self.by_color[p.color.index()] |= bit;
            self.by_role[p.role.index()] |= bit;
        }
    }

    /// Every piece with its square, a1 first, rank by rank.
    ///
    /// ```
    /// use forsyth::{Setup, Square, Variant};
    /// let board = Setup::start(Variant::Standard).board;
    /// let letters: String = board.pieces().take(8).map(|(_, p)| p.char()).collect();
    /// assert_eq!(letters, "RNBQKBNR");
    /// assert_eq!(board.pieces().last().map(|(sq, p)| (sq, p.char())), Some((Square::H8, 'r')));
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let occupied = SquareSet::from_bits(self.by_color[0] | self.by_color[1]);
        occupied.iter().filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The squares holding this piece.
    ///
    /// ```
    /// use forsyth::{Color, Piece, Role, Setup, Square, Variant};
    /// let board = Setup::start(Variant::Standard).board;
    /// let knights = board.squares_of(Piece::new(Color::White, Role::Knight));
    /// assert_eq!(knights.iter().collect::<Vec<_>>(), [Square::B1, Square::G1]);
    /// ```
    pub fn squares_of(&self, piece: Piece) -> SquareSet {
        SquareSet::from_bits(self.by_color[piece.color.index()] & self.by_role[piece.role.index()])
    }

    /// Number of pieces (pawns included) of a colour.
    ///
    /// ```
    /// use forsyth::{Color, Setup, Variant};
    /// assert_eq!(Setup::start(Variant::Standard).board.count(Color::White), 16);
    /// assert_eq!(Setup::start(Variant::Capablanca).board.count(Color::Black), 20);
    /// ```
    pub fn count(&self, color: Color) -> usize {
        self.by_color[color.index()].count_ones() as usize
    }

    /// Number of pieces of a colour and role.
    ///
    /// ```
    /// use forsyth::{Color, Role, Setup, Variant};
    /// let board = Setup::start(Variant::Standard).board;
    /// assert_eq!(board.count_role(Color::White, Role::Pawn), 8);
    /// assert_eq!(board.count_role(Color::Black, Role::Queen), 1);
    /// assert_eq!(board.count_role(Color::Black, Role::Chancellor), 0);
    /// ```
    pub fn count_role(&self, color: Color, role: Role) -> usize {
        self.squares_of(Piece::new(color, role)).len()
    }

    /// How many pieces of `color` and `role` must be promoted pawns: those beyond the start array's count of that
    /// role (the German problem-chess conventions' „Umwandlungsfiguren“). The rest may be original pieces or promoted ones; the board alone
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
    /// king). When the most is 0, every officer is an original piece (the German problem-chess conventions' „Originalfiguren“).
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
    ///
    /// ```
    /// use forsyth::{Board, BoardShape, Color, Piece, Setup, Square, Variant};
    /// assert_eq!(Setup::start(Variant::Standard).board.king(Color::Black), Some(Square::E8));
    /// let mut board = Board::empty(BoardShape::Standard);
    /// board.set(Square::A1, Some(Piece::from_char('K').unwrap()));
    /// board.set(Square::H1, Some(Piece::from_char('K').unwrap()));
    /// assert_eq!(board.king(Color::White), None); // two white kings: not exactly one
    /// ```
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
