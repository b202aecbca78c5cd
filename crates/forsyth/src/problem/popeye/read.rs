//! Reading Popeye's input: tokens with their lines and columns, keywords, pieces (`Pieces` with colours and
//! attributes, `Forsyth`, `InitialGameArray`), stipulations, and the lists of options, conditions and twins, which
//! may run on over several lines.

use std::borrow::Cow;

use super::keywords::{COLOURS, INVISIBLE, Keyword, NEUTRAL, begin_language, keyword_of, unique};
use super::{
    Attribute, Attributes, PlacedPiece, PopeyeError, PopeyeErrorKind, PopeyeLanguage, ProblemDescription,
    order_by_colour,
};
use crate::piece_kind::FairyPiece;
use crate::problem::start::normalised;
use crate::{Color, File, Piece, Rank, Role, Square, SquareSet};

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

/// The text of a Popeye input file: UTF-8, or else Latin-1 (ISO 8859-1), which Popeye's older inputs use and which
/// Popeye reads byte by byte. Every byte sequence is one or the other, so nothing is lost.
///
/// ```
/// use forsyth::problem::popeye;
/// assert_eq!(popeye::decode(b"Autor M\xfcller"), "Autor Müller");
/// assert_eq!(popeye::decode("Autor Müller".as_bytes()), "Autor Müller");
/// ```
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        // Latin-1 maps each byte to the code point of the same number.
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

/// The language of a Popeye input's keywords, from its first word (`BeginProblem` or `AnfangProblem`, abbreviated
/// as Popeye allows), as Popeye decides it. `Condition`, `Option` and `Twin` lines are kept as text in this
/// language: Popeye reads them only in the language of the keywords around them.
///
/// ```
/// use forsyth::problem::popeye::{PopeyeLanguage, language_of};
/// assert_eq!(language_of("  AnfangProblem\nSteine Weiss Ke1"), Some(PopeyeLanguage::German));
/// assert_eq!(language_of("Pieces"), None);
/// ```
pub fn language_of(text: &str) -> Option<PopeyeLanguage> {
    begin_language(text.split_whitespace().next()?)
}

/// The reader's place in the tokens of one input.
struct Reader<'a> {
    text: &'a str,
    tokens: Vec<Token<'a>>,
    next: usize,
    language: PopeyeLanguage,
}

impl<'a> Reader<'a> {
    fn error(&self, kind: PopeyeErrorKind, at: Option<usize>) -> PopeyeError {
        let (line, column) = match at.and_then(|i| self.tokens.get(i)) {
            Some(t) => (t.line, t.column),
            None => (self.text.lines().count().max(1), 1),
        };
        PopeyeError { kind, line, column }
    }

