//! YACPDB-style problem entries: a YAML document with `authors`, `source` (its `name`), `award` (its
//! `distinction`; their other fields, like `source.issue`, are reported), `stipulation`, `options`, `algebraic` (`white` and `black` lists of pieces in Popeye's English
//! codes, `Kd2`, `Sc3`) and `comments`. Keys forsyth does not model (`solution`, `twins`, `keywords`, ...) are
//! reported back, never dropped in silence. YACPDB keeps fairy conditions among its `options`: an option that is
//! not one of Popeye's options (`Circe`, `Madrasi`) is read as a condition, and Popeye's `Condition` lines are
//! written there too.
//!
//! ```
//! use forsyth::problem::yacpdb;
//! let text = "---\nauthors:\n  - \"Loyd, Samuel\"\nstipulation: \"#2\"\nalgebraic:\n  white: [Kd2, Sc3]\n  black: [Ke8, Pd6]\nsolution: |\n  1.Sc3-d5\n";
//! let entry = yacpdb::parse(text)?;
//! assert_eq!(entry.problem.authors, ["Loyd, Samuel"]);
//! assert_eq!(entry.problem.pieces.len(), 4);
//! assert_eq!(entry.ignored, ["solution"]);
//! assert_eq!(yacpdb::parse(&yacpdb::write(&entry.problem))?.problem, entry.problem);
//! # Ok::<(), forsyth::problem::yacpdb::YacpdbError>(())
//! ```

use std::fmt;

use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::{Yaml, YamlLoader};

use super::popeye::{self, Attribute, Attributes, PlacedPiece, PopeyeLanguage, ProblemDescription};
use super::start::normalised;
use crate::piece_kind::FairyPiece;
use crate::{Color, Square};

/// How deep YAML collections may nest: YACPDB entries need three levels; deeper input is refused.
const MAX_DEPTH: usize = 16;

/// An entry read: the problem, and the top-level keys it had that forsyth does not model.
///
/// ```
/// use forsyth::problem::yacpdb;
/// let text = "stipulation: \"#2\"\nalgebraic: {white: [Kd2], black: [Ke8]}\nkeywords: [Miniature]\nsolution: x\n";
/// let entry = yacpdb::parse(text)?;
/// assert_eq!(entry.problem.stipulation.as_deref(), Some("#2"));
/// assert_eq!(entry.ignored, ["keywords", "solution"]);
/// # Ok::<(), forsyth::problem::yacpdb::YacpdbError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The problem.
    pub problem: ProblemDescription,
    /// Keys kept by YACPDB but not by forsyth (`solution`, `twins`, ...), in the order read.
    pub ignored: Vec<String>,
}

/// What is wrong with an entry.
///
/// ```
/// use forsyth::Square;
/// use forsyth::problem::yacpdb::{self, YacpdbErrorKind};
/// let error = yacpdb::parse("algebraic:\n  white: [Kd2]\n  black: [Ke8, Sd2]\n").unwrap_err();
/// assert_eq!(error.kind, YacpdbErrorKind::Occupied(Square::D2));
/// assert_eq!((error.line, error.column), (3, 16)); // the second piece on d2
/// let error = yacpdb::parse("algebraic:\n  white: [Kd2, Zz9]\n  black: [Ke8]\n").unwrap_err();
/// assert_eq!(error.kind, YacpdbErrorKind::Piece("Zz9".to_string()));
/// assert_eq!(error.to_string().split(':').next(), Some("line 2, column 16"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum YacpdbErrorKind {
    /// Not YAML.
    Yaml(String),
    /// YAML aliases (`*name`): refused, since they can multiply a small input into a huge one.
    Alias,
    /// Collections nested deeper than an entry needs.
    Depth,
    /// Not one mapping with `algebraic`.
    Shape(&'static str),
    /// A piece that is not a Popeye code of the catalogue and a square (`Kd2`, `Ga3`).
    Piece(String),
    /// Two pieces on one square.
    Occupied(Square),
}

