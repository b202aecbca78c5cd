//! A FEN explained in words, field by field, the way German chess clubs explain the FEN standard to their members: each rank, who moves,
//! each castling right, the en-passant square and whether a capture there is possible, the two clocks; then the
//! piece count (the German problem-chess conventions' vocabulary) and any validation problems. In English and German.
//!
//! ```
//! use forsyth::diagram::explain::explain;
//! use forsyth::notation::Language;
//! let e = explain("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", Language::De, None).unwrap();
//! let text = e.to_string();
//! assert!(text.contains("rnbqkbnr  schwarze Figuren stehen noch in der Grundstellung"));
//! assert!(text.contains("8         die sechste Reihe ist leer"));
//! assert!(text.contains("w         Weiß ist am Zug"));
//! assert!(text.contains("2         nächster Zug ist Zugnummer 2"));
//! assert_eq!(e.legal, Some(true));
//! ```

use std::fmt;

use super::words::{join, tr};
use super::{Diagram, Occupant, PieceCount, Words, read};
use crate::notation::fen::{Fen, FenError};
use crate::notation::letters::{Language, Letters};
use crate::notation::styles::{MoveStyle, MoveWriteOptions, write_move};
use crate::{CastlingSide, Color, File, Move, Piece, Position, Rank, Role, Square, Status, Variant};

pub use super::words::{color_name, problem_text, role_name, variant_name};

/// One line of an explanation: a piece of the FEN and what it means.
///
/// ```
/// use forsyth::diagram::explain::explain;
/// use forsyth::notation::Language;
/// let e = explain("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", Language::En, None).unwrap();
/// let castling = e.sections.iter().find(|s| s.field == "castling").unwrap();
/// let letters: Vec<_> = castling.lines.iter().filter(|l| l.depth == 1).map(|l| l.token.as_str()).collect();
/// assert_eq!(letters, ["K", "q"]); // one line per castling letter
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The text of the FEN explained (a rank, a field, one castling letter).
    pub token: String,
    /// What it means.
    pub text: String,
    /// 0 for a field or rank, 1 for a part of one (a single castling letter).
    pub depth: u8,
}

/// The explanation of one FEN field.
///
/// ```
/// use forsyth::diagram::explain::explain;
/// use forsyth::notation::Language;
/// let e = explain("8/8/8/4k3/8/8/8/4K3 b - - 12 40", Language::En, None).unwrap();
/// let fields: Vec<_> = e.sections.iter().map(|s| s.field).collect();
/// assert_eq!(fields, ["placement", "turn", "castling", "en-passant", "halfmoves", "fullmoves"]);
/// assert_eq!(e.sections[0].lines.len(), 8); // one line per rank
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// A stable key for programs: `placement`, `turn`, `castling`, `en-passant`, `halfmoves`, `fullmoves`.
    pub field: &'static str,
    /// The field's name in the explanation's language.
    pub title: String,
    /// What each part of the field means.
    pub lines: Vec<Line>,
}

/// A castling right in a FEN: whose, on which side, with which rook, and the letter that grants it.
///
/// ```
/// use forsyth::diagram::explain::explain;
/// use forsyth::notation::Language;
/// use forsyth::{CastlingSide, Color, Square};
/// let e = explain("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", Language::En, None).unwrap();
/// let q = e.castling[1];
/// assert_eq!((q.color, q.side, q.rook, q.letter), (Color::Black, CastlingSide::QueenSide, Square::A8, 'q'));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CastlingRight {
    /// Whose right.
    pub color: Color,
    /// Which way the king castles.
    pub side: CastlingSide,
    /// The rook castled with.
    pub rook: Square,
    /// The letter of the FEN that grants it (`K`, `q`, or a rook's file letter).
    pub letter: char,
}

/// A validation problem in words.
///
/// ```
/// use forsyth::diagram::explain::explain;
/// use forsyth::notation::Language;
/// let e = explain("4k3/8/8/8/8/8/8/4K1K1 w - - 0 1", Language::En, None).unwrap(); // two white kings
/// assert_eq!(e.legal, Some(false));
/// assert_eq!(e.problems[0].code, "position.too-many-kings");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProblemText {
    /// The problem's stable code (see [`Problem::code`](crate::Problem::code)).
    pub code: &'static str,
    /// What is wrong, in the explanation's language.
    pub text: String,
}

