//! The raw contents of a FEN: a position before any rule is checked.

use crate::{Board, BoardShape, Color, File, Piece, Rank, Role, Square, SquareSet, Variant};

/// Everything a FEN records, unchecked: placement, side to move, castling rooks, en-passant square and clocks.
///
/// Castling rights are stored as the squares of the rooks that may still castle, so classic FEN, X-FEN and
/// Shredder-FEN castling fields are only different spellings of the same set.
///
/// ```
/// use forsyth::{Setup, Variant, Position};
/// let setup = Setup::start(Variant::Standard);
/// assert_eq!(setup.castling_rooks.len(), 4);
/// let pos = Position::from_setup(&setup, Variant::Standard).unwrap();
/// assert_eq!(pos.legal_moves().len(), 20);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Piece placement.
    pub board: Board,
    /// Side to move.
    pub turn: Color,
    /// Rooks that keep a castling right.
    pub castling_rooks: SquareSet,
    /// The square a pawn skipped with a double step on the last move, if any.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmoves: u32,
    /// Number of the next move; starts at 1 and grows after each Black move.
    pub fullmoves: u32,
    /// X-FEN's castling-type prefix (X-FEN). A position's setup carries its variant's prefix when castling
    /// rights remain ([`CastlingPrefix::of`]); a setup read from a FEN carries what the FEN said, and making a
    /// position of a variant whose geometry the prefix does not name is refused
    /// ([`Problem::CastlingPrefixMismatch`](crate::Problem::CastlingPrefixMismatch)).
    pub castling_prefix: Option<CastlingPrefix>,
}

/// The castling-type prefix X-FEN may put before the castling field (X-FEN): `s` for symmetric castling (as in
/// Janus chess), `m` for modern castling (as in Embassy chess).
///
/// ```
/// use forsyth::CastlingPrefix;
/// assert_eq!(CastlingPrefix::from_char('s'), Some(CastlingPrefix::Symmetric));
/// assert_eq!(CastlingPrefix::Modern.char(), 'm');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingPrefix {
    /// `s`: the king's castling targets lie symmetrically, one square from each edge.
    Symmetric,
    /// `m`: the king moves the normal castling distance, but no further than next to the edge.
    Modern,
}

impl CastlingPrefix {
    /// The prefix letter.
    ///
    /// ```
    /// use forsyth::CastlingPrefix;
    /// assert_eq!(CastlingPrefix::Symmetric.char(), 's');
    /// assert_eq!(CastlingPrefix::Modern.char(), 'm');
    /// ```
    pub const fn char(self) -> char {
        match self {
            CastlingPrefix::Symmetric => 's',
            CastlingPrefix::Modern => 'm',
        }
    }

    /// The prefix X-FEN writes for `variant`'s castling geometry: `s` for Janus chess, `m` for Embassy chess,
    /// none for the variants whose king castles to the c- and g-files (i-file on 10×8).
    ///
    /// ```
    /// use forsyth::{CastlingPrefix, Variant};
    /// assert_eq!(CastlingPrefix::of(Variant::Janus), Some(CastlingPrefix::Symmetric));
    /// assert_eq!(CastlingPrefix::of(Variant::Embassy), Some(CastlingPrefix::Modern));
    /// assert_eq!(CastlingPrefix::of(Variant::Capablanca), None);
    /// ```
    pub const fn of(variant: Variant) -> Option<CastlingPrefix> {
        match variant {
            Variant::Janus => Some(CastlingPrefix::Symmetric),
            Variant::Embassy => Some(CastlingPrefix::Modern),
            _ => None,
        }
    }

    /// The variant whose castling geometry the prefix names on a 10×8 board.
    ///
    /// ```
    /// use forsyth::{CastlingPrefix, Variant};
    /// assert_eq!(CastlingPrefix::Symmetric.variant(), Variant::Janus);
    /// assert_eq!(CastlingPrefix::Modern.variant(), Variant::Embassy);
    /// ```
    pub const fn variant(self) -> Variant {
        match self {
            CastlingPrefix::Symmetric => Variant::Janus,
            CastlingPrefix::Modern => Variant::Embassy,
        }
    }

