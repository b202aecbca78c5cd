//! Identities: which original pieces of the array a piece on the board can be, as the German problem-chess
//! conventions write them (`[Sb1]`), or which promoted pawn.

use super::pawns::Pawns;
use super::{Array, RetroError, fixed_pawns, never_entered};
use crate::bitboard::{Bits, Shape, Shape8, Shape10};
use crate::movegen::core::Core;
use crate::position::PositionShape;
use crate::{Color, File, Piece, Position, Rank, Role, Square};

/// Where a piece on the board can have come from.
///
/// ```
/// use forsyth::retro::{self, Origin};
/// use forsyth::Square;
/// // A bishop on a1, a dark square: the original [Lc1], or a promoted pawn (White has lost all eight).
/// let pos = retro::position_from_fen("4k3/8/8/8/8/8/8/B3K3 w - - 0 1").unwrap();
/// let origins = retro::who(&pos, Square::A1).unwrap().origins;
/// assert!(origins.contains(&Origin::Original(Square::C1)));
/// assert!(!origins.contains(&Origin::Original(Square::F1)));
/// assert!(origins.iter().any(|o| matches!(o, Origin::Promoted { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// The unit that stood on this square of the array (`[Sb1]`; a pawn's second- or seventh-rank square).
    Original(Square),
    /// A pawn that promoted, from one of these files.
    Promoted {
        /// The files of the array its pawn can have started on.
        files: Vec<File>,
    },
}

/// What decided the list of origins.
///
/// ```
/// use forsyth::retro::{self, Clue};
/// use forsyth::Square;
/// let pos = retro::position_from_fen("4k3/8/8/8/8/8/8/B3K3 w - - 0 1").unwrap();
/// assert!(retro::who(&pos, Square::A1).unwrap().clues.contains(&Clue::SquareColour));
/// assert_eq!(retro::who(&pos, Square::E1).unwrap().clues, [Clue::King]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Clue {
    /// A king is always the original king.
    King,
    /// A pawn on its second (seventh) rank has never moved.
    UnmovedPawn,
    /// A bishop keeps the colour of its squares.
    SquareColour,
    /// The piece can never have left its start square, nor anything arrived there: unmoved pawns on these squares
    /// close every way.
    ShutIn {
        /// The unmoved pawns.
        walls: Vec<Square>,
    },
    /// A rook keeping a castling right has never moved.
    CastlingRight,
    /// The original of `original` is known to be elsewhere (or captured on its start square).
    OriginalAccountedFor {
        /// Its array square.
        original: Square,
    },
    /// The pawns' files fit only some starts within the captures the side can have made.
    PawnFiles {
        /// Captures the side can have made.
        captures: usize,
    },
    /// No pawn of the side is missing (or none that other pawns' files leave free), so nothing was promoted.
    NoPromotion,
}

/// The origins a piece can have, with what decided them.
///
/// ```
/// use forsyth::retro::{self, Origin};
/// use forsyth::{Color, Piece, Role, Square};
/// let pos = retro::position_from_fen("4k3/8/8/8/8/8/8/B3K3 w - - 0 1").unwrap();
/// let king = retro::who(&pos, Square::E8).unwrap();
/// assert_eq!((king.square, king.piece), (Square::E8, Piece::new(Color::Black, Role::King)));
/// assert_eq!(king.origins, [Origin::Original(Square::E8)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    /// Where the piece stands.
    pub square: Square,
    /// The piece.
    pub piece: Piece,
    /// Every origin it can have.
    pub origins: Vec<Origin>,
    /// What narrowed the list.
    pub clues: Vec<Clue>,
}

/// The original pieces (or promoted pawns) the piece on `square` can be.
///
/// ```
/// use forsyth::retro::{self, Origin};
/// use forsyth::Square;
/// // The bishop on c1 behind the unmoved pawns on b2 and d2 never moved: it is [Lc1].
/// let pos = retro::position_from_fen("4k3/8/8/8/8/8/1P1P4/2B1K3 w - - 0 1").unwrap();
/// let id = retro::who(&pos, Square::C1).unwrap();
/// assert_eq!(id.origins, vec![Origin::Original(Square::C1)]);
/// // Capablanca chess: a chancellor on h1 with the pawns of g2 and i2 unmoved is the original [Ch1].
/// let capablanca = retro::position_from_fen("4k5/10/10/10/10/10/6P1P1/5K1C2 w - - 0 1").unwrap();
/// let h1 = Square::new(forsyth::File::H, forsyth::Rank::FIRST);
/// assert!(retro::who(&capablanca, h1).unwrap().origins.contains(&Origin::Original(h1)));
/// ```
pub fn who(pos: &Position, square: Square) -> Result<Identity, RetroError> {
    let piece = pos.piece_at(square).ok_or(RetroError::EmptySquare(square))?;
    Ok(if let Some(core) = Shape8::core_of(pos) {
        identify(core, piece, square)
    } else if let Some(core) = Shape10::core_of(pos) {
        identify(core, piece, square)
    } else {
        unreachable!("a position is on one of the two board shapes")
    })
}

