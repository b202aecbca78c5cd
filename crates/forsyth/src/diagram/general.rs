//! Diagrams and words for general positions (fairy pieces, cylinders): a text or Unicode board with the problem's
//! letters, fairy pieces drawn as problem books draw them (a standard piece turned right, left or upside down, as
//! Popeye's pie-engl.txt gives), a legend of the pieces under the board, the joined edges of cylinders marked, and
//! the pieces and the board named in English or German.
//!
//! ```
//! use forsyth::Topology;
//! use forsyth::notation::Language;
//! use forsyth::diagram::general::{describe, diagram};
//! use forsyth::notation::general::read_fen;
//! use forsyth::piece_kind::PieceTable;
//! let mut table = PieceTable::new();
//! table.declare_text("G=grasshopper").unwrap();
//! let pos = read_fen("4k3/8/8/8/8/8/8/G3K3 w - - 0 1", &table, Topology::VerticalCylinder).unwrap();
//! let text = diagram(&pos, false, Language::En);
//! assert!(text.contains("G = grasshopper"));
//! assert!(describe(&pos, Language::De).contains("Grashüpfer a1"));
//! assert!(describe(&pos, Language::De).contains("senkrechter Zylinder"));
//! ```

use crate::general::GeneralPosition;
use crate::notation::general::letter_of;
use crate::piece_kind::{FairyPiece, Nature, PieceKind, PopeyeLanguage};
use crate::{Color, Role, Topology};

use super::Words;
use crate::notation::Language;

/// How problem books turn a standard piece to draw a fairy piece (German problem-chess conventions).
///
/// ```
/// use forsyth::Role;
/// use forsyth::diagram::general::{Turn, drawn_as};
/// use forsyth::piece_kind::PieceKind;
/// // The nightrider: a knight upside down (Popeye's pie-engl.txt: SU).
/// assert_eq!(drawn_as(&PieceKind::from_name("nightrider").unwrap()), Some((Role::Knight, Turn::UpsideDown)));
/// assert_eq!(drawn_as(&PieceKind::from_name("rook").unwrap()), Some((Role::Rook, Turn::Upright)));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// Upright: the orthodox pieces.
    Upright,
    /// Turned 90° clockwise.
    Right,
    /// Upside down (turned 180°): grasshopper = inverted queen, nightrider = inverted knight.
    UpsideDown,
    /// Turned 90° counter-clockwise.
    Left,
}

impl Turn {
    /// The clockwise rotation in degrees.
    ///
    /// ```
    /// use forsyth::diagram::general::{Turn, drawn_as};
    /// use forsyth::piece_kind::PieceKind;
    /// // The camel is drawn as a knight turned left (Popeye's pie-engl.txt: SL).
    /// let (_, turn) = drawn_as(&PieceKind::from_name("camel").unwrap()).unwrap();
    /// assert_eq!((turn.degrees(), Turn::UpsideDown.degrees()), (270, 180));
    /// ```
    pub const fn degrees(self) -> i32 {
        match self {
            Turn::Upright => 0,
            Turn::Right => 90,
            Turn::UpsideDown => 180,
            Turn::Left => 270,
        }
    }
}

/// The standard piece and turn a piece is drawn as, read from the catalogue's glyph (after Popeye's pie-engl.txt:
/// `DU` inverted queen, `SL` knight turned left); `None` for pieces without a conventional glyph (Betza
/// definitions, the unknown piece), which diagrams draw as their letter. The one reading of the glyph table that
/// text, Unicode and SVG diagrams share.
///
/// ```
/// use forsyth::Role;
/// use forsyth::diagram::general::{Turn, drawn_as};
/// use forsyth::piece_kind::PieceKind;
/// assert_eq!(drawn_as(&PieceKind::from_name("grasshopper").unwrap()), Some((Role::Queen, Turn::UpsideDown)));
/// assert_eq!(drawn_as(&PieceKind::from_name("camel").unwrap()), Some((Role::Knight, Turn::Left)));
/// assert_eq!(drawn_as(&PieceKind::from_betza("ZW").unwrap()), None);
/// ```
pub fn drawn_as(kind: &PieceKind) -> Option<(Role, Turn)> {
    let glyph = kind.catalogue_entry().map(|p| p.glyph)?;
    let mut chars = glyph.chars();
    let role = match chars.next()? {
        'K' => Role::King,
        'D' => Role::Queen,
        'T' => Role::Rook,
        'L' => Role::Bishop,
        'S' => Role::Knight,
        'B' => Role::Pawn,
        _ => return None,
    };
    let turn = match chars.next() {
        None => Turn::Upright,
        Some('R') => Turn::Right,
        Some('U') => Turn::UpsideDown,
        Some('L') => Turn::Left,
        Some(_) => return None,
    };
    Some((role, turn))
}