/// An entry that cannot be read, with its line and column where known.
///
/// ```
/// use forsyth::problem::yacpdb::{self, YacpdbErrorKind};
/// // An alias, refused where it stands: line 2, column 4.
/// let error = yacpdb::parse("a: &x [1]\nb: *x\n").unwrap_err();
/// assert_eq!((error.kind, error.line, error.column), (YacpdbErrorKind::Alias, 2, 4));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YacpdbError {
    /// What is wrong.
    pub kind: YacpdbErrorKind,
    /// The line (1-based; 0 when not known).
    pub line: usize,
    /// The column (1-based; 0 when not known).
    pub column: usize,
}

impl YacpdbError {
    /// A stable identifier of the problem.
    ///
    /// ```
    /// use forsyth::problem::yacpdb;
    /// assert_eq!(yacpdb::parse("stipulation: \"#2\"\n").unwrap_err().code(), "yacpdb.shape");
    /// assert_eq!(yacpdb::parse("algebraic: [\n").unwrap_err().code(), "yacpdb.yaml");
    /// ```
    pub fn code(&self) -> &'static str {
        match self.kind {
            YacpdbErrorKind::Yaml(_) => "yacpdb.yaml",
            YacpdbErrorKind::Alias => "yacpdb.alias",
            YacpdbErrorKind::Depth => "yacpdb.depth",
            YacpdbErrorKind::Shape(_) => "yacpdb.shape",
            YacpdbErrorKind::Piece(_) => "yacpdb.piece",
            YacpdbErrorKind::Occupied(_) => "yacpdb.occupied",
        }
    }
}

impl fmt::Display for YacpdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}, column {}: ", self.line, self.column)?;
        }
        match &self.kind {
            YacpdbErrorKind::Yaml(why) => write!(f, "not YAML: {why}"),
            YacpdbErrorKind::Alias => f.write_str("YAML aliases (*name) are not read: write the value out"),
            YacpdbErrorKind::Depth => write!(f, "collections nested deeper than {MAX_DEPTH} levels"),
            YacpdbErrorKind::Shape(why) => f.write_str(why),
            YacpdbErrorKind::Piece(p) => write!(
                f,
                "'{p}' is no piece on a square: write Popeye's English code of a piece of forsyth's catalogue and the \
                 square (Kd2, Sc3, Ga3 for a grasshopper)"
            ),
            YacpdbErrorKind::Occupied(sq) => write!(f, "two pieces on {sq}"),
        }
    }
}

impl std::error::Error for YacpdbError {}

fn shape(why: &'static str) -> YacpdbError {
    YacpdbError { kind: YacpdbErrorKind::Shape(why), line: 0, column: 0 }
}

/// A scalar of the document where it stands: the loaded document keeps no places, and an error found in it is
/// reported at the scalar it concerns.
struct Scalar {
    /// How many collections hold it: 1 for the entry's keys and the values written beside them.
    depth: usize,
    /// One of the entry's keys (not a value that reads like one: `stipulation: authors`).
    key: bool,
    value: String,
    line: usize,
    column: usize,
}

