//! The composers' notation of the German problem-chess conventions: pieces named by square (`Sg1`) and by their
//! square in the game array (`[Sg1]`), square sets (`{a1, a2, b1}`), indicated moves and lines of one piece
//! (`K~`, `Ke8~c2`, `Be2-e4`, `Bd5:e6 e.p.`, `Bh2:Lg~g6:h7-h8=T`), castling, the signs of check, mate and
//! stalemate, the move assessments, and the connectors `&` (and), `|` (or) and `~` (not).
//!
//! `~` has two meanings and the context decides: after a piece or a square of a line it moves (`K~`, `Ke8~c2`);
//! where a pattern begins (at the start, after `&`, `|`, `(` or another `~`) it negates.
//!
//! ```
//! use forsyth::notation::letters::Language;
//! use forsyth::problem::Pattern;
//! let line = Pattern::parse("Bh2:Lg~g6:h7-h8=T", Language::De)?;
//! assert_eq!(line.write(Language::En), "Ph2:Bg~g6:h7-h8=R");
//! let both = Pattern::parse("~Ke8~c2 & (Sg1-f3 | 0-0)", Language::De)?;
//! assert_eq!(both.write(Language::En), "~Ke8~c2 & (Ng1-f3 | 0-0)");
//! # Ok::<(), forsyth::problem::PatternError>(())
//! ```

use std::fmt;

use super::letters::{LetterProblem, PieceLetter, piece_of_letter};
use crate::notation::letters::Language;
use crate::{CastlingSide, File, Rank, Role, Square};

/// How deep parentheses and negations may nest: deeper input is refused rather than risking the stack.
pub const MAX_NESTING: usize = 64;

/// A pattern of the composers' notation.
///
/// ```
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::Pattern;
/// // German letters of the problem-chess conventions: S is the knight (Springer).
/// let p = Pattern::parse("Sg1-f3 | 0-0", Language::De)?;
/// assert!(matches!(&p, Pattern::Or(parts) if parts.len() == 2));
/// assert_eq!(p.write(Language::En), "Ng1-f3 | 0-0");
/// # Ok::<(), forsyth::problem::PatternError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// A piece on a square (`Sg1`), an original piece (`[Sg1]`), or a line of moves of one piece (`K~`,
    /// `Be2-e4`, `Bh2:Lg~g6:h7-h8=T`).
    Line(Line),
    /// Castling, `0-0` or `0-0-0`.
    Castling(Castling),
    /// A set of squares, `{a1, a2, b1}`, in the order written.
    Squares {
        /// The squares.
        squares: Vec<Square>,
        /// The column of `{`.
        column: usize,
    },
    /// `~P`: the pattern does not hold.
    Not {
        /// The negated pattern.
        pattern: Box<Pattern>,
        /// The column of `~`.
        column: usize,
    },
    /// `P & Q & ...`.
    And(Vec<Pattern>),
    /// `P | Q | ...`.
    Or(Vec<Pattern>),
    /// `(P)`.
    Group {
        /// The pattern inside.
        pattern: Box<Pattern>,
        /// The column of `(`.
        column: usize,
    },
}

/// A piece, possibly with its square, and the moves it makes.
///
/// ```
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::Pattern;
/// let Pattern::Line(line) = Pattern::parse("Be2-e3-e4", Language::De)? else { panic!() };
/// assert_eq!(line.steps.len(), 2);
/// assert_eq!(line.ending.state, None);
/// # Ok::<(), forsyth::problem::PatternError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The moving or named piece.
    pub subject: Subject,
    /// Its moves, in order; empty when the pattern only names the piece (`Sg1`, `[Sg1]`).
    pub steps: Vec<Step>,
    /// Check, mate or stalemate after the last move, and its assessment.
    pub ending: Ending,
}

/// The piece a line is about.
///
/// ```
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{Pattern, PieceLetter};
/// use forsyth::{Role, Square};
/// let Pattern::Line(line) = Pattern::parse("[Sg1]", Language::De)? else { panic!() };
/// assert_eq!(line.subject.piece, PieceLetter::Role(Role::Knight));
/// assert_eq!((line.subject.square, line.subject.original), (Some(Square::G1), true));
/// # Ok::<(), forsyth::problem::PatternError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subject {
    /// Its letter.
    pub piece: PieceLetter,
    /// Its square (`Ke8`), if given (`K~` has none).
    pub square: Option<Square>,
    /// Whether the square is its square in the game array, `[Sg1]`.
    pub original: bool,
    /// The column where the subject begins (1-based, in characters).
    pub column: usize,
}