/// The Unicode figurine of a piece: the orthodox figurines, and for fairy pieces the turned figurines of Unicode's
/// Chess Symbols block (U+1FA00: turned 90° right, U+1FA12: 180°, U+1FA24: 270° = turned left) after
/// [`drawn_as`].
///
/// ```
/// use forsyth::Color;
/// use forsyth::diagram::general::figurine;
/// use forsyth::piece_kind::PieceKind;
/// let kind = |name| PieceKind::from_name(name).unwrap();
/// assert_eq!(figurine(&kind("queen"), Color::Black), Some('♛'));
/// // U+1FA13 WHITE CHESS QUEEN ROTATED ONE HUNDRED EIGHTY DEGREES: the grasshopper.
/// assert_eq!(figurine(&kind("grasshopper"), Color::White), Some('\u{1FA13}'));
/// assert_eq!(figurine(&PieceKind::from_betza("ZW").unwrap(), Color::White), None);
/// ```
pub fn figurine(kind: &PieceKind, color: Color) -> Option<char> {
    let (role, turn) = drawn_as(kind)?;
    let offset = match role {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        _ => 5,
    };
    let black = if color == Color::White { 0 } else { 6 };
    let code = match turn {
        Turn::Upright => {
            return Some(['♔', '♕', '♖', '♗', '♘', '♙', '♚', '♛', '♜', '♝', '♞', '♟'][offset + black]);
        }
        Turn::Right => 0x1FA00,
        Turn::UpsideDown => 0x1FA12,
        Turn::Left => 0x1FA24,
    };
    char::from_u32(code + (offset + black) as u32)
}

/// How a piece is drawn, in words: `inverted queen`, `knight turned right`.
fn glyph_words(kind: &PieceKind, lang: Words) -> Option<String> {
    let (role, turn) = drawn_as(kind)?;
    let (en, de) = match role {
        Role::King => ("king", "König"),
        Role::Queen => ("queen", "Dame"),
        Role::Rook => ("rook", "Turm"),
        Role::Bishop => ("bishop", "Läufer"),
        Role::Knight => ("knight", "Springer"),
        _ => ("pawn", "Bauer"),
    };
    Some(match (turn, lang) {
        (Turn::Upright, Words::English) => en.to_string(),
        (Turn::Upright, Words::German) => de.to_string(),
        (Turn::UpsideDown, Words::English) => format!("inverted {en}"),
        (Turn::UpsideDown, Words::German) => format!("{de} auf dem Kopf"),
        (Turn::Right, Words::English) => format!("{en} turned right"),
        (Turn::Right, Words::German) => format!("{de} nach rechts gedreht"),
        (Turn::Left, Words::English) => format!("{en} turned left"),
        (Turn::Left, Words::German) => format!("{de} nach links gedreht"),
    })
}

/// The name of a piece in a language: the catalogue's, or else `betza:` and its Betza definition (as `--piece`
/// takes it).
///
/// ```
/// use forsyth::diagram::general::piece_name;
/// use forsyth::notation::Language;
/// use forsyth::piece_kind::PieceKind;
/// let grasshopper = PieceKind::from_name("grasshopper").unwrap();
/// assert_eq!(piece_name(&grasshopper, Language::En), "grasshopper");
/// assert_eq!(piece_name(&grasshopper, Language::De), "Grashüpfer");
/// assert_eq!(piece_name(&PieceKind::from_betza("ZW").unwrap(), Language::En), "betza:ZW");
/// ```
pub fn piece_name(kind: &PieceKind, language: Language) -> String {
    let lang = Words::of(language);
    match (kind.catalogue_entry(), lang) {
        (Some(p), Words::English) => p.name.replace('-', " "),
        (Some(p), Words::German) => p.german.to_string(),
        (None, _) if kind.nature() == Nature::Unknown => {
            if lang == Words::English {
                "unknown piece".into()
            } else {
                "unbekannte Figur".into()
            }
        }
        (None, _) => kind.name().to_string(),
    }
}