    /// The kind of castling, in words.
    ///
    /// ```
    /// use forsyth::CastlingPrefix;
    /// assert_eq!(CastlingPrefix::Symmetric.name(), "symmetric castling");
    /// assert_eq!(CastlingPrefix::Modern.name(), "modern castling");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            CastlingPrefix::Symmetric => "symmetric castling",
            CastlingPrefix::Modern => "modern castling",
        }
    }

    /// Reads a prefix letter (`s` or `m`).
    ///
    /// ```
    /// use forsyth::CastlingPrefix;
    /// assert_eq!(CastlingPrefix::from_char('m'), Some(CastlingPrefix::Modern));
    /// assert_eq!(CastlingPrefix::from_char('S'), None); // lowercase only
    /// assert_eq!(CastlingPrefix::from_char('x'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<CastlingPrefix> {
        match c {
            's' => Some(CastlingPrefix::Symmetric),
            'm' => Some(CastlingPrefix::Modern),
            _ => None,
        }
    }
}

impl Setup {
    /// An empty board of this shape, White to move, move 1.
    ///
    /// ```
    /// use forsyth::{BoardShape, Color, Setup};
    /// let setup = Setup::empty(BoardShape::Wide);
    /// assert_eq!(setup.board.pieces().count(), 0);
    /// assert_eq!((setup.turn, setup.fullmoves, setup.halfmoves), (Color::White, 1, 0));
    /// assert!(setup.castling_rooks.is_empty());
    /// ```
    pub const fn empty(shape: BoardShape) -> Setup {
        Setup {
            board: Board::empty(shape),
            turn: Color::White,
            castling_rooks: SquareSet::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            castling_prefix: None,
        }
    }

    /// The start position of a variant (the classical array for Chess960 and CRC).
    ///
    /// ```
    /// use forsyth::{Color, Position, Setup, Square, Variant};
    /// let setup = Setup::start(Variant::Gothic);
    /// assert_eq!(setup.board.king(Color::White), Some(Square::F1));
    /// assert_eq!(setup.castling_rooks.len(), 4);
    /// // 20 legal first moves in standard chess (perft 1)
    /// assert_eq!(Position::from_setup(&Setup::start(Variant::Standard), Variant::Standard).unwrap().perft(1), 20);
    /// ```
    pub fn start(variant: Variant) -> Setup {
        Setup::from_array(variant, variant.start_array()).expect("every variant's own start array is valid")
    }

    /// The start setup with White's back rank `array` (uppercase letters, one per file) mirrored for Black, pawns
    /// on the second ranks and castling rights for the outermost rook on each side of each king; `None` unless
    /// the array has one piece letter per file of the variant's board and a king.
    ///
    /// ```
    /// use forsyth::{Position, Setup, Variant};
    /// let setup = Setup::from_array(Variant::Chess960, "BBQNNRKR").unwrap();
    /// assert_eq!(Position::from_setup(&setup, Variant::Chess960).unwrap().perft(1), 20);
    /// assert!(Setup::from_array(Variant::Standard, "RNBQKBN").is_none());
    /// ```
    pub fn from_array(variant: Variant, array: &str) -> Option<Setup> {
        let shape = variant.shape();
        let roles: Vec<Role> = array.chars().map(Role::from_char).collect::<Option<_>>()?;
        if roles.len() != shape.files() as usize {
            return None;
        }
        let mut board = Board::empty(shape);
        let mut castling = SquareSet::EMPTY;
        let king = roles.iter().position(|&r| r == Role::King)?;
        let outer_rooks = [
            roles.iter().take(king).position(|&r| r == Role::Rook),
            roles.iter().enumerate().skip(king).filter(|(_, r)| **r == Role::Rook).map(|(i, _)| i).next_back(),
        ];
        for (file, &role) in roles.iter().enumerate() {
            let file = File::new(file as u8)?;
            for (color, back, front) in
                [(Color::White, Rank::FIRST, Rank::SECOND), (Color::Black, Rank::EIGHTH, Rank::SEVENTH)]
            {
                board.set(Square::new(file, back), Some(Piece::new(color, role)));
                board.set(Square::new(file, front), Some(Piece::new(color, Role::Pawn)));
            }
        }
        for rook in outer_rooks.into_iter().flatten() {
            let file = File::new(rook as u8)?;
            castling.insert(Square::new(file, Rank::FIRST));
            castling.insert(Square::new(file, Rank::EIGHTH));
        }
        let mut setup = Setup::empty(shape);
        setup.board = board;
        setup.castling_rooks = castling;
        Some(setup)
    }
}
