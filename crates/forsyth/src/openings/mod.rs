//! Opening names: ECO codes and names of the lichess chess-openings data set (CC0, embedded), looked up by
//! position, so that a line reached by transposition is named as the usual order names it.
//!
//! A name reads `Family: Variation, Subvariation` (lichess's convention): [`Opening::family`] is the part before
//! the colon (the PGN tag `Opening`), [`Opening::variation`] the rest (the tag `Variation`).
//!
//! ```
//! use forsyth::openings::Openings;
//! use forsyth::{Position, san::San};
//! let table = Openings::bundled().unwrap();
//! let mut pos = Position::default();
//! let mut named = None;
//! for san in ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"] {
//!     pos.play(san.parse::<San>().unwrap().to_move(&pos).unwrap()).unwrap();
//!     named = table.classify(&pos).or(named);
//! }
//! let najdorf = named.unwrap();
//! assert_eq!((najdorf.eco(), najdorf.family()), ("B90", "Sicilian Defense"));
//! assert_eq!(najdorf.variation(), Some("Najdorf Variation"));
//! ```

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::san::San;
use crate::{Position, Variant};

/// A named opening: its ECO code and name.
///
/// ```
/// use forsyth::openings::Openings;
/// use forsyth::{Move, Position, Square};
/// let table = Openings::parse(&[("c.tsv", "eco\tname\tpgn\nC20\tKing's Pawn Game\t1. e4 e5\n")]).unwrap();
/// let pos = Position::default().after(Move::new(Square::E2, Square::E4)).unwrap();
/// let pos = pos.after(Move::new(Square::E7, Square::E5)).unwrap();
/// let opening = table.classify(&pos).unwrap();
/// assert_eq!((opening.eco(), opening.name(), opening.plies()), ("C20", "King's Pawn Game", 2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    eco: String,
    name: String,
    plies: usize,
}

impl Opening {
    /// The ECO code, `A00` to `E99`.
    ///
    /// ```
    /// use forsyth::{Position, openings::Openings};
    /// let ruy_lopez: Position = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3".parse().unwrap();
    /// assert_eq!(Openings::bundled().unwrap().classify(&ruy_lopez).unwrap().eco(), "C60");
    /// ```
    pub fn eco(&self) -> &str {
        &self.eco
    }

    /// The whole name: `Sicilian Defense: Najdorf Variation, English Attack`.
    ///
    /// ```
    /// use forsyth::{Position, openings::Openings};
    /// // 1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6
    /// let najdorf: Position = "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6".parse().unwrap();
    /// let opening = Openings::bundled().unwrap().classify(&najdorf).unwrap();
    /// assert_eq!(opening.name(), "Sicilian Defense: Najdorf Variation");
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The opening family: the name before its colon (all of it if there is none).
    ///
    /// ```
    /// use forsyth::{Position, openings::Openings};
    /// let najdorf: Position = "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6".parse().unwrap();
    /// assert_eq!(Openings::bundled().unwrap().classify(&najdorf).unwrap().family(), "Sicilian Defense");
    /// let ruy_lopez: Position = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3".parse().unwrap();
    /// // A name without a colon is all family.
    /// assert_eq!(Openings::bundled().unwrap().classify(&ruy_lopez).unwrap().family(), "Ruy Lopez");
    /// ```
    pub fn family(&self) -> &str {
        self.name.split_once(':').map_or(self.name.as_str(), |(family, _)| family.trim())
    }

    /// The variation: the name after its colon, if any.
    ///
    /// ```
    /// use forsyth::{Position, openings::Openings};
    /// let table = Openings::bundled().unwrap();
    /// let najdorf: Position = "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6".parse().unwrap();
    /// assert_eq!(table.classify(&najdorf).unwrap().variation(), Some("Najdorf Variation"));
    /// let ruy_lopez: Position = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3".parse().unwrap();
    /// assert_eq!(table.classify(&ruy_lopez).unwrap().variation(), None);
    /// ```
    pub fn variation(&self) -> Option<&str> {
        self.name.split_once(':').map(|(_, variation)| variation.trim()).filter(|v| !v.is_empty())
    }

    /// The plies of the table's line to this position.
    ///
    /// ```
    /// use forsyth::{Position, openings::Openings};
    /// let ruy_lopez: Position = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3".parse().unwrap();
    /// assert_eq!(Openings::bundled().unwrap().classify(&ruy_lopez).unwrap().plies(), 5); // 1. e4 e5 2. Nf3 Nc6 3. Bb5
    /// ```
    pub fn plies(&self) -> usize {
        self.plies
    }
}

/// Whether `text` is an ECO code: a letter `A` to `E` and two digits (`B90`).
///
/// ```
/// use forsyth::openings::is_eco_code;
/// assert!(is_eco_code("B90"));
/// assert!(!is_eco_code("B9") && !is_eco_code("F00") && !is_eco_code("b90"));
/// ```
pub fn is_eco_code(text: &str) -> bool {
    let code = text.as_bytes();
    code.len() == 3 && (b'A'..=b'E').contains(&code[0]) && code[1..].iter().all(u8::is_ascii_digit)
}