/// A FEN explained. `Display` prints it for people; the fields serve programs.
///
/// ```
/// use forsyth::diagram::explain::explain;
/// use forsyth::notation::Language;
/// use forsyth::Variant;
/// let e = explain("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", Language::En, None).unwrap();
/// assert_eq!((e.variant, e.legal, e.castling.len()), (Variant::Standard, Some(true), 4));
/// assert_eq!(e.en_passant_captures, Some(vec![])); // no black pawn can take on e3
/// assert_eq!(e.count.to_string(), "16+16"); // the piece count w+s of the problem-chess conventions
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The language of the words.
    pub lang: Language,
    /// The FEN as given, with runs of white space made single spaces.
    pub input: String,
    /// The FEN, unless only a board was given.
    pub fen: Option<Fen>,
    /// The board as a diagram shows it.
    pub diagram: Diagram,
    /// The variant the position was checked in (given, or inferred from the FEN or the board).
    pub variant: Variant,
    /// One section per FEN field given.
    pub sections: Vec<Section>,
    /// The castling rights, in the order of the FEN's letters.
    pub castling: Vec<CastlingRight>,
    /// The legal en-passant captures, when the FEN names an en-passant square and the position is legal.
    pub en_passant_captures: Option<Vec<Move>>,
    /// The piece count `w+s`.
    pub count: PieceCount,
    /// The pieces of each side in words (the German problem-chess conventions' vocabulary), White first.
    pub pieces: Vec<String>,
    /// Whether the position is legal; `None` when only a board was given, which has no rules to break.
    pub legal: Option<bool>,
    /// Check, mate, stalemate or other game state of a legal position, in words.
    pub status: Option<String>,
    /// What keeps the position from being legal.
    pub problems: Vec<ProblemText>,
    /// Why a legal position still cannot arise in a game from the array (the retro analysis's report,
    /// [`crate::retro::analyse`]); empty when no reason is found.
    pub unreachable: Vec<ProblemText>,
}