/// The board's topology in words.
///
/// ```
/// use forsyth::Topology;
/// use forsyth::diagram::general::topology_words;
/// use forsyth::notation::Language;
/// assert_eq!(topology_words(Topology::Plain, Language::En), "plain board");
/// assert_eq!(topology_words(Topology::Torus, Language::En), "torus (anchor ring: files and ranks both wrap)");
/// ```
pub fn topology_words(topology: Topology, language: Language) -> &'static str {
    let lang = Words::of(language);
    match (topology, lang) {
        (Topology::Plain, Words::English) => "plain board",
        (Topology::Plain, Words::German) => "normales Brett",
        (Topology::VerticalCylinder, Words::English) => "vertical cylinder (the first and last files are adjacent)",
        (Topology::VerticalCylinder, Words::German) => "senkrechter Zylinder (erste und letzte Linie sind benachbart)",
        (Topology::HorizontalCylinder, Words::English) => "horizontal cylinder (the first and last ranks are adjacent)",
        (Topology::HorizontalCylinder, Words::German) => {
            "waagerechter Zylinder (erste und letzte Reihe sind benachbart)"
        }
        (Topology::Torus, Words::English) => "torus (anchor ring: files and ranks both wrap)",
        (Topology::Torus, Words::German) => "Torus (Ankerring: Linien und Reihen schließen sich)",
    }
}

/// A text (or Unicode) diagram: the board, White at the bottom, with the joined edges of cylinders drawn `:` (files)
/// and `~` (ranks) instead of `|` and `-`; under it the piece count and a legend of the declared pieces.
///
/// ```
/// use forsyth::Topology;
/// use forsyth::diagram::general::diagram;
/// use forsyth::notation::{Language, general::read_fen};
/// use forsyth::piece_kind::PieceTable;
/// let pos = read_fen("k2/3/2K", &PieceTable::new(), Topology::Plain).unwrap();
/// let lines = [
///     "   +-------+",
///     " 3 | k . . |",
///     " 2 | . . . |",
///     " 1 | . . K |",
///     "   +-------+",
///     "     a b c",
///     "1+1",
/// ];
/// assert_eq!(diagram(&pos, false, Language::En), lines.join("\n") + "\n");
/// assert!(diagram(&pos, true, Language::En).contains(" 1 | . . ♔ |"));
/// ```
pub fn diagram(pos: &GeneralPosition, unicode: bool, language: Language) -> String {
    let lang = Words::of(language);
    let grid = pos.grid();
    let topology = grid.topology();
    let side = if topology.wraps_files() { ':' } else { '|' };
    let edge = if topology.wraps_ranks() { '~' } else { '-' };
    let width = usize::from(grid.files()) * 2 + 1;
    let mut out = String::new();
    let border = format!("   +{}+\n", edge.to_string().repeat(width));
    out.push_str(&border);
    for r in (0..grid.ranks()).rev() {
        out.push_str(&format!("{:>2} {side}", r + 1));
        for f in 0..grid.files() {
            let c = match pos.at(grid.cell(f, r)) {
                None => '.',
                Some(u) => {
                    let kind = pos.table().kind(u.kind as usize);
                    let letter = letter_of(pos, u);
                    if unicode { figurine(kind, u.color).unwrap_or(letter) } else { letter }
                }
            };
            out.push(' ');
            out.push(c);
        }
        out.push_str(&format!(" {side}\n"));
    }
    out.push_str(&border);
    let files: Vec<String> = (0..grid.files()).map(|f| char::from(b'a' + f).to_string()).collect();
    out.push_str(&format!("     {}\n", files.join(" ")));
    let (white, black) = (pos.count(Color::White), pos.count(Color::Black));
    out.push_str(&format!("{}+{}\n", white.0, black.0));
    for line in legend(pos, language) {
        out.push_str(&line);
        out.push('\n');
    }
    if topology != Topology::Plain {
        let board = if lang == Words::English { "Board" } else { "Brett" };
        out.push_str(&format!("{board}: {}\n", topology_words(topology, language)));
    }
    out
}

