//! Retrograde analysis of standard chess: which single moves led to a position ([`retractions`]), why a position
//! cannot arise from the game array at all ([`analyse`]), and which original pieces a piece can be ([`who`]).
//!
//! The German problem-chess conventions name the questions: the side that just moved, original pieces
//! („Originalfiguren“) and promoted ones („Umwandlungsfiguren“), `[Sb1]` for the piece that stood on b1 in the game
//! array. Everything here works on positions that already pass [`crate::Position::from_setup`]'s validation, on the
//! standard 8×8 board with the standard array; other variants, unknown pieces `X` and fairy pieces are refused with
//! a [`RetroError`].
//!
//! ```
//! use forsyth::retro;
//! let pos = retro::position_from_fen("4k3/8/8/8/8/5N2/8/4K3 b - - 1 1").unwrap();
//! let moves: Vec<String> = retro::retractions(&pos).unwrap().iter().map(|r| r.mv.to_string()).collect();
//! assert!(moves.contains(&"g1f3".to_string()));
//! assert!(retro::analyse(&pos).unwrap().reachable());
//! ```
//!
//! Words for people (English and German) live in [`crate::diagram::retro_words`]; this module has typed values
//! with stable codes only.

mod identity;
mod pawns;
mod report;
mod retractions;

use std::fmt;

pub use identity::{Clue, Identity, Origin, whereabouts, who};
pub use report::{Reason, Report, analyse, analyse_fen};
pub use retractions::{Retraction, RetractionKind, retractions};

use arrayvec::ArrayVec;

use crate::bitboard::{Shape, Shape8};
use crate::notation::fen::{Fen, FenError};
use crate::position::core::Core;
use crate::{BoardShape, Color, File, PositionError, Rank, Role, Square, Variant};

/// Why the retro analysis cannot answer for an input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RetroError {
    /// The text is not a FEN.
    Fen(FenError),
    /// Unknown pieces (`X`, `x`) of a problem diagram: nothing is known of how they move.
    UnknownPiece {
        /// Where they stand.
        squares: Vec<Square>,
    },
    /// A piece other than the six of standard chess (a fairy piece, or a 10×8 piece on an 8×8 board).
    UnsupportedPiece {
        /// Its letter as written.
        letter: char,
        /// Where it stands, if the board field got that far.
        square: Option<Square>,
    },
    /// A variant other than standard chess.
    UnsupportedVariant(Variant),
    /// The position breaks the rules already; the problems are those of [`crate::Position::from_setup`].
    InvalidPosition(PositionError),
    /// No piece stands on the square asked about.
    EmptySquare(Square),
}

impl RetroError {
    /// A stable code for programs: `retro.` and a word, or the FEN reader's own code.
    ///
    /// ```
    /// use forsyth::retro::{self, RetroError};
    /// let err = retro::position_from_fen("4k3/8/8/8/8/8/8/4K2X w - - 0 1").unwrap_err();
    /// assert_eq!(err.code(), "retro.unknown-piece");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            RetroError::Fen(e) => e.code,
            RetroError::UnknownPiece { .. } => "retro.unknown-piece",
            RetroError::UnsupportedPiece { .. } => "retro.unsupported-piece",
            RetroError::UnsupportedVariant(_) => "retro.unsupported-variant",
            RetroError::InvalidPosition(_) => "retro.invalid-position",
            RetroError::EmptySquare(_) => "retro.empty-square",
        }
    }
}

impl fmt::Display for RetroError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RetroError::Fen(e) => write!(f, "not a FEN: {e}"),
            RetroError::UnknownPiece { squares } => {
                let list: Vec<String> = squares.iter().map(Square::to_string).collect();
                write!(
                    f,
                    "unknown pieces (X) on {} are not supported here: retro analysis needs every piece known; \
                     put a piece letter (K Q R B N P) there",
                    list.join(", ")
                )
            }
            RetroError::UnsupportedPiece { letter, square } => {
                let at = square.map_or(String::new(), |sq| format!(" on {sq}"));
                write!(
                    f,
                    "'{letter}'{at} is not supported here: retro analysis knows the six pieces of standard chess \
                     (K Q R B N P), not fairy or 10×8 pieces"
                )
            }
            RetroError::UnsupportedVariant(v) => {
                write!(f, "{v} is not supported here: retro analysis works on standard chess only")
            }
            RetroError::InvalidPosition(e) => write!(f, "the position is not legal, so no move led to it: {e}"),
            RetroError::EmptySquare(sq) => write!(f, "no piece stands on {sq}: name a square that holds one"),
        }
    }
}

impl std::error::Error for RetroError {}

