//! The FEN family: classic FEN, X-FEN, Shredder-FEN and mySchach's FRC-FEN, on 8×8 and 10×8 boards.
//!
//! # Reading
//!
//! [`Fen::parse`] (and `str::parse`) reads leniently: the board alone (also in `[brackets]`, as printed under
//! problem diagrams), missing trailing fields, repeated or surrounding whitespace, `W`/`B` for the side to move,
//! castling letters in any order, spelled as classic FEN (`KQkq`), X-FEN (`K`/`Q` for the outermost rook, a file
//! letter for an inner one), Shredder-FEN (`HAha`) or mySchach's FRC-FEN (a file letter before `K`/`Q`: `GKkq`),
//! with or without X-FEN's castling-type prefix `s`/`m`. Missing fields get these defaults: side to move `w`,
//! castling `-`, en passant `-`, half-move clock `0`, move number `1`; a move number of `0` reads as `1`.
//! [`Fen::parse_lenient`] also returns a [`Note`] for everything it assumed or normalised;
//! [`Fen::parse_strict`] refuses, with the same codes, anything that is not a complete, canonical FEN (six fields,
//! single spaces, castling spelled as one of the writers below spells it).
//!
//! Every syntax error is a [`FenError`] with a stable code (see [`ERROR_CODES`]), the 1-based column (counting
//! characters), the field, the offending text and what would be valid:
//!
//! ```
//! use forsyth::notation::fen::Fen;
//! let err = Fen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1").unwrap_err();
//! assert_eq!(err.code, "fen.castling.bad-letter");
//! assert_eq!(err.to_string(),
//!     "column 50 (castling): 'KQkx': 'x' is not a castling letter (use K, Q, k, q, a rook's file letter, or -)");
//! ```
//!
//! Rules beyond syntax (kings, pawns, checks, castling rights, en passant) are checked when a [`Position`] is
//! made: [`Fen::position`] reports every problem at once, [`Fen::position_repaired`] drops invalid castling rights
//! and en-passant squares and says what it dropped.
//!
//! # Writing
//!
//! [`CastlingStyle`] chooses the castling spelling (X-FEN by default, which is classic FEN for standard chess),
//! [`EpMode`] when the en-passant square is written (after every double step by default, as FEN and PGN require).
//! Reading what was written gives back the same position in every mode.
//!
//! ```
//! use forsyth::notation::fen::{CastlingStyle, EpMode, Fen};
//! let fen: Fen = "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11".parse().unwrap();
//! assert_eq!(fen.to_string_with(CastlingStyle::Shredder).unwrap(),
//!            "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gga - 4 11");
//! assert!(fen.to_string_with(CastlingStyle::Classic).is_err()); // the g1 rook needs a file letter
//! let pos = fen.position(None).unwrap();
//! let after_e4 = pos.after("e2e4".parse::<forsyth::uci::Uci>().unwrap().to_move(&pos).unwrap()).unwrap();
//! assert_eq!(Fen::from_position_with(&after_e4, EpMode::Legal).to_string(),
//!            "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P3P3/2N2B2/1PPP1P2/2BNK1RR b Gkq - 0 11");
//! ```
//!
//! # Inside
//!
//! One file per job: `fields` (the fields, their errors and notes with columns), `board` (the board field),
//! `castling` (the castling dialects: classic, X-FEN, Shredder-FEN, FRC-FEN, the `s`/`m` prefixes), `read` (the
//! general reader), `fast` (canonical standard-board FENs straight into a position), `infer` (which variant a FEN
//! belongs to), `write` (writing).

mod board;
mod castling;
mod fast;
mod fields;
mod infer;
mod read;
mod write;

use std::fmt;
use std::str::FromStr;

use crate::{Allowed, BoardShape, ByColor, Position, PositionError, Problem, Setup, SquareSet, Variant};

pub use castling::{CastlingStyle, UnknownMode};
pub use fields::{ERROR_CODES, FenError, FenField, NOTE_CODES, Note, Quoted};
pub use write::{EpMode, FenWriteError};

use fast::*;
use infer::*;
use read::*;
use write::*;