/// How one step of a line moves.
///
/// ```
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{CaptureSign, Pattern, StepKind};
/// let Pattern::Line(line) = Pattern::parse("Ke8~c2", Language::De)? else { panic!() };
/// assert_eq!(line.steps[0].kind, StepKind::Somehow);
/// let Pattern::Line(line) = Pattern::parse("Ke8:d8", Language::De)? else { panic!() };
/// assert_eq!(line.steps[0].kind, StepKind::Capture(CaptureSign::Colon));
/// # Ok::<(), forsyth::problem::PatternError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// `-`: a move without capture.
    Move,
    /// `:` or `×`: a capture (the sign as written).
    Capture(CaptureSign),
    /// `~`: moves anyhow; with a place, gets there in one or more moves.
    Somehow,
}

/// The capture sign as written.
///
/// ```
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{CaptureSign, Pattern, StepKind};
/// let Pattern::Line(line) = Pattern::parse("Ke8×d8", Language::De)? else { panic!() };
/// assert_eq!(line.steps[0].kind, StepKind::Capture(CaptureSign::Times));
/// assert_eq!(Pattern::Line(line).write(Language::De), "Ke8×d8");
/// # Ok::<(), forsyth::problem::PatternError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CaptureSign {
    /// `:`.
    Colon,
    /// `×`.
    Times,
}

/// Where a step goes: a square, a file, a rank, or anywhere.
///
/// ```
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{Pattern, Place};
/// use forsyth::Square;
/// let Pattern::Line(line) = Pattern::parse("Ke8~c2", Language::De)? else { panic!() };
/// assert_eq!(line.steps[0].place, Place::Square(Square::C2));
/// let Pattern::Line(line) = Pattern::parse("K~", Language::De)? else { panic!() };
/// assert_eq!(line.steps[0].place, Place::Anywhere);
/// # Ok::<(), forsyth::problem::PatternError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A square, `g6`.
    Square(Square),
    /// A file, `g`.
    File(File),
    /// A rank, `6`.
    Rank(Rank),
    /// Anywhere (nothing written).
    Anywhere,
}

impl Place {
    /// Whether a square lies in the place.
    ///
    /// ```
    /// use forsyth::{File, Square};
    /// use forsyth::problem::Place;
    /// assert!(Place::File(File::G).contains(Square::G4));
    /// assert!(!Place::Square(Square::G6).contains(Square::G4));
    /// ```
    pub fn contains(self, sq: Square) -> bool {
        match self {
            Place::Square(s) => s == sq,
            Place::File(f) => sq.file() == f,
            Place::Rank(r) => sq.rank() == r,
            Place::Anywhere => true,
        }
    }
}

/// One move (or, with `~` and a place, one or more moves) of a line's piece.
///
/// ```
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{Pattern, PieceLetter};
/// use forsyth::Role;
/// // German letters: B is the pawn (Bauer), T the rook (Turm).
/// let Pattern::Line(line) = Pattern::parse("Bh7-h8=T", Language::De)? else { panic!() };
/// assert_eq!(line.steps[0].promotion, Some(PieceLetter::Role(Role::Rook)));
/// assert_eq!((line.steps[0].en_passant, line.steps[0].column), (false, 4));
/// # Ok::<(), forsyth::problem::PatternError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// How it moves.
    pub kind: StepKind,
    /// The captured piece, if named (`:Lg` captures a bishop).
    pub captured: Option<PieceLetter>,
    /// Where it goes.
    pub place: Place,
    /// The piece a pawn promotes to, `=T`.
    pub promotion: Option<PieceLetter>,
    /// `e.p.` after a capture.
    pub en_passant: bool,
    /// The column of the step's sign.
    pub column: usize,
}

/// Castling in a pattern.
///
/// ```
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{Pattern, StateSign};
/// use forsyth::CastlingSide;
/// let Pattern::Castling(c) = Pattern::parse("0-0-0+", Language::De)? else { panic!() };
/// assert_eq!((c.side, c.ending.state), (CastlingSide::QueenSide, Some(StateSign::Check)));
/// # Ok::<(), forsyth::problem::PatternError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castling {
    /// Which side.
    pub side: CastlingSide,
    /// Check, mate or stalemate after it, and its assessment.
    pub ending: Ending,
    /// The column of its first `0`.
    pub column: usize,
}

/// What a move's signs say about the position after it.
///
/// ```
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{Pattern, StateSign};
/// let Pattern::Line(line) = Pattern::parse("Dd1-h5#", Language::De)? else { panic!() };
/// assert_eq!(line.ending.state, Some(StateSign::Mate));
/// let Pattern::Line(line) = Pattern::parse("Dd1-h5=", Language::De)? else { panic!() };
/// assert_eq!(line.ending.state, Some(StateSign::Draw));
/// # Ok::<(), forsyth::problem::PatternError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum StateSign {
    /// `+`.
    Check,
    /// `#`.
    Mate,
    /// `=`: stalemate (or a draw).
    Draw,
}

