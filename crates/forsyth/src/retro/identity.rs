//! Identities: which original pieces of the array a piece on the board can be, as the German problem-chess
//! conventions write them (`[Sb1]`), or which promoted pawn.

use super::pawns::Pawns;
use super::{Array, RetroError, fixed_pawns, never_entered, supported};
use crate::bitboard::{Bits, Shape, Shape8};
use crate::position::core::Core;
use crate::{Color, File, Piece, Position, Rank, Role, Square};

/// Where a piece on the board can have come from.
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
/// ```
pub fn who(pos: &Position, square: Square) -> Result<Identity, RetroError> {
    let core = supported(pos)?;
    let piece = pos.piece_at(square).ok_or(RetroError::EmptySquare(square))?;
    let mut clues = Vec::new();
    let origins = match piece.role {
        Role::King => {
            clues.push(Clue::King);
            Array::of(core).candidates(piece.color, Role::King).into_iter().map(Origin::Original).collect()
        }
        Role::Pawn => pawn_origins(core, piece.color, square, &mut clues),
        role => piece_origins(core, piece.color, role, square, &mut clues),
    };
    Ok(Identity { square, piece, origins, clues })
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
    supported(pos)?;
    let mut squares = Vec::new();
    for (square, _) in pos.board().pieces() {
        if who(pos, square)?.origins.contains(&Origin::Original(original)) {
            squares.push(square);
        }
    }
    Ok(squares)
}

fn pawn_origins(core: &Core<Shape8>, color: Color, square: Square, clues: &mut Vec<Clue>) -> Vec<Origin> {
    let start_rank = if color.is_white() { 1 } else { 6 };
    if square.rank().index() == start_rank {
        clues.push(Clue::UnmovedPawn);
        return vec![Origin::Original(square)];
    }
    let pawns = Pawns::of(core, color);
    clues.push(Clue::PawnFiles { captures: pawns.budget });
    let rank = Rank::new(start_rank).expect("on the board");
    (0..8u8)
        .filter(|&f| pawns.fits(Some((square, f)), None))
        .filter_map(|f| File::new(f).map(|file| Origin::Original(Square::new(file, rank))))
        .collect()
}

/// Array squares whose original piece is known to stand there still: a rook with its castling right, or a piece
/// shut in on its start square (in Chess960, on a square where the array may have put it).
fn identified(core: &Core<Shape8>, array: &Array, color: Color, role: Role, fixed: u64) -> Vec<(Square, Clue)> {
    let mut found = Vec::new();
    for home in array.candidates(color, role) {
        let bit = Shape8::bit_of(home);
        if !core.pieces(color, role).has(bit) {
            continue;
        }
        if role == Role::Rook && core.castling & u64::bit(bit) != 0 {
            found.push((home, Clue::CastlingRight));
        } else if never_entered::<Shape8>(role, bit, fixed) {
            found.push((home, Clue::ShutIn { walls: walls(role, bit, fixed) }));
        }
    }
    found
}

fn walls(role: Role, bit: u32, fixed: u64) -> Vec<Square> {
    (super::entries::<Shape8>(role, bit) & fixed).iter().map(Shape8::square_of).collect()
}

fn piece_origins(core: &Core<Shape8>, color: Color, role: Role, square: Square, clues: &mut Vec<Clue>) -> Vec<Origin> {
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
        let home_bit = Shape8::bit_of(home);
        // Known to stand on its start square, or shut in there and gone: captured where it stood.
        if known.iter().any(|(h, _)| *h == home) || never_entered::<Shape8>(role, home_bit, fixed) {
            clues.push(Clue::OriginalAccountedFor { original: home });
            continue;
        }
        origins.push(Origin::Original(home));
    }
    let bit = Shape8::bit_of(square);
    let promotion_rank = if color.is_white() { 7 } else { 0 };
    if never_entered::<Shape8>(role, bit, fixed) && bit / 8 != promotion_rank {
        clues.push(Clue::ShutIn { walls: walls(role, bit, fixed) });
        return origins;
    }
    let pawns = Pawns::of(core, color);
    let files: Vec<File> = if pawns.squares().count() < 8 {
        (0..8u8).filter(|&f| pawns.fits(None, Some(f))).filter_map(File::new).collect()
    } else {
        Vec::new()
    };
    if files.is_empty() {
        clues.push(Clue::NoPromotion);
    } else {
        if files.len() < 8 {
            clues.push(Clue::PawnFiles { captures: pawns.budget });
        }
        origins.push(Origin::Promoted { files });
    }
    origins
}
