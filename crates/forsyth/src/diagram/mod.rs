//! Positions for people: text, Unicode and SVG diagrams, the piece count, and a FEN explained in words.
//!
//! Diagrams follow the conventions of problem books (German problem-chess conventions): White at the bottom unless flipped, coordinates on
//! the edges, the piece count `w+s` at the left under the board and the FEN beneath it. A diagram may show the
//! unknown piece of those conventions (`X` for White, `x` for Black), which exists only on boards read without the
//! other FEN fields.
//!
//! ```
//! use forsyth::diagram::{self, DiagramStyle};
//! let reading = diagram::read("3Brq2/P1ppRp1K/4p2p/6p1/6NP/3P1P1k/1PP1bPrb/3BnQnR").unwrap();
//! assert_eq!(reading.diagram.count().to_string(), "14+14");
//! let text = diagram::text::ascii(&reading.diagram, &DiagramStyle::default());
//! assert!(text.starts_with("  +-----------------+\n8 | . . . B r q . . |"));
//! let svg = diagram::svg::svg(&reading.diagram, &DiagramStyle::default());
//! assert!(svg.starts_with("<svg"));
//! ```

pub mod explain;
pub mod general;
pub mod retro_words;
pub mod svg;
pub mod text;
mod words;

use std::fmt;

use crate::notation::fen::{Fen, FenError};
use crate::notation::letters::Language;
use crate::{Board, ByColor, Color, Piece, Position, Square, SquareSet, Variant};

/// The languages forsyth writes sentences in (explanations, retro reasons): English and German, a subset of the
/// piece-letter languages of [`notation::letters`](crate::notation::letters). The words functions take any
/// [`Language`] and write English for those not listed here; shells refuse them first with
/// [`sentence_language`].
pub const SENTENCE_LANGUAGES: [Language; 2] = [Language::En, Language::De];

/// Reads a language code or English name (`de`, `German`, in any case) that forsyth writes sentences in.
///
/// ```
/// use forsyth::diagram::sentence_language;
/// use forsyth::notation::Language;
/// assert_eq!(sentence_language("de"), Ok(Language::De));
/// assert_eq!(sentence_language("English"), Ok(Language::En));
/// assert_eq!(sentence_language("fr").unwrap_err().code(), "explain.unknown-language");
/// ```
pub fn sentence_language(text: &str) -> Result<Language, UnsupportedLanguage> {
    Language::from_code(text)
        .filter(|language| SENTENCE_LANGUAGES.contains(language))
        .ok_or_else(|| UnsupportedLanguage(text.to_string()))
}

/// The wording of a sentence: German for German, English for every other language.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Words {
    English,
    German,
}

impl Words {
    pub(crate) const fn of(language: Language) -> Words {
        match language {
            Language::De => Words::German,
            _ => Words::English,
        }
    }

    /// The piece-letter language of the same name.
    pub(crate) const fn language(self) -> Language {
        match self {
            Words::English => Language::En,
            Words::German => Language::De,
        }
    }
}

/// A language forsyth writes no sentences in (see [`SENTENCE_LANGUAGES`]).
///
/// ```
/// use forsyth::diagram::{UnsupportedLanguage, sentence_language};
/// let err = sentence_language("fr").unwrap_err();
/// assert_eq!(err, UnsupportedLanguage("fr".to_string()));
/// assert_eq!(err.code(), "explain.unknown-language");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnsupportedLanguage(pub String);

impl UnsupportedLanguage {
    /// A stable identifier: `explain.unknown-language`.
    ///
    /// ```
    /// use forsyth::diagram::sentence_language;
    /// assert_eq!(sentence_language("es").unwrap_err().code(), "explain.unknown-language");
    /// ```
    pub const fn code(&self) -> &'static str {
        "explain.unknown-language"
    }
}

impl fmt::Display for UnsupportedLanguage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "forsyth explains positions in English and German only, not '{}' (use en or de)", self.0)
    }
}

impl std::error::Error for UnsupportedLanguage {}

