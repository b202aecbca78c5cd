//! Retrograde analysis of standard chess, Chess960 and the 10×8 variants: which single moves led to a position
//! ([`retractions`]), why a position cannot arise from the game array at all ([`analyse`]), and which original
//! pieces a piece can be ([`who`]).
//!
//! The German problem-chess conventions name the questions: the side that just moved, original pieces
//! („Originalfiguren“) and promoted ones („Umwandlungsfiguren“), `[Sb1]` for the piece that stood on b1 in the game
//! array. Everything here works on positions that already pass [`crate::Position::from_setup`]'s validation, on
//! either board shape (the code is generic over [`Shape`] and compiled for each); the game array is the variant's
//! own, or in Chess960 and Capablanca Random Chess what the castling rights tell of it. Unknown pieces `X` and
//! fairy pieces are refused with a [`RetroError`].
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

pub use report::{Reason, Report, analyse, analyse_fen, analyse_fen_in};
pub use retractions::{Retraction, RetractionKind, retractions};

use arrayvec::ArrayVec;

use crate::bitboard::{Bits, Shape, Shape8, Shape10};
use crate::movegen::core::{Core, piece_attacks};
use crate::notation::fen::{Fen, FenError};
use crate::position::{PositionShape, start_counts};
use crate::{BoardShape, Color, File, PositionError, Rank, Role, Square, Variant};

/// Why the retro analysis cannot answer for an input.
///
/// ```
/// use forsyth::retro::{self, RetroError};
/// use forsyth::Square;
/// let err = retro::position_from_fen("4k3/8/8/8/8/8/8/4K2X w - - 0 1").unwrap_err();
/// assert_eq!(err, RetroError::UnknownPiece { squares: vec![Square::H1] });
/// let pos = retro::position_from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
/// assert_eq!(retro::who(&pos, Square::D4).unwrap_err(), RetroError::EmptySquare(Square::D4));
/// ```
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
    /// A piece other than those of standard chess and the 10×8 variants (a fairy piece), or an archbishop or
    /// chancellor on an 8×8 board.
    UnsupportedPiece {
        /// Its letter as written.
        letter: char,
        /// Where it stands, if the board field got that far.
        square: Option<Square>,
    },
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
                    "'{letter}'{at} is not supported here: retro analysis knows the pieces of standard chess \
                     (K Q R B N P) and, on 10×8 boards, the archbishop and chancellor (A C), not fairy pieces"
                )
            }
            RetroError::InvalidPosition(e) => write!(f, "the position is not legal, so no move led to it: {e}"),
            RetroError::EmptySquare(sq) => write!(f, "no piece stands on {sq}: name a square that holds one"),
        }
    }
}

impl std::error::Error for RetroError {}

/// Reads a FEN for the retro analysis: unknown and fairy pieces are refused first, then the FEN syntax, then the
/// position's own validation problems, in standard chess or (when the castling field fits only Chess960) in
/// Chess960; a 10×8 board in the variant its array and castling field tell (Capablanca, Gothic, Janus, Embassy,
/// else Capablanca Random Chess), as the FEN reader infers it.
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
    position_from_fen_in(text, None)
}