/// Explains a FEN, or a board field alone, in `lang`; the position is checked in `variant` or the one the FEN
/// implies. Only text that is not a FEN at all is an error: an illegal position is explained, with its problems.
///
/// ```
/// use forsyth::diagram::explain::explain;
/// use forsyth::notation::Language;
/// let e = explain("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", Language::En, None).unwrap();
/// assert_eq!(e.count.to_string(), "16+16");
/// assert_eq!(e.en_passant_captures, Some(vec![]));
/// assert_eq!(e.castling.len(), 4);
/// ```
pub fn explain(text: &str, language: Language, variant: Option<Variant>) -> Result<Explanation, FenError> {
    let lang = Words::of(language);
    let reading = read(text)?;
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let diagram = reading.diagram;
    let variant = variant.or_else(|| reading.fen.as_ref().map(Fen::infer_variant)).unwrap_or_else(|| {
        // A board alone: the variant its back ranks suggest.
        let mut setup = crate::Setup::empty(diagram.board.shape());
        setup.board = diagram.board.clone();
        Fen::from(setup).infer_variant()
    });
    let mut e = Explanation {
        lang: lang.language(),
        input: tokens.join(" "),
        fen: reading.fen,
        count: diagram.count(),
        diagram,
        variant,
        sections: Vec::new(),
        castling: Vec::new(),
        en_passant_captures: None,
        pieces: Vec::new(),
        legal: None,
        status: None,
        problems: Vec::new(),
        unreachable: Vec::new(),
    };
    let ranks: Vec<&str> =
        tokens.first().map_or("", |t| t.trim_start_matches('[').trim_end_matches(']')).split('/').collect();
    e.sections.push(Section {
        field: "placement",
        title: tr!(lang, "Piece placement, from rank 8 down to rank 1", "Figurenstellung, von der 8. bis zur 1. Reihe")
            .to_string(),
        // The reader accepts only eight ranks; the tokens are the user's own spelling of each.
        lines: (0..8u8)
            .rev()
            .filter_map(Rank::new)
            .enumerate()
            .map(|(i, rank)| Line {
                token: ranks.get(i).copied().unwrap_or_default().to_string(),
                text: rank_text(&e.diagram, rank, lang, variant),
                depth: 0,
            })
            .collect(),
    });
    let position = e.fen.as_ref().map(|fen| fen.position(Some(variant)));
    if let Some(fen) = &e.fen {
        let setup = &fen.setup;
        let field = |i: usize| tokens.get(i).map(|s| s.to_string());
        let legal_position = position.as_ref().and_then(|p| p.as_ref().ok());
        if let Some(token) = field(1) {
            e.sections.push(Section {
                field: "turn",
                title: tr!(lang, "Side to move", "Zugrecht").to_string(),
                lines: vec![Line {
                    text: format!(
                        "{} {}",
                        color_name(setup.turn, lang.language()),
                        tr!(lang, "is to move", "ist am Zug")
                    ),
                    token,
                    depth: 0,
                }],
            });
        }
        if let Some(token) = field(2) {
            e.castling = castling_rights(fen, &token);
            let mut lines = vec![Line { text: castling_summary(&e.castling, lang), token, depth: 0 }];
            for right in &e.castling {
                lines.push(Line {
                    token: right.letter.to_string(),
                    text: castling_text(right, variant, lang),
                    depth: 1,
                });
            }
            e.sections.push(Section {
                field: "castling",
                title: tr!(lang, "Castling rights", "Rochaderecht").to_string(),
                lines,
            });
        }
        if let Some(token) = field(3) {
            e.en_passant_captures = match (setup.ep_square, legal_position) {
                (Some(_), Some(pos)) => Some(pos.legal_moves().iter().copied().filter(|m| m.is_en_passant()).collect()),
                _ => None,
            };
            let captures = legal_position.zip(e.en_passant_captures.as_deref());
            let text = en_passant_text(fen, captures, legal_position.is_some(), lang);
            e.sections.push(Section {
                field: "en-passant",
                title: "En passant".to_string(),
                lines: vec![Line { token, text, depth: 0 }],
            });
        }
        if let Some(token) = field(4) {
            e.sections.push(Section {
                field: "halfmoves",
                title: tr!(lang, "Half-move clock", "Halbzüge").to_string(),
                lines: vec![Line { text: halfmove_text(fen, lang), token, depth: 0 }],
            });
        }
        if let Some(token) = field(5) {
            e.sections.push(Section {
                field: "fullmoves",
                title: tr!(lang, "Move number", "Zugnummer").to_string(),
                lines: vec![Line { text: fullmove_text(fen, lang), token, depth: 0 }],
            });
        }
    }
    e.pieces = Color::ALL.iter().map(|&c| pieces_text(&e.diagram, c, variant, lang)).collect();
    match position {
        Some(Ok(pos)) => {
            e.legal = Some(true);
            e.status = status_text(&pos, lang);
            if let Ok(report) = crate::retro::analyse(&pos) {
                e.unreachable = report
                    .reasons
                    .iter()
                    .map(|r| ProblemText { code: r.code(), text: super::retro_words::reason_text(r, lang.language()) })
                    .collect();
            }
        }
        Some(Err(err)) => {
            e.legal = Some(false);
            e.problems = err
                .problems
                .iter()
                .map(|p| ProblemText { code: p.code(), text: problem_text(p, lang.language()) })
                .collect();
        }
        None => {}
    }
    Ok(e)
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lang = Words::of(self.lang);
        writeln!(f, "FEN: {}", self.input)?;
        writeln!(f, "{}: {}", tr!(lang, "Variant", "Variante"), variant_name(self.variant, lang.language()))?;
        let width = self
            .sections
            .iter()
            .flat_map(|s| s.lines.iter())
            .map(|l| l.token.chars().count() + 2 * l.depth as usize)
            .max()
            .unwrap_or(0)
            .max(8);
        for section in &self.sections {
            writeln!(f, "\n{}:", section.title)?;
            for line in &section.lines {
                let indent = 2 + 2 * line.depth as usize;
                let pad = width + 2 - 2 * line.depth as usize;
                writeln!(f, "{:indent$}{:<pad$}{}", "", line.token, line.text)?;
            }
        }
        if self.fen.is_none() {
            writeln!(
                f,
                "\n{}",
                tr!(
                    lang,
                    "Only the board is given: side to move, castling rights, en passant and the clocks are unknown.",
                    "Nur die Figurenstellung ist angegeben: Zugrecht, Rochaderecht, En passant und Zähler sind unbekannt."
                )
            )?;
        }
        if self.fen.is_some() && self.sections.len() < 6 {
            // A FEN cut short: say which fields the reader filled in, and with what.
            let defaults = [
                (tr!(lang, "side to move", "Zugrecht"), "w"),
                (tr!(lang, "castling rights", "Rochaderecht"), "-"),
                (tr!(lang, "en passant", "En passant"), "-"),
                (tr!(lang, "half-move clock", "Halbzüge"), "0"),
                (tr!(lang, "move number", "Zugnummer"), "1"),
            ];
            let missing: Vec<String> =
                defaults[self.sections.len() - 1..].iter().map(|(name, value)| format!("{name} {value}")).collect();
            writeln!(
                f,
                "\n{}: {}",
                tr!(lang, "Fields not given, read as", "Nicht angegebene Felder, gelesen als"),
                join(&missing, lang)
            )?;
        }
        writeln!(f, "\n{}: {}", tr!(lang, "Pieces", "Figuren"), self.count)?;
        for line in &self.pieces {
            writeln!(f, "  {line}")?;
        }
        let heading = tr!(lang, "Validation", "Prüfung");
        match self.legal {
            None => writeln!(
                f,
                "\n{heading}: {}",
                tr!(
                    lang,
                    "a board alone is not checked against the rules",
                    "eine Figurenstellung allein wird nicht auf Regeln geprüft"
                )
            )?,
            Some(true) => {
                writeln!(
                    f,
                    "\n{heading}: {} ({})",
                    tr!(lang, "the position is legal", "die Stellung ist legal"),
                    variant_name(self.variant, lang.language())
                )?;
                if let Some(status) = &self.status {
                    writeln!(f, "  {status}")?;
                }
                if !self.unreachable.is_empty() {
                    let cannot = tr!(
                        lang,
                        "but it cannot arise in a game from the array (retro analysis):",
                        "aber sie kann in keiner Partie aus der Grundstellung entstehen (Retroanalyse):"
                    );
                    writeln!(f, "  {cannot}")?;
                    for p in &self.unreachable {
                        writeln!(f, "  - {} [{}]", p.text, p.code)?;
                    }
                }
            }
            Some(false) => {
                let n = self.problems.len();
                writeln!(
                    f,
                    "\n{heading}: {}",
                    match lang {
                        Words::English => format!(
                            "the position is not legal in {} ({n} problem{})",
                            variant_name(self.variant, lang.language()),
                            if n == 1 { "" } else { "s" }
                        ),
                        Words::German => format!(
                            "die Stellung ist im {} nicht legal ({n} Problem{})",
                            variant_name(self.variant, lang.language()),
                            if n == 1 { "" } else { "e" }
                        ),
                    }
                )?;
                for p in &self.problems {
                    writeln!(f, "  - {} [{}]", p.text, p.code)?;
                }
            }
        }
        Ok(())
    }
}

