//! Problem descriptions in Popeye's input language, the position part: `BeginProblem`, `Author`, `Origin`,
//! `Title`, `Pieces White Kd2 Sc3 Black Ke8 Pd6` (several squares after one piece, `Pa2b2`, as Popeye allows),
//! `TotalInvisible N`, `Stipulation` and `Condition`/`Option` kept as text, `EndProblem`. English and German
//! keywords as Popeye 4.104 spells them (its `language_dependant.c`); keywords in any case and abbreviated to a
//! unique prefix, as Popeye reads them. Fairy pieces and piece flags are refused with a typed error for now.
//!
//! ```
//! use forsyth::problem::popeye::{self, PopeyeLanguage};
//! let text = "BeginProblem\nPieces White Kd2 Sc3 Black Ke8 Pd6\nStipulation ~1\nEndProblem\n";
//! let problems = popeye::parse(text)?;
//! assert_eq!(problems[0].stipulation.as_deref(), Some("~1"));
//! assert_eq!(problems[0].position()?.to_string(), "4k3/8/3p4/8/8/2N5/3K4/8 w - - 0 1");
//! let german = problems[0].write(PopeyeLanguage::German);
//! assert!(german.starts_with("AnfangProblem\nSteine\nWeiss Kd2 Sc3\nSchwarz Ke8 Bd6\nForderung ~1\n"));
//! assert_eq!(popeye::parse(&german)?, problems);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::diagram::PieceCount;
use crate::{Board, Color, Piece, Position, PositionError, Role, Setup, Square, SquareSet, Variant};

/// The languages of Popeye's input whose keywords forsyth reads and writes.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum PopeyeLanguage {
    /// `BeginProblem`, `Pieces White ...`.
    #[default]
    English,
    /// `AnfangProblem`, `Steine Weiss ...`.
    German,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Keyword {
    Begin,
    End,
    Next,
    Author,
    Origin,
    Title,
    Remark,
    Award,
    Pieces,
    Stipulation,
    Condition,
    Option,
    Twin,
}

/// Keywords per language, from Popeye 4.104's `output/plaintext/language_dependant.c`.
const KEYWORDS: [(Keyword, &str, &str); 13] = [
    (Keyword::Begin, "BeginProblem", "AnfangProblem"),
    (Keyword::End, "EndProblem", "EndeProblem"),
    (Keyword::Next, "NextProblem", "WeiteresProblem"),
    (Keyword::Author, "Author", "Autor"),
    (Keyword::Origin, "Origin", "Quelle"),
    (Keyword::Title, "Title", "Titel"),
    (Keyword::Remark, "Remark", "Bemerkung"),
    (Keyword::Award, "Award", "Auszeichnung"),
    (Keyword::Pieces, "Pieces", "Steine"),
    (Keyword::Stipulation, "Stipulation", "Forderung"),
    (Keyword::Condition, "Condition", "Bedingung"),
    (Keyword::Option, "Option", "Option"),
    (Keyword::Twin, "Twin", "Zwilling"),
];

/// Colours per language: White, Black, and the total invisible pieces (`TotalInvisible N`).
const COLOURS: [(&str, &str); 3] = [("White", "Weiss"), ("Black", "Schwarz"), ("TotalInvisible", "TotalUnsichtbar")];

/// Popeye's names of the neutral colour, which forsyth does not model.
const NEUTRAL: [&str; 2] = ["Neutral", "Neutral"];