/// [`position_from_fen`] in `variant`, or the variant the FEN implies: standard chess unless a castling field fits
/// only Chess960 (X-FEN or Shredder-FEN). A Chess960 position with no castling right left reads as standard chess
/// unless Chess960 is asked for; only un-castling differs. On a 10×8 board likewise: name the variant where the
/// array is gone (Janus and Embassy castle other distances than Capablanca chess).
///
/// ```
/// use forsyth::{Variant, retro};
/// let pos = retro::position_from_fen_in("4k3/8/8/8/8/8/8/5RK1 b - - 0 1", Some(Variant::Chess960)).unwrap();
/// let castlings = retro::retractions(&pos).unwrap().into_iter().filter(|r| r.mv.is_castle()).count();
/// assert!(castlings > 1); // the king may have started on b1 to g1, the rook anywhere to its right
/// let janus = retro::position_from_fen_in("4k5/10/10/10/10/10/10/1KR7 b - - 0 1", Some(Variant::Janus)).unwrap();
/// let castling = retro::retractions(&janus).unwrap().into_iter().find(|r| r.mv.is_castle()).unwrap();
/// assert_eq!(castling.mv.to_string(), "e1a1"); // Janus: king e1 to b1, rook a1 to c1
/// assert!(retro::analyse(&janus).unwrap().reachable());
/// ```
pub fn position_from_fen_in(text: &str, variant: Option<Variant>) -> Result<crate::Position, RetroError> {
    refuse_unknown_letters(text)?;
    let fen = Fen::parse(text).map_err(RetroError::Fen)?;
    // Archbishops and chancellors are pieces of the 10×8 variants only.
    let fairy = |p: &crate::Piece| !Role::STANDARD.contains(&p.role);
    if fen.setup.board.shape() == BoardShape::Standard
        && let Some((square, piece)) = fen.setup.board.pieces().find(|(_, p)| fairy(p))
    {
        return Err(RetroError::UnsupportedPiece { letter: piece.char(), square: Some(square) });
    }
    fen.position(variant).map_err(RetroError::InvalidPosition)
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
            c if c.is_ascii_alphabetic() && Role::from_char(c).is_none() => {
                return Err(RetroError::UnsupportedPiece { letter: c, square });
            }
            _ => file = file.saturating_add(1),
        }
    }
    if unknown.is_empty() { Ok(()) } else { Err(RetroError::UnknownPiece { squares: unknown }) }
}

/// What is known of the game array: by file, the role on White's back rank (Black's mirrors it, in every variant).
/// A variant with one array knows it whole (standard chess, Capablanca, Gothic, Janus and Embassy chess); a shuffled
/// one (Chess960, Capablanca Random Chess) only as far as castling rights tell it: a king that keeps a right has
/// not moved, nor has a rook with a right, so their squares are the array's.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Array {
    roles: [Option<Role>; 10],
    variant: Variant,
}

impl Array {
    /// The array as far as the position tells it.
    pub(crate) fn of<S: Shape>(core: &Core<S>) -> Array {
        let mut roles = [None; 10];
        let variant = core.variant;
        if !variant.is_shuffle() {
            for (f, c) in variant.start_array().chars().enumerate() {
                roles[f] = Role::from_char(c);
            }
            return Array { roles, variant };
        }
        for color in Color::ALL {
            let rights = core.castling & S::rank_mask(u32::from(back_rank(color)));
            if !rights.is_empty() && core.has_king(color) {
                roles[(core.king_of(color) % S::WIDTH) as usize] = Some(Role::King);
                for rook in rights.iter() {
                    roles[(rook % S::WIDTH) as usize] = Some(Role::Rook);
                }
            }
        }
        Array { roles, variant }
    }

    /// The number of files.
    fn files(&self) -> u8 {
        self.variant.shape().files()
    }

    /// The role the array puts on a back-rank file, if known.
    pub(crate) fn role_on(&self, file: File) -> Option<Role> {
        self.roles.get(usize::from(file.index())).copied().flatten()
    }

    /// The squares where `color`'s pieces of `role` are known to start (every pawn square of the second or seventh
    /// rank).
    pub(crate) fn homes(&self, color: Color, role: Role) -> ArrayVec<Square, 10> {
        let rank = match (role, color) {
            (Role::Pawn, Color::White) => 1,
            (Role::Pawn, Color::Black) => 6,
            _ => back_rank(color),
        };
        let mut squares = ArrayVec::new();
        for f in 0..self.files() {
            if role == Role::Pawn || self.roles[usize::from(f)] == Some(role) {
                squares.extend(square(f, rank));
            }
        }
        squares
    }