/// What stands on a square of a diagram: a piece, or the German problem-chess conventions' unknown piece of a known colour.
///
/// ```
/// use forsyth::diagram::{self, Occupant};
/// use forsyth::{Color, Piece, Role};
/// let r = diagram::read("[x6K/8/8/8/8/8/8/k7]").unwrap(); // `x`: a black piece of unknown kind
/// assert_eq!(r.diagram.occupant("a8".parse().unwrap()), Some(Occupant::Unknown(Color::Black)));
/// let king = Occupant::Piece(Piece::new(Color::White, Role::King));
/// assert_eq!(r.diagram.occupant("h8".parse().unwrap()), Some(king));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Occupant {
    /// A known piece.
    Piece(Piece),
    /// An unknown or arbitrary piece (`X` white, `x` black).
    Unknown(Color),
}

impl Occupant {
    /// The colour of the piece.
    ///
    /// ```
    /// use forsyth::diagram::Occupant;
    /// use forsyth::{Color, Piece, Role};
    /// assert_eq!(Occupant::Unknown(Color::Black).color(), Color::Black);
    /// assert_eq!(Occupant::Piece(Piece::new(Color::White, Role::Rook)).color(), Color::White);
    /// ```
    pub const fn color(self) -> Color {
        match self {
            Occupant::Piece(p) => p.color,
            Occupant::Unknown(c) => c,
        }
    }

    /// The FEN letter; `X`/`x` for the unknown piece.
    ///
    /// ```
    /// use forsyth::diagram::Occupant;
    /// use forsyth::{Color, Piece, Role};
    /// assert_eq!(Occupant::Unknown(Color::White).char(), 'X');
    /// assert_eq!(Occupant::Piece(Piece::new(Color::Black, Role::Knight)).char(), 'n');
    /// ```
    pub const fn char(self) -> char {
        match self {
            Occupant::Piece(p) => p.char(),
            Occupant::Unknown(Color::White) => 'X',
            Occupant::Unknown(Color::Black) => 'x',
        }
    }

    /// The FEN letter in a variant's own letters (Janus chess writes its archbishop `J`).
    ///
    /// ```
    /// use forsyth::diagram::Occupant;
    /// use forsyth::{Color, Piece, Role, Variant};
    /// let janus = Occupant::Piece(Piece::new(Color::White, Role::Archbishop));
    /// assert_eq!(janus.letter(Some(Variant::Janus)), 'J');
    /// assert_eq!(janus.letter(None), 'A');
    /// ```
    pub const fn letter(self, variant: Option<Variant>) -> char {
        match (self, variant) {
            (Occupant::Piece(p), Some(v)) => {
                let c = v.role_char(p.role);
                if p.color.is_white() { c.to_ascii_uppercase() } else { c }
            }
            _ => self.char(),
        }
    }
}

/// A board as a diagram shows it: known pieces, plus unknown pieces on some squares.
///
/// ```
/// use forsyth::diagram::Diagram;
/// use forsyth::{Position, Variant};
/// let d = Diagram::from_position(&Position::new(Variant::Capablanca));
/// assert_eq!(d.count().to_string(), "20+20");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The known pieces.
    pub board: Board,
    /// Squares of unknown pieces, by colour (squares also holding a known piece show the unknown one).
    pub unknown: ByColor<SquareSet>,
    /// The variant whose letters the diagram writes, if known (Janus chess writes its archbishop `J`).
    pub variant: Option<Variant>,
}

impl Diagram {
    /// A diagram of a board with no unknown pieces.
    ///
    /// ```
    /// use forsyth::diagram::Diagram;
    /// use forsyth::Position;
    /// let diagram = Diagram::new(Position::default().board());
    /// assert_eq!((diagram.count().to_string(), diagram.variant), ("16+16".to_string(), None));
    /// ```
    pub fn new(board: Board) -> Diagram {
        Diagram { board, unknown: ByColor::default(), variant: None }
    }

