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
//! let after_e4 = pos.after(pos.parse_uci("e2e4").unwrap()).unwrap();
//! assert_eq!(Fen::from_position_with(&after_e4, EpMode::Legal).to_string(),
//!            "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P3P3/2N2B2/1PPP1P2/2BNK1RR b Gkq - 0 11");
//! ```

use std::fmt;
use std::str::FromStr;

use crate::position::StandardSetup;
use crate::{
    Board, BoardShape, ByColor, CastlingPrefix, Color, File, Piece, Position, PositionError, Problem, Rank, Role,
    Setup, Square, SquareSet, Variant,
};

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

/// The six fields of a FEN, for error messages.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// Piece placement.
    Board,
    /// Side to move.
    Turn,
    /// Castling rights.
    Castling,
    /// En-passant square.
    EnPassant,
    /// Half-move clock.
    Halfmoves,
    /// Move number.
    Fullmoves,
    /// Anything after the sixth field.
    Extra,
}

impl FenField {
    const ORDER: [FenField; 7] = [
        FenField::Board,
        FenField::Turn,
        FenField::Castling,
        FenField::EnPassant,
        FenField::Halfmoves,
        FenField::Fullmoves,
        FenField::Extra,
    ];

    /// The field's name as messages use it.
    pub const fn name(self) -> &'static str {
        match self {
            FenField::Board => "board",
            FenField::Turn => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::Halfmoves => "half-move clock",
            FenField::Fullmoves => "move number",
            FenField::Extra => "after the six fields",
        }
    }
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Empty input.
const E_EMPTY: &str = "fen.empty";
/// Not eight ranks.
const E_RANK_COUNT: &str = "fen.board.rank-count";
/// No rank is 8 or 10 squares wide.
const E_WIDTH: &str = "fen.board.width";
/// A rank with more squares than the board is wide.
const E_RANK_LONG: &str = "fen.board.rank-too-long";
/// A rank with fewer squares than the board is wide.
const E_RANK_SHORT: &str = "fen.board.rank-too-short";
/// A character that is neither a piece letter, a digit nor `/`.
const E_PIECE: &str = "fen.board.bad-letter";
/// Seed 001's unknown piece `X` outside a diagram.
const E_UNKNOWN: &str = "fen.board.unknown-piece";
/// `0`, a leading zero, or a number of empty squares larger than any rank.
const E_COUNT: &str = "fen.board.bad-count";
/// `[` without `]` or the other way round.
const E_BRACKET: &str = "fen.board.bracket";
/// Side to move other than `w`/`b`.
const E_TURN: &str = "fen.turn.bad-letter";
/// A character that cannot stand in the castling field.
const E_CASTLING: &str = "fen.castling.bad-letter";
/// A castling file letter beyond the board's last file.
const E_CASTLING_FILE: &str = "fen.castling.off-board";
/// An en-passant field that is not a square or `-`.
const E_EP: &str = "fen.ep.bad-square";
/// An en-passant square beyond the board's last file.
const E_EP_FILE: &str = "fen.ep.off-board";
/// A half-move clock that is not a number.
const E_HALFMOVES: &str = "fen.halfmoves.bad-number";
/// A move number that is not a number.
const E_FULLMOVES: &str = "fen.fullmoves.bad-number";
/// Text after the six fields.
const E_EXTRA: &str = "fen.extra-field";

/// Every error code [`Fen::parse`] and [`Fen::parse_diagram`] can return (strict reading also returns the codes
/// of [`NOTE_CODES`]).
pub const ERROR_CODES: [&str; 17] = [
    E_EMPTY,
    E_RANK_COUNT,
    E_WIDTH,
    E_RANK_LONG,
    E_RANK_SHORT,
    E_PIECE,
    E_UNKNOWN,
    E_COUNT,
    E_BRACKET,
    E_TURN,
    E_CASTLING,
    E_CASTLING_FILE,
    E_EP,
    E_EP_FILE,
    E_HALFMOVES,
    E_FULLMOVES,
    E_EXTRA,
];

const N_WHITESPACE: &str = "fen.lenient.whitespace";
const N_BRACKETS: &str = "fen.lenient.brackets";
const N_MISSING: &str = "fen.lenient.missing-fields";
const N_TURN_CASE: &str = "fen.lenient.turn-case";
const N_CASTLING: &str = "fen.lenient.castling-spelling";
const N_CASTLING_DUPLICATE: &str = "fen.lenient.castling-duplicate";
const N_EP_CASE: &str = "fen.lenient.ep-case";
const N_NUMBER: &str = "fen.lenient.number-format";
const N_MOVE_ZERO: &str = "fen.lenient.move-number-zero";

/// The codes of everything lenient reading assumes or normalises ([`Note::code`]); strict reading refuses each
/// of them with the same code.
pub const NOTE_CODES: [&str; 9] = [
    N_WHITESPACE,
    N_BRACKETS,
    N_MISSING,
    N_TURN_CASE,
    N_CASTLING,
    N_CASTLING_DUPLICATE,
    N_EP_CASE,
    N_NUMBER,
    N_MOVE_ZERO,
];

/// A FEN that cannot be read: where, what, and what would be valid.
///
/// ```
/// use forsyth::notation::fen::{Fen, FenField};
/// let err = Fen::parse("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
/// assert_eq!(err.code, "fen.board.rank-too-long");
/// assert_eq!(err.field, FenField::Board);
/// assert_eq!(err.column, 18);
/// assert_eq!(err.message, "rank 7 has 9 squares; it needs 8");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// Stable code for programs, such as `fen.castling.bad-letter` (see [`ERROR_CODES`]).
    pub code: &'static str,
    /// 1-based column (in characters) of the offending text.
    pub column: usize,
    /// The field it belongs to.
    pub field: FenField,
    /// The offending text (the field, or the rank of the board).
    pub text: String,
    /// What is wrong and what would be valid.
    pub message: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {} ({}): ", self.column, self.field)?;
        if !self.text.is_empty() {
            write!(f, "{}: ", Quoted(&self.text))?;
        }
        f.write_str(&self.message)
    }
}

/// Input text quoted for an error message: in full when short, else by its first 60 characters and its length, so
/// that a hostile input (a board of 10,000 ranks) still gives a readable message.
///
/// ```
/// use forsyth::notation::fen::Quoted;
/// assert_eq!(Quoted("KQkx").to_string(), "'KQkx'");
/// let long = "8/".repeat(100);
/// assert!(Quoted(&long).to_string().ends_with("…' (200 characters)"));
/// ```
#[derive(Copy, Clone, Debug)]
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const QUOTE: usize = 60;
        match self.0.char_indices().nth(QUOTE) {
            Some((cut, _)) => write!(f, "'{}…' ({} characters)", &self.0[..cut], self.0.chars().count()),
            None => write!(f, "'{}'", self.0),
        }
    }
}

impl std::error::Error for FenError {}

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