impl PopeyeLanguage {
    fn keyword(self, k: Keyword) -> &'static str {
        let (_, en, de) = KEYWORDS.iter().find(|(kw, _, _)| *kw == k).copied().unwrap_or((k, "", ""));
        match self {
            PopeyeLanguage::English => en,
            PopeyeLanguage::German => de,
        }
    }

    fn colour(self, index: usize) -> &'static str {
        match self {
            PopeyeLanguage::English => COLOURS[index].0,
            PopeyeLanguage::German => COLOURS[index].1,
        }
    }

    /// The piece code of an orthodox piece: English K Q R B S P, German K D T L S B.
    ///
    /// ```
    /// use forsyth::Role;
    /// use forsyth::problem::popeye::PopeyeLanguage;
    /// assert_eq!(PopeyeLanguage::English.piece_code(Role::Knight), 'S');
    /// assert_eq!(PopeyeLanguage::German.piece_code(Role::Queen), 'D');
    /// ```
    pub fn piece_code(self, role: Role) -> char {
        let letters = match self {
            PopeyeLanguage::English => "PSBRQK",
            PopeyeLanguage::German => "BSLTDK",
        };
        letters.chars().nth(role.index()).unwrap_or('?')
    }
}

/// Whether `token` names `word` as Popeye reads names: in any case, abbreviated to a prefix.
fn names(token: &str, word: &str) -> bool {
    !token.is_empty() && word.len() >= token.len() && word[..token.len()].eq_ignore_ascii_case(token)
}

/// The one keyword a token names in a language (exact names first, then unique prefixes).
fn keyword_of(token: &str, language: PopeyeLanguage) -> Option<Keyword> {
    let all = || KEYWORDS.iter().map(|&(k, ..)| k);
    if let Some(k) = all().find(|&k| language.keyword(k).eq_ignore_ascii_case(token)) {
        return Some(k);
    }
    let mut matching = all().filter(|&k| names(token, language.keyword(k)));
    match (matching.next(), matching.next()) {
        (Some(k), None) => Some(k),
        _ => None,
    }
}

/// The orthodox piece a Popeye piece code names. Popeye's fairy codes (G grasshopper, N nightrider, CA camel, ...)
/// are refused for now: this is the one place where the fairy catalogue plugs in.
///
/// ```
/// use forsyth::Role;
/// use forsyth::problem::popeye::{PopeyeLanguage, popeye_piece};
/// assert_eq!(popeye_piece("S", PopeyeLanguage::English), Some(Role::Knight));
/// assert_eq!(popeye_piece("t", PopeyeLanguage::German), Some(Role::Rook));
/// assert_eq!(popeye_piece("N", PopeyeLanguage::English), None); // the nightrider
/// ```
pub fn popeye_piece(code: &str, language: PopeyeLanguage) -> Option<Role> {
    let mut chars = code.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else { return None };
    Role::STANDARD.into_iter().find(|&r| language.piece_code(r).eq_ignore_ascii_case(&c))
}

/// A piece of a problem description on its square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlacedPiece {
    /// The piece.
    pub piece: Piece,
    /// Its square.
    pub square: Square,
}

/// A problem read from Popeye's input: the position and the texts around it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProblemDescription {
    /// `Author` lines.
    pub authors: Vec<String>,
    /// `Origin`.
    pub origin: Option<String>,
    /// `Title`.
    pub title: Option<String>,
    /// `Award`.
    pub award: Option<String>,
    /// `Remark` lines.
    pub remarks: Vec<String>,
    /// The pieces, in the order given.
    pub pieces: Vec<PlacedPiece>,
    /// `TotalInvisible N`: invisible pieces.
    pub invisible: usize,
    /// Marked squares (no Popeye keyword; set by the caller, counted in `w+s+m+u`).
    pub marked: Vec<Square>,
    /// `Stipulation`, as text.
    pub stipulation: Option<String>,
    /// `Condition` lines, as text.
    pub conditions: Vec<String>,
    /// `Option` lines, as text.
    pub options: Vec<String>,
    /// `Twin` lines, as text.
    pub twins: Vec<String>,
}

impl ProblemDescription {
    /// The board of the pieces.
    pub fn board(&self) -> Board {
        let mut board = Board::empty(crate::BoardShape::Standard);
        for p in &self.pieces {
            board.set(p.square, Some(p.piece));
        }
        board
    }