/// [`who`] on the bit sets of either board shape.
fn identify<S: Shape>(core: &Core<S>, piece: Piece, square: Square) -> Identity {
    let mut clues = Vec::new();
    let origins = match piece.role {
        Role::King => {
            clues.push(Clue::King);
            Array::of(core).candidates(piece.color, Role::King).into_iter().map(Origin::Original).collect()
        }
        Role::Pawn => pawn_origins(core, piece.color, square, &mut clues),
        role => piece_origins(core, piece.color, role, square, &mut clues),
    };
    Identity { square, piece, origins, clues }
}

/// The squares where the original unit of array square `original` can stand now (it may also have been captured).
///
/// ```
/// use forsyth::retro;
/// use forsyth::Square;
/// let pos = retro::position_from_fen("4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1").unwrap();
/// assert_eq!(retro::whereabouts(&pos, Square::B1).unwrap(), vec![Square::B1, Square::G1]);
/// ```
pub fn whereabouts(pos: &Position, original: Square) -> Result<Vec<Square>, RetroError> {
    let mut squares = Vec::new();
    for (square, _) in pos.board().pieces() {
        if who(pos, square)?.origins.contains(&Origin::Original(original)) {
            squares.push(square);
        }
    }
    Ok(squares)
}

fn pawn_origins<S: Shape>(core: &Core<S>, color: Color, square: Square, clues: &mut Vec<Clue>) -> Vec<Origin> {
    let start_rank = if color.is_white() { 1 } else { 6 };
    if square.rank().index() == start_rank {
        clues.push(Clue::UnmovedPawn);
        return vec![Origin::Original(square)];
    }
    let pawns = Pawns::of(core, color);
    clues.push(Clue::PawnFiles { captures: pawns.budget });
    let rank = Rank::new(start_rank).expect("on the board");
    pawns
        .start_files()
        .filter(|&f| pawns.fits(Some((square, f)), None))
        .filter_map(|f| File::new(f).map(|file| Origin::Original(Square::new(file, rank))))
        .collect()
}

/// Array squares whose original piece is known to stand there still: a rook with its castling right, or a piece
/// shut in on its start square (in Chess960, on a square where the array may have put it).
fn identified<S: Shape>(
    core: &Core<S>,
    array: &Array,
    color: Color,
    role: Role,
    fixed: S::Bits,
) -> Vec<(Square, Clue)> {
    let mut found = Vec::new();
    for home in array.candidates(color, role) {
        let bit = S::bit_of(home);
        if !core.pieces(color, role).has(bit) {
            continue;
        }
        if role == Role::Rook && core.castling.has(bit) {
            found.push((home, Clue::CastlingRight));
        } else if never_entered::<S>(role, bit, fixed) {
            found.push((home, Clue::ShutIn { walls: walls::<S>(role, bit, fixed) }));
        }
    }
    found
}

fn walls<S: Shape>(role: Role, bit: u32, fixed: S::Bits) -> Vec<Square> {
    (super::entries::<S>(role, bit) & fixed).iter().map(S::square_of).collect()
}

fn piece_origins<S: Shape>(
    core: &Core<S>,
    color: Color,
    role: Role,
    square: Square,
    clues: &mut Vec<Clue>,
) -> Vec<Origin> {
    let fixed = fixed_pawns(core);
    let array = Array::of(core);
    let known = identified(core, &array, color, role, fixed);
    if let Some((_, clue)) = known.iter().find(|(home, _)| *home == square) {
        clues.push(clue.clone());
        return vec![Origin::Original(square)];
    }
    let mut origins = Vec::new();
    for home in array.candidates(color, role) {
        if role == Role::Bishop && home.is_light() != square.is_light() {
            if !clues.contains(&Clue::SquareColour) {
                clues.push(Clue::SquareColour);
            }
            continue;
        }
        let home_bit = S::bit_of(home);
        // Known to stand on its start square, or shut in there and gone: captured where it stood.
        if known.iter().any(|(h, _)| *h == home) || never_entered::<S>(role, home_bit, fixed) {
            clues.push(Clue::OriginalAccountedFor { original: home });
            continue;
        }
        origins.push(Origin::Original(home));
    }
    let bit = S::bit_of(square);
    let promotion_rank = if color.is_white() { 7 } else { 0 };
    if never_entered::<S>(role, bit, fixed) && bit / S::WIDTH != promotion_rank {
        clues.push(Clue::ShutIn { walls: walls::<S>(role, bit, fixed) });
        return origins;
    }
    let pawns = Pawns::of(core, color);
    let board_files = S::WIDTH as usize;
    let files: Vec<File> = if pawns.squares().count() < board_files {
        pawns.start_files().filter(|&f| pawns.fits(None, Some(f))).filter_map(File::new).collect()
    } else {
        Vec::new()
    };
    if files.is_empty() {
        clues.push(Clue::NoPromotion);
    } else {
        if files.len() < board_files {
            clues.push(Clue::PawnFiles { captures: pawns.budget });
        }
        origins.push(Origin::Promoted { files });
    }
    origins
}