    fn peek(&self) -> Option<&Token<'a>> {
        self.tokens.get(self.next)
    }

    /// The rest of the line of the token just read (a text runs to the end of its line), and skips it.
    fn rest_of_line(&mut self) -> String {
        let Some(line) = self.next.checked_sub(1).and_then(|i| self.tokens.get(i)).map(|t| t.line) else {
            return String::new();
        };
        let rest = self.tokens[self.next - 1].rest_of_line.to_string();
        while self.peek().is_some_and(|t| t.line == line) {
            self.next += 1;
        }
        rest
    }

    /// The rest of the line, and the lines after it that do not start with a keyword: Popeye reads the words of
    /// an option or condition list until a word that is none, wherever the lines break.
    fn list(&mut self) -> String {
        self.lines_until(|keyword| keyword.is_some(), " ")
    }

    /// A twin's commands: the rest of the line and every line up to the next twin or the problem's end, since Popeye
    /// reads everything in a twin but a remark as twin commands (`Stipulation`, `Condition`, `Remove`, `Add` ...).
    /// The lines are kept apart (a `Remark` runs to the end of its line).
    fn twin(&mut self) -> String {
        let ends_twin = |keyword: Option<Keyword>| {
            matches!(keyword, Some(Keyword::Twin | Keyword::ZeroPosition | Keyword::End | Keyword::Next))
        };
        self.lines_until(ends_twin, "\n")
    }

    /// The rest of the line and the lines after it, joined by `separator`, up to a line whose first word is a
    /// keyword for which `ends` holds.
    fn lines_until(&mut self, ends: impl Fn(Option<Keyword>) -> bool, separator: &str) -> String {
        let mut list = self.rest_of_line();
        while let Some(t) = self.peek() {
            if ends(keyword_of(t.text, self.language)) {
                break;
            }
            self.next += 1;
            let line = self.rest_of_line_of_current();
            if !list.is_empty() {
                list.push_str(separator);
            }
            list.push_str(&line);
        }
        list
    }

    /// The token just read and the rest of its line.
    fn rest_of_line_of_current(&mut self) -> String {
        let first = self.tokens[self.next - 1].text;
        let rest = self.rest_of_line();
        if rest.is_empty() { first.to_string() } else { format!("{first} {rest}") }
    }

    /// The lines after `LaTeX` or `LaTeXPieces`: a piece code (one or two letters), its abbreviation and its name.
    /// A line that starts with a code forsyth does not know is an unknown piece (Popeye reads its own codes there).
    fn latex_pieces(&mut self, problem: &mut ProblemDescription) -> Result<(), PopeyeError> {
        while let Some(t) = self.peek() {
            let code = t.text;
            // A piece code first, as Popeye reads it (`r` is the rook here, not `Remark`).
            let Some(kind) =
                Some(code).filter(|c| c.len() <= 2).and_then(|c| FairyPiece::from_popeye(c, self.language))
            else {
                let is_code = code.len() <= 2 && code.chars().all(|c| c.is_ascii_alphanumeric());
                if !is_code || keyword_of(code, self.language).is_some() {
                    break;
                }
                let kind = PopeyeErrorKind::UnknownPiece(code.to_string(), self.language);
                return Err(self.error(kind, Some(self.next)));
            };
            self.next += 1;
            problem.latex_pieces.push((kind, self.rest_of_line()));
        }
        Ok(())
    }

    /// A stipulation: one word, or two where Popeye allows a space before the move count (`dia 8.5`).
    fn stipulation(&mut self) -> Result<String, PopeyeError> {
        let Some(first) = self.peek() else { return Err(self.error(PopeyeErrorKind::NoEnd, None)) };
        let mut text = first.text.to_string();
        let line = first.line;
        self.next += 1;
        // A goal may end in a digit (`ser-s00 9`, `hze8 1.5`), so any move count on the same line joins.
        if let Some(count) = self.peek().filter(|t| t.line == line && is_move_count(t.text)) {
            text.push(' ');
            text.push_str(count.text);
            self.next += 1;
        }
        Ok(text)
    }

    /// `SStipulation white 3a[#]d`: the colour that starts and the expression, to the end of the line.
    fn structured_stipulation(&mut self) -> Result<(Color, String), PopeyeError> {
        let at = self.next;
        let colour = self.peek().map(|t| colour_of(t.text, self.language));
        let color = match colour {
            Some(Some(0)) => Color::White,
            Some(Some(1)) => Color::Black,
            _ => {
                let word = self.peek().map_or(String::new(), |t| t.text.to_string());
                return Err(self.error(PopeyeErrorKind::NoColour(word), Some(at)));
            }
        };
        self.next += 1;
        Ok((color, self.rest_of_line()))
    }

    /// `Pieces`: groups of a colour, its attributes and pieces (`White Royal Ke1 Neutral Pd4 TotalInvisible 2`).
    fn pieces(&mut self, problem: &mut ProblemDescription, occupied: &mut SquareSet) -> Result<(), PopeyeError> {
        let mut groups = 0;
        while let Some(t) = self.peek() {
            let at = self.next;
            let Some(colour) = colour_of(t.text, self.language) else {
                if groups == 0 {
                    return Err(self.error(PopeyeErrorKind::NoColour(t.text.to_string()), Some(at)));
                }
                break;
            };
            groups += 1;
            self.next += 1;
            if colour == INVISIBLE {
                let n = self.peek();
                let value = n.and_then(|n| n.text.parse::<usize>().ok().filter(|&v| v <= 64));
                let Some(value) = value else {
                    let word = n.map_or(String::new(), |n| n.text.to_string());
                    return Err(self.error(PopeyeErrorKind::BadNumber(word), Some(self.next.min(at + 1))));
                };
                problem.invisible = value;
                self.next += 1;
                continue;
            }
            let mut attributes = Attributes::NONE;
            let color = if colour == 1 { Color::Black } else { Color::White };
            if colour == NEUTRAL {
                attributes.insert(Attribute::Neutral);
            }
            while let Some(flag) = self.peek().and_then(|t| attribute_of(t.text, self.language)) {
                attributes.insert(flag);
                self.next += 1;
            }
            let mut walks = 0;
            while let Some(t) = self.peek() {
                let at = self.next;
                if keyword_of(t.text, self.language).is_some() || colour_of(t.text, self.language).is_some() {
                    break;
                }
                // A hunter (`Q/R`, moving forward as a queen, backward as a rook).
                if t.text.find('/').is_some_and(|slash| slash <= 2) {
                    return Err(self.error(PopeyeErrorKind::Unsupported(t.text.to_string()), Some(at)));
                }
                let (code, squares) = split_piece_token(t.text);
                let (kind, squares, squares_at) =
                    match (FairyPiece::from_popeye(code, self.language), squares.is_empty()) {
                        // `B a1b2`: the squares in the next token.
                        (Some(kind), true) => match self.tokens.get(at + 1) {
                            Some(next) => (kind, next.text, at + 1),
                            None => return Err(self.error(PopeyeErrorKind::BadSquare(t.text.to_string()), Some(at))),
                        },
                        (Some(kind), false) => (kind, squares, at),
                        // After a piece, a word that is no piece ends the group, as in Popeye; but one that reads as a
                        // code and squares is an unknown piece, and said so.
                        (None, _) if walks > 0 && square_list(squares).is_none() => break,
                        (None, _) => {
                            return Err(
                                self.error(PopeyeErrorKind::UnknownPiece(code.to_string(), self.language), Some(at))
                            );
                        }
                    };
                let Some(squares) = square_list(squares) else {
                    if walks > 0 && squares_at == at {
                        // Not a piece after all: the group ends (Popeye reads on from this word).
                        break;
                    }
                    return Err(self.error(PopeyeErrorKind::BadSquare(self.tokens[squares_at].text.into()), Some(at)));
                };
                for square in squares {
                    if occupied.contains(square) {
                        return Err(self.error(PopeyeErrorKind::Occupied(square), Some(at)));
                    }
                    occupied.insert(square);
                    problem.pieces.push(PlacedPiece { color, kind, square, attributes });
                }
                // Popeye gives `Royal` to the first piece after it only: a side has one royal piece.
                attributes.remove(Attribute::Royal);
                walks += 1;
                self.next = squares_at + 1;
            }
        }
        Ok(())
    }

    /// `Forsyth 4k3/8/...`: the board as in FEN, ranks from the eighth down, digits for empty squares (two digits
    /// for more than nine), upper-case codes White, lower-case Black, `=` before a neutral piece, `+` and `-` before
    /// a piece of the colour against its case, `.` before a two-letter code (`.gr`).
    fn forsyth(&mut self, problem: &mut ProblemDescription, occupied: &mut SquareSet) -> Result<(), PopeyeError> {
        let Some(t) = self.peek() else { return Err(self.error(PopeyeErrorKind::NoEnd, None)) };
        let (text, line, column) = (t.text, t.line, t.column);
        self.next += 1;
        let bad = |offset: usize, kind: PopeyeErrorKind| PopeyeError { kind, line, column: column + offset };
        let bytes = text.as_bytes();
        // Squares are counted from a8 rightwards, then rank by rank down to h1.
        let mut index = 0usize;
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            if c.is_ascii_digit() {
                let mut n = usize::from(c - b'0');
                if bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
                    n = 10 * n + usize::from(bytes[i + 1] - b'0');
                    i += 1;
                }
                index += n;
                i += 1;
                continue;
            }
            if c == b'/' {
                i += 1;
                continue;
            }
            let start = i;
            let mut attributes = Attributes::NONE;
            let mut colour = None;
            match c {
                b'=' => attributes.insert(Attribute::Neutral),
                b'+' => colour = Some(Color::White),
                b'-' => colour = Some(Color::Black),
                _ => {}
            }
            if matches!(c, b'=' | b'+' | b'-') {
                i += 1;
            }
            let length = if bytes.get(i) == Some(&b'.') {
                i += 1;
                2
            } else {
                1
            };
            let Some(code) = text.get(i..i + length) else {
                return Err(bad(start, PopeyeErrorKind::UnknownPiece(text[start..].to_string(), self.language)));
            };
            let kind = FairyPiece::from_popeye(code, self.language)
                .ok_or_else(|| bad(i, PopeyeErrorKind::UnknownPiece(code.to_string(), self.language)))?;
            // A neutral piece's colour is White, whatever the case of its code ([`PlacedPiece::attributes`]).
            let lower = code.as_bytes()[0].is_ascii_lowercase() && !attributes.contains(Attribute::Neutral);
            let color = colour.unwrap_or(if lower { Color::Black } else { Color::White });
            let Some(square) = (index < 64).then(|| square_at(index % 8, 7 - index / 8)).flatten() else {
                return Err(bad(start, PopeyeErrorKind::BadSquare(text.to_string())));
            };
            if occupied.contains(square) {
                return Err(bad(start, PopeyeErrorKind::Occupied(square)));
            }
            occupied.insert(square);
            problem.pieces.push(PlacedPiece { color, kind, square, attributes });
            index += 1;
            i += length;
        }
        Ok(())
    }
}