/// Why an opening table cannot be read: the file and line, and what is wrong.
///
/// ```
/// use forsyth::openings::Openings;
/// let error = Openings::parse(&[("a.tsv", "eco\tname\tpgn\nA00\tBroken\t1. e5\n")]).unwrap_err();
/// assert_eq!((error.file.as_str(), error.line), ("a.tsv", 2));
/// assert!(error.to_string().starts_with("opening table a.tsv:2: "));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningsError {
    /// The file's name (`a.tsv` ...).
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl OpeningsError {
    /// The stable code: `eco.table`.
    ///
    /// ```
    /// use forsyth::openings::Openings;
    /// let error = Openings::parse(&[("x.tsv", "eco\tname\tpgn\nC20\tKing's Pawn Game\t1. e5\n")]).unwrap_err();
    /// assert_eq!((error.file.as_str(), error.line, error.code()), ("x.tsv", 2, "eco.table")); // 1. e5 is illegal
    /// ```
    pub fn code(&self) -> &'static str {
        "eco.table"
    }
}

impl std::fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "opening table {}:{}: {} [{}]", self.file, self.line, self.message, self.code())
    }
}

impl std::error::Error for OpeningsError {}

/// The embedded data set: lichess chess-openings, files `a.tsv` to `e.tsv` (see `data/openings/README.md`).
const BUNDLED: [(&str, &str); 5] = [
    ("a.tsv", include_str!("../../data/openings/a.tsv")),
    ("b.tsv", include_str!("../../data/openings/b.tsv")),
    ("c.tsv", include_str!("../../data/openings/c.tsv")),
    ("d.tsv", include_str!("../../data/openings/d.tsv")),
    ("e.tsv", include_str!("../../data/openings/e.tsv")),
];

/// An opening table: named positions of standard chess.
///
/// ```
/// use forsyth::openings::Openings;
/// use forsyth::Position;
/// // Positions are named, not move orders: 1. d4 d5 2. Nf3 reaches the line given as 1. Nf3 d5 2. d4.
/// let table = Openings::parse(&[("a.tsv", "eco\tname\tpgn\nA46\tQueen's Pawn Game\t1. Nf3 d5 2. d4\n")]).unwrap();
/// let pos: Position = "rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2".parse().unwrap();
/// assert_eq!(table.classify(&pos).map(|o| o.eco()), Some("A46"));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Openings {
    /// By [`Position::repetition_key`]: board, side to move, castling rights, en passant where legal.
    by_position: HashMap<u64, Opening>,
}