fn ordinal(rank: Rank, lang: Words) -> &'static str {
    let en = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"];
    let de = ["erste", "zweite", "dritte", "vierte", "fünfte", "sechste", "siebte", "achte"];
    tr!(lang, en, de)[rank.index() as usize]
}

/// An occupant with the indefinite article, or in the plural: `ein schwarzer Bauer`, `white rooks`.
fn noun_phrase(o: Occupant, n: usize, lang: Words, variant: Variant) -> String {
    let white = o.color() == Color::White;
    match lang {
        Words::English => {
            let color = if white { "white" } else { "black" };
            let noun = match o {
                Occupant::Piece(p) => role_name(p.role, n > 1, lang.language(), variant),
                Occupant::Unknown(_) => (if n > 1 { "unknown pieces" } else { "unknown piece" }).to_string(),
            };
            match (o, n > 1) {
                (_, true) => format!("{color} {noun}"),
                (Occupant::Unknown(_), false) => format!("an unknown {color} piece"),
                (Occupant::Piece(_), false) => format!("a {color} {noun}"),
            }
        }
        Words::German => {
            let feminine = matches!(o, Occupant::Unknown(_) | Occupant::Piece(Piece { role: Role::Queen, .. }));
            let stem = if white { "weiß" } else { "schwarz" };
            let noun = match o {
                Occupant::Piece(p) => role_name(p.role, n > 1, lang.language(), variant),
                Occupant::Unknown(_) => (if n > 1 { "Figuren" } else { "Figur" }).to_string(),
            };
            let unknown = if matches!(o, Occupant::Unknown(_)) { "unbekannte " } else { "" };
            match (n > 1, feminine) {
                (true, _) => format!("{unknown}{stem}e {noun}"),
                (false, true) => format!("eine {unknown}{stem}e {noun}"),
                (false, false) => format!("ein {stem}er {noun}"),
            }
        }
    }
}

/// What a rank of the board holds, in words (the style German chess clubs use to explain the FEN standard).
fn rank_text(diagram: &Diagram, rank: Rank, lang: Words, variant: Variant) -> String {
    let shape = diagram.board.shape();
    let squares: Vec<Square> = (0..shape.files()).filter_map(File::new).map(|f| Square::new(f, rank)).collect();
    let occupants: Vec<(Square, Occupant)> =
        squares.iter().filter_map(|&sq| diagram.occupant(sq).map(|o| (sq, o))).collect();
    if occupants.is_empty() {
        return tr!(
            lang,
            format!("the {} rank is empty", ordinal(rank, lang)),
            format!("die {} Reihe ist leer", ordinal(rank, lang))
        );
    }
    for color in Color::ALL {
        let home = if color.is_white() { Rank::FIRST } else { Rank::EIGHTH };
        let pawn_rank = if color.is_white() { Rank::SECOND } else { Rank::SEVENTH };
        let adjective = match (lang, color) {
            (Words::English, _) => format!("{}'s", color_name(color, lang.language())),
            (Words::German, Color::White) => "weiße".to_string(),
            (Words::German, Color::Black) => "schwarze".to_string(),
        };
        if rank == home
            && let Some(missing) = missing_from_start_array(diagram, rank, color)
        {
            if missing.is_empty() {
                return tr!(
                    lang,
                    format!("{adjective} pieces are still on their start squares"),
                    format!("{adjective} Figuren stehen noch in der Grundstellung")
                );
            }
            if missing.len() <= 2 {
                let names: Vec<String> = missing
                    .iter()
                    .map(|&(sq, role)| match lang {
                        Words::English => format!("the {} from {sq}", role_name(role, false, lang.language(), variant)),
                        Words::German => {
                            let article = if role == Role::Queen { "die" } else { "den" };
                            format!("{article} {} von {sq}", role_name(role, false, lang.language(), variant))
                        }
                    })
                    .collect();
                let names = join(&names, lang);
                return tr!(
                    lang,
                    format!("apart from {names}, {adjective} pieces are still on their start squares"),
                    format!("bis auf {names} stehen die {adjective}n Figuren noch in der Grundstellung")
                );
            }
        }
        let own_pawn = Occupant::Piece(Piece::new(color, Role::Pawn));
        if rank == pawn_rank && occupants.iter().all(|&(_, o)| o == own_pawn) {
            let missing: Vec<String> = squares
                .iter()
                .filter(|&&sq| diagram.occupant(sq).is_none())
                .map(|sq| sq.file().char().to_string())
                .collect();
            if missing.is_empty() {
                return tr!(
                    lang,
                    format!("all of {adjective} pawns are on their start squares"),
                    format!("alle {adjective}n Bauern stehen auf ihren Ausgangsfeldern")
                );
            }
            if missing.len() <= 3 {
                let (en, de) = match missing.as_slice() {
                    [file] => (format!("the {file}-pawn"), format!("den {file}-Bauern")),
                    [init @ .., last] => {
                        let init: Vec<String> = init.iter().map(|f| format!("{f}-")).collect();
                        let files = format!("{} {} {last}", init.join(", "), tr!(lang, "and", "und"));
                        (format!("the {files}-pawns"), format!("die {files}-Bauern"))
                    }
                    [] => unreachable!("missing is not empty"),
                };
                return tr!(
                    lang,
                    format!("apart from {en}, {adjective} pawns are on their start squares"),
                    format!("bis auf {de} stehen die {adjective}n Bauern auf ihren Ausgangsfeldern")
                );
            }
        }
    }
    // Group the squares of equal pieces, in the order the pieces first appear from the a-file on.
    let mut groups: Vec<(Occupant, Vec<String>)> = Vec::new();
    for &(sq, o) in &occupants {
        match groups.iter_mut().find(|(g, _)| *g == o) {
            Some((_, squares)) => squares.push(sq.to_string()),
            None => groups.push((o, vec![sq.to_string()])),
        }
    }
    let clauses: Vec<String> = groups
        .iter()
        .map(|(o, squares)| {
            let phrase = noun_phrase(*o, squares.len(), lang, variant);
            let on = join(squares, lang);
            match lang {
                Words::English => format!("{phrase} on {on}"),
                Words::German => format!("auf {on} {} {phrase}", if squares.len() > 1 { "stehen" } else { "steht" }),
            }
        })
        .collect();
    match lang {
        Words::English => {
            let verb = if groups[0].1.len() > 1 { "there are" } else { "there is" };
            format!("{verb} {}", join(&clauses, lang))
        }
        Words::German => clauses.join(", "),
    }
}