    /// The squares where `color`'s pieces of `role` may start: the known ones, and while those are fewer than the
    /// array holds, every file whose role is unknown (for bishops: of a square colour no known bishop has; for the
    /// king: not the first or last file, since it starts between its rooks).
    pub(crate) fn candidates(&self, color: Color, role: Role) -> ArrayVec<Square, 10> {
        let mut squares = self.homes(color, role);
        if role == Role::Pawn || squares.len() >= start_counts(self.variant)[role.index()] {
            return squares;
        }
        let known = squares.clone();
        let files = self.files();
        for f in (0..files).filter(|&f| self.roles[usize::from(f)].is_none()) {
            let Some(sq) = square(f, back_rank(color)) else { continue };
            let fits = match role {
                Role::Bishop => known.iter().all(|k| k.is_light() != sq.is_light()),
                Role::King => (1..files - 1).contains(&f),
                _ => true,
            };
            if fits {
                squares.push(sq);
            }
        }
        squares
    }

    /// The start square of `color`'s bishop of the light (dark) squares, if known.
    pub(crate) fn bishop_home(&self, color: Color, light: bool) -> Option<Square> {
        self.homes(color, Role::Bishop).into_iter().find(|sq| sq.is_light() == light)
    }
}

/// The rank index of `color`'s back rank.
pub(crate) const fn back_rank(color: Color) -> u8 {
    if color.is_white() { 0 } else { 7 }
}

fn square(file: u8, rank: u8) -> Option<Square> {
    Some(Square::new(File::new(file)?, Rank::new(rank)?))
}

/// The role the game array puts on `square` (a pawn on the second and seventh ranks), if known: always in standard
/// chess and the 10×8 variants with one array; in Chess960 and Capablanca Random Chess only the king's and the
/// rooks' squares that castling rights tell, else `None`.
///
/// ```
/// use forsyth::{Role, Square, Variant, retro};
/// let standard = retro::position_from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
/// assert_eq!(retro::array_role(&standard, Square::B1).unwrap(), Some(Role::Knight));
/// let chess960 = retro::position_from_fen("1r4kr/8/8/8/8/8/8/6K1 w hb - 0 1").unwrap();
/// assert_eq!(chess960.variant(), Variant::Chess960);
/// assert_eq!(retro::array_role(&chess960, Square::B1).unwrap(), Some(Role::Rook));
/// assert_eq!(retro::array_role(&chess960, Square::G1).unwrap(), Some(Role::King));
/// assert_eq!(retro::array_role(&chess960, Square::C1).unwrap(), None);
/// let janus = retro::position_from_fen_in("4k5/10/10/10/10/10/10/4K5 w - - 0 1", Some(Variant::Janus)).unwrap();
/// assert_eq!(retro::array_role(&janus, Square::B1).unwrap(), Some(Role::Archbishop));
/// ```
pub fn array_role(pos: &crate::Position, square: Square) -> Result<Option<Role>, RetroError> {
    let array = if let Some(core) = Shape8::core_of(pos) {
        Array::of(core)
    } else if let Some(core) = Shape10::core_of(pos) {
        Array::of(core)
    } else {
        unreachable!("a position is on one of the two board shapes")
    };
    Ok(match square.rank().index() {
        1 | 6 => Some(Role::Pawn),
        0 | 7 => array.role_on(square.file()),
        _ => None,
    })
}

/// Squares that have held the same pawn all game: White's pawns on the second rank and Black's on the seventh
/// never moved, since no other pawn of theirs can reach those squares.
pub(crate) fn fixed_pawns<S: Shape>(core: &Core<S>) -> S::Bits {
    (core.pieces(Color::White, Role::Pawn) & S::rank_mask(1))
        | (core.pieces(Color::Black, Role::Pawn) & S::rank_mask(6))
}

/// The squares a piece of `role` on bit `sq` must have come through (a slider passes the square next to it) or
/// from (a leaper) to arrive there.
pub(crate) fn entries<S: Shape>(role: Role, sq: u32) -> S::Bits {
    // With every square occupied, a slider's attacks are the squares next to it on its lines.
    if role == Role::Pawn { S::Bits::EMPTY } else { piece_attacks::<S>(role, sq, S::ALL) }
}

/// Whether no piece of `role` can ever have arrived on bit `sq`: every way in has held an unmoved pawn all game.
pub(crate) fn never_entered<S: Shape>(role: Role, sq: u32, fixed: S::Bits) -> bool {
    let ways = entries::<S>(role, sq);
    !ways.is_empty() && (ways & !fixed).is_empty()
}