/// Something lenient reading assumed or normalised.
///
/// ```
/// use forsyth::notation::fen::Fen;
/// let (_, notes) = Fen::parse_lenient("[8/8/8/4k3/8/8/8/4K3]").unwrap();
/// let codes: Vec<&str> = notes.iter().map(|n| n.code).collect();
/// assert_eq!(codes, ["fen.lenient.brackets", "fen.lenient.missing-fields"]);
/// assert_eq!(notes[1].to_string(), "column 22 (side to move): missing side to move, castling, en passant, \
///                                   half-move clock, move number: assumed w - - 0 1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Stable code (see [`NOTE_CODES`]).
    pub code: &'static str,
    /// 1-based column (in characters) where it applies.
    pub column: usize,
    /// The field it concerns.
    pub field: FenField,
    /// What was assumed or normalised.
    pub message: String,
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {} ({}): {}", self.column, self.field, self.message)
    }
}

/// How castling rights are spelled when writing.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingStyle {
    /// `KQkq` only; refuses a right that needs a file letter. Writes no castling-type prefix: classic FEN has
    /// none, so Janus and Embassy positions read back as those variants only when the reader is told the variant
    /// (this is how Fairy-Stockfish and Cute Chess write them).
    Classic,
    /// X-FEN: `K`/`Q` for the outermost rook, the file letter for an inner one (classic FEN for standard chess),
    /// after seed 002's castling-type prefix (`s` Janus, `m` Embassy) while castling rights remain.
    #[default]
    XFen,
    /// Shredder-FEN: the rooks' file letters, `HAha`.
    Shredder,
}

/// When the en-passant square is written.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum EpMode {
    /// After every double step (FEN and PGN, seeds 000 and 001).
    #[default]
    Always,
    /// Only when a pawn stands ready to capture, legal or not (X-FEN).
    Pseudo,
    /// Only when an en-passant capture is legal.
    Legal,
}

/// An unknown `--castling` or `--ep` value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMode {
    /// What was given.
    pub text: String,
    /// The valid values.
    pub valid: &'static str,
}

impl fmt::Display for UnknownMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown mode '{}' (use {})", self.text, self.valid)
    }
}

impl std::error::Error for UnknownMode {}

impl FromStr for CastlingStyle {
    type Err = UnknownMode;
    fn from_str(s: &str) -> Result<CastlingStyle, UnknownMode> {
        match s.to_ascii_lowercase().as_str() {
            "classic" | "fen" => Ok(CastlingStyle::Classic),
            "xfen" | "x-fen" => Ok(CastlingStyle::XFen),
            "shredder" | "shredder-fen" => Ok(CastlingStyle::Shredder),
            _ => Err(UnknownMode { text: s.to_string(), valid: "classic, xfen or shredder" }),
        }
    }
}

impl FromStr for EpMode {
    type Err = UnknownMode;
    fn from_str(s: &str) -> Result<EpMode, UnknownMode> {
        match s.to_ascii_lowercase().as_str() {
            "always" => Ok(EpMode::Always),
            "pseudo" | "pseudo-legal" => Ok(EpMode::Pseudo),
            "legal" => Ok(EpMode::Legal),
            _ => Err(UnknownMode { text: s.to_string(), valid: "always, pseudo or legal" }),
        }
    }
}

/// A setup that the chosen castling style cannot express.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenWriteError {
    /// Stable code: `fen.write.classic-castling`.
    pub code: &'static str,
    /// What cannot be written, and what to use instead.
    pub message: String,
}

impl fmt::Display for FenWriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FenWriteError {}

/// A board-only position as printed under problem diagrams, where seed 001's `X`/`x` stands for an unknown or
/// arbitrary piece. Not a [`Position`]: unknown pieces have no moves.
///
/// ```
/// use forsyth::notation::fen::Fen;
/// use forsyth::Square;
/// let diagram = Fen::parse_diagram("[3Brq2/P1ppRp1K/4p2p/6p1/6NP/3P1P1k/1PP1bPrb/3BnQnX]").unwrap();
/// assert!(diagram.unknown.white.contains(Square::H1));
/// assert_eq!(diagram.setup.board.piece_at(Square::H1), None);
/// assert_eq!(diagram.setup.board.count(forsyth::Color::White), 13);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The known pieces and whatever fields followed the board (with the lenient defaults otherwise).
    pub setup: Setup,
    /// Squares of unknown pieces (`X` White, `x` Black).
    pub unknown: ByColor<SquareSet>,
}

/// Collects notes, or turns the first one into an error when reading strictly.
struct Notes<'a> {
    strict: bool,
    list: &'a mut Vec<Note>,
    text: &'a str,
}

impl Notes<'_> {
    #[cold]
    fn add(&mut self, code: &'static str, at: usize, field: FenField, message: String) -> Result<(), FenError> {
        let column = column_of(self.text, at);
        if self.strict {
            return Err(FenError {
                code,
                column,
                field,
                text: String::new(),
                message: format!("not a canonical FEN: {message} (strict reading)"),
            });
        }
        self.list.push(Note { code, column, field, message });
        Ok(())
    }
}

/// The 1-based character column of byte offset `at`.
fn column_of(text: &str, at: usize) -> usize {
    let at = at.min(text.len());
    text.get(..at).map_or(at, |s| s.chars().count()) + 1
}

#[cold]
fn error(text: &str, at: usize, code: &'static str, field: FenField, shown: &str, message: String) -> FenError {
    FenError { code, column: column_of(text, at), field, text: shown.to_string(), message }
}

/// The character starting at byte `at` (the offending one in an error).
fn char_at(text: &str, at: usize) -> char {
    text.get(at..).and_then(|s| s.chars().next()).unwrap_or('?')
}

static PIECES: [Option<Piece>; 256] = {
    let mut table = [None; 256];
    let mut i = 0;
    while i < 128 {
        table[i] = Piece::from_char(i as u8 as char);
        i += 1;
    }
    table
};

/// Byte ranges of the whitespace-separated fields (up to seven: a seventh is an error).
struct Fields {
    ranges: [(usize, usize); 7],
    count: usize,
    /// Anything but single spaces between fields and no whitespace around.
    irregular: bool,
}

/// Splits the fields after the board, which spans `board` and follows `lead` bytes of whitespace.
fn split_fields(bytes: &[u8], board: (usize, usize), lead: usize) -> Fields {
    let mut fields = Fields { ranges: [board; 7], count: 1, irregular: lead > 0 };
    let mut i = board.1;
    let n = bytes.len();
    while i < n && fields.count < 7 {
        let start = i;
        while i < n && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i == n {
            fields.irregular = true;
            break;
        }
        if i - start != 1 || bytes[start] != b' ' {
            fields.irregular = true;
        }
        let field_start = i;
        while i < n && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        fields.ranges[fields.count] = (field_start, i);
        fields.count += 1;
    }
    fields
}

impl Fen {
    /// Reads a FEN leniently (see the module documentation for what it accepts and assumes).
    pub fn parse(text: &str) -> Result<Fen, FenError> {
        let mut notes = Vec::new();
        read(text, false, &mut notes, None)
    }