/// Adds a line to a text of several lines.
fn append_line(text: &mut Option<String>, line: String) {
    match text {
        Some(text) => {
            text.push('\n');
            text.push_str(&line);
        }
        None => *text = Some(line),
    }
}

/// Whether a word is a move count Popeye reads after a stipulation and a space: `8`, `8.5`, `10:12`.
fn is_move_count(text: &str) -> bool {
    !text.is_empty()
        && text.starts_with(|c: char| c.is_ascii_digit())
        && text.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ':')
}

/// The index in [`COLOURS`] of the colour a word names, abbreviated to a unique prefix.
fn colour_of(token: &str, language: PopeyeLanguage) -> Option<usize> {
    unique(token, (0..COLOURS.len()).map(|i| language.colour(i))).ok().flatten()
}

/// The attribute a word names, abbreviated to a unique prefix.
fn attribute_of(token: &str, language: PopeyeLanguage) -> Option<Attribute> {
    let flags = Attribute::flags(language);
    let index = unique(token, flags.clone().map(|(_, name)| name)).ok().flatten()?;
    flags.map(|(a, _)| a).nth(index)
}

/// A piece token's code and squares, split as Popeye splits them: a token of odd length has a one-letter code
/// (`Kd2`, `Pa2b2`), of even length a two-letter code (`CAa3`, `16g7`); a token of one or two characters is a
/// code alone, its squares in the next token.
fn split_piece_token(text: &str) -> (&str, &str) {
    if !text.is_ascii() {
        return (text, "");
    }
    match text.len() {
        0..=2 => (text, ""),
        n if n % 2 == 1 => text.split_at(1),
        _ => text.split_at(2),
    }
}