    /// The piece count `w+s`, or `w+s+m+u` with marked squares and invisible pieces.
    ///
    /// ```
    /// use forsyth::problem::popeye;
    /// let p = &popeye::parse("BeginProblem Pieces White Ke1 Black Ke8 TotalInvisible 2 EndProblem")?[0];
    /// assert_eq!(p.count().to_string(), "1+1+0+2");
    /// # Ok::<(), forsyth::problem::popeye::PopeyeError>(())
    /// ```
    pub fn count(&self) -> PieceCount {
        let board = self.board();
        PieceCount {
            white: board.count(Color::White),
            black: board.count(Color::Black),
            marked: self.marked.len(),
            invisible: self.invisible,
        }
    }

    /// The position, White to move as in Popeye's direct stipulations; castling where king and rook stand on
    /// their squares of the game array (Popeye's default), no en passant.
    pub fn position(&self) -> Result<Position, PositionError> {
        let board = self.board();
        let mut castling = SquareSet::EMPTY;
        for (color, king, rooks) in
            [(Color::White, Square::E1, [Square::A1, Square::H1]), (Color::Black, Square::E8, [Square::A8, Square::H8])]
        {
            if board.piece_at(king) == Some(Piece::new(color, Role::King)) {
                for rook in rooks {
                    if board.piece_at(rook) == Some(Piece::new(color, Role::Rook)) {
                        castling.insert(rook);
                    }
                }
            }
        }
        let setup = Setup { board, castling_rooks: castling, ..Setup::empty(crate::BoardShape::Standard) };
        Position::from_setup(&setup, Variant::Standard)
    }

    /// A description of a position's pieces (nothing else), in Popeye's order: White first, kings first.
    ///
    /// ```
    /// use forsyth::Position;
    /// use forsyth::problem::popeye::{PopeyeLanguage, ProblemDescription};
    /// let pos: Position = "4k3/8/3p4/8/8/2N5/3K4/8 w - - 0 1".parse().unwrap();
    /// let p = ProblemDescription { stipulation: Some("#2".into()), ..ProblemDescription::from_position(&pos) };
    /// assert_eq!(p.write(PopeyeLanguage::English), "BeginProblem\nPieces\nWhite Kd2 Sc3\nBlack Ke8 Pd6\nStipulation #2\nEndProblem\n");
    /// assert_eq!(p.position().unwrap(), pos);
    /// ```
    pub fn from_position(pos: &Position) -> ProblemDescription {
        let mut pieces: Vec<PlacedPiece> =
            pos.board().pieces().map(|(square, piece)| PlacedPiece { piece, square }).collect();
        // Popeye's own order: by colour, then the king first, then by piece, then a1, b1, ...
        pieces.sort_by_key(|p| {
            (!p.piece.color.is_white(), p.piece.role != Role::King, p.square.rank().index(), p.square.file().index())
        });
        ProblemDescription { pieces, ..ProblemDescription::default() }
    }

    /// The description in Popeye's input language.
    pub fn write(&self, language: PopeyeLanguage) -> String {
        let mut out = String::new();
        let kw = |k| language.keyword(k);
        out.push_str(kw(Keyword::Begin));
        out.push('\n');
        for a in &self.authors {
            out.push_str(&format!("{} {a}\n", kw(Keyword::Author)));
        }
        for (k, text) in [(Keyword::Origin, &self.origin), (Keyword::Title, &self.title), (Keyword::Award, &self.award)]
        {
            if let Some(t) = text {
                out.push_str(&format!("{} {t}\n", kw(k)));
            }
        }
        for r in &self.remarks {
            out.push_str(&format!("{} {r}\n", kw(Keyword::Remark)));
        }
        out.push_str(kw(Keyword::Pieces));
        out.push('\n');
        for (index, color) in [Color::White, Color::Black].into_iter().enumerate() {
            let of_color: Vec<&PlacedPiece> = self.pieces.iter().filter(|p| p.piece.color == color).collect();
            if of_color.is_empty() {
                continue;
            }
            out.push_str(language.colour(index));
            for p in of_color {
                out.push(' ');
                out.push(language.piece_code(p.piece.role));
                out.push_str(&p.square.to_string());
            }
            out.push('\n');
        }
        if self.invisible > 0 {
            out.push_str(&format!("{} {}\n", language.colour(2), self.invisible));
        }
        if let Some(s) = &self.stipulation {
            out.push_str(&format!("{} {s}\n", kw(Keyword::Stipulation)));
        }
        for (k, lines) in [(Keyword::Condition, &self.conditions), (Keyword::Option, &self.options)] {
            for line in lines {
                out.push_str(&format!("{} {line}\n", kw(k)));
            }
        }
        for t in &self.twins {
            out.push_str(&format!("{} {t}\n", kw(Keyword::Twin)));
        }
        out.push_str(kw(Keyword::End));
        out.push('\n');
        out
    }
}