    /// Reads a FEN leniently and says what it assumed or normalised.
    pub fn parse_lenient(text: &str) -> Result<(Fen, Vec<Note>), FenError> {
        let mut notes = Vec::new();
        let fen = read(text, false, &mut notes, None)?;
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
        read(text, true, &mut notes, None)
    }

    /// Reads a diagram's board (seed 001: `[3Brq2/P1ppRp1K/…]`), where `X`/`x` stand for unknown pieces. Fields
    /// after the board are read as in a FEN.
    pub fn parse_diagram(text: &str) -> Result<Diagram, FenError> {
        let mut notes = Vec::new();
        let mut unknown = ByColor::new(SquareSet::EMPTY, SquareSet::EMPTY);
        let fen = read(text, false, &mut notes, Some(&mut unknown))?;
        Ok(Diagram { setup: fen.setup, unknown })
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
            let variant = variant.unwrap_or_else(|| {
                let kings = setup.by_role[Role::King.index()];
                let king_at = |color: Color, sq: Square| {
                    setup.by_color[color.index()] & kings & 1 << (sq.rank().index() * 8 + sq.file().index()) != 0
                };
                if castling_fits(setup.castling_rooks, king_at, Variant::Standard) {
                    Variant::Standard
                } else {
                    Variant::Chess960
                }
            });
            return Position::from_standard_setup(&setup, variant).map_err(FenPositionError::Illegal);
        }
        let fen = Fen::parse(text).map_err(FenPositionError::Syntax)?;
        fen.position(variant).map_err(FenPositionError::Illegal)
    }

    /// The FEN of a position, with the en-passant square after every double step ([`EpMode::Always`]).
    pub fn from_position(pos: &Position) -> Fen {
        Fen::from_position_with(pos, EpMode::Always)
    }

    /// The FEN of a position, with the en-passant square written as `ep` says.
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
        if let Some(variant) = self.variant {
            return variant;
        }
        let setup = &self.setup;
        match setup.board.shape() {
            BoardShape::Standard => {
                if setup_castling_fits(setup, Variant::Standard) {
                    Variant::Standard
                } else {
                    Variant::Chess960
                }
            }
            BoardShape::Wide => {
                match setup.castling_prefix {
                    Some(CastlingPrefix::Symmetric) => return Variant::Janus,
                    Some(CastlingPrefix::Modern) => return Variant::Embassy,
                    None => {}
                }
                let by_array = [Variant::Gothic, Variant::Embassy, Variant::Janus, Variant::Capablanca]
                    .into_iter()
                    .find(|v| back_rank_is(&setup.board, v.start_array()));
                match by_array {
                    Some(v) => v,
                    None if setup_castling_fits(setup, Variant::Capablanca) => Variant::Capablanca,
                    None => Variant::Crc,
                }
            }
        }
    }

    /// The position, in `variant` or the inferred one; every rule it breaks otherwise.
    pub fn position(&self, variant: Option<Variant>) -> Result<Position, PositionError> {
        Position::from_setup(&self.setup, variant.unwrap_or_else(|| self.infer_variant()))
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
    pub fn to_string_with(&self, style: CastlingStyle) -> Result<String, FenWriteError> {
        if style == CastlingStyle::Classic {
            self.check_classic()?;
        }
        Ok(self.write_buffer(style).as_str().to_string())
    }

    /// Whether classic FEN can express the castling rights.
    fn check_classic(&self) -> Result<(), FenWriteError> {
        let setup = &self.setup;
        for color in Color::ALL {
            let (k, q) = implied_rooks(&setup.board, color);
            for sq in rights_of(setup.castling_rooks, color).iter() {
                if sq != k && sq != q {
                    return Err(FenWriteError {
                        code: "fen.write.classic-castling",
                        message: format!(
                            "classic FEN cannot say that the rook on {sq} keeps its castling right (K and Q name the \
                             outermost rooks): use X-FEN or Shredder-FEN (--castling xfen or shredder)"
                        ),
                    });
                }
            }
        }
        Ok(())
    }

    /// The FEN text in a stack buffer: writing allocates once, for the result.
    fn write_buffer(&self, style: CastlingStyle) -> FenBuffer {
        let mut buffer = FenBuffer::new();
        self.write_fields(&mut buffer, style);
        buffer
    }

    fn write_fields(&self, out: &mut FenBuffer, style: CastlingStyle) {
        let setup = &self.setup;
        write_board(out, &setup.board, self.variant == Some(Variant::Janus));
        out.push(b' ');
        out.push(setup.turn.fen_char() as u8);
        out.push(b' ');
        if let Some(prefix) = setup.castling_prefix
            && style != CastlingStyle::Classic
        {
            out.push(prefix.char() as u8);
        }
        if setup.castling_rooks.is_empty() {
            out.push(b'-');
        } else {
            let _ = write_castling(out, &setup.board, setup.castling_rooks, style);
        }
        out.push(b' ');
        match setup.ep_square {
            Some(sq) => {
                out.push(sq.file().char() as u8);
                out.push(sq.rank().char() as u8);
            }
            None => out.push(b'-'),
        }
        out.push(b' ');
        out.push_number(setup.halfmoves);
        out.push(b' ');
        out.push_number(setup.fullmoves);
    }
}

/// Whether every castling right has its king and rook on `variant`'s start squares (a fixed-array variant);
/// `king_at` says whether a king of that colour stands on a square.
fn castling_fits(rooks: SquareSet, king_at: impl Fn(Color, Square) -> bool, variant: Variant) -> bool {
    let array = variant.start_array().as_bytes();
    let king_file = array.iter().position(|&c| c == b'K').unwrap_or(0);
    let last = array.len() - 1;
    rooks.iter().all(|sq| {
        let color = if sq.rank() == Rank::FIRST { Color::White } else { Color::Black };
        let file = sq.file().index() as usize;
        let king = Square::new(File::new(king_file as u8).unwrap_or(File::A), sq.rank());
        (file == 0 || file == last) && king_at(color, king)
    })
}

/// [`castling_fits`] for a setup.
fn setup_castling_fits(setup: &Setup, variant: Variant) -> bool {
    let board = &setup.board;
    let king_at = |color, sq: Square| board.color_bits(color) & board.role_bits(Role::King) & (1 << sq.index()) != 0;
    castling_fits(setup.castling_rooks, king_at, variant)
}

/// Whether both back ranks hold exactly the start array (Black mirroring White).
fn back_rank_is(board: &Board, array: &str) -> bool {
    array.bytes().enumerate().all(|(file, letter)| {
        let Some(role) = Role::from_char(letter as char) else { return false };
        let Some(file) = File::new(file as u8) else { return false };
        board.piece_at(Square::new(file, Rank::FIRST)) == Some(Piece::new(Color::White, role))
            && board.piece_at(Square::new(file, Rank::EIGHTH)) == Some(Piece::new(Color::Black, role))
    })
}

const fn back_rank(color: Color) -> Rank {
    if color.is_white() { Rank::FIRST } else { Rank::EIGHTH }
}