/// A FEN: the setup it describes, and the variant its letters name when they do.
///
/// ```
/// use forsyth::notation::fen::Fen;
/// let fen: Fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2".parse().unwrap();
/// assert_eq!(fen.setup.fullmoves, 2);
/// assert_eq!(fen.to_string(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fen {
    /// What the FEN describes.
    pub setup: Setup,
    /// The variant the FEN's own letters name (`j`, the Janus, names Janus chess), or the variant of the position
    /// it was made from. Writing uses it for the Janus letter; [`Fen::infer_variant`] prefers it.
    pub variant: Option<Variant>,
}

impl From<Setup> for Fen {
    fn from(setup: Setup) -> Fen {
        Fen { setup, variant: None }
    }
}

/// Why a text is not a legal position ([`Fen::parse_position`]): it cannot be read as a FEN, or the position it
/// describes breaks the rules.
///
/// ```
/// use forsyth::notation::fen::{Fen, FenPositionError};
/// let err = Fen::parse_position("4k3/8/8/8/8/8/8/4K3 x - - 0 1", None).unwrap_err();
/// assert!(matches!(err, FenPositionError::Syntax(ref e) if e.code == "fen.turn.bad-letter"));
/// let err = Fen::parse_position("4k3/8/8/8/8/8/8/8 w - - 0 1", None).unwrap_err();
/// assert_eq!(err.to_string(), "White has no king");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenPositionError {
    /// Not a FEN: what [`Fen::parse`] says.
    Syntax(FenError),
    /// A FEN of no legal position: what [`Fen::position`] says.
    Illegal(PositionError),
}

impl FenPositionError {
    /// The code of the syntax error ([`FenError::code`]) or of the first problem ([`PositionError::code`]).
    ///
    /// ```
    /// use forsyth::notation::fen::Fen;
    /// let code = |fen: &str| Fen::parse_position(fen, None).unwrap_err().code();
    /// assert_eq!(code("4k3/9/8/8/8/8/8/4K3 w - - 0 1"), "fen.board.rank-too-long");
    /// assert_eq!(code("4k3/8/8/8/8/8/8/8 w - - 0 1"), "position.missing-king");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            FenPositionError::Syntax(e) => e.code,
            FenPositionError::Illegal(e) => e.code(),
        }
    }
}

impl fmt::Display for FenPositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenPositionError::Syntax(e) => e.fmt(f),
            FenPositionError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FenPositionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FenPositionError::Syntax(e) => Some(e),
            FenPositionError::Illegal(e) => Some(e),
        }
    }
}

/// A board-only position as printed under problem diagrams (named apart from [`crate::diagram::Diagram`], the
/// picture drawn from it), where the German problem-chess conventions' `X`/`x` stands for an unknown or
/// arbitrary piece. Not a [`Position`]: unknown pieces have no moves.
///
/// ```
/// use forsyth::notation::fen::Fen;
/// use forsyth::Square;
/// let board = Fen::parse_diagram("[3Brq2/P1ppRp1K/4p2p/6p1/6NP/3P1P1k/1PP1bPrb/3BnQnX]").unwrap();
/// assert!(board.unknown.white.contains(Square::H1));
/// assert_eq!(board.setup.board.piece_at(Square::H1), None);
/// assert_eq!(board.setup.board.count(forsyth::Color::White), 13);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProblemBoard {
    /// The known pieces and whatever fields followed the board (with the lenient defaults otherwise).
    pub setup: Setup,
    /// Squares of unknown pieces (`X` White, `x` Black).
    pub unknown: ByColor<SquareSet>,
}

impl Fen {
    /// Reads a FEN leniently (see the module documentation for what it accepts and assumes).
    ///
    /// ```
    /// use forsyth::notation::fen::Fen;
    /// // Lenient: the missing fields are assumed (no castling, no en passant, clocks 0 1).
    /// let fen = Fen::parse("4k3/8/8/8/8/8/4P3/4K3 w").unwrap();
    /// assert_eq!(fen.to_string(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    /// assert_eq!(Fen::parse("4k3/8/8/8/8/8/4P3/4K3 x").unwrap_err().code, "fen.turn.bad-letter");
    /// ```
    pub fn parse(text: &str) -> Result<Fen, FenError> {
        let mut notes = Vec::new();
        read(text, false, &mut notes, None).map(Fen::read)
    }