/// `a1b2c3`: squares, upper-case files read too (Popeye reads `KH1`).
fn square_list(text: &str) -> Option<Vec<Square>> {
    let bytes = text.as_bytes();
    if bytes.is_empty() || !bytes.len().is_multiple_of(2) {
        return None;
    }
    bytes
        .chunks(2)
        .map(|pair| {
            let pair = [pair[0].to_ascii_lowercase(), pair[1]];
            Square::from_ascii(&pair).filter(|s| s.file().index() < 8 && s.rank().index() < 8)
        })
        .collect()
}

/// The square of a file and rank index (0 to 7 on the 8×8 board).
fn square_at(file: usize, rank: usize) -> Option<Square> {
    let file = File::new(u8::try_from(file).ok()?)?;
    let rank = Rank::new(u8::try_from(rank).ok()?)?;
    Some(Square::new(file, rank))
}

/// Whether a stipulation is Popeye's `a=>b`, whose two positions stand before and after it.
pub(super) fn is_a_to_b(stipulation: &str) -> bool {
    stipulation.to_ascii_lowercase().contains("a=>b")
}

/// The 32 pieces of the game array (`InitialGameArray`).
fn game_array() -> impl Iterator<Item = (Square, Piece)> {
    const BACK: [Role; 8] =
        [Role::Rook, Role::Knight, Role::Bishop, Role::Queen, Role::King, Role::Bishop, Role::Knight, Role::Rook];
    let places = [
        (0, Color::White, None),
        (1, Color::White, Some(Role::Pawn)),
        (6, Color::Black, Some(Role::Pawn)),
        (7, Color::Black, None),
    ];
    (0..8).flat_map(move |file| {
        places.into_iter().filter_map(move |(rank, color, role)| {
            let role = role.unwrap_or(BACK[file]);
            Some((square_at(file, rank)?, Piece::new(color, role)))
        })
    })
}