/// The castling rooks of one colour (those on its back rank).
fn rights_of(rooks: SquareSet, color: Color) -> SquareSet {
    let rank = back_rank(color);
    rooks.iter().filter(|sq| sq.rank() == rank).collect()
}

/// The file of `color`'s king on its back rank, if it stands there.
fn back_rank_king_file(board: &Board, color: Color) -> Option<u8> {
    let king = Some(Piece::new(color, Role::King));
    (0..board.shape().files())
        .find(|&f| board.piece_at(Square::new(File::new(f).unwrap_or(File::A), back_rank(color))) == king)
}

/// The rooks `K` and `Q` name for `color`: the outermost rook on each side of the king on the back rank, or the
/// corner when there is none (then validation reports the right). Without a king on the back rank, the corners.
fn implied_rooks(board: &Board, color: Color) -> (Square, Square) {
    let rank = back_rank(color);
    let files = board.shape().files() as u32;
    let row = |role| {
        let bits = (board.color_bits(color) & board.role_bits(role)) >> (16 * rank.index() as u32);
        bits as u32 & ((1 << files) - 1)
    };
    implied_rooks_on_row(row(Role::Rook), row(Role::King), files, rank)
}

/// [`implied_rooks`] on one back rank, given its rooks and kings of the castling colour as bits by file.
fn implied_rooks_on_row(rooks: u32, kings: u32, files: u32, rank: Rank) -> (Square, Square) {
    let square = |f: u32| Square::new(File::new(f as u8).unwrap_or(File::A), rank);
    let corners = (square(files - 1), square(0));
    if kings == 0 {
        return corners;
    }
    let king_file = kings.trailing_zeros();
    let beyond = rooks & !((2 << king_file) - 1);
    let before = rooks & ((1 << king_file) - 1);
    (
        if beyond == 0 { corners.0 } else { square(31 - beyond.leading_zeros()) },
        if before == 0 { corners.1 } else { square(before.trailing_zeros()) },
    )
}

fn write_board(out: &mut FenBuffer, board: &Board, janus: bool) {
    // The letter on each square, indexed by `Square::index`, from the board's bit sets.
    let mut letters = [0u8; 128];
    for color in Color::ALL {
        for role in Role::ALL {
            let mut bits = board.color_bits(color) & board.role_bits(role);
            if bits == 0 {
                continue;
            }
            let letter = if janus && role == Role::Archbishop { b'j' } else { role.char() as u8 };
            let letter = if color.is_white() { letter.to_ascii_uppercase() } else { letter };
            while bits != 0 {
                letters[bits.trailing_zeros() as usize] = letter;
                bits &= bits - 1;
            }
        }
    }
    // Rank by rank over the occupied files only; the digit before a piece is written and kept only if non-zero.
    let occupied = board.color_bits(Color::White) | board.color_bits(Color::Black);
    let files = board.shape().files() as u32;
    let mut len = out.len;
    let bytes = &mut out.bytes;
    for rank in (0..8u32).rev() {
        let mut row = (occupied >> (16 * rank)) as u32 & 0xffff;
        let mut next = 0;
        while row != 0 {
            let file = row.trailing_zeros();
            row &= row - 1;
            let gap = file - next;
            bytes[len] = b'0' + gap as u8;
            len += usize::from(gap != 0);
            bytes[len] = letters[(rank * 16 + file) as usize & 127];
            len += 1;
            next = file + 1;
        }
        match files.saturating_sub(next) {
            0 => {}
            10 => {
                bytes[len] = b'1';
                bytes[len + 1] = b'0';
                len += 2;
            }
            gap => {
                bytes[len] = b'0' + gap as u8;
                len += 1;
            }
        }
        if rank > 0 {
            bytes[len] = b'/';
            len += 1;
        }
    }
    out.len = len;
}

/// A stack buffer longer than any FEN (10×8 board, twenty castling letters, ten-digit clocks): writing allocates
/// only for the result.
struct FenBuffer {
    bytes: [u8; 192],
    len: usize,
}

impl FenBuffer {
    const fn new() -> FenBuffer {
        FenBuffer { bytes: [0; 192], len: 0 }
    }

    /// Appends an ASCII byte (silently dropped if the buffer were ever full).
    #[inline(always)]
    fn push(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }

    fn push_number(&mut self, mut n: u32) {
        let mut digits = [0u8; 10];
        let mut at = digits.len();
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &d in &digits[at..] {
            self.push(d);
        }
    }

