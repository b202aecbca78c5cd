//! The fields of a FEN and the errors and notes that point into them: codes, columns, splitting the text into
//! fields.

use std::fmt;

/// The six fields of a FEN, for error messages.
///
/// ```
/// use forsyth::notation::fen::{Fen, FenField};
/// let err = "4k3/8/8/8/8/8/8/4K3 w - - x 1".parse::<Fen>().unwrap_err();
/// assert_eq!((err.field, err.column), (FenField::Halfmoves, 27));
/// ```
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
    pub(super) const ORDER: [FenField; 7] = [
        FenField::Board,
        FenField::Turn,
        FenField::Castling,
        FenField::EnPassant,
        FenField::Halfmoves,
        FenField::Fullmoves,
        FenField::Extra,
    ];

    /// The field's name as messages use it.
    ///
    /// ```
    /// use forsyth::notation::fen::{Fen, FenField};
    /// let err = "4k3/8/8/8/8/8/8/4K3 w - e9 0 1".parse::<Fen>().unwrap_err();
    /// assert_eq!(err.field.name(), "en passant");
    /// assert_eq!(FenField::Fullmoves.name(), "move number");
    /// ```
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
pub(super) const E_EMPTY: &str = "fen.empty";
/// Not eight ranks.
pub(super) const E_RANK_COUNT: &str = "fen.board.rank-count";
/// No rank is 8 or 10 squares wide.
pub(super) const E_WIDTH: &str = "fen.board.width";
/// A rank with more squares than the board is wide.
pub(super) const E_RANK_LONG: &str = "fen.board.rank-too-long";
/// A rank with fewer squares than the board is wide.
pub(super) const E_RANK_SHORT: &str = "fen.board.rank-too-short";
/// A character that is neither a piece letter, a digit nor `/`.
pub(super) const E_PIECE: &str = "fen.board.bad-letter";
/// The German problem-chess conventions' unknown piece `X` outside a diagram.
pub(super) const E_UNKNOWN: &str = "fen.board.unknown-piece";
/// `0`, a leading zero, or a number of empty squares larger than any rank.
pub(super) const E_COUNT: &str = "fen.board.bad-count";
/// `[` without `]` or the other way round.
pub(super) const E_BRACKET: &str = "fen.board.bracket";
/// Side to move other than `w`/`b`.
pub(super) const E_TURN: &str = "fen.turn.bad-letter";
/// A character that cannot stand in the castling field.
pub(super) const E_CASTLING: &str = "fen.castling.bad-letter";
/// A castling file letter beyond the board's last file.
pub(super) const E_CASTLING_FILE: &str = "fen.castling.off-board";
/// An en-passant field that is not a square or `-`.
pub(super) const E_EP: &str = "fen.ep.bad-square";
/// An en-passant square beyond the board's last file.
pub(super) const E_EP_FILE: &str = "fen.ep.off-board";
/// A half-move clock that is not a number.
pub(super) const E_HALFMOVES: &str = "fen.halfmoves.bad-number";
/// A move number that is not a number.
pub(super) const E_FULLMOVES: &str = "fen.fullmoves.bad-number";
/// Text after the six fields.
pub(super) const E_EXTRA: &str = "fen.extra-field";

/// Every error code [`Fen::parse`](super::Fen::parse) and [`Fen::parse_diagram`](super::Fen::parse_diagram) can return (strict reading also returns the codes
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

pub(super) const N_WHITESPACE: &str = "fen.lenient.whitespace";
pub(super) const N_BRACKETS: &str = "fen.lenient.brackets";
pub(super) const N_MISSING: &str = "fen.lenient.missing-fields";
pub(super) const N_TURN_CASE: &str = "fen.lenient.turn-case";
pub(super) const N_CASTLING: &str = "fen.lenient.castling-spelling";
pub(super) const N_CASTLING_DUPLICATE: &str = "fen.lenient.castling-duplicate";
pub(super) const N_EP_CASE: &str = "fen.lenient.ep-case";
pub(super) const N_NUMBER: &str = "fen.lenient.number-format";
pub(super) const N_MOVE_ZERO: &str = "fen.lenient.move-number-zero";

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

/// Collects notes, or turns the first one into an error when reading strictly.
pub(super) struct Notes<'a> {
    pub(super) strict: bool,
    pub(super) list: &'a mut Vec<Note>,
    pub(super) text: &'a str,
}

impl Notes<'_> {
    #[cold]
    pub(super) fn add(
        &mut self,
        code: &'static str,
        at: usize,
        field: FenField,
        message: String,
    ) -> Result<(), FenError> {
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
pub(super) fn column_of(text: &str, at: usize) -> usize {
    let at = at.min(text.len());
    text.get(..at).map_or(at, |s| s.chars().count()) + 1
}

#[cold]
pub(super) fn error(
    text: &str,
    at: usize,
    code: &'static str,
    field: FenField,
    shown: &str,
    message: String,
) -> FenError {
    FenError { code, column: column_of(text, at), field, text: shown.to_string(), message }
}

/// The character starting at byte `at` (the offending one in an error).
pub(super) fn char_at(text: &str, at: usize) -> char {
    text.get(at..).and_then(|s| s.chars().next()).unwrap_or('?')
}

/// Byte ranges of the whitespace-separated fields (up to seven: a seventh is an error).
pub(super) struct Fields {
    pub(super) ranges: [(usize, usize); 7],
    pub(super) count: usize,
    /// Anything but single spaces between fields and no whitespace around.
    pub(super) irregular: bool,
}

/// Splits the fields after the board, which spans `board` and follows `lead` bytes of whitespace.
pub(super) fn split_fields(bytes: &[u8], board: (usize, usize), lead: usize) -> Fields {
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

/// Length in bytes of the UTF-8 character starting with byte `b`.
pub(super) const fn c_len(b: u8) -> usize {
    match b {
        0xf0..=0xff => 4,
        0xe0..=0xef => 3,
        0xc0..=0xdf => 2,
        _ => 1,
    }
}