/// If the rank holds only pieces of `color` standing where the start array of a fixed-array variant of this board
/// shape puts them, the start squares left empty with the role that started there (empty when the array is
/// complete). The variant missing the fewest pieces wins.
fn missing_from_start_array(diagram: &Diagram, rank: Rank, color: Color) -> Option<Vec<(Square, Role)>> {
    let shape = diagram.board.shape();
    Variant::ALL
        .iter()
        .filter(|v| v.shape() == shape && !v.is_shuffle())
        .filter_map(|v| {
            let mut missing = Vec::new();
            for (i, c) in v.start_array().chars().enumerate() {
                let sq = Square::new(File::new(i as u8)?, rank);
                let role = Role::from_char(c)?;
                match diagram.occupant(sq) {
                    None => missing.push((sq, role)),
                    Some(o) if o == Occupant::Piece(Piece::new(color, role)) => {}
                    Some(_) => return None,
                }
            }
            // A rank that has lost most of its pieces is better described piece by piece.
            (missing.len() * 2 < v.start_array().len()).then_some(missing)
        })
        .min_by_key(Vec::len)
}

/// The castling rights of a FEN, in the order its castling field lists them. Each letter is matched to a rook of
/// the already read field; rights the field spells in other ways come after, with their X-FEN letters.
fn castling_rights(fen: &Fen, token: &str) -> Vec<CastlingRight> {
    let setup = &fen.setup;
    let mut rights: Vec<CastlingRight> = setup
        .castling_rooks
        .iter()
        .map(|rook| {
            let color = if rook.rank() == Rank::FIRST { Color::White } else { Color::Black };
            let side = match setup.board.king(color) {
                Some(king) => CastlingSide::of(king.file(), rook.file()),
                None if rook.file().index() * 2 >= setup.board.shape().files() => CastlingSide::KingSide,
                None => CastlingSide::QueenSide,
            };
            CastlingRight { color, side, rook, letter: xfen_letter(fen, rook) }
        })
        .collect();
    let mut ordered = Vec::new();
    for c in token.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let found = rights.iter().position(|r| {
            r.color == color
                && match c.to_ascii_lowercase() {
                    'k' => r.side == CastlingSide::KingSide,
                    'q' => r.side == CastlingSide::QueenSide,
                    f => File::from_char(f) == Some(r.rook.file()),
                }
        });
        if let Some(i) = found {
            let mut right = rights.remove(i);
            right.letter = c;
            ordered.push(right);
        }
    }
    ordered.extend(rights);
    ordered
}

/// The letter forsyth's FEN writer uses for this rook's right: `K`/`Q` for the outermost rook, else its file.
fn xfen_letter(fen: &Fen, rook: Square) -> char {
    let mut setup = fen.setup.clone();
    setup.castling_rooks = std::iter::once(rook).collect();
    let written = Fen { setup, variant: fen.variant }.to_string();
    written.split(' ').nth(2).and_then(|f| f.chars().next()).unwrap_or('-')
}