    /// A diagram of a position's board.
    ///
    /// ```
    /// use forsyth::diagram::{Diagram, Occupant};
    /// use forsyth::{Position, Square, Variant};
    /// let diagram = Diagram::from_position(&Position::new(Variant::Janus));
    /// // Janus chess writes its archbishop (the janus) `J`.
    /// assert_eq!(diagram.occupant(Square::B1).map(|o| o.letter(diagram.variant)), Some('J'));
    /// ```
    pub fn from_position(pos: &Position) -> Diagram {
        Diagram { variant: Some(pos.variant()), ..Diagram::new(pos.board()) }
    }

    /// What stands on a square.
    ///
    /// ```
    /// use forsyth::diagram::{self, Occupant};
    /// use forsyth::{Color, Square};
    /// let reading = diagram::read("8/8/8/3X4/8/8/8/K6k").unwrap();
    /// assert_eq!(reading.diagram.occupant(Square::D5), Some(Occupant::Unknown(Color::White)));
    /// assert_eq!(reading.diagram.occupant(Square::D4), None);
    /// ```
    pub fn occupant(&self, sq: Square) -> Option<Occupant> {
        for color in Color::ALL {
            if self.unknown[color].contains(sq) {
                return Some(Occupant::Unknown(color));
            }
        }
        self.board.piece_at(sq).map(Occupant::Piece)
    }

    /// Every occupied square with what stands there, a1 first, rank by rank.
    ///
    /// ```
    /// use forsyth::diagram;
    /// use forsyth::Square;
    /// let reading = diagram::read("7k/8/8/8/8/8/8/K7").unwrap();
    /// let squares: Vec<Square> = reading.diagram.occupants().map(|(sq, _)| sq).collect();
    /// assert_eq!(squares, [Square::A1, Square::H8]);
    /// ```
    pub fn occupants(&self) -> impl Iterator<Item = (Square, Occupant)> + '_ {
        self.board.shape().squares().filter_map(|sq| self.occupant(sq).map(|o| (sq, o)))
    }

    /// The piece count of German problem-chess conventions: white and black pieces, pawns and unknown pieces included.
    ///
    /// ```
    /// use forsyth::diagram;
    /// // Unknown pieces count with their colour.
    /// let reading = diagram::read("7k/8/8/3x4/8/8/P7/K7").unwrap();
    /// assert_eq!(reading.diagram.count().to_string(), "2+2");
    /// ```
    pub fn count(&self) -> PieceCount {
        let mut count = PieceCount::default();
        for (_, o) in self.occupants() {
            match o.color() {
                Color::White => count.white += 1,
                Color::Black => count.black += 1,
            }
        }
        count
    }
}

/// The piece count printed under a problem diagram (German problem-chess conventions): `w+s`, the numbers of
/// white and black pieces, or in general `w+s+m+u` with the marked squares and the invisible pieces, written only
/// when either is not zero.
///
/// ```
/// use forsyth::diagram::PieceCount;
/// assert_eq!(PieceCount { white: 14, black: 14, ..PieceCount::default() }.to_string(), "14+14");
/// assert_eq!(PieceCount { white: 3, black: 2, marked: 1, invisible: 0 }.to_string(), "3+2+1+0");
/// assert_eq!(PieceCount { white: 3, black: 2, marked: 0, invisible: 2 }.to_string(), "3+2+0+2");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PieceCount {
    /// White pieces, pawns included.
    pub white: usize,
    /// Black pieces, pawns included.
    pub black: usize,
    /// Marked squares.
    pub marked: usize,
    /// Invisible pieces.
    pub invisible: usize,
}

impl PieceCount {
    /// The same count with marked squares and invisible pieces.
    ///
    /// ```
    /// use forsyth::diagram::PieceCount;
    /// let c = PieceCount { white: 1, black: 1, ..PieceCount::default() }.with_extras(2, 1);
    /// assert_eq!(c.to_string(), "1+1+2+1");
    /// ```
    pub const fn with_extras(self, marked: usize, invisible: usize) -> PieceCount {
        PieceCount { marked, invisible, ..self }
    }
}