    /// Reads a FEN leniently and says what it assumed or normalised.
    ///
    /// ```
    /// use forsyth::notation::fen::Fen;
    /// let (_, notes) = Fen::parse_lenient("4k3/8/8/8/8/8/4P3/4K3 w").unwrap();
    /// assert_eq!(notes[0].code, "fen.lenient.missing-fields");
    /// let (_, notes) = Fen::parse_lenient("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    /// assert!(notes.is_empty());
    /// ```
    pub fn parse_lenient(text: &str) -> Result<(Fen, Vec<Note>), FenError> {
        let mut notes = Vec::new();
        let fen = read(text, false, &mut notes, None).map(Fen::read)?;
        Ok((fen, notes))
    }

    /// Reads only a complete, canonical FEN: six fields separated by single spaces, castling spelled as classic,
    /// X-FEN or Shredder-FEN writes it. Anything lenient reading would note is an error with the note's code.
    ///
    /// ```
    /// use forsyth::notation::fen::Fen;
    /// assert!(Fen::parse_strict("4k3/8/8/8/8/8/4P3/4K3 w - - 5 39").is_ok());
    /// assert_eq!(Fen::parse_strict("4k3/8/8/8/8/8/4P3/4K3 w").unwrap_err().code, "fen.lenient.missing-fields");
    /// assert_eq!(Fen::parse_strict("r3k2r/8/8/8/8/8/8/R3K2R w QKkq - 0 1").unwrap_err().code,
    ///            "fen.lenient.castling-spelling");
    /// ```
    pub fn parse_strict(text: &str) -> Result<Fen, FenError> {
        let mut notes = Vec::new();
        read(text, true, &mut notes, None).map(Fen::read)
    }

    /// Reads a diagram's board (German problem-chess conventions: `[3Brq2/P1ppRp1K/…]`), where `X`/`x` stand for unknown pieces. Fields
    /// after the board are read as in a FEN.
    ///
    /// ```
    /// use forsyth::notation::fen::Fen;
    /// use forsyth::Square;
    /// let board = Fen::parse_diagram("[8/8/8/3x4/8/8/8/K6k]").unwrap();
    /// assert!(board.unknown.black.contains(Square::D5));
    /// assert_eq!(board.setup.board.piece_at(Square::A1).map(|p| p.role), Some(forsyth::Role::King));
    /// ```
    pub fn parse_diagram(text: &str) -> Result<ProblemBoard, FenError> {
        let mut notes = Vec::new();
        let mut unknown = ByColor::new(SquareSet::EMPTY, SquareSet::EMPTY);
        let (setup, _) = read(text, false, &mut notes, Some(&mut unknown))?;
        Ok(ProblemBoard { setup, unknown })
    }

    /// Reads a FEN and makes its position, in `variant` or the inferred one: exactly [`Fen::parse`] followed by
    /// [`Fen::position`], with the same errors, but a canonical standard-board FEN is read straight into the
    /// position, about 1.5 times as fast as through a [`Fen`] (which is sized for 10×8 boards).
    ///
    /// ```
    /// use forsyth::{Variant, notation::fen::Fen};
    /// let text = "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11";
    /// let pos = Fen::parse_position(text, None).unwrap();
    /// assert_eq!(pos.variant(), Variant::Chess960);
    /// assert_eq!(Fen::from_position(&pos).to_string(), text);
    /// let err = Fen::parse_position(text, Some(Variant::Standard)).unwrap_err();
    /// assert!(err.to_string().starts_with("castling right with the rook on g1: the rook is not on its start square"));
    /// ```
    pub fn parse_position(text: &str, variant: Option<Variant>) -> Result<Position, FenPositionError> {
        if variant.is_none_or(|v| v.shape() == BoardShape::Standard)
            && let Some(setup) = read_standard(text.as_bytes())
        {
            let variant = variant.unwrap_or_else(|| infer_standard_variant(&setup));
            return Position::from_standard_setup(&setup, variant).map_err(FenPositionError::Illegal);
        }
        let fen = Fen::parse(text).map_err(FenPositionError::Syntax)?;
        fen.position(variant).map_err(FenPositionError::Illegal)
    }