/// The assessment signs of the conventions.
///
/// ```
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{Assessment, Pattern};
/// let Pattern::Line(line) = Pattern::parse("Dd1-h5!?", Language::De)? else { panic!() };
/// assert_eq!(line.ending.assessment, Some(Assessment::Speculative));
/// assert_eq!(Assessment::Dubious.sign(), "?!");
/// # Ok::<(), forsyth::problem::PatternError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Assessment {
    /// `!`.
    Good,
    /// `!!`.
    VeryGood,
    /// `?`.
    Bad,
    /// `??`.
    VeryBad,
    /// `!?`.
    Speculative,
    /// `?!`.
    Dubious,
}

impl Assessment {
    const ALL: [(Assessment, &'static str); 6] = [
        (Assessment::VeryGood, "!!"),
        (Assessment::VeryBad, "??"),
        (Assessment::Speculative, "!?"),
        (Assessment::Dubious, "?!"),
        (Assessment::Good, "!"),
        (Assessment::Bad, "?"),
    ];

    /// The sign.
    ///
    /// ```
    /// use forsyth::notation::letters::Language;
    /// use forsyth::problem::{Assessment, Pattern};
    /// let Pattern::Line(line) = Pattern::parse("Sg1-f3!?", Language::De)? else { panic!() };
    /// assert_eq!(line.ending.assessment.map(Assessment::sign), Some("!?"));
    /// assert_eq!(Assessment::VeryBad.sign(), "??");
    /// # Ok::<(), forsyth::problem::PatternError>(())
    /// ```
    pub fn sign(self) -> &'static str {
        Assessment::ALL.iter().find(|(a, _)| *a == self).map_or("", |(_, s)| s)
    }
}

/// The signs after a move: check, mate or stalemate, then the assessment.
///
/// ```
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{Assessment, Pattern, StateSign};
/// let Pattern::Line(line) = Pattern::parse("Dd1-h5+!", Language::De)? else { panic!() };
/// assert_eq!(line.ending.state, Some(StateSign::Check));
/// assert_eq!((line.ending.assessment, line.ending.column), (Some(Assessment::Good), 7));
/// # Ok::<(), forsyth::problem::PatternError>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ending {
    /// `+`, `#` or `=`.
    pub state: Option<StateSign>,
    /// `!`, `?`, ...
    pub assessment: Option<Assessment>,
    /// The column of the first sign (0 when there is none).
    pub column: usize,
}

impl Pattern {
    /// Reads a pattern written with the piece letters of `language` (German `K D T L S B`, English `K Q R B N P`,
    /// and `X` for any piece). Linear in the length of the text.
    ///
    /// ```
    /// use forsyth::notation::letters::Language;
    /// use forsyth::problem::Pattern;
    /// let p = Pattern::parse("{a1,a2,b1} | X~", Language::En)?;
    /// assert_eq!(p.write(Language::De), "{a1, a2, b1} | X~");
    /// assert_eq!(Pattern::parse("Sg1 & (", Language::De).unwrap_err().column, 8);
    /// # Ok::<(), forsyth::problem::PatternError>(())
    /// ```
    pub fn parse(text: &str, language: Language) -> Result<Pattern, PatternError> {
        Pattern::parse_declaring(text, language, &[])
    }

    /// Reads a pattern of a problem that declares letters of its own for fairy pieces (uppercase, as in
    /// [`PieceTable::declared`](crate::piece_kind::PieceTable::declared)): each is read as
    /// [`PieceLetter::Declared`], before the language's meaning of the letter; the rest as [`Pattern::parse`] does.
    ///
    /// ```
    /// use forsyth::notation::letters::Language;
    /// use forsyth::problem::{Pattern, PieceLetter};
    /// let p = Pattern::parse_declaring("Ga1~a8 | Sg1-f3", Language::De, &['G'])?;
    /// assert_eq!(p.write(Language::En), "Ga1~a8 | Ng1-f3");
    /// let e = Pattern::parse_declaring("Za1-a8", Language::De, &['G']).unwrap_err();
    /// assert_eq!((e.code(), e.column), ("pattern.fairy-letter", 1));
    /// assert!(e.to_string().contains("declared: G"));
    /// # Ok::<(), forsyth::problem::PatternError>(())
    /// ```
    pub fn parse_declaring(text: &str, language: Language, declared: &[char]) -> Result<Pattern, PatternError> {
        let mut reader =
            Reader { chars: text.chars().collect(), at: 0, language, declared: declared.to_vec(), depth: 0 };
        reader.skip_spaces();
        if reader.peek().is_none() {
            return Err(reader.error(PatternErrorKind::Empty));
        }
        let pattern = reader.or()?;
        reader.skip_spaces();
        match reader.peek() {
            None => Ok(pattern),
            Some(')') => Err(reader.error(PatternErrorKind::Unexpected { found: ')', expected: "( before it" })),
            Some(c) => Err(reader.error(PatternErrorKind::Unexpected { found: c, expected: "&, | or the end" })),
        }
    }