impl fmt::Display for PieceCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.white, self.black)?;
        if self.marked != 0 || self.invisible != 0 {
            write!(f, "+{}+{}", self.marked, self.invisible)?;
        }
        Ok(())
    }
}

/// How to draw a diagram. The default: White at the bottom, coordinates, the piece count, no highlights.
///
/// ```
/// use forsyth::diagram::{self, DiagramStyle, text};
/// let r = diagram::read("4k3/8/8/8/8/8/4P3/4K3 w - - 5 39").unwrap();
/// let plain = DiagramStyle { coordinates: false, count: false, ..DiagramStyle::default() };
/// let board = text::ascii(&r.diagram, &plain);
/// assert!(board.contains(". . . . K . . .") && !board.contains("2+1") && !board.contains("a b c"));
/// assert!(text::ascii(&r.diagram, &DiagramStyle::default()).contains("2+1")); // the count w+s, by default
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramStyle {
    /// Black at the bottom.
    pub flip: bool,
    /// File letters and rank numbers on the edges.
    pub coordinates: bool,
    /// Mark the origin and destination of the last move.
    pub last_move: Option<(Square, Square)>,
    /// Mark a king in check.
    pub check: Option<Square>,
    /// Print the piece count `w+s` under the board.
    pub count: bool,
    /// A line under the count, usually the FEN.
    pub caption: Option<String>,
    /// Put before every id the picture defines (its pieces, the check marker): ids are shared by a whole HTML
    /// page, so two diagrams shown in one page need prefixes of their own, or the second draws its pieces and
    /// its check marker from the first's definitions, and nothing where the first is hidden.
    pub id_prefix: String,
}

impl Default for DiagramStyle {
    fn default() -> DiagramStyle {
        DiagramStyle {
            flip: false,
            coordinates: true,
            last_move: None,
            check: None,
            count: true,
            caption: None,
            id_prefix: String::new(),
        }
    }
}

impl DiagramStyle {
    /// Whether a square is one of the last move's two squares.
    fn is_last_move(&self, sq: Square) -> bool {
        self.last_move.is_some_and(|(from, to)| sq == from || sq == to)
    }
}

/// A diagram read from text, and the whole FEN when the text had more than the board field.
///
/// ```
/// use forsyth::diagram;
/// let r = diagram::read("8/8/8/8/8/8/8/k6K b - - 0 70").unwrap();
/// assert_eq!(r.fen.map(|fen| fen.setup.fullmoves), Some(70));
/// assert_eq!(r.diagram.count().to_string(), "1+1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// What the diagram shows.
    pub diagram: Diagram,
    /// The FEN, if the text was more than a board; `None` for a board field alone.
    pub fen: Option<Fen>,
}

/// Reads a whole FEN, or a board field alone (as problem books print it, brackets allowed); only a board field
/// alone may hold unknown pieces `X`/`x`, since the other fields need known pieces.
///
/// ```
/// use forsyth::diagram;
/// let r = diagram::read("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2").unwrap();
/// assert!(r.fen.is_some());
/// let r = diagram::read("[3Brq2/P1ppRp1K/4p2p/6p1/6NP/3P1P1k/1PP1bPrb/3BnQnX]").unwrap();
/// assert!(r.fen.is_none());
/// assert_eq!(r.diagram.count().to_string(), "14+14");
/// assert_eq!(r.diagram.occupant("h1".parse().unwrap()), Some(diagram::Occupant::Unknown(forsyth::Color::White)));
/// assert!(diagram::read("X7/8/8/8/8/8/8/k6K w - - 0 1").is_err());
/// ```
pub fn read(text: &str) -> Result<Reading, FenError> {
    if text.split_whitespace().count() == 1 {
        let board_only = Fen::parse_diagram(text)?;
        let diagram = Diagram { board: board_only.setup.board, unknown: board_only.unknown, variant: None };
        return Ok(Reading { diagram, fen: None });
    }
    let fen = Fen::parse(text)?;
    Ok(Reading { diagram: Diagram { variant: fen.variant, ..Diagram::new(fen.setup.board.clone()) }, fen: Some(fen) })
}