    /// [`Fen::parse_position`] restricted to canonical standard-board FENs: `Some` with the position (or the rules
    /// it breaks) when `text` is six fields separated by single spaces, an 8×8 board, castling `-` or letters of
    /// `KQkq` in that order, en passant `-` or a lower-case square, and clocks without leading zeros (a move number
    /// from 1) — text that [`Fen::parse_lenient`] reads without a note and [`Fen::parse_strict`] accepts; `None` for
    /// anything else, which the two steps take. For programs that report notes and want the fast path where there
    /// are none.
    ///
    /// ```
    /// use forsyth::notation::fen::Fen;
    /// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /// assert_eq!(Fen::parse_canonical_position(start, None).unwrap().unwrap().to_string(), start);
    /// assert!(Fen::parse_canonical_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1", None).is_none());
    /// assert!(Fen::parse_canonical_position("4k3/8/8/8/8/8/8/4K3 w - - 0 0", None).is_none());
    /// assert!(Fen::parse_canonical_position("4k3/8/8/8/8/8/8/4K3 w", None).is_none());
    /// assert!(Fen::parse_canonical_position("4k3/8/8/8/8/8/8/8 w - - 0 1", None).unwrap().is_err());
    /// ```
    pub fn parse_canonical_position(text: &str, variant: Option<Variant>) -> Option<Result<Position, PositionError>> {
        if variant.is_some_and(|v| v.shape() != BoardShape::Standard) || !is_canonical(text.as_bytes()) {
            return None;
        }
        let setup = read_standard(text.as_bytes())?;
        let variant = variant.unwrap_or_else(|| infer_standard_variant(&setup));
        Some(Position::from_standard_setup(&setup, variant))
    }

    /// The FEN of a position, with the en-passant square after every double step ([`EpMode::Always`]).
    ///
    /// ```
    /// use forsyth::notation::fen::Fen;
    /// use forsyth::{Move, Position, Square};
    /// let pos = Position::default().after(Move::new(Square::E2, Square::E4)).unwrap();
    /// // The en-passant square after every double step, as the FEN standard writes it.
    /// assert_eq!(Fen::from_position(&pos).to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    /// ```
    pub fn from_position(pos: &Position) -> Fen {
        Fen::from_position_with(pos, EpMode::Always)
    }

    /// The FEN of a position, with the en-passant square written as `ep` says.
    ///
    /// ```
    /// use forsyth::notation::fen::{EpMode, Fen};
    /// use forsyth::{Move, Position, Square};
    /// let pos = Position::default().after(Move::new(Square::E2, Square::E4)).unwrap();
    /// // No black pawn can take on e3: X-FEN and Polyglot leave the square out.
    /// assert_eq!(Fen::from_position_with(&pos, EpMode::Pseudo).to_string(),
    ///            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// ```
    pub fn from_position_with(pos: &Position, ep: EpMode) -> Fen {
        let mut setup = pos.to_setup();
        setup.ep_square = match ep {
            EpMode::Always => setup.ep_square,
            EpMode::Pseudo => pos.pseudo_ep_square(),
            EpMode::Legal => pos.legal_ep_square(),
        };
        Fen { setup, variant: Some(pos.variant()) }
    }

    /// The variant this FEN most likely belongs to. In order: the variant its letters name (`j` → Janus); on 8×8,
    /// standard chess unless a castling right needs Chess960 (a king off the e-file or a rook off a corner); on
    /// 10×8, the castling-type prefix (`s` → Janus, `m` → Embassy), then a back rank that is exactly a variant's
    /// start array (Gothic, Embassy, Janus, Capablanca), then Capablanca unless a castling right needs Capablanca
    /// Random Chess. Gothic and Embassy middle games cannot be told from Capablanca: pass the variant.
    ///
    /// ```
    /// use forsyth::{Variant, notation::fen::Fen};
    /// let infer = |fen: &str| fen.parse::<Fen>().unwrap().infer_variant();
    /// assert_eq!(infer("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), Variant::Standard);
    /// assert_eq!(infer("rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11"), Variant::Chess960);
    /// assert_eq!(infer(Variant::Gothic.start_fen()), Variant::Gothic);
    /// assert_eq!(infer(Variant::Janus.start_fen()), Variant::Janus);
    /// assert_eq!(infer("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1"), Variant::Capablanca);
    /// ```
    pub fn infer_variant(&self) -> Variant {
        self.variant.unwrap_or_else(|| infer_variant(&self.setup))
    }