/// What is wrong with a Popeye input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PopeyeErrorKind {
    /// No `BeginProblem` (or `AnfangProblem`) where the input starts.
    NoBegin,
    /// The input ends before `EndProblem`.
    NoEnd,
    /// A word that is no keyword here.
    UnknownWord(String),
    /// A piece code that names a fairy piece (or none): forsyth reads orthodox pieces only for now.
    FairyPiece(String),
    /// A piece token without a square after its code, or a square off the board.
    BadSquare(String),
    /// Neutral pieces and piece flags (Royal, Kamikaze, ...), which forsyth does not model.
    Unsupported(String),
    /// `TotalInvisible` without a number.
    BadNumber(String),
    /// Two pieces on one square.
    Occupied(Square),
}

/// A Popeye input that cannot be read, with its line and column.
///
/// ```
/// use forsyth::problem::popeye;
/// let e = popeye::parse("BeginProblem\nPieces White Kd2 Gc3\nEndProblem").unwrap_err();
/// assert_eq!((e.code(), e.line, e.column), ("popeye.fairy-piece", 2, 18));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PopeyeError {
    /// What is wrong.
    pub kind: PopeyeErrorKind,
    /// The line (1-based).
    pub line: usize,
    /// The column (1-based, in characters).
    pub column: usize,
}

impl PopeyeError {
    /// A stable identifier of the problem.
    pub fn code(&self) -> &'static str {
        match self.kind {
            PopeyeErrorKind::NoBegin => "popeye.no-begin",
            PopeyeErrorKind::NoEnd => "popeye.no-end",
            PopeyeErrorKind::UnknownWord(_) => "popeye.unknown-word",
            PopeyeErrorKind::FairyPiece(_) => "popeye.fairy-piece",
            PopeyeErrorKind::BadSquare(_) => "popeye.bad-square",
            PopeyeErrorKind::Unsupported(_) => "popeye.unsupported",
            PopeyeErrorKind::BadNumber(_) => "popeye.bad-number",
            PopeyeErrorKind::Occupied(_) => "popeye.occupied",
        }
    }
}

impl fmt::Display for PopeyeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match &self.kind {
            PopeyeErrorKind::NoBegin => f.write_str("a problem begins with BeginProblem (German AnfangProblem)"),
            PopeyeErrorKind::NoEnd => f.write_str("the input ends before EndProblem (German EndeProblem)"),
            PopeyeErrorKind::UnknownWord(w) => write!(
                f,
                "'{w}' is no keyword here: expected Author, Origin, Title, Award, Remark, Pieces, Stipulation, \
                 Condition, Option, Twin or EndProblem"
            ),
            PopeyeErrorKind::FairyPiece(c) => write!(
                f,
                "'{c}' is no orthodox piece code (English K Q R B S P, German K D T L S B); fairy pieces are not known here yet"
            ),
            PopeyeErrorKind::BadSquare(t) => {
                write!(f, "'{t}' needs squares a1 to h8 after the piece code, like Kd2 or Pa2b2")
            }
            PopeyeErrorKind::Unsupported(w) => write!(f, "'{w}' (neutral pieces and piece flags) is not supported"),
            PopeyeErrorKind::BadNumber(t) => write!(f, "'{t}' is no number of invisible pieces"),
            PopeyeErrorKind::Occupied(sq) => write!(f, "two pieces on {sq}"),
        }
    }
}