/// Refuses aliases and deep nesting before the document is built (linear in the input), and lists the scalars
/// with their places.
fn screen(text: &str) -> Result<Vec<Scalar>, YacpdbError> {
    let mut parser = Parser::new_from_str(text);
    let mut depth = 0usize;
    let mut scalars = Vec::new();
    // The items of the entry's mapping so far, keys and values in turn (a value may be a collection).
    let mut entry_items = 0usize;
    loop {
        let (event, mark) = parser.next_token().map_err(|e| YacpdbError {
            kind: YacpdbErrorKind::Yaml(e.info().to_string()),
            line: e.marker().line(),
            column: e.marker().col() + 1,
        })?;
        let at = |kind| YacpdbError { kind, line: mark.line(), column: mark.col() + 1 };
        match event {
            Event::StreamEnd => return Ok(scalars),
            Event::Alias(_) => return Err(at(YacpdbErrorKind::Alias)),
            Event::Scalar(value, ..) => {
                let key = depth == 1 && entry_items.is_multiple_of(2);
                entry_items += usize::from(depth == 1);
                scalars.push(Scalar { depth, key, value, line: mark.line(), column: mark.col() + 1 })
            }
            Event::SequenceStart(..) | Event::MappingStart(..) => {
                entry_items += usize::from(depth == 1);
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(at(YacpdbErrorKind::Depth));
                }
            }
            Event::SequenceEnd | Event::MappingEnd => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
}

fn scalar(y: &Yaml) -> Option<String> {
    match y {
        Yaml::String(s) | Yaml::Real(s) => Some(s.clone()),
        Yaml::Integer(i) => Some(i.to_string()),
        Yaml::Boolean(b) => Some(b.to_string()),
        _ => None,
    }
}

fn strings(y: &Yaml, why: &'static str) -> Result<Vec<String>, YacpdbError> {
    match y {
        Yaml::Array(items) => items.iter().map(|i| scalar(i).ok_or_else(|| shape(why))).collect(),
        other => scalar(other).map(|s| vec![s]).ok_or_else(|| shape(why)),
    }
}

/// Reads one YACPDB entry.
///
/// ```
/// use forsyth::problem::yacpdb;
/// use forsyth::Square;
/// let entry = yacpdb::parse("algebraic:\n  white: [Kd2, Sc3]\n  black: [Ke8]\noptions: [Circe]\n")?;
/// assert_eq!(entry.problem.pieces[1].square, Square::C3);
/// // YACPDB keeps fairy conditions among its options.
/// assert_eq!(entry.problem.conditions, ["Circe"]);
/// # Ok::<(), forsyth::problem::yacpdb::YacpdbError>(())
/// ```
pub fn parse(text: &str) -> Result<Entry, YacpdbError> {
    let scalars = screen(text)?;
    let docs = YamlLoader::load_from_str(text).map_err(|e| YacpdbError {
        kind: YacpdbErrorKind::Yaml(e.info().to_string()),
        line: e.marker().line(),
        column: e.marker().col() + 1,
    })?;
    let [doc] = &docs[..] else { return Err(shape("an entry is one YAML document")) };
    let Yaml::Hash(map) = doc else { return Err(shape("an entry is a mapping of keys (authors, algebraic, ...)")) };
    let mut problem = ProblemDescription::default();
    let mut ignored = Vec::new();
    let mut has_algebraic = false;
    for (key, value) in map {
        let Some(key) = scalar(key) else { return Err(shape("keys of an entry are words")) };
        read_key(&key, value, &mut problem, &mut ignored, &mut has_algebraic)
            .map_err(|error| located(error, &key, &scalars))?;
    }
    if !has_algebraic {
        return Err(shape("an entry needs algebraic: with white: and black: pieces"));
    }
    Ok(Entry { problem, ignored })
}

/// `error`, found in the value of the entry's `key`, at the scalar it concerns: the piece it names, else the key.
fn located(mut error: YacpdbError, key: &str, scalars: &[Scalar]) -> YacpdbError {
    let Some(start) = scalars.iter().position(|s| s.key && s.value == key) else { return error };
    let mut value = scalars[start + 1..].iter().take_while(|s| s.depth > 1);
    let at = match &error.kind {
        YacpdbErrorKind::Piece(text) => value.find(|s| s.value == *text),
        // The second piece on the square, as they are read in order.
        YacpdbErrorKind::Occupied(square) => value.filter(|s| s.value.ends_with(&square.to_string())).nth(1),
        _ => None,
    };
    let at = at.unwrap_or(&scalars[start]);
    (error.line, error.column) = (at.line, at.column);
    error
}

/// Reads the value of one of the entry's keys into `problem`.
fn read_key(
    key: &str,
    value: &Yaml,
    problem: &mut ProblemDescription,
    ignored: &mut Vec<String>,
    has_algebraic: &mut bool,
) -> Result<(), YacpdbError> {
    match key {
        "authors" => problem.authors = strings(value, "authors is a list of names")?,
        "source" => {
            problem.origin = Some(named(value, "source", "name", ignored, "source is a name or has a name")?);
        }
        "award" => {
            let why = "award is a text or has a distinction";
            problem.award = Some(named(value, "award", "distinction", ignored, why)?);
        }
        "stipulation" => {
            // Popeye's stipulation is one word (#2, h#2.5, ser-h#12), or a word and its move count after a space
            // (`dia 8.5`, `ser-s00 9`), as Popeye reads it: surrounding spaces go, other inner ones are an error,
            // so that the problem writes as Popeye input and reads back the same.
            let text = scalar(value).ok_or_else(|| shape("stipulation is a text"))?;
            let words: Vec<&str> = text.split_whitespace().collect();
            let is_count = |w: &str| {
                w.starts_with(|c: char| c.is_ascii_digit())
                    && w.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ':')
            };
            let text = match words.as_slice() {
                [] => String::new(),
                [one] => one.to_string(),
                [word, count] if is_count(count) => format!("{word} {count}"),
                _ => {
                    return Err(shape(
                        "stipulation is one word, as #2, h#2.5 or ser-h#12, or a word and its move count (dia 8.5)",
                    ));
                }
            };
            // An empty one (`stipulation: ""`) states none: Popeye input has no empty stipulation to write.
            problem.stipulation = (!text.is_empty()).then_some(text);
        }
        "options" => {
            // YACPDB lists fairy conditions among the options: what names no Popeye option is a condition,
            // which forsyth then names instead of playing the problem by orthodox rules.
            for option in strings(value, "options is a list of texts")? {
                match normalised(&option, PopeyeLanguage::English) {
                    Some(option) => problem.options.push(option),
                    None => problem.conditions.push(option),
                }
            }
        }
        "comments" => problem.remarks = strings(value, "comments is a list of texts")?,
        "algebraic" => {
            *has_algebraic = true;
            read_algebraic(value, problem)?;
        }
        _ => ignored.push(key.to_string()),
    }
    Ok(())
}