    /// The pattern in the piece letters of `language`, with the signs as read and one space around `&` and `|`.
    ///
    /// ```
    /// use forsyth::notation::letters::Language;
    /// use forsyth::problem::Pattern;
    /// let p = Pattern::parse("Dd1:f7#&~[Lf1]", Language::De)?;
    /// assert_eq!(p.write(Language::De), "Dd1:f7# & ~[Lf1]");
    /// assert_eq!(p.write(Language::En), "Qd1:f7# & ~[Bf1]");
    /// # Ok::<(), forsyth::problem::PatternError>(())
    /// ```
    pub fn write(&self, language: Language) -> String {
        let mut out = String::new();
        self.write_into(language, &mut out);
        out
    }

    fn write_into(&self, language: Language, out: &mut String) {
        match self {
            Pattern::Line(line) => line.write_into(language, out),
            Pattern::Castling(c) => {
                out.push_str(match c.side {
                    CastlingSide::KingSide => "0-0",
                    CastlingSide::QueenSide => "0-0-0",
                });
                c.ending.write_into(out);
            }
            Pattern::Squares { squares, .. } => {
                out.push('{');
                for (i, sq) in squares.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(&sq.to_string());
                }
                out.push('}');
            }
            Pattern::Not { pattern, .. } => {
                out.push('~');
                pattern.write_into(language, out);
            }
            Pattern::And(parts) | Pattern::Or(parts) => {
                let sign = if matches!(self, Pattern::And(_)) { " & " } else { " | " };
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        out.push_str(sign);
                    }
                    p.write_into(language, out);
                }
            }
            Pattern::Group { pattern, .. } => {
                out.push('(');
                pattern.write_into(language, out);
                out.push(')');
            }
        }
    }

    /// Whether the pattern names a move anywhere (a line with steps, castling), rather than only pieces, original
    /// pieces and square sets.
    ///
    /// ```
    /// use forsyth::notation::letters::Language;
    /// use forsyth::problem::Pattern;
    /// assert!(!Pattern::parse("Sg1 & ~[Ta8]", Language::De)?.names_moves());
    /// assert!(Pattern::parse("Sg1 | ~0-0", Language::De)?.names_moves());
    /// # Ok::<(), forsyth::problem::PatternError>(())
    /// ```
    pub fn names_moves(&self) -> bool {
        match self {
            Pattern::Line(line) => !line.steps.is_empty(),
            Pattern::Castling(_) => true,
            Pattern::Squares { .. } => false,
            Pattern::Not { pattern, .. } | Pattern::Group { pattern, .. } => pattern.names_moves(),
            Pattern::And(parts) | Pattern::Or(parts) => parts.iter().any(Pattern::names_moves),
        }
    }

    /// The column where the pattern begins.
    ///
    /// ```
    /// use forsyth::notation::letters::Language;
    /// use forsyth::problem::Pattern;
    /// let Pattern::Or(parts) = Pattern::parse("  Sg1-f3 | 0-0", Language::De)? else { panic!() };
    /// assert_eq!((parts[0].column(), parts[1].column()), (3, 12));
    /// # Ok::<(), forsyth::problem::PatternError>(())
    /// ```
    pub fn column(&self) -> usize {
        match self {
            Pattern::Line(line) => line.subject.column,
            Pattern::Castling(c) => c.column,
            Pattern::Squares { column, .. } | Pattern::Not { column, .. } | Pattern::Group { column, .. } => *column,
            Pattern::And(parts) | Pattern::Or(parts) => parts.first().map_or(1, Pattern::column),
        }
    }
}

impl Line {
    fn write_into(&self, language: Language, out: &mut String) {
        let s = &self.subject;
        if s.original {
            out.push('[');
        }
        out.push(s.piece.letter(language));
        if let Some(sq) = s.square {
            out.push_str(&sq.to_string());
        }
        if s.original {
            out.push(']');
        }
        for step in &self.steps {
            out.push(match step.kind {
                StepKind::Move => '-',
                StepKind::Capture(CaptureSign::Colon) => ':',
                StepKind::Capture(CaptureSign::Times) => '×',
                StepKind::Somehow => '~',
            });
            if let Some(p) = step.captured {
                out.push(p.letter(language));
            }
            match step.place {
                Place::Square(sq) => out.push_str(&sq.to_string()),
                Place::File(f) => out.push(f.char()),
                Place::Rank(r) => out.push(r.char()),
                Place::Anywhere => {}
            }
            if let Some(p) = step.promotion {
                out.push('=');
                out.push(p.letter(language));
            }
            if step.en_passant {
                out.push_str(" e.p.");
            }
        }
        self.ending.write_into(out);
    }
}