/// Reads a FEN for the retro analysis: unknown and fairy pieces are refused first, then the FEN syntax, then a
/// 10×8 board, then the position's own validation problems in standard chess (a castling field that fits only
/// Chess960 is such a problem: the analysis knows the standard array only).
///
/// ```
/// use forsyth::retro::{self, RetroError};
/// assert_eq!(retro::position_from_fen("4k3/8/8/8/8/8/8/4K1G1 w - - 0 1").unwrap_err().code(),
///            "retro.unsupported-piece");
/// let err = retro::position_from_fen("4k3/8/8/8/8/8/8/4KK2 w - - 0 1").unwrap_err();
/// let RetroError::InvalidPosition(problems) = err else { panic!() };
/// assert_eq!(problems.problems[0].code(), "position.too-many-kings");
/// ```
pub fn position_from_fen(text: &str) -> Result<crate::Position, RetroError> {
    refuse_unknown_letters(text)?;
    let fen = Fen::parse(text).map_err(RetroError::Fen)?;
    if fen.setup.board.shape() != BoardShape::Standard {
        return Err(RetroError::UnsupportedVariant(fen.infer_variant()));
    }
    if let Some((square, piece)) = fen.setup.board.pieces().find(|(_, p)| !Role::STANDARD.contains(&p.role)) {
        return Err(RetroError::UnsupportedPiece { letter: piece.char(), square: Some(square) });
    }
    fen.position(Some(Variant::Standard)).map_err(RetroError::InvalidPosition)
}

/// Unknown (`X`) and fairy letters in the board field, found before the FEN reader refuses them in its own terms.
fn refuse_unknown_letters(text: &str) -> Result<(), RetroError> {
    let board = text.trim_start().split(' ').next().unwrap_or("");
    let board = board.trim_start_matches('[').trim_end_matches(']');
    let mut unknown = Vec::new();
    let (mut file, mut rank) = (0u8, 7u8);
    for c in board.chars() {
        let square = crate::File::new(file).zip(crate::Rank::new(rank)).map(|(f, r)| Square::new(f, r));
        match c {
            '/' => {
                file = 0;
                rank = rank.saturating_sub(1);
            }
            '1'..='9' => file = file.saturating_add(c as u8 - b'0'),
            'X' | 'x' => {
                unknown.extend(square);
                file = file.saturating_add(1);
            }
            c if c.is_ascii_alphabetic() && !"KQRBNPkqrbnp".contains(c) => {
                return Err(RetroError::UnsupportedPiece { letter: c, square });
            }
            _ => file = file.saturating_add(1),
        }
    }
    if unknown.is_empty() { Ok(()) } else { Err(RetroError::UnknownPiece { squares: unknown }) }
}

/// The 8×8 bit sets of a position the analysis supports: standard chess.
fn supported(pos: &crate::Position) -> Result<&Core<Shape8>, RetroError> {
    match pos.standard_core() {
        Some(core) if pos.variant() == Variant::Standard => Ok(core),
        _ => Err(RetroError::UnsupportedVariant(pos.variant())),
    }
}

/// The squares of the standard array where `color`'s pieces of `role` start.
pub(crate) fn array_squares(color: Color, role: Role) -> ArrayVec<Square, 8> {
    let rank = if color.is_white() { Rank::new(0) } else { Rank::new(7) }.expect("on the board");
    let pawn_rank = if color.is_white() { 1 } else { 6 };
    let mut squares = ArrayVec::new();
    if role == Role::Pawn {
        squares.extend((0..8).filter_map(|f| Some(Square::new(File::new(f)?, Rank::new(pawn_rank)?))));
        return squares;
    }
    for (f, c) in Variant::Standard.start_array().chars().enumerate() {
        if Role::from_char(c) == Some(role) {
            squares.extend(File::new(f as u8).map(|file| Square::new(file, rank)));
        }
    }
    squares
}

/// Squares that have held the same pawn all game: White's pawns on the second rank and Black's on the seventh
/// never moved, since no other pawn of theirs can reach those squares.
pub(crate) fn fixed_pawns(core: &Core<Shape8>) -> u64 {
    (core.pieces(Color::White, Role::Pawn) & Shape8::rank_mask(1))
        | (core.pieces(Color::Black, Role::Pawn) & Shape8::rank_mask(6))
}

/// The squares a piece of `role` on bit `sq` must have come through (a slider passes the square next to it) or
/// from (a leaper) to arrive there.
pub(crate) fn entries(role: Role, sq: u32) -> u64 {
    let full = Shape8::ALL;
    match role {
        Role::King | Role::Queen => Shape8::king_attacks(sq),
        Role::Knight => Shape8::knight_attacks(sq),
        Role::Bishop => Shape8::bishop_attacks(sq, full),
        Role::Rook => Shape8::rook_attacks(sq, full),
        _ => 0,
    }
}

/// Whether no piece of `role` can ever have arrived on bit `sq`: every way in has held an unmoved pawn all game.
pub(crate) fn never_entered(role: Role, sq: u32, fixed: u64) -> bool {
    let ways = entries(role, sq);
    ways != 0 && ways & !fixed == 0
}