/// The text of a key that is a text or a mapping with `field` (`source: name:`); the mapping's other fields are
/// named in `ignored` as `key.field`.
fn named(
    value: &Yaml,
    key: &str,
    field: &str,
    ignored: &mut Vec<String>,
    why: &'static str,
) -> Result<String, YacpdbError> {
    if let Some(s) = scalar(value) {
        return Ok(s);
    }
    let Yaml::Hash(map) = value else { return Err(shape(why)) };
    for k in map.keys().filter_map(scalar).filter(|k| k != field) {
        ignored.push(format!("{key}.{k}"));
    }
    value[field].as_str().map(str::to_string).ok_or_else(|| shape(why))
}

fn read_algebraic(value: &Yaml, problem: &mut ProblemDescription) -> Result<(), YacpdbError> {
    let Yaml::Hash(sides) = value else { return Err(shape("algebraic has white: and black: lists")) };
    let mut occupied = crate::SquareSet::EMPTY;
    for (side, pieces) in sides {
        let (color, side_attributes) = match side.as_str() {
            Some("white") => (Color::White, Attributes::NONE),
            Some("black") => (Color::Black, Attributes::NONE),
            Some("neutral") => {
                let mut neutral = Attributes::NONE;
                neutral.insert(Attribute::Neutral);
                (Color::White, neutral)
            }
            _ => return Err(shape("algebraic has only white:, black: and neutral: lists")),
        };
        for text in strings(pieces, "a side is a list of pieces like [Kd2, Sc3, Royal Sd4]")? {
            let piece_error = || YacpdbError { kind: YacpdbErrorKind::Piece(text.clone()), line: 0, column: 0 };
            // Attributes come first, by their English names: `Royal Kamikaze Sd4`.
            let mut words: Vec<&str> = text.split_whitespace().collect();
            let piece = words.pop().unwrap_or("");
            let mut attributes = side_attributes;
            for word in words {
                let attribute =
                    Attribute::ALL.into_iter().find(|a| a.name(PopeyeLanguage::English).eq_ignore_ascii_case(word));
                attributes.insert(attribute.ok_or_else(piece_error)?);
            }
            if !piece.is_ascii() || piece.len() < 3 {
                return Err(piece_error());
            }
            let (code, square) = piece.split_at(piece.len() - 2);
            let kind = FairyPiece::from_popeye(code, PopeyeLanguage::English).ok_or_else(piece_error)?;
            let square: Square = square.parse().map_err(|_| piece_error())?;
            if square.file().index() >= 8 {
                return Err(piece_error());
            }
            if occupied.contains(square) {
                return Err(YacpdbError { kind: YacpdbErrorKind::Occupied(square), line: 0, column: 0 });
            }
            occupied.insert(square);
            problem.pieces.push(PlacedPiece { color, kind, square, attributes });
        }
    }
    popeye::order_by_colour(&mut problem.pieces);
    Ok(())
}