impl Ending {
    fn write_into(&self, out: &mut String) {
        if let Some(state) = self.state {
            out.push(match state {
                StateSign::Check => '+',
                StateSign::Mate => '#',
                StateSign::Draw => '=',
            });
        }
        if let Some(a) = self.assessment {
            out.push_str(a.sign());
        }
    }
}

/// What is wrong with a pattern.
///
/// ```
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{Pattern, PatternErrorKind};
/// let e = Pattern::parse("  ", Language::De).unwrap_err();
/// assert!(matches!(e.kind, PatternErrorKind::Empty));
/// let e = Pattern::parse("Sg1-f3 e.p.", Language::De).unwrap_err();
/// assert_eq!((e.code(), e.kind), ("pattern.en-passant", PatternErrorKind::EnPassant));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PatternErrorKind {
    /// Nothing but spaces.
    Empty,
    /// A character where something else belongs.
    Unexpected {
        /// The character found.
        found: char,
        /// What would be right.
        expected: &'static str,
    },
    /// The text ends where something else belongs.
    End {
        /// What would be right.
        expected: &'static str,
    },
    /// An uppercase letter that is no orthodox piece of the language: a fairy piece, which this reader does not
    /// know yet.
    FairyLetter {
        /// The letter.
        letter: char,
        /// The language's letters.
        known: String,
        /// The letters the problem declares.
        declared: Vec<char>,
    },
    /// A promotion by a piece that is no pawn, or to a king or a pawn.
    Promotion(&'static str),
    /// `e.p.` after a step that is no capture.
    EnPassant,
    /// Deeper nesting than [`MAX_NESTING`].
    Nesting,
    /// A letter alone that names no move and no square (`K`).
    Incomplete,
    /// Checked against a position or a game: no move fits here.
    NoMove(String),
    /// This part cannot be listed as moves or checked against a game (a square set alone; `&` and `~` when
    /// listing moves).
    NotListable(&'static str),
    /// The position cannot be searched: an unknown piece (`?`) has no moves, or the board is larger than the
    /// squares a pattern can name (10 × 8).
    NotPlayable(String),
}

/// A pattern that cannot be read, or that names no possible move: what is wrong, where, and what would be right.
///
/// ```
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::Pattern;
/// let e = Pattern::parse("Be2-e9", Language::De).unwrap_err();
/// assert_eq!((e.code(), e.column), ("pattern.unexpected", 6));
/// let e = Pattern::parse("Gh2-h3", Language::De).unwrap_err();
/// assert_eq!(e.code(), "pattern.fairy-letter");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternError {
    /// What is wrong.
    pub kind: PatternErrorKind,
    /// The column (1-based, in characters).
    pub column: usize,
}

impl PatternError {
    /// A stable identifier of the problem.
    ///
    /// ```
    /// use forsyth::notation::letters::Language;
    /// use forsyth::problem::Pattern;
    /// assert_eq!(Pattern::parse("  ", Language::De).unwrap_err().code(), "pattern.empty");
    /// assert_eq!(Pattern::parse("(Sg1-f3", Language::De).unwrap_err().code(), "pattern.end");
    /// ```
    pub fn code(&self) -> &'static str {
        match self.kind {
            PatternErrorKind::Empty => "pattern.empty",
            PatternErrorKind::Unexpected { .. } => "pattern.unexpected",
            PatternErrorKind::End { .. } => "pattern.end",
            PatternErrorKind::FairyLetter { .. } => "pattern.fairy-letter",
            PatternErrorKind::Promotion(_) => "pattern.promotion",
            PatternErrorKind::EnPassant => "pattern.en-passant",
            PatternErrorKind::Nesting => "pattern.nesting",
            PatternErrorKind::Incomplete => "pattern.incomplete",
            PatternErrorKind::NoMove(_) => "pattern.no-move",
            PatternErrorKind::NotListable(_) => "pattern.not-listable",
            PatternErrorKind::NotPlayable(_) => "pattern.not-playable",
        }
    }
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: ", self.column)?;
        match &self.kind {
            PatternErrorKind::Empty => {
                f.write_str("empty pattern: write a piece and square (Sg1), a move (Be2-e4) or a line (K~)")
            }
            PatternErrorKind::Unexpected { found, expected } => write!(f, "unexpected '{found}': expected {expected}"),
            PatternErrorKind::End { expected } => write!(f, "the pattern ends too early: expected {expected}"),
            PatternErrorKind::FairyLetter { letter, known, declared } if declared.is_empty() => write!(
                f,
                "'{letter}' is no orthodox piece letter ({known} and X for any piece); a fairy piece must be declared \
                 (--piece {letter}=NAME)"
            ),
            PatternErrorKind::FairyLetter { letter, known, declared } => {
                let declared: String = declared.iter().map(char::to_string).collect::<Vec<_>>().join(", ");
                write!(
                    f,
                    "'{letter}' is neither an orthodox piece letter ({known} and X for any piece) nor a declared one \
                     (declared: {declared})"
                )
            }
            PatternErrorKind::Promotion(why) => write!(f, "{why}"),
            PatternErrorKind::EnPassant => f.write_str("'e.p.' follows only a capture (Bd5:e6 e.p.)"),
            PatternErrorKind::Nesting => write!(f, "more than {MAX_NESTING} nested parentheses or negations"),
            PatternErrorKind::Incomplete => {
                f.write_str("a piece letter alone names nothing: add its square (Kg1) or a move (K~)")
            }
            PatternErrorKind::NoMove(why) => write!(f, "names no possible move: {why}"),
            PatternErrorKind::NotListable(why) => f.write_str(why),
            PatternErrorKind::NotPlayable(why) => write!(f, "the position cannot be searched: {why}"),
        }
    }
}