impl std::error::Error for PopeyeError {}

struct Token<'a> {
    text: &'a str,
    line: usize,
    column: usize,
    /// The rest of the line after the token, trimmed.
    rest_of_line: &'a str,
}

fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    for (line_index, line) in text.lines().enumerate() {
        // (byte index, column) of the current token's start; columns counted as we go, so linear in the line.
        let mut start: Option<(usize, usize)> = None;
        let mut column = 0;
        for (i, c) in line.char_indices().chain(std::iter::once((line.len(), ' '))) {
            column += 1;
            match (c.is_whitespace(), start) {
                (false, None) => start = Some((i, column)),
                (true, Some((from, from_column))) => {
                    out.push(Token {
                        text: &line[from..i],
                        line: line_index + 1,
                        column: from_column,
                        rest_of_line: line[i..].trim(),
                    });
                    start = None;
                }
                _ => {}
            }
        }
    }
    out
}

/// The language of a Popeye input's keywords, from its first word (`BeginProblem` or `AnfangProblem`), as Popeye
/// decides it. `Condition`, `Option` and `Twin` lines are kept as text in this language: Popeye reads them only in
/// the language of the keywords around them.
///
/// ```
/// use forsyth::problem::popeye::{PopeyeLanguage, language_of};
/// assert_eq!(language_of("  AnfangProblem\nSteine Weiss Ke1"), Some(PopeyeLanguage::German));
/// assert_eq!(language_of("Pieces"), None);
/// ```
pub fn language_of(text: &str) -> Option<PopeyeLanguage> {
    let first = text.split_whitespace().next()?;
    [PopeyeLanguage::English, PopeyeLanguage::German]
        .into_iter()
        .find(|&l| keyword_of(first, l) == Some(Keyword::Begin))
}