fn castling_summary(rights: &[CastlingRight], lang: Words) -> String {
    let has = |color: Color, side: CastlingSide| rights.iter().any(|r| r.color == color && r.side == side);
    let all = Color::ALL.iter().all(|&c| CastlingSide::ALL.iter().all(|&s| has(c, s)));
    if all {
        return tr!(lang, "both sides may still castle both ways", "beide Seiten können noch beide Rochaden machen")
            .to_string();
    }
    if rights.is_empty() {
        return tr!(lang, "neither side may castle any more", "keine Seite darf mehr rochieren").to_string();
    }
    let parts: Vec<String> = Color::ALL
        .iter()
        .map(|&c| {
            let name = color_name(c, lang.language());
            match (has(c, CastlingSide::KingSide), has(c, CastlingSide::QueenSide)) {
                (true, true) => tr!(
                    lang,
                    format!("{name} may still castle both ways"),
                    format!("{name} darf noch kurz und lang rochieren")
                ),
                (true, false) => tr!(
                    lang,
                    format!("{name} may still castle kingside only"),
                    format!("{name} darf nur noch kurz rochieren")
                ),
                (false, true) => tr!(
                    lang,
                    format!("{name} may still castle queenside only"),
                    format!("{name} darf nur noch lang rochieren")
                ),
                (false, false) => {
                    tr!(lang, format!("{name} may no longer castle"), format!("{name} darf nicht mehr rochieren"))
                }
            }
        })
        .collect();
    parts.join("; ")
}

fn castling_text(right: &CastlingRight, variant: Variant, lang: Words) -> String {
    let name = color_name(right.color, lang.language());
    let mut text = match (right.side, lang) {
        (CastlingSide::KingSide, Words::English) => format!("{name} may castle kingside (short castling, O-O)"),
        (CastlingSide::QueenSide, Words::English) => format!("{name} may castle queenside (long castling, O-O-O)"),
        (CastlingSide::KingSide, Words::German) => {
            format!("{name} darf kurz rochieren (kleine Rochade, 0-0, Königsseite)")
        }
        (CastlingSide::QueenSide, Words::German) => {
            format!("{name} darf lang rochieren (große Rochade, 0-0-0, Damenseite)")
        }
    };
    let file_letter = !matches!(right.letter.to_ascii_lowercase(), 'k' | 'q');
    let corner = match right.side {
        CastlingSide::KingSide => right.rook.file() == variant.shape().last_file(),
        CastlingSide::QueenSide => right.rook.file() == File::A,
    };
    if file_letter {
        text += &tr!(
            lang,
            format!(" with the rook on {}, whose file the letter names", right.rook),
            format!(" mit dem Turm auf {}, dessen Linie der Buchstabe nennt", right.rook)
        );
    } else if variant.is_shuffle() || !corner {
        text += &tr!(
            lang,
            format!(" with the outermost rook on that side, on {}", right.rook),
            format!(" mit dem äußeren Turm dieser Seite auf {}", right.rook)
        );
    }
    text
}

fn en_passant_text(fen: &Fen, captures: Option<(&Position, &[Move])>, legal: bool, lang: Words) -> String {
    let setup = &fen.setup;
    let Some(ep) = setup.ep_square else {
        return tr!(
            lang,
            "no en-passant square: the last move was not a pawn's double step",
            "kein En-passant-Feld: der letzte Zug war kein Bauerndoppelschritt"
        )
        .to_string();
    };
    let mover = !setup.turn;
    let step = if mover.is_white() { 1 } else { -1 };
    let (origin, landing) = (ep.offset(0, -step, setup.board.shape()), ep.offset(0, step, setup.board.shape()));
    let double_step = match (origin, landing) {
        (Some(origin), Some(landing)) => format!(" ({origin}-{landing})"),
        _ => String::new(),
    };
    let mut text = tr!(
        lang,
        format!("a pawn skipped {ep} with a double step on the last move{double_step}"),
        format!("Feld {ep} wurde beim letzten Zug mit dem Bauern übersprungen{double_step}")
    );
    let us = setup.turn;
    let pawn_square = landing.map_or_else(String::new, |s| s.to_string());
    match captures {
        Some((_, [])) => {
            let ready = [-1i8, 1].iter().any(|&df| {
                landing
                    .and_then(|s| s.offset(df, 0, setup.board.shape()))
                    .is_some_and(|s| setup.board.piece_at(s) == Some(Piece::new(us, Role::Pawn)))
            });
            let us_name = color_name(us, lang.language());
            text += &if ready {
                tr!(
                    lang,
                    format!("; {us_name} cannot capture en passant here: the capture would leave the king in check"),
                    format!(
                        "; Schlagen en passant ist hier nicht möglich: es würde den eigenen König ins Schach stellen"
                    )
                )
            } else {
                let (en_color, de_color) = if us.is_white() { ("white", "weißer") } else { ("black", "schwarzer") };
                tr!(
                    lang,
                    format!(
                        "; no en-passant capture is possible here (no {en_color} pawn stands beside {pawn_square})"
                    ),
                    format!(
                        "; Schlagen en passant ist hier nicht möglich (kein {de_color} Bauer steht neben {pawn_square})"
                    )
                )
            };
        }
        Some((pos, moves)) => {
            // Long algebraic in English, the German problem-chess conventions' problem notation in German.
            let options = match lang {
                Words::English => MoveWriteOptions::new(MoveStyle::Lan),
                Words::German => {
                    MoveWriteOptions::new(MoveStyle::Problem).with_letters(Letters::language(lang.language()))
                }
            };
            let list: Vec<String> = moves.iter().map(|&m| write_move(pos, m, &options)).collect();
            let list = join(&list, lang);
            text += &tr!(
                lang,
                format!("; {} can capture en passant: {list}", color_name(us, lang.language())),
                format!("; {} kann en passant schlagen: {list}", color_name(us, lang.language()))
            );
        }
        None if !legal => {
            text += tr!(
                lang,
                "; whether a capture is possible cannot be told, since the position is not legal",
                "; ob Schlagen möglich ist, lässt sich nicht sagen, da die Stellung nicht legal ist"
            );
        }
        None => {}
    }
    text
}