    /// The position, in `variant` or the inferred one; every rule it breaks otherwise.
    ///
    /// ```
    /// use forsyth::notation::fen::Fen;
    /// use forsyth::Variant;
    /// let fen: Fen = Variant::Capablanca.start_fen().parse().unwrap();
    /// assert_eq!(fen.position(None).unwrap().variant(), Variant::Capablanca);
    /// let kingless: Fen = "8/8/8/8/8/8/8/8 w - - 0 1".parse().unwrap();
    /// assert_eq!(kingless.position(None).unwrap_err().problems.len(), 2);
    /// ```
    pub fn position(&self, variant: Option<Variant>) -> Result<Position, PositionError> {
        Position::from_setup(&self.setup, variant.unwrap_or_else(|| self.infer_variant()))
    }

    /// The position, in `variant` or the inferred one, accepting the problems `allowed` names: the position and the
    /// allowed problems found (warnings), or the problems not allowed. See [`Allowed`].
    ///
    /// ```
    /// use forsyth::notation::fen::Fen;
    /// use forsyth::Allowed;
    /// // Three white rooks with no pawn missing: more than the start array and promotions allow.
    /// let fen: Fen = "4k3/8/8/8/8/8/PPPPPPPP/R2RK2R w - - 0 1".parse().unwrap();
    /// assert!(fen.position(None).is_err());
    /// let (pos, warnings) = fen.position_allowing(None, Allowed::ALL_SAFE).unwrap();
    /// assert_eq!(warnings[0].code(), "position.too-many-pieces");
    /// assert_eq!(pos.pieces(forsyth::Color::White, forsyth::Role::Rook).len(), 3);
    /// ```
    pub fn position_allowing(
        &self,
        variant: Option<Variant>,
        allowed: Allowed,
    ) -> Result<(Position, Vec<Problem>), PositionError> {
        Position::from_setup_allowing(&self.setup, variant.unwrap_or_else(|| self.infer_variant()), allowed)
    }

    /// [`Fen::parse_position`] accepting the problems `allowed` names, with the allowed problems found. A legal
    /// position takes [`Fen::parse_position`]'s path; only an illegal one is read again.
    ///
    /// ```
    /// use forsyth::{Allowed, notation::fen::Fen};
    /// let eight_queens = "4k3/8/8/8/8/QQQQ4/QQQQPPPP/4K3 w - - 0 1";
    /// assert!(Fen::parse_position(eight_queens, None).is_err());
    /// let (pos, warnings) = Fen::parse_position_allowing(eight_queens, None, Allowed::ALL_SAFE).unwrap();
    /// assert_eq!(warnings.len(), 1);
    /// assert_eq!(pos.legal_moves().len(), 73); // as python-chess counts them
    /// ```
    pub fn parse_position_allowing(
        text: &str,
        variant: Option<Variant>,
        allowed: Allowed,
    ) -> Result<(Position, Vec<Problem>), FenPositionError> {
        match Fen::parse_position(text, variant) {
            Ok(pos) => Ok((pos, Vec::new())),
            Err(FenPositionError::Illegal(_)) if !allowed.is_none() => {
                let fen = Fen::parse(text).map_err(FenPositionError::Syntax)?;
                fen.position_allowing(variant, allowed).map_err(FenPositionError::Illegal)
            }
            Err(e) => Err(e),
        }
    }