/// Reads every problem of a Popeye input (problems follow each other after `NextProblem`). Linear in the input.
///
/// ```
/// use forsyth::problem::popeye;
/// let text = "BeginProblem\nAuthor Sam Loyd\nPieces White Kb5 Black Ka7\nStipulation #2\nNextProblem\n\
///             Forsyth 4k3/8/8/8/8/8/8/4K3\nStipulation =1\nEndProblem";
/// let problems = popeye::parse(text)?;
/// assert_eq!(problems.len(), 2);
/// assert_eq!(problems[0].authors, ["Sam Loyd"]);
/// assert_eq!(problems[1].stipulation.as_deref(), Some("=1"));
/// assert_eq!(problems[1].pieces.len(), 2);
/// # Ok::<(), forsyth::problem::popeye::PopeyeError>(())
/// ```
pub fn parse(text: &str) -> Result<Vec<ProblemDescription>, PopeyeError> {
    let tokens = tokens(text);
    let Some(first) = tokens.first() else {
        return Err(PopeyeError { kind: PopeyeErrorKind::NoBegin, line: 1, column: 1 });
    };
    let Some(language) = begin_language(first.text) else {
        return Err(PopeyeError { kind: PopeyeErrorKind::NoBegin, line: first.line, column: first.column });
    };
    let mut reader = Reader { text, tokens, next: 1, language };
    let mut problems = Vec::new();
    let mut problem = ProblemDescription::default();
    let mut occupied = SquareSet::EMPTY;
    while let Some(t) = reader.peek() {
        let at = reader.next;
        let Some(keyword) = keyword_of(t.text, language) else {
            let kind = match attribute_of(t.text, language) {
                // `White Ke1 Royal Sd4`: Popeye reads attributes only right after a colour.
                Some(_) => PopeyeErrorKind::MisplacedAttribute(t.text.to_string()),
                None => PopeyeErrorKind::UnknownWord(t.text.to_string(), language),
            };
            return Err(reader.error(kind, Some(at)));
        };
        reader.next += 1;
        match keyword {
            Keyword::Begin => return Err(reader.error(PopeyeErrorKind::NoEnd, Some(at))),
            Keyword::End | Keyword::Next => {
                order_by_colour(&mut problem.pieces);
                problems.push(std::mem::take(&mut problem));
                occupied = SquareSet::EMPTY;
                if keyword == Keyword::End {
                    return Ok(problems);
                }
            }
            Keyword::Author => problem.authors.push(reader.rest_of_line()),
            // Popeye appends each `Origin` and `Title` line to the ones before.
            Keyword::Origin => append_line(&mut problem.origin, reader.rest_of_line()),
            Keyword::Title => append_line(&mut problem.title, reader.rest_of_line()),
            Keyword::Award => problem.award = Some(reader.rest_of_line()),
            Keyword::Remark => problem.remarks.push(reader.rest_of_line()),
            Keyword::Protocol => problem.protocol = Some(reader.rest_of_line()),
            Keyword::LaTeX => {
                problem.latex = Some(reader.rest_of_line());
                reader.latex_pieces(&mut problem)?;
            }
            Keyword::LaTeXPieces => reader.latex_pieces(&mut problem)?,
            Keyword::Condition => problem.conditions.push(reader.list()),
            Keyword::Option => {
                // Option names are kept in English, written in the language of the output; a line with a word
                // that is no option is kept as it was (and refused when the position is asked for).
                let line = reader.list();
                problem.options.push(normalised(&line, PopeyeLanguage::English).unwrap_or(line));
            }
            Keyword::Twin => problem.twins.push(reader.twin()),
            Keyword::ZeroPosition => {
                problem.zero_position = true;
                problem.twins.push(reader.twin());
            }
            Keyword::Stipulation => {
                let stipulation = reader.stipulation()?;
                // `a=>b`: the pieces so far are the first position; the pieces that follow, the second.
                if is_a_to_b(&stipulation) {
                    order_by_colour(&mut problem.pieces);
                    problem.initial_pieces = std::mem::take(&mut problem.pieces);
                    occupied = SquareSet::EMPTY;
                }
                problem.stipulation = Some(stipulation);
            }
            Keyword::StructuredStipulation => problem.structured_stipulation = Some(reader.structured_stipulation()?),
            Keyword::Pieces => reader.pieces(&mut problem, &mut occupied)?,
            Keyword::Forsyth => reader.forsyth(&mut problem, &mut occupied)?,
            Keyword::GameArray => {
                for (square, piece) in game_array() {
                    // The game array replaces what stood on its squares, as in Popeye.
                    problem.pieces.retain(|p| p.square != square);
                    occupied.insert(square);
                    problem.pieces.push(PlacedPiece::orthodox(piece, square));
                }
            }
        }
    }
    Err(reader.error(PopeyeErrorKind::NoEnd, None))
}