/// A YAML double-quoted string.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Writes a problem as a YACPDB entry (Popeye's conditions among the options, as YACPDB keeps them).
///
/// ```
/// use forsyth::problem::{popeye, yacpdb};
/// let text = "BeginProblem\nPieces White Kd2 Sc3 Black Ke8\nStipulation #2\nCondition Circe\nEndProblem";
/// let problem = &popeye::parse(text)?[0];
/// let entry = "---\nstipulation: \"#2\"\noptions:\n  - \"Circe\"\nalgebraic:\n  white: [Kd2, Sc3]\n  black: [Ke8]\n";
/// assert_eq!(yacpdb::write(problem), entry);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(problem: &ProblemDescription) -> String {
    let mut out = String::from("---\n");
    let list = |out: &mut String, key: &str, items: &[String]| {
        if !items.is_empty() {
            out.push_str(&format!("{key}:\n"));
            for item in items {
                out.push_str(&format!("  - {}\n", quoted(item)));
            }
        }
    };
    list(&mut out, "authors", &problem.authors);
    if let Some(origin) = &problem.origin {
        out.push_str(&format!("source:\n  name: {}\n", quoted(origin)));
    }
    if let Some(award) = &problem.award {
        out.push_str(&format!("award:\n  distinction: {}\n", quoted(award)));
    }
    if let Some(s) = &problem.stipulation {
        out.push_str(&format!("stipulation: {}\n", quoted(s)));
    }
    let options: Vec<String> = problem.conditions.iter().chain(&problem.options).cloned().collect();
    list(&mut out, "options", &options);
    out.push_str("algebraic:\n");
    for (name, color, neutral) in
        [("white", Color::White, false), ("black", Color::Black, false), ("neutral", Color::White, true)]
    {
        let pieces: Vec<String> = problem
            .pieces
            .iter()
            .filter(|p| p.is_neutral() == neutral && (neutral || p.color == color))
            .map(|p| {
                // Attributes before the piece, in alphabetical order, as YACPDB writes them.
                let mut words: Vec<&str> =
                    p.attributes.flags().iter().map(|a| a.name(PopeyeLanguage::English)).collect();
                words.sort_unstable();
                words.push("");
                format!("{}{}", words.join(" "), p.code(PopeyeLanguage::English))
            })
            .collect();
        if !neutral || !pieces.is_empty() {
            out.push_str(&format!("  {name}: [{}]\n", pieces.join(", ")));
        }
    }
    list(&mut out, "comments", &problem.remarks);
    out
}
