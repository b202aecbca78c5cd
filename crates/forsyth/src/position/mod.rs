//! Positions: the rules of the game on top of a board, for every variant and both board shapes.

mod allow;
mod illegal;
#[allow(clippy::unreadable_literal)]
mod polyglot_keys;
mod state;
mod validate;
mod zobrist;

use std::fmt;

pub use allow::{Allowed, UnknownAllowCode};
pub use illegal::{CastlingBlock, IllegalReason};
pub use state::{History, Outcome, Status};
pub use validate::{CastlingRightProblem, EnPassantProblem, PositionError, Problem};
pub(crate) use validate::{double_check_possible, start_counts};

use crate::bitboard::{Bits, Shape, Shape8, Shape10};
use crate::movegen;
use crate::movegen::core::{self, Core};
use crate::setup::{CastlingPrefix, Setup};
use crate::{Board, BoardShape, CastlingSide, Color, Move, MoveList, MovesTo, Piece, Role, Square, SquareSet, Variant};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Inner {
    Standard(Core<Shape8>),
    Wide(Core<Shape10>),
}

/// Runs the same code on either board shape's position.
macro_rules! on_core {
    ($self:expr, $core:ident => $body:expr) => {
        match &$self.inner {
            Inner::Standard($core) => $body,
            Inner::Wide($core) => $body,
        }
    };
}

/// A board shape whose bit sets a [`Position`] holds: code generic over the shape (the retro analysis) reads a
/// position's bit sets and wraps edited ones back into a position through it.
pub(crate) trait PositionShape: Shape {
    /// The bit sets of `pos`, if it is on this shape's board.
    fn core_of(pos: &Position) -> Option<&Core<Self>>;
    /// The position of these bit sets, unchecked: the caller has checked what makes it legal.
    fn position(core: Core<Self>) -> Position;
}

impl PositionShape for Shape8 {
    #[inline(always)]
    fn core_of(pos: &Position) -> Option<&Core<Shape8>> {
        pos.standard_core()
    }
    #[inline(always)]
    fn position(core: Core<Shape8>) -> Position {
        Position::from_standard_core(core)
    }
}

impl PositionShape for Shape10 {
    #[inline(always)]
    fn core_of(pos: &Position) -> Option<&Core<Shape10>> {
        match &pos.inner {
            Inner::Wide(core) => Some(core),
            Inner::Standard(_) => None,
        }
    }
    #[inline(always)]
    fn position(core: Core<Shape10>) -> Position {
        Position { inner: Inner::Wide(core) }
    }
}

/// A [`Setup`] of a standard (8×8) board in the bit layout of the 8×8 core (bit = rank × 8 + file), which the FEN
/// reader's fast path fills directly: a [`Setup`] is sized for 10×8 boards, and building and copying it cost more
/// than reading the FEN.
#[derive(Copy, Clone, Debug)]
pub(crate) struct StandardSetup {
    pub(crate) by_color: [u64; 2],
    /// By [`Role::index`].
    pub(crate) by_role: [u64; 8],
    pub(crate) turn: Color,
    /// Squares on the back ranks.
    pub(crate) castling_rooks: SquareSet,
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
}

/// A legal chess position of any variant: board, side to move, castling rights, en-passant square and clocks.
///
/// ```
/// use forsyth::{Position, Variant, Square, Move};
/// let mut pos = Position::new(Variant::Standard);
/// assert_eq!(pos.legal_moves().len(), 20);
/// pos.play(Move::new(Square::E2, Square::E4)).unwrap();
/// assert_eq!(pos.ep_square(), Some(Square::E3));
/// assert_eq!(Position::new(Variant::Standard).perft(3), 8902);
/// ```
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct Position {
    inner: Inner,
}

/// Why a move cannot be played.
///
/// ```
/// use forsyth::{IllegalReason, Move, Position, Square};
/// let error = Position::default().play(Move::new(Square::D1, Square::D3)).unwrap_err();
/// assert_eq!(error.mv, Move::new(Square::D1, Square::D3));
/// assert_eq!(error.reason.code(), "move.illegal.cannot-reach");
/// assert!(matches!(error.reason, IllegalReason::CannotReach { .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The move.
    pub mv: Move,
    /// Why it is illegal: the rule, with the squares and pieces involved.
    pub reason: IllegalReason,
}