fn halfmove_text(fen: &Fen, lang: Words) -> String {
    let setup = &fen.setup;
    let n = setup.halfmoves;
    let mut text = if n == 0 {
        if setup.fullmoves <= 1 && setup.turn.is_white() {
            tr!(lang, "no move has been played yet, so 0 half-moves", "noch kein Zug gespielt, damit 0 Halbzüge")
                .to_string()
        } else if setup.ep_square.is_some() {
            tr!(lang, "the last move was a pawn move, so 0 half-moves", "letzter Zug war Bauernzug, damit 0 Halbzüge")
                .to_string()
        } else {
            tr!(
                lang,
                "the last move was a pawn move or a capture, so 0 half-moves",
                "letzter Zug war Bauernzug oder Schlagen einer Figur, damit 0 Halbzüge"
            )
            .to_string()
        }
    } else {
        tr!(
            lang,
            format!("{n} half-move{} since the last pawn move or capture", if n == 1 { "" } else { "s" }),
            format!(
                "{n} Halbz{} seit dem letzten Bauernzug bzw. Schlagen einer Figur",
                if n == 1 { "ug" } else { "üge" }
            )
        )
    };
    text += &match n {
        0..100 => tr!(
            lang,
            format!(" (50-move rule: a draw can be claimed after 100 half-moves, {} more)", 100 - n),
            format!(" (50-Züge-Regel: nach 100 Halbzügen kann Remis beansprucht werden, noch {})", 100 - n)
        ),
        100..150 => tr!(
            lang,
            " (50-move rule: either player may claim a draw)".to_string(),
            " (50-Züge-Regel: jeder Spieler kann Remis beanspruchen)".to_string()
        ),
        _ => tr!(
            lang,
            " (75-move rule: the game is drawn unless the last move mated)".to_string(),
            " (75-Züge-Regel: die Partie ist remis, sofern der letzte Zug nicht mattsetzte)".to_string()
        ),
    };
    text
}

fn fullmove_text(fen: &Fen, lang: Words) -> String {
    let setup = &fen.setup;
    let n = setup.fullmoves.max(1);
    let played = n - 1;
    let mut text = tr!(lang, format!("the next move is move {n}"), format!("nächster Zug ist Zugnummer {n}"));
    text += &match (setup.turn, lang) {
        (Color::White, Words::English) if played == 0 => "; no move has been played yet".to_string(),
        (Color::White, Words::German) if played == 0 => "; noch kein Zug gespielt".to_string(),
        (Color::White, Words::English) => {
            format!("; {played} move{} played so far", if played == 1 { "" } else { "s" })
        }
        (Color::White, Words::German) => {
            format!("; bisher {played} Z{} gespielt", if played == 1 { "ug" } else { "üge" })
        }
        (Color::Black, Words::English) => format!("; White has played move {n}, Black plays the second half of it"),
        (Color::Black, Words::German) => format!("; Weiß hat den Zug {n} gespielt, Schwarz zieht den zweiten Halbzug"),
    };
    text
}