/// Reads every problem of a Popeye input (problems follow each other after `NextProblem`). Linear in the input.
pub fn parse(text: &str) -> Result<Vec<ProblemDescription>, PopeyeError> {
    let tokens = tokens(text);
    let error = |kind, t: Option<&Token>| {
        let (line, column) = t.map_or((text.lines().count().max(1), 1), |t| (t.line, t.column));
        PopeyeError { kind, line, column }
    };
    let Some(first) = tokens.first() else { return Err(error(PopeyeErrorKind::NoBegin, None)) };
    let language = language_of(first.text).ok_or_else(|| error(PopeyeErrorKind::NoBegin, Some(first)))?;
    let mut problems = Vec::new();
    let mut problem = ProblemDescription::default();
    let mut i = 1;
    let mut occupied = SquareSet::EMPTY;
    while i < tokens.len() {
        let t = &tokens[i];
        let Some(keyword) = keyword_of(t.text, language) else {
            return Err(error(PopeyeErrorKind::UnknownWord(t.text.to_string()), Some(t)));
        };
        i += 1;
        // Texts run to the end of their line.
        let mut rest_of_line = || {
            let rest = t.rest_of_line.to_string();
            while i < tokens.len() && tokens[i].line == t.line {
                i += 1;
            }
            rest
        };
        match keyword {
            Keyword::Begin => return Err(error(PopeyeErrorKind::NoEnd, Some(t))),
            Keyword::End | Keyword::Next => {
                problems.push(std::mem::take(&mut problem));
                occupied = SquareSet::EMPTY;
                if keyword == Keyword::End {
                    return Ok(problems);
                }
            }
            Keyword::Author => problem.authors.push(rest_of_line()),
            Keyword::Origin => problem.origin = Some(rest_of_line()),
            Keyword::Title => problem.title = Some(rest_of_line()),
            Keyword::Award => problem.award = Some(rest_of_line()),
            Keyword::Remark => problem.remarks.push(rest_of_line()),
            Keyword::Condition => problem.conditions.push(rest_of_line()),
            Keyword::Option => problem.options.push(rest_of_line()),
            Keyword::Twin => problem.twins.push(rest_of_line()),
            Keyword::Stipulation => {
                let Some(s) = tokens.get(i) else { return Err(error(PopeyeErrorKind::NoEnd, None)) };
                problem.stipulation = Some(s.text.to_string());
                i += 1;
            }
            Keyword::Pieces => {
                let mut color = None;
                while let Some(t) = tokens.get(i) {
                    if let Some(index) = (0..3).find(|&c| names(t.text, language.colour(c)) && t.text.len() >= 2) {
                        i += 1;
                        if index == 2 {
                            let n = tokens.get(i);
                            let value = n.and_then(|n| n.text.parse::<usize>().ok().filter(|&v| v <= 64));
                            problem.invisible = value.ok_or_else(|| {
                                error(PopeyeErrorKind::BadNumber(n.map_or("", |n| n.text).into()), n.or(Some(t)))
                            })?;
                            i += 1;
                            color = None;
                        } else {
                            color = Some(if index == 0 { Color::White } else { Color::Black });
                        }
                        continue;
                    }
                    if names(t.text, NEUTRAL[0]) && t.text.len() >= 3 {
                        return Err(error(PopeyeErrorKind::Unsupported(t.text.to_string()), Some(t)));
                    }
                    let Some(color) = color else { break };
                    if keyword_of(t.text, language).is_some() {
                        break;
                    }
                    for (square, piece) in read_piece_token(t, color, language).map_err(|kind| error(kind, Some(t)))? {
                        if occupied.contains(square) {
                            return Err(error(PopeyeErrorKind::Occupied(square), Some(t)));
                        }
                        occupied.insert(square);
                        problem.pieces.push(PlacedPiece { piece, square });
                    }
                    i += 1;
                }
            }
        }
    }
    Err(error(PopeyeErrorKind::NoEnd, None))
}

/// `Kd2`, `Pa2b2c2`: a piece code and one or more squares.
fn read_piece_token(
    t: &Token,
    color: Color,
    language: PopeyeLanguage,
) -> Result<Vec<(Square, Piece)>, PopeyeErrorKind> {
    let text = t.text;
    if !text.is_ascii() {
        return Err(PopeyeErrorKind::FairyPiece(text.to_string()));
    }
    // A code is one or two letters; the squares follow as letter-digit pairs, so the code ends one letter
    // before the first digit.
    let split = text.char_indices().find(|&(i, c)| i > 0 && c.is_ascii_digit()).map_or(text.len(), |(i, _)| i - 1);
    let (code, squares) = text.split_at(split.min(text.len()));
    if code.is_empty() {
        return Err(PopeyeErrorKind::BadSquare(text.to_string()));
    }
    if code.chars().all(|c| c.is_ascii_alphabetic()) && code.len() > 2 {
        return Err(PopeyeErrorKind::Unsupported(text.to_string()));
    }
    let Some(role) = popeye_piece(code, language) else {
        return Err(PopeyeErrorKind::FairyPiece(code.to_string()));
    };
    let bytes = squares.as_bytes();
    if bytes.is_empty() || bytes.len() % 2 != 0 {
        return Err(PopeyeErrorKind::BadSquare(text.to_string()));
    }
    let mut out = Vec::new();
    for pair in bytes.chunks(2) {
        let sq = Square::from_ascii(pair)
            .filter(|s| s.file().index() < 8 && s.rank().index() < 8)
            .ok_or_else(|| PopeyeErrorKind::BadSquare(text.to_string()))?;
        out.push((sq, Piece::new(color, role)));
    }
    Ok(out)
}