impl IllegalMove {
    /// A stable identifier: `move.illegal`, as for a move read from text that breaks a rule.
    ///
    /// ```
    /// use forsyth::{Move, Position, Square};
    /// let error = Position::default().play(Move::new(Square::E2, Square::E5)).unwrap_err();
    /// assert_eq!(error.code(), "move.illegal");
    /// ```
    pub const fn code(&self) -> &'static str {
        "move.illegal"
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.reason)
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    /// The start position of a variant (the classical array for Chess960 and CRC).
    ///
    /// ```
    /// use forsyth::{Position, Role, Square, Variant};
    /// assert_eq!(Position::new(Variant::Standard), Position::default());
    /// let capablanca = Position::new(Variant::Capablanca);
    /// assert_eq!(capablanca.piece_at(Square::C1).map(|p| p.role), Some(Role::Archbishop));
    /// ```
    pub fn new(variant: Variant) -> Position {
        Position::from_setup(&Setup::start(variant), variant).expect("start positions are legal")
    }

    /// A position from a setup, if it is legal in `variant`; otherwise every problem found.
    ///
    /// ```
    /// use forsyth::{Position, Setup, Square, Variant};
    /// let mut setup = Setup::start(Variant::Standard);
    /// assert!(Position::from_setup(&setup, Variant::Standard).is_ok());
    /// setup.board.set(Square::E1, None);
    /// let error = Position::from_setup(&setup, Variant::Standard).unwrap_err();
    /// assert_eq!(error.code(), "position.missing-king");
    /// ```
    pub fn from_setup(setup: &Setup, variant: Variant) -> Result<Position, PositionError> {
        if let Some(problem) = validate::shape_problem(setup, variant) {
            return Err(PositionError { problems: vec![problem] });
        }
        let pos = Position::from_setup_unchecked(setup, variant);
        let problems = on_core!(pos, c => validate::problems(c, &validate::Claims::of(setup)));
        if problems.is_empty() { Ok(pos) } else { Err(PositionError { problems }) }
    }

    /// [`Position::from_setup`] for a standard-board setup already in the 8×8 core's layout: the same position and
    /// the same problems, without building (and copying) a [`Setup`] sized for 10×8 boards.
    pub(crate) fn from_standard_setup(setup: &StandardSetup, variant: Variant) -> Result<Position, PositionError> {
        if variant.shape() != BoardShape::Standard {
            return Err(PositionError { problems: vec![Problem::WrongBoardShape { variant, files: 8 }] });
        }
        let mut castling = 0;
        for sq in setup.castling_rooks.iter() {
            castling |= Shape8::square_bit(sq);
        }
        let core = Core::<Shape8> {
            by_color: setup.by_color,
            by_role: setup.by_role,
            turn: setup.turn,
            castling,
            ep: setup.ep_square.map_or(core::NO_EP, |sq| Shape8::bit_of(sq) as u8),
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            variant,
        };
        let claims = validate::Claims {
            castling_rooks: setup.castling_rooks,
            ep_square: setup.ep_square,
            castling_prefix: None,
        };
        let problems = validate::problems(&core, &claims);
        if problems.is_empty() {
            Ok(Position { inner: Inner::Standard(core) })
        } else {
            Err(PositionError { problems })
        }
    }

    /// The bit sets of a standard-board (8×8) position, `None` on a 10×8 board: the retro analysis works on them
    /// directly, since it builds hundreds of predecessor positions per position.
    pub(crate) fn standard_core(&self) -> Option<&Core<Shape8>> {
        match &self.inner {
            Inner::Standard(core) => Some(core),
            Inner::Wide(_) => None,
        }
    }

    /// The position of 8×8 bit sets, unchecked: the caller (the retro analysis) has checked what makes it legal.
    pub(crate) fn from_standard_core(core: Core<Shape8>) -> Position {
        Position { inner: Inner::Standard(core) }
    }

    /// A position from a setup without checking it. Move generation on a position with, for example, no king is
    /// meaningless but never panics. The board must have the variant's shape; pieces off it are ignored.
    ///
    /// ```
    /// use forsyth::{Position, Setup, Square, Variant};
    /// let mut setup = Setup::start(Variant::Standard);
    /// setup.board.set(Square::E1, None);
    /// let kingless = Position::from_setup_unchecked(&setup, Variant::Standard);
    /// assert_eq!(kingless.king(forsyth::Color::White), None);
    /// assert!(kingless.legal_moves().is_empty());
    /// ```
    pub fn from_setup_unchecked(setup: &Setup, variant: Variant) -> Position {
        let inner = match variant.shape() {
            BoardShape::Standard => Inner::Standard(Core::from_setup(setup, variant)),
            BoardShape::Wide => Inner::Wide(Core::from_setup(setup, variant)),
        };
        Position { inner }
    }

    /// The setup of this position (what a FEN records), with the castling-type prefix of Janus and Embassy chess
    /// while castling rights remain.
    ///
    /// ```
    /// use forsyth::{CastlingPrefix, Position, Variant};
    /// assert_eq!(Position::new(Variant::Janus).to_setup().castling_prefix, Some(CastlingPrefix::Symmetric));
    /// assert_eq!(Position::new(Variant::Capablanca).to_setup().castling_prefix, None);
    /// ```
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(self.shape());
        setup.board = self.board();
        setup.turn = self.turn();
        setup.castling_rooks = self.castling_rooks();
        setup.ep_square = self.ep_square();
        setup.halfmoves = self.halfmoves();
        setup.fullmoves = self.fullmoves();
        if !setup.castling_rooks.is_empty() {
            setup.castling_prefix = CastlingPrefix::of(self.variant());
        }
        setup
    }

    /// The variant.
    ///
    /// ```
    /// use forsyth::{Position, Variant};
    /// assert_eq!(Position::new(Variant::Janus).variant(), Variant::Janus);
    /// ```
    #[inline]
    pub fn variant(&self) -> Variant {
        on_core!(self, c => c.variant)
    }

    /// The board shape.
    ///
    /// ```
    /// use forsyth::{BoardShape, Position, Variant};
    /// assert_eq!(Position::default().shape(), BoardShape::Standard);
    /// assert_eq!(Position::new(Variant::Gothic).shape(), BoardShape::Wide);
    /// ```
    #[inline]
    pub fn shape(&self) -> BoardShape {
        match self.inner {
            Inner::Standard(_) => BoardShape::Standard,
            Inner::Wide(_) => BoardShape::Wide,
        }
    }

    /// Side to move.
    ///
    /// ```
    /// use forsyth::{Color, Move, Position, Square};
    /// let pos = Position::default();
    /// assert_eq!(pos.turn(), Color::White);
    /// assert_eq!(pos.after(Move::new(Square::E2, Square::E4)).unwrap().turn(), Color::Black);
    /// ```
    #[inline]
    pub fn turn(&self) -> Color {
        on_core!(self, c => c.turn)
    }

    /// Half-moves since the last capture or pawn move.
    ///
    /// ```
    /// use forsyth::{Move, Position, Square};
    /// let pos = Position::default().after(Move::new(Square::G1, Square::F3)).unwrap();
    /// assert_eq!(pos.halfmoves(), 1);
    /// assert_eq!(pos.after(Move::new(Square::E7, Square::E5)).unwrap().halfmoves(), 0);
    /// ```
    pub fn halfmoves(&self) -> u32 {
        on_core!(self, c => c.halfmoves)
    }

    /// Number of the next move.
    ///
    /// ```
    /// use forsyth::{Move, Position, Square};
    /// let pos = Position::default().after(Move::new(Square::E2, Square::E4)).unwrap();
    /// assert_eq!(pos.fullmoves(), 1);
    /// assert_eq!(pos.after(Move::new(Square::E7, Square::E5)).unwrap().fullmoves(), 2);
    /// ```
    pub fn fullmoves(&self) -> u32 {
        on_core!(self, c => c.fullmoves)
    }

    /// The square skipped by a double step on the last move, whether or not a capture there is possible (FEN's
    /// rule); see [`Position::legal_ep_square`] and [`Position::pseudo_ep_square`].
    ///
    /// ```
    /// use forsyth::{Move, Position, Square};
    /// let pos = Position::default().after(Move::new(Square::E2, Square::E4)).unwrap();
    /// assert_eq!(pos.ep_square(), Some(Square::E3));
    /// assert_eq!(pos.pseudo_ep_square(), None);
    /// ```
    pub fn ep_square(&self) -> Option<Square> {
        on_core!(self, c => c.ep_square())
    }

    /// The en-passant square only when a pawn of the side to move stands ready to capture there (X-FEN's and
    /// Polyglot's rule), legal or not.
    ///
    /// ```
    /// use forsyth::{Position, Square};
    /// // Black's pawn on d4 could take on e3, but it is pinned to its king by the rook on a4.
    /// let pos: Position = "8/8/8/8/R2pP2k/8/8/4K3 b - e3 0 1".parse().unwrap();
    /// assert_eq!(pos.pseudo_ep_square(), Some(Square::E3));
    /// assert_eq!(pos.legal_ep_square(), None);
    /// ```
    pub fn pseudo_ep_square(&self) -> Option<Square> {
        on_core!(self, c => {
            let ep = self.ep_square()?;
            let bit = bit_of(c, ep);
            let ready = pawn_attacks_of(c, !c.turn, bit) & c.pieces(c.turn, Role::Pawn);
            (!ready.is_empty()).then_some(ep)
        })
    }

    /// The en-passant square only when an en-passant capture is legal.
    ///
    /// ```
    /// use forsyth::{Position, Square};
    /// let pos: Position = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1".parse().unwrap();
    /// assert_eq!(pos.legal_ep_square(), Some(Square::E3));
    /// ```
    pub fn legal_ep_square(&self) -> Option<Square> {
        self.ep_square().filter(|_| self.legal_moves().iter().any(|m| m.is_en_passant()))
    }

    /// The rooks that keep a castling right.
    ///
    /// ```
    /// use forsyth::{Position, Square};
    /// let pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1".parse().unwrap();
    /// let rooks: Vec<Square> = pos.castling_rooks().iter().collect();
    /// assert_eq!(rooks, [Square::H1, Square::A8]);
    /// ```
    pub fn castling_rooks(&self) -> SquareSet {
        on_core!(self, c => squares(c, c.castling))
    }

    /// The castling rook of `color` on `side`, if that right remains.
    ///
    /// ```
    /// use forsyth::{CastlingSide, Color, Position, Square};
    /// let pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1".parse().unwrap();
    /// assert_eq!(pos.castling_rook(Color::White, CastlingSide::KingSide), Some(Square::H1));
    /// assert_eq!(pos.castling_rook(Color::White, CastlingSide::QueenSide), None);
    /// ```
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        on_core!(self, c => c.castling_rook(color, side))
    }

    /// Where king and rook land when castling with the rook on `rook`: `(king, rook)`.
    ///
    /// ```
    /// use forsyth::{Color, Position, Square, Variant};
    /// let pos = Position::default();
    /// assert_eq!(pos.castling_squares(Color::White, Square::H1), Some((Square::G1, Square::F1)));
    /// // Capablanca chess: the king goes three squares towards the h-rook.
    /// let capablanca = Position::new(Variant::Capablanca);
    /// assert_eq!(capablanca.castling_squares(Color::White, Square::J1), Some((Square::I1, Square::H1)));
    /// ```
    pub fn castling_squares(&self, color: Color, rook: Square) -> Option<(Square, Square)> {
        let king = self.king(color)?;
        let side = CastlingSide::of(king.file(), rook.file());
        let v = self.variant();
        let rank = king.rank();
        Some((Square::new(v.castling_king_file(side), rank), Square::new(v.castling_rook_file(side), rank)))
    }

    /// The squares on which a player moving by hand puts the piece down to make the legal move `m`: its
    /// destination; for castling the rook's square (king takes own rook, which names every castling of every
    /// variant) and the king's destination too, unless the king stays where it is or another legal move of the
    /// king goes there (Chess960's king on f1 castling with the h-rook lands on g1, where `Kg1` goes as well: that
    /// castling is made by putting the king on the rook).
    ///
    /// ```
    /// use forsyth::{Move, Position, Square, SquareSet};
    /// let pos: Position = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap();
    /// let castle = Move::castle(Square::E1, Square::H1);
    /// assert_eq!(pos.drop_squares(castle), SquareSet::from_iter([Square::G1, Square::H1]));
    /// // Chess960: the king on f1 reaches g1 by a step too, so castling is the king put on its rook only.
    /// let frc: Position = "4k3/8/8/8/8/8/8/5K1R w H - 0 1".parse().unwrap();
    /// assert_eq!(frc.drop_squares(Move::castle(Square::F1, Square::H1)), SquareSet::from_iter([Square::H1]));
    /// assert_eq!(pos.drop_squares(Move::new(Square::E1, Square::D2)), SquareSet::from_iter([Square::D2]));
    /// ```
    pub fn drop_squares(&self, m: Move) -> SquareSet {
        let mut squares = SquareSet::from_iter([m.to()]);
        if m.is_castle()
            && let Some((king, _)) = self.castling_squares(self.turn(), m.to())
            && king != m.from()
            && !self
                .legal_moves()
                .iter()
                .any(|other| !other.is_castle() && other.from() == m.from() && other.to() == king)
        {
            squares.insert(king);
        }
        squares
    }

    /// The piece on a square.
    ///
    /// ```
    /// use forsyth::{Color, Piece, Position, Role, Square};
    /// let pos = Position::default();
    /// assert_eq!(pos.piece_at(Square::D8), Some(Piece::new(Color::Black, Role::Queen)));
    /// assert_eq!(pos.piece_at(Square::D4), None);
    /// assert_eq!(pos.piece_at(Square::I1), None, "off the 8×8 board");
    /// ```
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        if !self.shape().contains(sq) {
            return None;
        }
        on_core!(self, c => c.piece_at(bit_of(c, sq)))
    }

    /// Whether a piece stands on `sq`.
    ///
    /// ```
    /// use forsyth::{Position, Square};
    /// assert!(Position::default().is_occupied(Square::B1));
    /// assert!(!Position::default().is_occupied(Square::B3));
    /// ```
    #[inline(always)]
    pub fn is_occupied(&self, sq: Square) -> bool {
        self.shape().contains(sq) && on_core!(self, c => c.occupied().has(bit_of(c, sq)))
    }

    /// The placement as a [`Board`].
    ///
    /// ```
    /// use forsyth::{Color, Position};
    /// let board = Position::default().board();
    /// assert_eq!(board.count(Color::White), 16);
    /// ```
    pub fn board(&self) -> Board {
        on_core!(self, c => c.board())
    }

    /// The squares of the pieces of this colour and role.
    ///
    /// ```
    /// use forsyth::{Color, Position, Role, Square};
    /// let knights: Vec<Square> = Position::default().pieces(Color::Black, Role::Knight).iter().collect();
    /// assert_eq!(knights, [Square::B8, Square::G8]);
    /// ```
    pub fn pieces(&self, color: Color, role: Role) -> SquareSet {
        on_core!(self, c => squares(c, c.pieces(color, role)))
    }

    /// How many pieces of `color` and `role` stand on the board (counted on the bits, without making the set).
    pub(crate) fn count_pieces(&self, color: Color, role: Role) -> usize {
        on_core!(self, c => c.pieces(color, role).count() as usize)
    }

    /// Whether a pawn or a piece that moves like a rook (rook, queen, chancellor) of either side is on the board.
    pub(crate) fn has_pawn_or_straight_slider(&self) -> bool {
        on_core!(self, c => !(c.role(Role::Pawn) | c.straight_sliders()).is_empty())
    }

    /// The king of `color`.
    ///
    /// ```
    /// use forsyth::{Color, Position, Square};
    /// assert_eq!(Position::default().king(Color::Black), Some(Square::E8));
    /// ```
    pub fn king(&self, color: Color) -> Option<Square> {
        self.pieces(color, Role::King).iter().next()
    }

    /// Pieces giving check to the side to move.
    ///
    /// ```
    /// use forsyth::{Position, Square, SquareSet};
    /// // A double check: the rook on e1 and the knight on d6.
    /// let pos: Position = "4k3/8/3N4/8/8/8/8/K3R3 b - - 0 1".parse().unwrap();
    /// let mut both = SquareSet::single(Square::E1);
    /// both.insert(Square::D6);
    /// assert_eq!(pos.checkers(), both);
    /// ```
    pub fn checkers(&self) -> SquareSet {
        on_core!(self, c => squares(c, c.checkers()))
    }

    /// Whether the side to move is in check.
    ///
    /// ```
    /// use forsyth::Position;
    /// let pos: Position = "4k3/8/8/8/8/8/8/K3R3 b - - 0 1".parse().unwrap();
    /// assert!(pos.is_check());
    /// assert!(!Position::default().is_check());
    /// ```
    pub fn is_check(&self) -> bool {
        on_core!(self, c => !c.checkers().is_empty())
    }

    /// Pieces of `by` that attack `sq`.
    ///
    /// ```
    /// use forsyth::{Color, Position, Square};
    /// let pos = Position::default();
    /// let on_f3: Vec<Square> = pos.attackers(Square::F3, Color::White).iter().collect();
    /// assert_eq!(on_f3, [Square::G1, Square::E2, Square::G2]);
    /// ```
    pub fn attackers(&self, sq: Square, by: Color) -> SquareSet {
        if !self.shape().contains(sq) {
            return SquareSet::EMPTY;
        }
        on_core!(self, c => squares(c, c.attacked_by(by, bit_of(c, sq), c.occupied())))
    }

    /// Every legal move.
    ///
    /// ```
    /// use forsyth::{Move, Position, Square};
    /// let moves = Position::default().legal_moves();
    /// assert_eq!(moves.len(), 20);
    /// assert!(moves.contains(&Move::new(Square::G1, Square::F3)));
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        on_core!(self, c => movegen::legal_moves(c, &mut moves));
        moves
    }

    /// The legal moves of the side to move's pieces of `role` that land on `to`; castling counts as the king
    /// landing on its rook's square (see [`MoveKind::Castle`](crate::MoveKind::Castle)). This is what reading and disambiguating a move in
    /// algebraic notation needs, at a fraction of the cost of [`Position::legal_moves`].
    ///
    /// ```
    /// use forsyth::{Position, Role, Square};
    /// let pos = Position::default();
    /// let moves = pos.legal_moves_of(Role::Knight, Square::F3);
    /// assert_eq!(moves.len(), 1);
    /// assert_eq!(moves[0].from(), Square::G1);
    /// ```
    pub fn legal_moves_of(&self, role: Role, to: Square) -> MovesTo {
        let mut moves = MovesTo::new();
        self.legal_moves_of_into(role, to, &mut moves);
        moves
    }

    /// [`Position::legal_moves_of`] into a list the caller owns (cleared first), which saves copying the list on
    /// hot paths.
    ///
    /// ```
    /// use forsyth::{MovesTo, Position, Role, Square};
    /// let pos = Position::default();
    /// let mut moves = MovesTo::new();
    /// pos.legal_moves_of_into(Role::Knight, Square::C3, &mut moves);
    /// assert_eq!(moves.len(), 1);
    /// pos.legal_moves_of_into(Role::Pawn, Square::E4, &mut moves); // cleared first
    /// assert_eq!((moves.len(), moves[0].from()), (1, Square::E2));
    /// ```
    #[inline]
    pub fn legal_moves_of_into(&self, role: Role, to: Square, moves: &mut MovesTo) {
        moves.clear();
        if self.shape().contains(to) {
            on_core!(self, c => movegen::legal_moves_of(c, role, bit_of(c, to), moves));
        }
    }

    /// The legal moves from a square of `from` to a square of `to`.
    ///
    /// ```
    /// use forsyth::{Position, Square, SquareSet};
    /// let pos = Position::default();
    /// let everywhere: SquareSet = pos.shape().squares().collect();
    /// let moves = pos.legal_moves_between(SquareSet::single(Square::E2), everywhere);
    /// assert_eq!(moves.len(), 2);
    /// ```
    pub fn legal_moves_between(&self, from: SquareSet, to: SquareSet) -> MoveList {
        let mut moves = MoveList::new();
        on_core!(self, c => movegen::legal_moves_between(c, bits_of_set(c, from), bits_of_set(c, to), &mut moves));
        moves
    }

    /// The number of legal moves, counted without listing them.
    ///
    /// ```
    /// use forsyth::{Position, Variant};
    /// assert_eq!(Position::default().count_legal_moves(), 20);
    /// assert_eq!(Position::new(Variant::Capablanca).count_legal_moves(), 28);
    /// ```
    pub fn count_legal_moves(&self) -> u64 {
        on_core!(self, c => movegen::count_legal(c))
    }

    /// Whether the side to move has a legal move: answered without a search in most positions of a game (an
    /// unpinnable pawn step or knight move), by the move generator otherwise.
    ///
    /// ```
    /// use forsyth::Position;
    /// assert!(Position::default().has_legal_moves());
    /// let stalemate: Position = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse().unwrap();
    /// assert!(!stalemate.has_legal_moves());
    /// ```
    pub fn has_legal_moves(&self) -> bool {
        on_core!(self, c => movegen::has_free_move(c)) || self.count_legal_moves() > 0
    }

    /// Whether `m` is legal here.
    ///
    /// ```
    /// use forsyth::{Move, Position, Square};
    /// let pos = Position::default();
    /// assert!(pos.is_legal(Move::new(Square::E2, Square::E4)));
    /// assert!(!pos.is_legal(Move::new(Square::E2, Square::E5)));
    /// assert!(!pos.is_legal(Move::NULL));
    /// ```
    pub fn is_legal(&self, m: Move) -> bool {
        if m.is_null() {
            return false;
        }
        self.legal_moves().contains(&m)
    }

    /// Whether the legal move `m` (from [`Position::legal_moves`]) gives check, worked out without playing it for
    /// all but castling and en passant: what mate searches ask of every move.
    ///
    /// ```
    /// use forsyth::{Move, Position, Square};
    /// let pos: Position = "4k3/8/8/8/8/8/4B3/R3K3 w - - 0 1".parse().unwrap();
    /// assert!(pos.gives_check(Move::new(Square::A1, Square::A8))); // direct
    /// assert!(pos.gives_check(Move::new(Square::E2, Square::B5))); // the bishop's own line
    /// assert!(!pos.gives_check(Move::new(Square::E2, Square::F3)));
    /// let discovered: Position = "4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 1".parse().unwrap();
    /// assert!(discovered.gives_check(Move::new(Square::E2, Square::F3))); // the rook behind it
    /// ```
    pub fn gives_check(&self, m: Move) -> bool {
        on_core!(self, c => c.gives_check(m))
    }

    /// Plays a legal move, or says why it is illegal.
    ///
    /// ```
    /// use forsyth::{Move, Position, Square};
    /// let mut pos = Position::default();
    /// pos.play(Move::new(Square::E2, Square::E4)).unwrap();
    /// let error = pos.play(Move::new(Square::E4, Square::E5)).unwrap_err();
    /// assert_eq!(error.mv, Move::new(Square::E4, Square::E5));
    /// assert!(error.to_string().contains("e4"), "{error}");
    /// ```
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMove { mv: m, reason: self.why_illegal(m) })
        }
    }

    /// Plays a move without checking it. The move must come from [`Position::legal_moves`] (or be the null
    /// move); anything else leaves a position that may break the rules, though never a panic.
    ///
    /// ```
    /// use forsyth::Position;
    /// let mut pos = Position::default();
    /// // A move from the generator's own list needs no second check.
    /// let first = pos.legal_moves()[0];
    /// pos.play_unchecked(first);
    /// assert!(!pos.is_occupied(first.from()));
    /// assert!(pos.is_occupied(first.to()));
    /// ```
    pub fn play_unchecked(&mut self, m: Move) {
        match &mut self.inner {
            Inner::Standard(c) => c.play_unchecked(m),
            Inner::Wide(c) => c.play_unchecked(m),
        }
    }

    /// [`Position::play_unchecked`] of a move whose piece's role the caller knows (see `Core::play_role_unchecked`).
    pub(crate) fn play_role_unchecked(&mut self, m: Move, role: Role) {
        match &mut self.inner {
            Inner::Standard(c) => c.play_role_unchecked(m, role),
            Inner::Wide(c) => c.play_role_unchecked(m, role),
        }
    }

    /// Passes the turn (a PGN null move `--`). Allowed only when not in check.
    ///
    /// ```
    /// use forsyth::{Color, Position};
    /// let mut pos = Position::default();
    /// pos.play_null().unwrap();
    /// assert_eq!(pos.turn(), Color::Black);
    /// let mut checked: Position = "4k3/8/8/8/8/8/8/K3R3 b - - 0 1".parse().unwrap();
    /// assert!(checked.play_null().is_err());
    /// ```
    pub fn play_null(&mut self) -> Result<(), IllegalMove> {
        if self.is_check() {
            return Err(IllegalMove { mv: Move::NULL, reason: IllegalReason::NullInCheck });
        }
        self.play_unchecked(Move::NULL);
        Ok(())
    }

    /// The position after a legal move.
    ///
    /// ```
    /// use forsyth::{Move, Position, Square};
    /// let start = Position::default();
    /// let next = start.after(Move::new(Square::D2, Square::D4)).unwrap();
    /// assert!(next.is_occupied(Square::D4));
    /// assert!(start.is_occupied(Square::D2), "the position itself is unchanged");
    /// ```
    pub fn after(&self, m: Move) -> Result<Position, IllegalMove> {
        let mut next = *self;
        next.play(m)?;
        Ok(next)
    }

    /// Leaves of the legal move tree at `depth` (the last ply counted in bulk).
    ///
    /// ```
    /// use forsyth::Position;
    /// // The standard counts of the start position (Chess Programming Wiki, "Perft Results").
    /// assert_eq!(Position::default().perft(1), 20);
    /// assert_eq!(Position::default().perft(3), 8_902);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        match &self.inner {
            Inner::Standard(c) => movegen::perft::perft(c, depth),
            Inner::Wide(c) => movegen::perft::perft(c, depth),
        }
    }

    /// Perft split by root move: each legal move with the leaves below it.
    ///
    /// ```
    /// use forsyth::{Move, Position, Square};
    /// let divided = Position::default().perft_divide(2);
    /// assert_eq!(divided.len(), 20);
    /// assert!(divided.contains(&(Move::new(Square::E2, Square::E4), 20)));
    /// assert_eq!(divided.iter().map(|(_, n)| n).sum::<u64>(), 400);
    /// ```
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        self.legal_moves()
            .iter()
            .map(|&m| {
                let mut child = *self;
                child.play_unchecked(m);
                (m, if depth <= 1 { 1 } else { child.perft(depth - 1) })
            })
            .collect()
    }

    /// Why `m` is not legal here: the rule, naming squares and pieces (`Display` says it in English).
    ///
    /// ```
    /// use forsyth::{IllegalReason, Move, Position, Square};
    /// let pos = Position::default();
    /// assert_eq!(pos.why_illegal(Move::new(Square::E4, Square::E5)), IllegalReason::NoPiece { from: Square::E4 });
    /// ```
    pub fn why_illegal(&self, m: Move) -> IllegalReason {
        let us = self.turn();
        let Some(piece) = self.piece_at(m.from()) else {
            return IllegalReason::NoPiece { from: m.from() };
        };
        if piece.color != us {
            return IllegalReason::NotOnMove { piece, from: m.from() };
        }
        if m.is_castle() || (piece.role == Role::King && self.castling_candidate(m).is_some()) {
            return self.why_castling_illegal(m);
        }
        if let Some(target) = self.piece_at(m.to())
            && target.color == us
        {
            return IllegalReason::OwnPiece { piece: target, to: m.to() };
        }
        let same_origin: Vec<Move> = self.legal_moves().iter().copied().filter(|l| l.from() == m.from()).collect();
        let reaches = same_origin.iter().any(|l| l.to() == m.to());
        if reaches {
            if piece.role == Role::Pawn && m.to().rank().index().is_multiple_of(7) && m.promotion_role().is_none() {
                return IllegalReason::MustPromote { to: m.to() };
            }
            if let Some(role) = m.promotion_role() {
                return IllegalReason::PromotionRole { role, variant: self.variant() };
            }
            return IllegalReason::WrongWay { role: piece.role, from: m.from() };
        }
        // The move is possible if we ignore checks: it leaves the king in check.
        let mut pseudo = *self;
        if self.moves_ignoring_check(m, &mut pseudo) {
            // A king that moves names an attacker of its new square (found after the move, so that a slider's
            // line through the king's old square counts).
            if piece.role == Role::King
                && let Some(at) = pseudo.attackers(m.to(), !us).iter().next()
                && let Some(by) = pseudo.piece_at(at)
            {
                return IllegalReason::IntoCheck { to: m.to(), by, at };
            }
            if self.is_check() {
                return IllegalReason::CheckNotAnswered { color: us };
            }
            return IllegalReason::Pinned { role: piece.role, from: m.from() };
        }
        IllegalReason::CannotReach { role: piece.role, from: m.from(), to: m.to() }
    }

    /// Whether the piece on `from` could physically move to `to` if checks and pins did not matter.
    pub(crate) fn reaches_ignoring_check(&self, from: Square, to: Square) -> bool {
        let mut scratch = *self;
        self.moves_ignoring_check(Move::new(from, to), &mut scratch)
    }

    /// Plays `m` as if checks did not matter; `true` if the piece could physically make that move.
    fn moves_ignoring_check(&self, m: Move, out: &mut Position) -> bool {
        let piece = match self.piece_at(m.from()) {
            Some(p) => p,
            None => return false,
        };
        let target = self.piece_at(m.to());
        if target.is_some_and(|t| t.color == piece.color) {
            return false;
        }
        let reach = on_core!(self, c => c.reaches(piece.role, bit_of(c, m.from()), bit_of(c, m.to())));
        let pawn_push =
            piece.role == Role::Pawn && m.from().file() == m.to().file() && self.piece_at(m.to()).is_none() && {
                let dir: i8 = if piece.color.is_white() { 1 } else { -1 };
                m.to().rank().index() as i8 - m.from().rank().index() as i8 == dir
            };
        if reach || pawn_push {
            *out = *self;
            out.play_unchecked(m);
        }
        reach || pawn_push
    }

    fn castling_candidate(&self, m: Move) -> Option<Square> {
        let us = self.turn();
        let king = self.king(us)?;
        if m.from() != king || m.to().rank() != king.rank() {
            return None;
        }
        if m.is_castle() {
            return Some(m.to());
        }
        if m.from().file().index().abs_diff(m.to().file().index()) < 2 {
            return None;
        }
        let side = CastlingSide::of(king.file(), m.to().file());
        let v = self.variant();
        (m.to().file() == v.castling_king_file(side)).then(|| {
            // the rook of that side, if any, else the corner
            self.castling_rook(us, side).unwrap_or_else(|| {
                let file = if side == CastlingSide::KingSide { self.shape().last_file() } else { crate::File::A };
                Square::new(file, king.rank())
            })
        })
    }

    fn why_castling_illegal(&self, m: Move) -> IllegalReason {
        let us = self.turn();
        let Some(king) = self.king(us) else { return IllegalReason::NoKing { color: us } };
        let rook = self.castling_candidate(m).unwrap_or(m.to());
        let side = CastlingSide::of(king.file(), rook.file());
        let blocked = |why| IllegalReason::Castling { color: us, side, why };
        if !self.castling_rooks().contains(rook) {
            let has_any = self.castling_rooks().iter().any(|sq| sq.rank() == king.rank());
            let back_rank = if us.is_white() { crate::Rank::FIRST } else { crate::Rank::EIGHTH };
            let start_file = self.variant().start_array().find('K').and_then(|i| crate::File::new(i as u8));
            let king_moved = king.rank() != back_rank
                || (!self.variant().is_shuffle() && start_file.is_some_and(|f| f != king.file()));
            return if !has_any && king_moved {
                blocked(CastlingBlock::KingMoved)
            } else if !has_any && self.castling_rook(us, CastlingSide::KingSide).is_none() {
                blocked(CastlingBlock::KingOrRookMoved)
            } else {
                blocked(CastlingBlock::RookMoved)
            };
        }
        if self.is_check() {
            return blocked(CastlingBlock::InCheck);
        }
        let (king_to, rook_to) = self.castling_squares(us, rook).unwrap_or((king, rook));
        let files_between = |a: Square, b: Square| {
            let (lo, hi) = if a.file() < b.file() { (a, b) } else { (b, a) };
            (lo.file().index()..=hi.file().index())
                .filter_map(move |f| crate::File::new(f).map(|f| Square::new(f, a.rank())))
        };
        for sq in files_between(king, king_to).chain(files_between(rook, rook_to)) {
            if sq != king && sq != rook && self.piece_at(sq).is_some() {
                return blocked(CastlingBlock::NotEmpty(sq));
            }
        }
        let mut lifted = *self;
        match &mut lifted.inner {
            Inner::Standard(c) => lift(c, king, rook),
            Inner::Wide(c) => lift(c, king, rook),
        }
        for sq in files_between(king, king_to) {
            if sq != king && !lifted.attackers(sq, !us).is_empty() {
                return blocked(if sq == king_to { CastlingBlock::Into(sq) } else { CastlingBlock::Through(sq) });
            }
        }
        blocked(CastlingBlock::NotHere)
    }
}

fn lift<S: Shape>(c: &mut Core<S>, king: Square, rook: Square) {
    let b = S::square_bit(king) | S::square_bit(rook);
    let us = c.turn.index();
    c.by_color[us] &= !b;
    c.by_role[Role::King.index()] &= !b;
    c.by_role[Role::Rook.index()] &= !b;
}

fn bit_of<S: Shape>(_: &Core<S>, sq: Square) -> u32 {
    S::bit_of(sq)
}

fn bits_of_set<S: Shape>(_: &Core<S>, set: SquareSet) -> S::Bits {
    let mut bits = S::Bits::EMPTY;
    for sq in set.iter().filter(|&sq| S::SHAPE.contains(sq)) {
        bits |= S::square_bit(sq);
    }
    bits
}

fn squares<S: Shape>(_: &Core<S>, bits: S::Bits) -> SquareSet {
    bits.iter().map(S::square_of).collect()
}

fn pawn_attacks_of<S: Shape>(_: &Core<S>, color: Color, sq: u32) -> S::Bits {
    S::pawn_attacks(color, sq)
}

impl Default for Position {
    fn default() -> Position {
        Position::new(Variant::Standard)
    }
}