impl std::error::Error for PatternError {}

struct Reader {
    chars: Vec<char>,
    at: usize,
    language: Language,
    /// The problem's own letters, read before the language's.
    declared: Vec<char>,
    depth: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.at + offset).copied()
    }

    fn column(&self) -> usize {
        self.at + 1
    }

    fn error(&self, kind: PatternErrorKind) -> PatternError {
        PatternError { kind, column: self.column() }
    }

    fn unexpected(&self, expected: &'static str) -> PatternError {
        match self.peek() {
            Some(found) => self.error(PatternErrorKind::Unexpected { found, expected }),
            None => self.error(PatternErrorKind::End { expected }),
        }
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn or(&mut self) -> Result<Pattern, PatternError> {
        self.joined('|', Reader::and, Pattern::Or)
    }

    fn and(&mut self) -> Result<Pattern, PatternError> {
        self.joined('&', Reader::unary, Pattern::And)
    }

    /// Parts read by `part` joined by `sign`; one part alone is itself.
    fn joined(
        &mut self,
        sign: char,
        part: fn(&mut Reader) -> Result<Pattern, PatternError>,
        join: fn(Vec<Pattern>) -> Pattern,
    ) -> Result<Pattern, PatternError> {
        let mut parts = vec![part(self)?];
        loop {
            self.skip_spaces();
            if self.peek() != Some(sign) {
                break;
            }
            self.at += 1;
            self.skip_spaces();
            parts.push(part(self)?);
        }
        Ok(if parts.len() == 1 { parts.remove(0) } else { join(parts) })
    }

    fn nested<T>(&mut self, f: impl FnOnce(&mut Reader) -> Result<T, PatternError>) -> Result<T, PatternError> {
        if self.depth >= MAX_NESTING {
            return Err(self.error(PatternErrorKind::Nesting));
        }
        self.depth += 1;
        let result = f(self);
        self.depth -= 1;
        result
    }

    fn unary(&mut self) -> Result<Pattern, PatternError> {
        let column = self.column();
        match self.peek() {
            Some('~') => {
                self.at += 1;
                self.skip_spaces();
                let pattern = self.nested(Reader::unary)?;
                Ok(Pattern::Not { pattern: Box::new(pattern), column })
            }
            Some('(') => {
                self.at += 1;
                self.skip_spaces();
                let pattern = self.nested(Reader::or)?;
                self.skip_spaces();
                if self.peek() != Some(')') {
                    return Err(self.unexpected(") to close the ( of column"));
                }
                self.at += 1;
                Ok(Pattern::Group { pattern: Box::new(pattern), column })
            }
            Some('{') => self.squares(),
            Some('0') => self.castling(),
            Some('[') => self.line(),
            Some(c) if c.is_alphabetic() => self.line(),
            _ => Err(self.unexpected("a piece letter, [, {, (, ~ or 0-0")),
        }
    }

    fn square(&mut self) -> Result<Square, PatternError> {
        let start = self.at;
        let file = self.peek().and_then(File::from_char).filter(|f| f.index() < 8);
        let Some(file) = file else { return Err(self.unexpected("a square, a1 to h8")) };
        self.at += 1;
        let Some(rank) = self.peek().and_then(Rank::from_char) else {
            return Err(self.unexpected("a rank, 1 to 8"));
        };
        self.at += 1;
        if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(self.unexpected("no more digits: ranks go from 1 to 8"));
        }
        debug_assert!(self.at == start + 2);
        Ok(Square::new(file, rank))
    }

    fn squares(&mut self) -> Result<Pattern, PatternError> {
        let column = self.column();
        self.at += 1;
        self.skip_spaces();
        let mut squares = Vec::new();
        if self.peek() == Some('}') {
            return Err(self.unexpected("a square: a set names at least one"));
        }
        loop {
            squares.push(self.square()?);
            self.skip_spaces();
            match self.peek() {
                Some(',') => {
                    self.at += 1;
                    self.skip_spaces();
                }
                Some('}') => {
                    self.at += 1;
                    return Ok(Pattern::Squares { squares, column });
                }
                _ => return Err(self.unexpected(", or } in a square set")),
            }
        }
    }

    fn castling(&mut self) -> Result<Pattern, PatternError> {
        let column = self.column();
        let rest: String = self.chars[self.at..].iter().take(5).collect();
        let side = if rest.starts_with("0-0-0") {
            self.at += 5;
            CastlingSide::QueenSide
        } else if rest.starts_with("0-0") {
            self.at += 3;
            CastlingSide::KingSide
        } else {
            return Err(self.unexpected("0-0 or 0-0-0"));
        };
        let ending = self.ending()?;
        Ok(Pattern::Castling(Castling { side, ending, column }))
    }

    fn piece_letter(&mut self) -> Result<PieceLetter, PatternError> {
        let Some(c) = self.peek() else { return Err(self.unexpected("a piece letter")) };
        if self.declared.contains(&c) {
            self.at += 1;
            return Ok(PieceLetter::Declared(c));
        }
        match piece_of_letter(c, self.language) {
            Ok(p) => {
                self.at += 1;
                Ok(p)
            }
            Err(LetterProblem::Fairy(letter)) => {
                let known = crate::notation::letters::Letters::language(self.language).to_string();
                let known: String = known.chars().take(6).collect();
                let declared = self.declared.clone();
                Err(self.error(PatternErrorKind::FairyLetter { letter, known, declared }))
            }
            Err(LetterProblem::NotALetter(_)) => Err(self.unexpected("an uppercase piece letter")),
        }
    }

    fn line(&mut self) -> Result<Pattern, PatternError> {
        let column = self.column();
        let original = self.peek() == Some('[');
        if original {
            self.at += 1;
        }
        let piece = self.piece_letter()?;
        let square =
            if original || self.peek().is_some_and(|c| c.is_ascii_lowercase()) { Some(self.square()?) } else { None };
        if original {
            if self.peek() != Some(']') {
                return Err(self.unexpected("] after the piece and its square"));
            }
            self.at += 1;
        }
        let subject = Subject { piece, square, original, column };
        let mut steps = Vec::new();
        while let Some(kind) = self.step_kind() {
            let step_column = self.column();
            self.at += 1;
            steps.push(self.step(kind, step_column, piece)?);
        }
        if steps.is_empty() && square.is_none() {
            return Err(PatternError { kind: PatternErrorKind::Incomplete, column });
        }
        let ending = if steps.is_empty() { Ending::default() } else { self.ending()? };
        Ok(Pattern::Line(Line { subject, steps, ending }))
    }

    fn step_kind(&self) -> Option<StepKind> {
        match self.peek()? {
            '-' => Some(StepKind::Move),
            ':' => Some(StepKind::Capture(CaptureSign::Colon)),
            '×' => Some(StepKind::Capture(CaptureSign::Times)),
            '~' => Some(StepKind::Somehow),
            _ => None,
        }
    }

    fn step(&mut self, kind: StepKind, column: usize, subject: PieceLetter) -> Result<Step, PatternError> {
        let captured = match (kind, self.peek()) {
            (StepKind::Capture(_), Some(c)) if c.is_uppercase() => Some(self.piece_letter()?),
            _ => None,
        };
        let place = match self.peek() {
            Some(c) if File::from_char(c).is_some_and(|f| f.index() < 8) => {
                let file = File::from_char(c).unwrap_or(File::A);
                if self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) {
                    Place::Square(self.square()?)
                } else {
                    self.at += 1;
                    Place::File(file)
                }
            }
            Some(c) if Rank::from_char(c).is_some() => {
                self.at += 1;
                Place::Rank(Rank::from_char(c).unwrap_or(Rank::FIRST))
            }
            _ => Place::Anywhere,
        };
        if kind == StepKind::Move && place == Place::Anywhere {
            return Err(self.unexpected("the square the piece moves to (Be2-e4)"));
        }
        if matches!(kind, StepKind::Capture(_)) && place == Place::Anywhere && captured.is_none() {
            return Err(self.unexpected("the captured piece or its square (Be2:d3)"));
        }
        let promotion = if self.peek() == Some('=') && self.peek_at(1).is_some_and(char::is_uppercase) {
            let at = self.column();
            self.at += 1;
            let p = self.piece_letter()?;
            // (A declared piece may be a pawn of another kind, a Berolina pawn: the letter table decides.)
            if !matches!(subject, PieceLetter::Role(Role::Pawn) | PieceLetter::Any | PieceLetter::Declared(_)) {
                return Err(PatternError { kind: PatternErrorKind::Promotion("only a pawn promotes"), column: at });
            }
            if p == PieceLetter::Role(Role::King) || p == PieceLetter::Role(Role::Pawn) {
                return Err(PatternError {
                    kind: PatternErrorKind::Promotion("a pawn promotes to a queen, rook, bishop or knight"),
                    column: at + 1,
                });
            }
            Some(p)
        } else {
            None
        };
        let en_passant = self.en_passant();
        if en_passant && !matches!(kind, StepKind::Capture(_)) {
            return Err(PatternError { kind: PatternErrorKind::EnPassant, column });
        }
        Ok(Step { kind, captured, place, promotion, en_passant, column })
    }

    /// ` e.p.` (the space optional).
    fn en_passant(&mut self) -> bool {
        let mut at = self.at;
        while self.chars.get(at).is_some_and(|c| *c == ' ') {
            at += 1;
        }
        let ahead: String = self.chars[at.min(self.chars.len())..].iter().take(4).collect();
        if ahead == "e.p." {
            self.at = at + 4;
            true
        } else {
            false
        }
    }

    fn ending(&mut self) -> Result<Ending, PatternError> {
        let column = self.column();
        let state = match self.peek() {
            Some('+') => Some(StateSign::Check),
            Some('#') => Some(StateSign::Mate),
            Some('=') => Some(StateSign::Draw),
            _ => None,
        };
        if state.is_some() {
            self.at += 1;
        }
        let rest: String = self.chars[self.at..].iter().take(2).collect();
        let assessment = Assessment::ALL.iter().find(|(_, sign)| rest.starts_with(sign)).map(|&(a, sign)| {
            self.at += sign.len();
            a
        });
        if matches!(self.peek(), Some('!' | '?' | '+' | '#' | '=')) {
            return Err(self.unexpected("one check sign (+ # =) and one assessment (! ? !! ?? !? ?!) at most"));
        }
        let column = if state.is_some() || assessment.is_some() { column } else { 0 };
        Ok(Ending { state, assessment, column })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(text: &str) -> String {
        Pattern::parse(text, Language::De).unwrap().write(Language::De)
    }

    #[test]
    fn german_examples_read_and_write_back() {
        for text in [
            "Be2-e4",
            "K~",
            "Ke8~c2",
            "Be2:d3",
            "Be2×d3",
            "Lc1-d2+",
            "Td3-d6#",
            "Df4:f8=",
            "Be7-e8=D",
            "Bd5:e6 e.p.",
            "0-0",
            "0-0-0",
            "Bh2:Lg~g6:h7-h8=T",
            "Sg1",
            "[Sg1]",
            "{a1, a2, b1}",
            "Sg1-f3! & ~K~ | (0-0?? | Bc2-c4!?)",
        ] {
            assert_eq!(round(text), text);
        }
    }

    #[test]
    fn the_line_of_the_conventions_is_typed() {
        let Pattern::Line(line) = Pattern::parse("Bh2:Lg~g6:h7-h8=T", Language::De).unwrap() else { panic!() };
        assert_eq!(line.subject.piece, PieceLetter::Role(Role::Pawn));
        assert_eq!(line.steps.len(), 4);
        assert_eq!(line.steps[0].captured, Some(PieceLetter::Role(Role::Bishop)));
        assert_eq!(line.steps[0].place, Place::File(File::G));
        assert_eq!(line.steps[1].kind, StepKind::Somehow);
        assert_eq!(line.steps[3].promotion, Some(PieceLetter::Role(Role::Rook)));
    }

    #[test]
    fn errors_say_where() {
        let e = Pattern::parse("Sg1 & ", Language::De).unwrap_err();
        assert_eq!((e.code(), e.column), ("pattern.end", 7));
        let e = Pattern::parse("Ke7-e8=D", Language::De).unwrap_err();
        assert_eq!((e.code(), e.column), ("pattern.promotion", 7));
        let e = Pattern::parse(&"(".repeat(100), Language::De).unwrap_err();
        assert_eq!(e.code(), "pattern.nesting");
        let e = Pattern::parse("K", Language::De).unwrap_err();
        assert_eq!(e.code(), "pattern.incomplete");
    }
}