impl Openings {
    /// The bundled table, read once. An error means the embedded data is broken: classification must not go on
    /// silently without it.
    ///
    /// ```
    /// use forsyth::{Position, openings::Openings};
    /// let table = Openings::bundled().unwrap();
    /// assert!(table.len() > 3_000); // lichess chess-openings: 3,807 lines
    /// assert_eq!(table.classify(&Position::default()), None); // the start position has no name
    /// ```
    pub fn bundled() -> Result<&'static Openings, OpeningsError> {
        static TABLE: OnceLock<Result<Openings, OpeningsError>> = OnceLock::new();
        TABLE.get_or_init(|| Openings::parse(&BUNDLED)).as_ref().map_err(Clone::clone)
    }

    /// Reads tables in the data set's format: a header line `eco<TAB>name<TAB>pgn`, then one opening a line, its
    /// moves in SAN with move numbers. Where two lines reach the same position, the one with fewer plies names it
    /// (the first of equals).
    ///
    /// ```
    /// use forsyth::openings::Openings;
    /// let table = Openings::parse(&[("x.tsv", "eco\tname\tpgn\nC20\tKing's Pawn Game\t1. e4 e5\n")]).unwrap();
    /// assert_eq!(table.len(), 1);
    /// let error = Openings::parse(&[("x.tsv", "eco\tname\tpgn\nC20\tBroken\t1. e4 e4\n")]).unwrap_err();
    /// assert_eq!((error.line, error.code()), (2, "eco.table"));
    /// ```
    pub fn parse(files: &[(&str, &str)]) -> Result<Openings, OpeningsError> {
        let mut by_position: HashMap<u64, Opening> = HashMap::new();
        for (file, text) in files {
            let error = |line: usize, message: String| OpeningsError { file: file.to_string(), line, message };
            let mut lines = text.lines().enumerate();
            match lines.next() {
                Some((_, header)) if header.trim_end() == "eco\tname\tpgn" => {}
                _ => return Err(error(1, "the first line must be the header 'eco<TAB>name<TAB>pgn'".to_string())),
            }
            for (index, line) in lines {
                let number = index + 1;
                if line.trim().is_empty() {
                    continue;
                }
                let mut fields = line.split('\t');
                let (Some(eco), Some(name), Some(moves), None) =
                    (fields.next(), fields.next(), fields.next(), fields.next())
                else {
                    return Err(error(number, "expected three tab-separated fields: eco, name, pgn".to_string()));
                };
                if !is_eco_code(eco) {
                    return Err(error(number, format!("'{eco}' is not an ECO code (A00 to E99)")));
                }
                let mut position = Position::default();
                let mut plies = 0;
                for token in moves.split_whitespace() {
                    // Move numbers: `1.` or `1...`.
                    if token.trim_end_matches('.').bytes().all(|b| b.is_ascii_digit()) {
                        continue;
                    }
                    let mv = token
                        .parse::<San>()
                        .map_err(|e| e.to_string())
                        .and_then(|san| san.to_move(&position).map_err(|e| e.to_string()))
                        .map_err(|why| error(number, format!("move '{token}': {why}")))?;
                    position.play_unchecked(mv);
                    plies += 1;
                }
                let opening = Opening { eco: eco.to_string(), name: name.to_string(), plies };
                let key = position.repetition_key();
                if by_position.get(&key).is_none_or(|known| known.plies > plies) {
                    by_position.insert(key, opening);
                }
            }
        }
        Ok(Openings { by_position })
    }

    /// The number of named positions.
    ///
    /// ```
    /// use forsyth::openings::Openings;
    /// // Two orders, one position: it is named once, by the first of the equally long lines.
    /// let text = "eco\tname\tpgn\nC40\tKing's Knight Opening\t1. e4 e5 2. Nf3\nA06\tZukertort\t1. Nf3 e5 2. e4\n";
    /// let table = Openings::parse(&[("x.tsv", text)]).unwrap();
    /// assert_eq!(table.len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        self.by_position.len()
    }

    /// Whether the table names no position.
    ///
    /// ```
    /// use forsyth::openings::Openings;
    /// assert!(Openings::parse(&[("x.tsv", "eco\tname\tpgn\n")]).unwrap().is_empty());
    /// assert!(!Openings::bundled().unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.by_position.is_empty()
    }

    /// The opening this very position is named for, if the table names it (standard chess only).
    ///
    /// ```
    /// use forsyth::{Position, Variant, openings::Openings};
    /// let table = Openings::bundled().unwrap();
    /// let ruy_lopez: Position = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3".parse().unwrap();
    /// assert_eq!(table.classify(&ruy_lopez).map(|o| o.name()), Some("Ruy Lopez"));
    /// assert_eq!(table.classify(&Position::new(Variant::Chess960)), None); // standard chess only
    /// ```
    pub fn classify(&self, position: &Position) -> Option<&Opening> {
        if position.variant() != Variant::Standard {
            return None;
        }
        self.by_position.get(&position.repetition_key())
    }

    /// The opening of a game: the last of `positions` (in the order played) that the table names.
    ///
    /// ```
    /// use forsyth::openings::Openings;
    /// use forsyth::{Position, san::San};
    /// let table = Openings::bundled().unwrap();
    /// // The Queen's Gambit Declined, Queen's Knight Variation (1. d4 d5 2. c4 e6 3. Nc3) reached from the
    /// // English Opening.
    /// let mut line = vec![Position::default()];
    /// for san in ["c4", "e6", "Nc3", "d5", "d4"] {
    ///     let pos = line.last().unwrap();
    ///     let next = pos.after(san.parse::<San>().unwrap().to_move(pos).unwrap()).unwrap();
    ///     line.push(next);
    /// }
    /// let opening = table.classify_line(&line).unwrap();
    /// assert_eq!(opening.eco(), "D31");
    /// assert_eq!(opening.family(), "Queen's Gambit Declined");
    /// assert_eq!(opening.variation(), Some("Queen's Knight Variation"));
    /// ```
    pub fn classify_line<'a>(&self, positions: impl IntoIterator<Item = &'a Position>) -> Option<&Opening> {
        positions.into_iter().filter_map(|p| self.classify(p)).last()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_table_loads_whole() {
        let table = Openings::bundled().unwrap();
        // 3,807 lines in a.tsv ... e.tsv; lines to the same position share it.
        assert!(table.len() > 3_000, "{}", table.len());
        assert_eq!(table.classify(&Position::default()), None);
    }

    #[test]
    fn a_broken_table_is_an_error_with_file_and_line() {
        let cases = [
            ("eco\tname\n", 1),
            ("eco\tname\tpgn\nZ00\tNone\t1. e4\n", 2),
            ("eco\tname\tpgn\nA00\tNo moves\n", 2),
            ("eco\tname\tpgn\n\nA00\tBad\t1. e5\n", 3),
        ];
        for (text, line) in cases {
            let error = Openings::parse(&[("t.tsv", text)]).unwrap_err();
            assert_eq!((error.file.as_str(), error.line), ("t.tsv", line), "{text}: {error}");
        }
    }
}