/// A side's pieces in the German problem-chess conventions' vocabulary: officers and pawns, heavy and minor pieces, original or promoted.
fn pieces_text(diagram: &Diagram, color: Color, variant: Variant, lang: Words) -> String {
    let board = &diagram.board;
    let name = color_name(color, lang.language());
    let mut roles: Vec<Role> = Role::ALL.iter().copied().filter(|&r| r != Role::Pawn).collect();
    // People list pieces by weight: king, queen, compounds, rook, bishop, knight.
    roles.sort_by_key(|r| match r {
        Role::King => 0,
        Role::Queen => 1,
        Role::Chancellor => 2,
        Role::Archbishop => 3,
        Role::Rook => 4,
        Role::Bishop => 5,
        Role::Knight => 6,
        Role::Pawn => 7,
    });
    let officers: Vec<String> = roles
        .iter()
        .filter_map(|&r| {
            let n = board.count_role(color, r);
            match n {
                0 => None,
                1 => Some(role_name(r, false, lang.language(), variant)),
                _ => Some(format!("{n} {}", role_name(r, true, lang.language(), variant))),
            }
        })
        .collect();
    let count_of =
        |pred: fn(Role) -> bool| -> usize { board.pieces().filter(|&(_, p)| p.color == color && pred(p.role)).count() };
    let officer_count = count_of(Role::is_officer);
    let pawns = board.count_role(color, Role::Pawn);
    let unknown = diagram.unknown[color].len();
    let total = officer_count + pawns + unknown;
    let mut text = match lang {
        Words::English => format!(
            "{name}: {total} = {officer_count} officer{}{} + {pawns} pawn{}",
            if officer_count == 1 { "" } else { "s" },
            if officers.is_empty() { String::new() } else { format!(" ({})", officers.join(", ")) },
            if pawns == 1 { "" } else { "s" }
        ),
        Words::German => format!(
            "{name}: {total} = {officer_count} Offizier{}{} + {pawns} Bauer{}",
            if officer_count == 1 { "" } else { "e" },
            if officers.is_empty() { String::new() } else { format!(" ({})", officers.join(", ")) },
            if pawns == 1 { "" } else { "n" }
        ),
    };
    if unknown > 0 {
        text += &tr!(
            lang,
            format!(" + {unknown} unknown piece{}", if unknown == 1 { "" } else { "s" }),
            format!(" + {unknown} unbekannte Figur{}", if unknown == 1 { "" } else { "en" })
        );
    }
    let heavy = count_of(Role::is_heavy);
    let minor = count_of(Role::is_minor);
    let royal = count_of(Role::is_royal);
    text += &tr!(
        lang,
        format!("; heavy pieces {heavy}, minor pieces {minor}, royal pieces {royal}"),
        format!("; Schwerfiguren {heavy}, Leichtfiguren {minor}, Majestäten {royal}")
    );
    let (at_least, at_most) = board.promoted_range(color, variant);
    if at_least > 0 {
        let promoted: Vec<String> = roles
            .iter()
            .filter_map(|&r| {
                let n = board.certainly_promoted(color, r, variant);
                (n > 0).then(|| {
                    if n == 1 {
                        role_name(r, false, lang.language(), variant)
                    } else {
                        format!("{n} {}", role_name(r, true, lang.language(), variant))
                    }
                })
            })
            .collect();
        text += &tr!(
            lang,
            format!(
                "; at least {at_least} promoted piece{} ({})",
                if at_least == 1 { "" } else { "s" },
                promoted.join(", ")
            ),
            format!(
                "; mindestens {at_least} Umwandlungsfigur{} ({})",
                if at_least == 1 { "" } else { "en" },
                promoted.join(", ")
            )
        );
    } else if at_most == 0 && officer_count > 0 && unknown == 0 {
        text += tr!(lang, "; all officers are original pieces", "; alle Offiziere sind Originalfiguren");
    }
    text
}

/// What the rules say of a position in one sentence, in English or German (other languages are said in English):
/// checkmate, stalemate, a draw by material or the 75-move rule, check; `None` for a game that goes on without
/// check.
///
/// ```
/// use forsyth::Position;
/// use forsyth::diagram::explain::status_sentence;
/// use forsyth::notation::Language;
/// let mated: Position = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse().unwrap();
/// assert_eq!(status_sentence(&mated, Language::En).as_deref(), Some("White is checkmated"));
/// assert_eq!(status_sentence(&mated, Language::De).as_deref(), Some("Weiß ist matt"));
/// assert_eq!(status_sentence(&Position::default(), Language::De), None);
/// ```
pub fn status_sentence(pos: &Position, language: Language) -> Option<String> {
    status_text(pos, Words::of(language))
}

fn status_text(pos: &Position, lang: Words) -> Option<String> {
    let us = color_name(pos.turn(), lang.language());
    Some(match pos.status() {
        Status::Checkmate => tr!(lang, format!("{us} is checkmated"), format!("{us} ist matt")),
        Status::Stalemate => tr!(lang, format!("{us} is stalemated: a draw"), format!("{us} ist patt: remis")),
        Status::InsufficientMaterial => tr!(
            lang,
            "neither side has the material to checkmate: a draw".to_string(),
            "keine Seite hat genug Material zum Mattsetzen: remis".to_string()
        ),
        Status::SeventyFiveMoves => tr!(
            lang,
            "75 moves without a pawn move or capture: a draw".to_string(),
            "75 Züge ohne Bauernzug oder Schlagen: remis".to_string()
        ),
        Status::Ongoing if pos.is_check() => tr!(lang, format!("{us} is in check"), format!("{us} steht im Schach")),
        Status::Ongoing => return None,
    })
}

#[cfg(test)]
#[path = "explain_tests.rs"]
mod tests;