    fn as_str(&self) -> &str {
        // Only ASCII is ever pushed.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

impl fmt::Write for FenBuffer {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        s.bytes().for_each(|b| self.push(b));
        Ok(())
    }

    fn write_char(&mut self, c: char) -> fmt::Result {
        if c.is_ascii() {
            self.push(c as u8);
            Ok(())
        } else {
            self.write_str(c.encode_utf8(&mut [0; 4]))
        }
    }
}

/// Writes the castling letters (no prefix, not `-`): White first; within a colour from the highest file down, so
/// that the kingside right comes first (`KQkq`, `Gkq`, `HAha`).
fn write_castling<W: fmt::Write>(w: &mut W, board: &Board, rooks: SquareSet, style: CastlingStyle) -> fmt::Result {
    for color in Color::ALL {
        let mine = rights_of(rooks, color);
        if mine.is_empty() {
            continue;
        }
        let (k, q) = implied_rooks(board, color);
        let mut files: arrayvec::ArrayVec<Square, 10> = mine.iter().collect();
        files.reverse();
        for sq in files {
            let letter = match style {
                CastlingStyle::Shredder => sq.file().char(),
                _ if sq == k => 'k',
                _ if sq == q => 'q',
                _ => sq.file().char(),
            };
            w.write_char(if color.is_white() { letter.to_ascii_uppercase() } else { letter })?;
        }
    }
    Ok(())
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

/// The reader behind every public entry point.
fn read(
    text: &str,
    strict: bool,
    notes: &mut Vec<Note>,
    mut unknown: Option<&mut ByColor<SquareSet>>,
) -> Result<Fen, FenError> {
    let bytes = text.as_bytes();
    let n = bytes.len();
    let mut notes = Notes { strict, list: notes, text };
    let lead = bytes.iter().take_while(|b| b.is_ascii_whitespace()).count();
    if lead == n {
        return Err(error(
            text,
            0,
            E_EMPTY,
            FenField::Board,
            "",
            "empty FEN: expected a board such as rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".to_string(),
        ));
    }
    // The board is read where it starts, up to the whitespace (or bracket) that ends it; anything odd is
    // explained afterwards by `diagnose_board`.
    let opens = bytes[lead] == b'[';
    let content_start = lead + usize::from(opens);
    let mut placement = Placement::new();
    let fast = read_board(&bytes[content_start..], &mut placement, unknown.as_deref_mut());
    let field_end = match fast {
        Some((_, len)) if bytes.get(content_start + len).is_none_or(|b| b.is_ascii_whitespace()) => content_start + len,
        _ => bytes[content_start..].iter().position(|b| b.is_ascii_whitespace()).map_or(n, |p| content_start + p),
    };
    let fields = split_fields(bytes, (lead, field_end), lead);
    if fields.count == 7 {
        let (s, e) = fields.ranges[6];
        return Err(error(
            text,
            s,
            E_EXTRA,
            FenField::Extra,
            &text[s..e],
            "a FEN has six fields: board, side to move, castling, en passant, half-move clock, move number".to_string(),
        ));
    }
    if fields.irregular {
        notes.add(N_WHITESPACE, 0, FenField::Board, "surrounding or repeated whitespace ignored".to_string())?;
    }
    let closes = bytes[field_end - 1] == b']';
    if opens || closes {
        if !(opens && closes && field_end - lead >= 2) {
            let at = if opens { lead } else { field_end - 1 };
            return Err(error(
                text,
                at,
                E_BRACKET,
                FenField::Board,
                &text[lead..field_end],
                "a bracket without its partner: write the board as [..] or without brackets".to_string(),
            ));
        }
        notes.add(N_BRACKETS, lead, FenField::Board, "brackets around the board removed".to_string())?;
    }
    let content_end = field_end - usize::from(closes);
    let shape = match fast {
        Some((shape, len)) if content_start + len == content_end => shape,
        _ => return Err(diagnose_board(text, content_start, content_end, unknown.is_some())),
    };
    let janus = placement.janus();
    // Built in place, so that the FEN is not copied on its way out.
    let mut fen = Fen { setup: Setup::empty(shape), variant: janus.then_some(Variant::Janus) };
    let setup = &mut fen.setup;
    setup.board = placement.into_board(shape);

    if fields.count < 6 {
        let missing: Vec<&str> = FenField::ORDER[fields.count..6].iter().map(|f| f.name()).collect();
        let defaults = ["w", "-", "-", "0", "1"];
        let assumed = defaults[fields.count - 1..].join(" ");
        notes.add(
            N_MISSING,
            text.trim_end().len(),
            FenField::ORDER[fields.count],
            format!("missing {}: assumed {assumed}", missing.join(", ")),
        )?;
    }

    // Side to move.
    if fields.count > 1 {
        let (s, e) = fields.ranges[1];
        setup.turn = match &bytes[s..e] {
            b"w" => Color::White,
            b"b" => Color::Black,
            b"W" | b"B" => {
                notes.add(
                    N_TURN_CASE,
                    s,
                    FenField::Turn,
                    format!("side to move '{}' read as lower case", &text[s..e]),
                )?;
                if bytes[s] == b'W' { Color::White } else { Color::Black }
            }
            _ => {
                return Err(error(
                    text,
                    s,
                    E_TURN,
                    FenField::Turn,
                    &text[s..e],
                    "the side to move is w (White) or b (Black)".to_string(),
                ));
            }
        };
    }

    // Castling.
    if fields.count > 2 {
        let (s, e) = fields.ranges[2];
        read_castling(text, s, e, setup, &mut notes)?;
    }

    // En passant.
    if fields.count > 3 {
        let (s, e) = fields.ranges[3];
        setup.ep_square = read_ep(text, s, e, shape, &mut notes)?;
    }

    // Clocks.
    if fields.count > 4 {
        let (s, e) = fields.ranges[4];
        setup.halfmoves = read_number(text, s, e, FenField::Halfmoves, &mut notes)?;
    }
    if fields.count > 5 {
        let (s, e) = fields.ranges[5];
        setup.fullmoves = read_number(text, s, e, FenField::Fullmoves, &mut notes)?;
        if setup.fullmoves == 0 {
            notes.add(N_MOVE_ZERO, s, FenField::Fullmoves, "move number 0: assumed 1 (moves count from 1)".into())?;
            setup.fullmoves = 1;
        }
    }

    Ok(fen)
}

/// What a byte of a standard board's placement is to [`read_standard`]: below 16 a piece's slot (colour × 8 +
/// role), or one of the codes below.
static STANDARD_BYTES: [u8; 256] = {
    let mut table = [STANDARD_OTHER; 256];
    let mut b = 0;
    while b < 128 {
        table[b] = match (b as u8, PIECES[b]) {
            (b'j' | b'J', _) => STANDARD_OTHER,
            (_, Some(p)) => p.color as u8 * 8 + p.role as u8,
            (b'1'..=b'8', None) => STANDARD_DIGIT + b as u8 - b'0',
            (b'/', None) => STANDARD_SLASH,
            (b' ', None) => STANDARD_SPACE,
            _ => STANDARD_OTHER,
        };
        b += 1;
    }
    table
};
/// `STANDARD_DIGIT + n`: the digit `n`, 1 to 8.
const STANDARD_DIGIT: u8 = 16;
const STANDARD_SLASH: u8 = 32;
const STANDARD_SPACE: u8 = 33;
/// Anything else, which the general reader handles.
const STANDARD_OTHER: u8 = 255;

/// The fast path of [`Fen::parse_position`]: a canonical standard-board FEN (six fields, single spaces, the board
/// of 8×8 squares without the Janus letter, castling as `-` or `KQkq` letters, en passant as `-` or a lower-case
/// square, clocks of at most nine digits) read straight into the 8×8 layout. `None` for anything else, which the
/// general reader then reads, with its notes and errors; for what it accepts, the result is the general
/// reader's.
#[inline]
fn read_standard(text: &[u8]) -> Option<StandardSetup> {
    // The placement, a8 first: one bit set per piece, checked at the end of each rank.
    let mut by_piece = [0u64; 16];
    let mut sq: u32 = 56;
    let mut rank_end: u32 = 64;
    let mut after_digit = false;
    let mut i = 0;
    loop {
        let code = STANDARD_BYTES[*text.get(i)? as usize];
        i += 1;
        match code {
            0..STANDARD_DIGIT => {
                if sq >= rank_end {
                    return None;
                }
                by_piece[code as usize] |= 1 << sq;
                sq += 1;
                after_digit = false;
            }
            STANDARD_DIGIT..STANDARD_SLASH => {
                // Two digits in a row are one number, which no 8×8 rank holds.
                if after_digit {
                    return None;
                }
                sq += u32::from(code - STANDARD_DIGIT);
                after_digit = true;
            }
            STANDARD_SLASH => {
                if sq != rank_end || rank_end == 8 {
                    return None;
                }
                rank_end -= 8;
                sq = rank_end - 8;
                after_digit = false;
            }
            STANDARD_SPACE => break,
            _ => return None,
        }
    }
    if sq != rank_end || rank_end != 8 {
        return None;
    }
    let mut by_color = [0; 2];
    let mut by_role = [0; 8];
    for (slot, &bits) in by_piece.iter().enumerate() {
        by_color[slot / 8] |= bits;
        by_role[slot % 8] |= bits;
    }

    let rest = &text[i..];
    let (turn, rest) = match rest {
        [b'w', b' ', rest @ ..] => (Color::White, rest),
        [b'b', b' ', rest @ ..] => (Color::Black, rest),
        _ => return None,
    };

    let end = rest.iter().position(|&b| b == b' ')?;
    let (castling, rest) = (&rest[..end], &rest[end + 1..]);
    let mut castling_rooks = SquareSet::EMPTY;
    if castling != b"-" {
        for &letter in castling {
            let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
            let rank = back_rank(color);
            let row = |role: Role| {
                let bits = by_color[color.index()] & by_role[role.index()];
                (bits >> (8 * rank.index())) as u32 & 0xff
            };
            let (k, q) = implied_rooks_on_row(row(Role::Rook), row(Role::King), 8, rank);
            match letter.to_ascii_lowercase() {
                b'k' => castling_rooks.insert(k),
                b'q' => castling_rooks.insert(q),
                _ => return None,
            }
        }
        // An empty field is two spaces in a row.
        if castling.is_empty() {
            return None;
        }
    }

    let (ep_square, rest) = match rest {
        [b'-', b' ', rest @ ..] => (None, rest),
        [file @ b'a'..=b'h', rank @ b'1'..=b'8', b' ', rest @ ..] => {
            (Some(Square::new(File::new(file - b'a')?, Rank::new(rank - b'1')?)), rest)
        }
        _ => return None,
    };

    let (halfmoves, rest) = read_clock(rest)?;
    let [b' ', rest @ ..] = rest else { return None };
    let (fullmoves, rest) = read_clock(rest)?;
    if !rest.is_empty() {
        return None;
    }
    Some(StandardSetup {
        by_color,
        by_role,
        turn,
        castling_rooks,
        ep_square,
        halfmoves,
        // The general reader's rule: a move number of 0 reads as 1.
        fullmoves: fullmoves.max(1),
    })
}

/// A clock of one to nine digits at the start of `bytes` (nine cannot overflow), and what follows it.
#[inline]
fn read_clock(bytes: &[u8]) -> Option<(u32, &[u8])> {
    let len = bytes.iter().take(10).take_while(|b| b.is_ascii_digit()).count();
    if len == 0 || len > 9 {
        return None;
    }
    let value = bytes[..len].iter().fold(0u32, |v, &b| v * 10 + u32::from(b - b'0'));
    Some((value, &bytes[len..]))
}

/// The pieces read so far, as bits indexed by [`Square::index`].
struct Placement {
    /// One set per slot (see [`BoardByte::slot`]): one update per piece, short dependency chains.
    by_piece: [u128; SLOTS],
}

impl Placement {
    const fn new() -> Placement {
        Placement { by_piece: [0; SLOTS] }
    }

    /// Whether the Janus letter `j` appeared.
    fn janus(&self) -> bool {
        self.by_piece[J_WHITE] | self.by_piece[J_BLACK] != 0
    }

    fn into_board(self, shape: BoardShape) -> Board {
        let mut by_color = [0; 2];
        let mut by_role = [0; 8];
        for (i, &bits) in self.by_piece[..16].iter().enumerate() {
            by_color[i / 8] |= bits;
            by_role[i % 8] |= bits;
        }
        let janus = self.by_piece[J_WHITE] | self.by_piece[J_BLACK];
        by_color[0] |= self.by_piece[J_WHITE];
        by_color[1] |= self.by_piece[J_BLACK];
        by_role[Role::Archbishop.index()] |= janus;
        Board::from_bits(shape, by_color, by_role)
    }
}

/// What a byte does in the placement field.
#[derive(Copy, Clone)]
struct BoardByte {
    /// Its set in `Placement::by_piece`: colour × 8 + role, or one of the slots below.
    slot: u8,
    /// Files it advances: 1 for a piece, the digit for `1`..`9`.
    advance: u8,
    /// 1 for the digits `1`..`9`: two in a row are one number, valid only as `10`.
    digit: u8,
    kind: ByteKind,
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum ByteKind {
    /// A piece or a digit `1`..`9`: the common, branch-free path.
    Square,
    /// The `0` of `10`.
    Zero,
    Slash,
    /// Whitespace or `]`: the end of the board.
    End,
    Invalid,
}

/// Slots for the Janus letter (merged into the archbishop), seed 001's unknown pieces, and a slot that digits write
/// to and nobody reads.
const J_WHITE: usize = 16;
const J_BLACK: usize = 17;
const X_WHITE: usize = 18;
const X_BLACK: usize = 19;
const NO_PIECE: usize = 20;
/// A power of two, so that indexing needs no bounds check.
const SLOTS: usize = 32;

/// The byte table for positions, or for diagrams (where `X`/`x` are unknown pieces).
const fn board_bytes(diagram: bool) -> [BoardByte; 256] {
    let invalid = BoardByte { slot: NO_PIECE as u8, advance: 0, digit: 0, kind: ByteKind::Invalid };
    let mut table = [invalid; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = if c <= b' ' || c == b']' {
            BoardByte { kind: ByteKind::End, ..invalid }
        } else if c == b'/' {
            BoardByte { kind: ByteKind::Slash, ..invalid }
        } else if c == b'0' {
            BoardByte { kind: ByteKind::Zero, ..invalid }
        } else if c >= b'1' && c <= b'9' {
            BoardByte { advance: c - b'0', digit: 1, kind: ByteKind::Square, ..invalid }
        } else if c == b'J' || c == b'j' {
            BoardByte {
                slot: if c == b'J' { J_WHITE } else { J_BLACK } as u8,
                advance: 1,
                digit: 0,
                kind: ByteKind::Square,
            }
        } else if diagram && (c == b'X' || c == b'x') {
            BoardByte {
                slot: if c == b'X' { X_WHITE } else { X_BLACK } as u8,
                advance: 1,
                digit: 0,
                kind: ByteKind::Square,
            }
        } else {
            match PIECES[b] {
                Some(p) => {
                    BoardByte { slot: (p.color as u8) * 8 + p.role as u8, advance: 1, digit: 0, kind: ByteKind::Square }
                }
                None => invalid,
            }
        };
        b += 1;
    }
    table
}

static POSITION_BYTES: [BoardByte; 256] = board_bytes(false);
static DIAGRAM_BYTES: [BoardByte; 256] = board_bytes(true);

/// The bytes of the placement that are neither pieces nor digits `1`..`9`: a slash ends a rank (checking its
/// width), `0` completes a `10`; anything else is an error.
#[inline(never)]
fn other_byte(
    kind: ByteKind,
    field: &[u8],
    i: usize,
    rank: usize,
    file: usize,
    width: usize,
) -> Option<(usize, usize, usize)> {
    match kind {
        ByteKind::Slash => {
            if rank == 0 || (width == 0 && file != 8 && file != 10) || (width != 0 && file != width) {
                return None;
            }
            Some((rank - 1, 0, file))
        }
        ByteKind::Zero => {
            // Only as `10`: after a `1` that follows no other digit.
            let lone_one = i >= 1 && field[i - 1] == b'1' && (i < 2 || !field[i - 2].is_ascii_digit());
            lone_one.then_some((rank, file + 9, width))
        }
        _ => None,
    }
}

/// Reads the placement quickly up to the first whitespace or `]`, returning the board's shape and the bytes read;
/// `None` on any error, which [`diagnose_board`] then explains. Pieces and digits take the same branch-free path;
/// only the ends of ranks and rare bytes branch.
#[inline]
fn read_board(
    field: &[u8],
    placement: &mut Placement,
    unknown: Option<&mut ByColor<SquareSet>>,
) -> Option<(BoardShape, usize)> {
    let table = if unknown.is_some() { &DIAGRAM_BYTES } else { &POSITION_BYTES };
    let mut rank: usize = 7;
    let mut file: usize = 0;
    let mut width: usize = 0;
    let mut after_digit = 0u8;
    let mut digit_pairs = 0u8;
    let mut i = 0;
    let n = field.len();
    while i < n {
        let b = field[i];
        let byte = table[b as usize];
        if byte.kind == ByteKind::Square {
            digit_pairs |= after_digit & byte.digit;
            after_digit = byte.digit;
            placement.by_piece[byte.slot as usize & (SLOTS - 1)] |= 1u128 << ((rank * 16 + file) & 127);
            file += byte.advance as usize;
        } else if byte.kind == ByteKind::End {
            break;
        } else {
            // A slash, the `0` of `10`, or an error: out of the loop's way.
            (rank, file, width) = other_byte(byte.kind, field, i, rank, file, width)?;
            after_digit = u8::from(byte.kind == ByteKind::Zero);
        }
        i += 1;
    }
    // A rank longer than the board shows up here or at its slash (its file count is wrong either way).
    if digit_pairs != 0 || rank != 0 || (file != width && width != 0) {
        return None;
    }
    if let Some(set) = unknown {
        set.white = SquareSet::from_bits(placement.by_piece[X_WHITE]);
        set.black = SquareSet::from_bits(placement.by_piece[X_BLACK]);
    }
    Some((BoardShape::from_files(width)?, i))
}

/// Explains why the placement field `text[start..end]` cannot be read. Cold: only after [`read_board`] failed.
#[cold]
fn diagnose_board(text: &str, start: usize, end: usize, allow_unknown: bool) -> FenError {
    let bytes = text.as_bytes();
    let whole = &text[start..end];
    // Characters first, left to right.
    let mut i = start;
    while i < end {
        let b = bytes[i];
        if b.is_ascii_digit() {
            let mut j = i;
            while j < end && bytes[j].is_ascii_digit() {
                j += 1;
            }
            let digits = &text[i..j];
            let value: u64 = digits.parse().unwrap_or(u64::MAX);
            if b == b'0' || value > 10 || (value == 10 && j - i != 2) {
                let message = if b == b'0' {
                    format!("'{digits}' is not a number of empty squares (use 1 to 8, or 10 on 10×8 boards)")
                } else if digits.len() > 6 {
                    format!(
                        "a number of {} digits is more empty squares than a rank holds (use 1 to 8, or 10 on \
                         10×8 boards)",
                        digits.len()
                    )
                } else {
                    format!(
                        "'{digits}' reads as {value} empty squares, more than a rank holds (use 1 to 8, or 10 on \
                         10×8 boards)"
                    )
                };
                return error(text, i, E_COUNT, FenField::Board, whole, message);
            }
            i = j;
            continue;
        }
        if b != b'/' && PIECES[b as usize].is_none() {
            let c = char_at(text, i);
            if c == 'X' || c == 'x' {
                if !allow_unknown {
                    return error(
                        text,
                        i,
                        E_UNKNOWN,
                        FenField::Board,
                        whole,
                        format!("'{c}' (an unknown piece) can stand only in a diagram, not in a position"),
                    );
                }
            } else {
                return error(
                    text,
                    i,
                    E_PIECE,
                    FenField::Board,
                    whole,
                    format!(
                        "'{c}' is not a piece letter (use K Q R B N P, A C J on 10×8 boards; upper case for White, \
                         lower case for Black; digits for empty squares; / between ranks)"
                    ),
                );
            }
        }
        i += c_len(bytes[i]);
    }
    // Then the number of ranks.
    let ranks: Vec<(usize, usize)> = whole
        .split('/')
        .scan(start, |s, rank| {
            let range = (*s, *s + rank.len());
            *s += rank.len() + 1;
            Some(range)
        })
        .collect();
    if ranks.len() != 8 {
        return error(
            text,
            start,
            E_RANK_COUNT,
            FenField::Board,
            whole,
            format!("the board has {} ranks; it needs 8, separated by /", ranks.len()),
        );
    }
    // Then each rank's width against the board's (the width most ranks have).
    let width_of = |(s, e): (usize, usize)| -> usize {
        let mut w = 0;
        let mut j = s;
        while j < e {
            if bytes[j].is_ascii_digit() {
                let mut k = j;
                while k < e && bytes[k].is_ascii_digit() {
                    k += 1;
                }
                w += text[j..k].parse::<usize>().unwrap_or(0);
                j = k;
            } else {
                w += 1;
                j += c_len(bytes[j]);
            }
        }
        w
    };
    let widths: Vec<usize> = ranks.iter().map(|&r| width_of(r)).collect();
    let eights = widths.iter().filter(|&&w| w == 8).count();
    let tens = widths.iter().filter(|&&w| w == 10).count();
    let expected = if eights == 0 && tens == 0 {
        return error(
            text,
            start,
            E_WIDTH,
            FenField::Board,
            whole,
            format!("rank 8 has {} squares, and no rank has 8 or 10: boards are 8 or 10 files wide", widths[0]),
        );
    } else if eights >= tens {
        8
    } else {
        10
    };
    for (index, (&(s, e), &w)) in ranks.iter().zip(&widths).enumerate() {
        if w == expected {
            continue;
        }
        let rank_text = &text[s..e];
        let message = format!("rank {} has {w} squares; it needs {expected}", 8 - index);
        if w < expected {
            return error(text, s, E_RANK_SHORT, FenField::Board, rank_text, message);
        }
        // Point at the first character that does not fit.
        let mut count = 0;
        let mut j = s;
        while j < e {
            let step = if bytes[j].is_ascii_digit() {
                let mut k = j;
                while k < e && bytes[k].is_ascii_digit() {
                    k += 1;
                }
                (text[j..k].parse::<usize>().unwrap_or(0), k)
            } else {
                (1, j + c_len(bytes[j]))
            };
            count += step.0;
            if count > expected {
                break;
            }
            j = step.1;
        }
        return error(text, j, E_RANK_LONG, FenField::Board, rank_text, message);
    }
    error(text, start, E_WIDTH, FenField::Board, whole, "the board cannot be read".to_string())
}

/// Length in bytes of the UTF-8 character starting with byte `b`.
const fn c_len(b: u8) -> usize {
    match b {
        0xf0..=0xff => 4,
        0xe0..=0xef => 3,
        0xc0..=0xdf => 2,
        _ => 1,
    }
}

fn read_castling(text: &str, start: usize, end: usize, setup: &mut Setup, notes: &mut Notes) -> Result<(), FenError> {
    let bytes = &text.as_bytes()[start..end];
    let field = &text[start..end];
    let mut i = 0;
    if bytes.len() > 1
        && let Some(prefix) = CastlingPrefix::from_char(bytes[0] as char)
    {
        setup.castling_prefix = Some(prefix);
        i = 1;
    }
    if &bytes[i..] == b"-" {
        return Ok(());
    }
    let board = &setup.board;
    let files = board.shape().files();
    let implied = [implied_rooks(board, Color::White), implied_rooks(board, Color::Black)];
    let mut rooks = SquareSet::EMPTY;
    let mut classic_order = true;
    let mut last_classic = 0;
    let mut spelling_noted = false;
    while i < bytes.len() {
        let b = bytes[i];
        let color = if b.is_ascii_uppercase() { Color::White } else { Color::Black };
        let lower = b.to_ascii_lowercase();
        let square = match lower {
            b'k' | b'q' => {
                let order = match b {
                    b'K' => 1,
                    b'Q' => 2,
                    b'k' => 3,
                    _ => 4,
                };
                classic_order &= order > last_classic;
                last_classic = order;
                let (k, q) = implied[color.index()];
                if lower == b'k' { k } else { q }
            }
            b'a'..=b'j' => {
                classic_order = false;
                let file = lower - b'a';
                if file >= files {
                    return Err(error(
                        text,
                        start + i,
                        E_CASTLING_FILE,
                        FenField::Castling,
                        field,
                        format!(
                            "'{}' names the {}-file, which a board {files} files wide does not have",
                            b as char, lower as char
                        ),
                    ));
                }
                // mySchach FRC-FEN: a file letter before K or Q names that side's rook. Only a rook on that side
                // of the king: X-FEN's `GQ` (inner rook on g, outermost queenside rook) is two rights.
                let on_side = |side: u8| match back_rank_king_file(board, color) {
                    Some(king) => (side == b'k') == (file > king),
                    None => true,
                };
                if let Some(&next) = bytes.get(i + 1)
                    && matches!(next.to_ascii_lowercase(), b'k' | b'q')
                    && next.is_ascii_uppercase() == b.is_ascii_uppercase()
                    && on_side(next.to_ascii_lowercase())
                {
                    spelling_noted = true;
                    notes.add(
                        N_CASTLING,
                        start + i,
                        FenField::Castling,
                        format!(
                            "mySchach FRC-FEN '{}{}' read as the rook on the {}-file",
                            b as char, next as char, lower as char
                        ),
                    )?;
                    i += 1;
                }
                Square::new(File::new(file).unwrap_or(File::A), back_rank(color))
            }
            _ => {
                let c = char_at(text, start + i);
                let message = if c == '-' {
                    "'-' stands alone, for no castling rights".to_string()
                } else {
                    format!("'{c}' is not a castling letter (use K, Q, k, q, a rook's file letter, or -)")
                };
                return Err(error(text, start + i, E_CASTLING, FenField::Castling, field, message));
            }
        };
        if rooks.contains(square) {
            notes.add(
                N_CASTLING_DUPLICATE,
                start + i,
                FenField::Castling,
                format!("the castling right of the rook on {square} is given twice"),
            )?;
            spelling_noted = true;
        }
        rooks.insert(square);
        i += 1;
    }
    setup.castling_rooks = rooks;
    if !classic_order && !spelling_noted {
        // Not an ordered subset of KQkq: canonical only if it is exactly how X-FEN or Shredder-FEN writes it.
        let letters = &field[usize::from(setup.castling_prefix.is_some())..];
        let spelled = |style| {
            let mut s = String::new();
            let _ = write_castling(&mut s, &setup.board, rooks, style);
            s
        };
        let xfen = spelled(CastlingStyle::XFen);
        if letters != xfen && letters != spelled(CastlingStyle::Shredder) {
            notes.add(
                N_CASTLING,
                start,
                FenField::Castling,
                format!("castling '{letters}' is not in canonical form; X-FEN writes it '{xfen}'"),
            )?;
        }
    }
    Ok(())
}

fn read_ep(
    text: &str,
    start: usize,
    end: usize,
    shape: BoardShape,
    notes: &mut Notes,
) -> Result<Option<Square>, FenError> {
    let bytes = &text.as_bytes()[start..end];
    if bytes == b"-" {
        return Ok(None);
    }
    let field = &text[start..end];
    if let [f, r] = *bytes
        && let Some(file) = File::from_char(f.to_ascii_lowercase() as char)
        && let Some(rank) = Rank::from_char(r as char)
    {
        if file.index() >= shape.files() {
            return Err(error(
                text,
                start,
                E_EP_FILE,
                FenField::EnPassant,
                field,
                format!("the board has {} files; the en-passant square must lie on it, or be -", shape.files()),
            ));
        }
        if f.is_ascii_uppercase() {
            notes.add(
                N_EP_CASE,
                start,
                FenField::EnPassant,
                format!("en-passant square '{field}' read as lower case"),
            )?;
        }
        return Ok(Some(Square::new(file, rank)));
    }
    Err(error(
        text,
        start,
        E_EP,
        FenField::EnPassant,
        field,
        "expected the square a double step skipped, such as e3 or d6, or - for none".to_string(),
    ))
}

fn read_number(text: &str, start: usize, end: usize, field: FenField, notes: &mut Notes) -> Result<u32, FenError> {
    let bytes = &text.as_bytes()[start..end];
    let mut value: u32 = 0;
    let mut ok = !bytes.is_empty();
    for &b in bytes {
        if !b.is_ascii_digit() {
            ok = false;
            break;
        }
        match value.checked_mul(10).and_then(|v| v.checked_add((b - b'0') as u32)) {
            Some(v) => value = v,
            None => {
                ok = false;
                break;
            }
        }
    }
    if !ok {
        let (code, what) = match field {
            FenField::Halfmoves => {
                (E_HALFMOVES, "the half-move clock counts half-moves since the last capture or pawn move")
            }
            _ => (E_FULLMOVES, "the move number counts from 1"),
        };
        return Err(error(
            text,
            start,
            code,
            field,
            &text[start..end],
            format!("{what}: expected a whole number from 0 to {}", u32::MAX),
        ));
    }
    if bytes.len() > 1 && bytes[0] == b'0' {
        notes.add(N_NUMBER, start, field, format!("'{}' read as {value}", &text[start..end]))?;
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_split_and_whitespace() {
        let (fen, notes) = Fen::parse_lenient("  4k3/8/8/8/8/8/4P3/4K3   w - -\t5 39 ").unwrap();
        assert_eq!(fen.to_string(), "4k3/8/8/8/8/8/4P3/4K3 w - - 5 39");
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].code, N_WHITESPACE);
    }

    #[test]
    fn implied_rooks_without_king_are_corners() {
        let board = Board::empty(BoardShape::Wide);
        assert_eq!(implied_rooks(&board, Color::Black), (Square::J8, Square::A8));
    }
}