/// The legend under a diagram: a line for each declared or fairy piece on the board, with its name in the other
/// language, its Popeye code, how it is drawn and its Betza definition:
/// `G = grasshopper (Grashüpfer, Popeye G; drawn as inverted queen), Betza gQ`.
///
/// ```
/// use forsyth::Topology;
/// use forsyth::notation::Language;
/// use forsyth::diagram::general::legend;
/// use forsyth::notation::general::read_fen;
/// use forsyth::piece_kind::PieceTable;
/// let mut table = PieceTable::new();
/// table.declare_text("G=grasshopper").unwrap();
/// let pos = read_fen("4k3/8/8/8/8/8/8/G3K3 w - - 0 1", &table, Topology::Plain).unwrap();
/// assert_eq!(legend(&pos, Language::En), ["G = grasshopper (Grashüpfer, Popeye G; drawn as inverted queen), Betza gQ"]);
/// ```
pub fn legend(pos: &GeneralPosition, language: Language) -> Vec<String> {
    let lang = Words::of(language);
    let mut out = Vec::new();
    for (letter, kind) in pos.table().entries() {
        let used = pos.pieces().any(|(_, u)| pos.table().letter(u.kind as usize) == letter);
        if !used || !(pos.table().declared().contains(&letter) || is_fairy(kind)) {
            continue;
        }
        let mut line = format!("{letter} = {}", piece_name(kind, language));
        if let Some(entry) = kind.catalogue_entry() {
            let drawn = if lang == Words::English { "drawn as" } else { "gezeichnet als" };
            let code = entry.popeye_code(if lang == Words::English {
                PopeyeLanguage::English
            } else {
                PopeyeLanguage::German
            });
            line.push_str(&format!(" ({}, Popeye {code}", other_name(entry, lang)));
            if let Some(words) = glyph_words(kind, lang) {
                line.push_str(&format!("; {drawn} {words}"));
            }
            line.push(')');
        }
        if let Some(betza) = kind.betza() {
            line.push_str(&format!(", Betza {betza}"));
        }
        out.push(line);
    }
    out
}

fn other_name(entry: &FairyPiece, lang: Words) -> String {
    match lang {
        Words::English => entry.german.to_string(),
        Words::German => entry.name.replace('-', " "),
    }
}

fn is_fairy(kind: &PieceKind) -> bool {
    !matches!(kind.name(), "king" | "queen" | "rook" | "bishop" | "knight" | "pawn")
}

/// The pieces of each side by name and square, and the board, in a sentence per line:
/// `White: king e1, grasshopper a1.`
///
/// ```
/// use forsyth::Topology;
/// use forsyth::diagram::general::describe;
/// use forsyth::notation::{Language, general::read_fen};
/// use forsyth::piece_kind::PieceTable;
/// let pos = read_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
/// let text = describe(&pos, Language::En);
/// assert!(text.starts_with("White: king e1, rook h1.\nBlack: king e8.\nBoard: 8 × 8, plain board.\n"));
/// ```
pub fn describe(pos: &GeneralPosition, language: Language) -> String {
    let lang = Words::of(language);
    let grid = pos.grid();
    let mut out = String::new();
    for color in [Color::White, Color::Black] {
        let side = match (color, lang) {
            (Color::White, Words::English) => "White",
            (Color::Black, Words::English) => "Black",
            (Color::White, Words::German) => "Weiß",
            (Color::Black, Words::German) => "Schwarz",
        };
        let pieces: Vec<String> = pos
            .pieces()
            .filter(|(_, u)| u.color == color)
            .map(|(c, u)| format!("{} {}", piece_name(pos.table().kind(u.kind as usize), language), grid.name(c)))
            .collect();
        let none = if lang == Words::English { "no pieces" } else { "keine Steine" };
        out.push_str(&format!("{side}: {}.\n", if pieces.is_empty() { none.to_string() } else { pieces.join(", ") }));
    }
    let board = if lang == Words::English { "Board" } else { "Brett" };
    out.push_str(&format!(
        "{board}: {} × {}, {}.\n",
        grid.files(),
        grid.ranks(),
        topology_words(grid.topology(), language)
    ));
    let turn = match (pos.turn(), lang) {
        (Color::White, Words::English) => "White to move.",
        (Color::Black, Words::English) => "Black to move.",
        (Color::White, Words::German) => "Weiß am Zug.",
        (Color::Black, Words::German) => "Schwarz am Zug.",
    };
    out.push_str(turn);
    out.push('\n');
    out
}