    /// The position after dropping invalid castling rights and an invalid en-passant square, with the problems
    /// dropped; an error if anything else is wrong.
    ///
    /// ```
    /// use forsyth::notation::fen::Fen;
    /// let fen: Fen = "4k3/8/8/8/8/8/8/4K2R w KQ e6 0 1".parse().unwrap();
    /// let (pos, dropped) = fen.position_repaired(None).unwrap();
    /// assert_eq!(dropped.len(), 2); // the queenside right and the en-passant square
    /// assert_eq!(Fen::from_position(&pos).to_string(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    /// ```
    pub fn position_repaired(&self, variant: Option<Variant>) -> Result<(Position, Vec<Problem>), PositionError> {
        Position::from_setup_repaired(&self.setup, variant.unwrap_or_else(|| self.infer_variant()))
    }

    /// The FEN with castling spelled in `style`, or why `style` cannot express it.
    ///
    /// ```
    /// use forsyth::notation::fen::{CastlingStyle, Fen};
    /// let fen: Fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    /// assert_eq!(fen.to_string_with(CastlingStyle::Shredder).unwrap(), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    /// // A Chess960 right on an inner rook has no classic letter.
    /// let fen: Fen = "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11".parse().unwrap();
    /// assert_eq!(fen.to_string_with(CastlingStyle::Classic).unwrap_err().code, "fen.write.classic-castling");
    /// ```
    pub fn to_string_with(&self, style: CastlingStyle) -> Result<String, FenWriteError> {
        if style == CastlingStyle::Classic {
            check_classic(&self.setup)?;
        }
        Ok(self.write_buffer(style).as_str().to_string())
    }

    /// What the reader returns: the setup and the variant its letters name.
    fn read((setup, variant): (Setup, Option<Variant>)) -> Fen {
        Fen { setup, variant }
    }

    /// The FEN text in a stack buffer: writing allocates once, for the result.
    fn write_buffer(&self, style: CastlingStyle) -> FenBuffer {
        write_buffer(&self.setup, self.variant == Some(Variant::Janus), style)
    }
}

impl FromStr for Fen {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Fen, FenError> {
        Fen::parse(s)
    }
}

/// X-FEN with castling as [`CastlingStyle::XFen`] writes it.
impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.write_buffer(CastlingStyle::XFen).as_str())
    }
}

/// Reads a FEN (X-FEN, Shredder-FEN) and makes its position in the inferred variant: [`Fen::parse_position`]
/// without a variant.
///
/// ```
/// use forsyth::{Position, Variant};
/// let pos: Position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".parse()?;
/// assert_eq!(pos.variant(), Variant::Standard);
/// assert_eq!(pos.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// assert_eq!("8/8/8/8/8/8/8/k7 w - - 0 1".parse::<Position>().unwrap_err().to_string(), "White has no king");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl FromStr for Position {
    type Err = FenPositionError;
    fn from_str(s: &str) -> Result<Position, FenPositionError> {
        Fen::parse_position(s, None)
    }
}

/// The FEN of the position ([`Fen::from_position`]).
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Fen::from_position(self), f)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", Fen::from_position(self))
    }
}

#[cfg(test)]
mod tests {
    use super::castling::implied_rooks;
    use super::fields::N_WHITESPACE;
    use super::*;
    use crate::{Board, Color, Square};

    #[test]
    fn fields_split_and_whitespace() {
        let (fen, notes) = Fen::parse_lenient("  4k3/8/8/8/8/8/4P3/4K3   w - -\t5 39 ").unwrap();
        assert_eq!(fen.to_string(), "4k3/8/8/8/8/8/4P3/4K3 w - - 5 39");
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].code, N_WHITESPACE);
    }

    #[test]
    fn a_board_of_one_rank_is_said_in_the_singular() {
        let one = Fen::parse("rnbqkbnr w - - 0 1").unwrap_err();
        assert_eq!(one.message, "the board has 1 rank; it needs 8, separated by /");
        let two = Fen::parse("rnbqkbnr/8 w - - 0 1").unwrap_err();
        assert_eq!(two.message, "the board has 2 ranks; it needs 8, separated by /");
    }

    #[test]
    fn implied_rooks_without_king_are_corners() {
        let board = Board::empty(BoardShape::Wide);
        assert_eq!(implied_rooks(&board, Color::Black), (Square::J8, Square::A8));
    }
}
