//! Problem descriptions in Popeye's input language, the position part: `BeginProblem`, `Author`, `Origin`,
//! `Title`, `Pieces White Kd2 Sc3 Black Ke8 Pd6` (several squares after one piece, `Pa2b2`, as Popeye allows),
//! `TotalInvisible N`, `Stipulation` and `Condition` kept as text, `Option` with its option names written out (what
//! they say of the position: [`super::start`]), `EndProblem`. English and German
//! keywords as Popeye 4.104 spells them (its `language_dependant.c`); keywords in any case and abbreviated to a
//! unique prefix, as Popeye reads them. Fairy pieces by their Popeye codes in the input's language (English `G`
//! grasshopper, `N` nightrider, `L` locust; German `G`, `N`, `H` Heuschrecke), as forsyth's piece catalogue holds
//! them; a code outside the catalogue and piece flags are refused with a typed error. Conditions are kept as text;
//! the general position plays those forsyth plays (`general::Condition`), and any other is named.
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

use super::start::{OptionError, PopeyeOptions, first_mover, normalised};
use crate::diagram::PieceCount;
use crate::general::{Condition, GeneralError, GeneralPosition, Grid, Unit};
use crate::piece_kind::{FAIRY_PIECES, FairyPiece, PieceTable};
use crate::{Board, Color, Piece, Position, PositionError, Role, Setup, Square, SquareSet, Topology, Variant};

pub use crate::piece_kind::PopeyeLanguage;

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

/// The kings' and rooks' squares of the game array, per colour: where Popeye lets them castle.
const HOME_SQUARES: [(Color, Square, [Square; 2]); 2] =
    [(Color::White, Square::E1, [Square::A1, Square::H1]), (Color::Black, Square::E8, [Square::A8, Square::H8])];

/// The pairs (king's square, rook's square) that Popeye lets castle: a rook on its square of the game array beside
/// its king on its own. `stands(color, role, square)` says whether such a piece stands there.
fn castling_pairs(stands: impl Fn(Color, Role, Square) -> bool) -> Vec<(Square, Square)> {
    let mut pairs = Vec::new();
    for (color, king, rooks) in HOME_SQUARES {
        if stands(color, Role::King, king) {
            pairs.extend(rooks.into_iter().filter(|&rook| stands(color, Role::Rook, rook)).map(|rook| (king, rook)));
        }
    }
    pairs
}

/// How a problem's play starts ([`ProblemDescription::start`]).
struct Start {
    turn: Color,
    no_castling: Vec<Square>,
    en_passant: Option<Square>,
}

impl Start {
    /// Whether the king and rook of a pair of [`castling_pairs`] may still castle (`NoCastling` names neither).
    fn may_castle(&self, (king, rook): (Square, Square)) -> bool {
        !self.no_castling.contains(&king) && !self.no_castling.contains(&rook)
    }
}

/// A piece of a problem description on its square: an orthodox or fairy piece of the catalogue
/// ([`FAIRY_PIECES`]), whose Popeye codes are the ones read and written.
///
/// ```
/// use forsyth::{Color, Piece, Role, Square};
/// use forsyth::problem::popeye::PlacedPiece;
/// let knight = PlacedPiece::orthodox(Piece::new(Color::White, Role::Knight), Square::C3);
/// assert_eq!(knight.kind.name, "knight");
/// assert_eq!(knight.orthodox_piece(), Some(Piece::new(Color::White, Role::Knight)));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlacedPiece {
    /// Its colour.
    pub color: Color,
    /// The piece, an entry of the catalogue.
    pub kind: &'static FairyPiece,
    /// Its square.
    pub square: Square,
}

impl PlacedPiece {
    /// One of the six orthodox pieces on a square.
    ///
    /// ```
    /// use forsyth::problem::popeye::{PlacedPiece, PopeyeLanguage};
    /// use forsyth::{Color, Piece, Role, Square};
    /// let knight = PlacedPiece::orthodox(Piece::new(Color::White, Role::Knight), Square::G1);
    /// assert_eq!(knight.code(PopeyeLanguage::English), "Sg1");
    /// ```
    pub fn orthodox(piece: Piece, square: Square) -> PlacedPiece {
        let kind = FairyPiece::of_role(piece.role).unwrap_or(&FAIRY_PIECES[0]);
        PlacedPiece { color: piece.color, kind, square }
    }

    /// The orthodox piece, `None` for a fairy piece.
    ///
    /// ```
    /// use forsyth::problem::popeye;
    /// use forsyth::{Color, Piece, Role};
    /// let p = &popeye::parse("BeginProblem Pieces White Ke1 Ga3 Black Ke8 EndProblem")?[0];
    /// assert_eq!(p.pieces[0].orthodox_piece(), Some(Piece::new(Color::White, Role::King)));
    /// assert_eq!(p.pieces[1].orthodox_piece(), None, "a grasshopper");
    /// # Ok::<(), forsyth::problem::popeye::PopeyeError>(())
    /// ```
    pub fn orthodox_piece(&self) -> Option<Piece> {
        self.kind.orthodox_role().map(|role| Piece::new(self.color, role))
    }

    /// Its Popeye code and square, `Kd2`, `CAa3`.
    ///
    /// ```
    /// use forsyth::problem::popeye::{self, PopeyeLanguage};
    /// let p = &popeye::parse("BeginProblem Pieces White Qd1 CAa3 Black Ke8 EndProblem")?[0];
    /// assert_eq!(p.pieces[0].code(PopeyeLanguage::English), "Qd1");
    /// assert_eq!(p.pieces[0].code(PopeyeLanguage::German), "Dd1");
    /// assert_eq!(p.pieces[1].code(PopeyeLanguage::English), "CAa3");
    /// # Ok::<(), forsyth::problem::popeye::PopeyeError>(())
    /// ```
    pub fn code(&self, language: PopeyeLanguage) -> String {
        format!("{}{}", self.kind.popeye_code(language), self.square)
    }
}

/// Puts White's pieces before Black's, each colour's in the order given ([`ProblemDescription::pieces`]): the
/// order both Popeye's input and YACPDB entries write, so that what is read writes and reads back the same.
pub(super) fn order_by_colour(pieces: &mut [PlacedPiece]) {
    // A stable sort keeps each colour's order.
    pieces.sort_by_key(|p| !p.color.is_white());
}

/// A problem read from Popeye's input: the position and the texts around it.
///
/// ```
/// use forsyth::problem::popeye;
/// let text = "BeginProblem\nAuthor Loyd, Samuel\nPieces White Kd2 Sc3 Black Ke8\nStipulation #2\nEndProblem";
/// let problem = &popeye::parse(text)?[0];
/// assert_eq!(problem.authors, ["Loyd, Samuel"]);
/// assert_eq!(problem.stipulation.as_deref(), Some("#2"));
/// assert_eq!(problem.pieces.len(), 3);
/// # Ok::<(), forsyth::problem::popeye::PopeyeError>(())
/// ```
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
    /// The pieces: White's, then Black's, each colour's in the order given. Popeye's input and YACPDB entries
    /// list the pieces by colour, so a problem that names White after Black (`Black Ke8 White Pd6`, two `Pieces`
    /// sections, `black:` before `white:`) is written, and reads back, the same.
    pub pieces: Vec<PlacedPiece>,
    /// `TotalInvisible N`: invisible pieces.
    pub invisible: usize,
    /// Marked squares (no Popeye keyword; set by the caller, counted in `w+s+m+u`).
    pub marked: Vec<Square>,
    /// `Stipulation`, as text.
    pub stipulation: Option<String>,
    /// `Condition` lines, as text.
    pub conditions: Vec<String>,
    /// `Option` lines, as text, option names written out in English (`nocast a1` is kept as `NoCastling a1`; a
    /// line with a word that names no option is kept as it was). [`ProblemDescription::write`] writes them in the
    /// language of its keywords.
    pub options: Vec<String>,
    /// `Twin` lines, as text.
    pub twins: Vec<String>,
}

impl ProblemDescription {
    /// The board of the orthodox pieces, or the first fairy piece (which a [`Board`] cannot hold).
    ///
    /// ```
    /// use forsyth::problem::popeye;
    /// use forsyth::Square;
    /// let orthodox = &popeye::parse("BeginProblem Pieces White Ke1 Black Ke8 Pe7 EndProblem")?[0];
    /// assert!(orthodox.board().unwrap().piece_at(Square::E7).is_some());
    /// let fairy = &popeye::parse("BeginProblem Pieces White Ke1 Ga3 Black Ke8 EndProblem")?[0];
    /// assert_eq!(fairy.board().unwrap_err().code(), "problem.fairy-piece");
    /// # Ok::<(), forsyth::problem::popeye::PopeyeError>(())
    /// ```
    pub fn board(&self) -> Result<Board, ProblemError> {
        let mut board = Board::empty(crate::BoardShape::Standard);
        for p in &self.pieces {
            let piece = p.orthodox_piece().ok_or(ProblemError::FairyPiece(*p))?;
            board.set(p.square, Some(piece));
        }
        Ok(board)
    }

    /// Whether every piece is one of the six orthodox pieces.
    ///
    /// ```
    /// use forsyth::problem::popeye;
    /// assert!(popeye::parse("BeginProblem Pieces White Ke1 Black Ke8 EndProblem")?[0].is_orthodox());
    /// assert!(!popeye::parse("BeginProblem Pieces White Ke1 Ga3 Black Ke8 EndProblem")?[0].is_orthodox());
    /// # Ok::<(), forsyth::problem::popeye::PopeyeError>(())
    /// ```
    pub fn is_orthodox(&self) -> bool {
        self.pieces.iter().all(|p| p.kind.orthodox_role().is_some())
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
        let of = |color| self.pieces.iter().filter(|p| p.color == color).count();
        PieceCount {
            white: of(Color::White),
            black: of(Color::Black),
            marked: self.marked.len(),
            invisible: self.invisible,
        }
    }

    /// The first condition, if any: the orthodox position plays no fairy condition, so a problem with one cannot
    /// be played by orthodox rules without changing its meaning.
    fn refuse_conditions(&self) -> Result<(), ProblemError> {
        match self.conditions.first() {
            Some(c) => Err(ProblemError::Condition(c.clone())),
            None => Ok(()),
        }
    }

    /// The position as Popeye reads it: the side to move from the stipulation ([`first_mover`]: White in direct
    /// play, Black in help play); castling where king and rook stand on their squares of the game array (Popeye's
    /// default) except for the pieces of the option `NoCastling`; the en-passant square of the option `EnPassant`.
    /// Refused for a problem with a fairy piece (see [`ProblemDescription::general_position`]), a condition or an
    /// option that is not Popeye's.
    ///
    /// ```
    /// use forsyth::problem::popeye;
    /// let text = "BeginProblem Pieces White Ke1 Ra1 Rh1 Pd4 Black Ke8 Pe4 Stipulation h#2\n\
    ///             Option NoCastling a1 EnPassant d2d3d4\nEndProblem";
    /// let p = &popeye::parse(text)?[0];
    /// assert_eq!(p.position()?.to_string(), "4k3/8/8/8/3Pp3/8/8/R3K2R b K d3 0 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self) -> Result<Position, ProblemError> {
        self.refuse_conditions()?;
        let board = self.board()?;
        let start = self.start()?;
        let castling: SquareSet = castling_pairs(|color, role, sq| board.piece_at(sq) == Some(Piece::new(color, role)))
            .into_iter()
            .filter(|&pair| start.may_castle(pair))
            .map(|(_, rook)| rook)
            .collect();
        let setup = Setup {
            board,
            turn: start.turn,
            castling_rooks: castling,
            ep_square: start.en_passant,
            ..Setup::empty(crate::BoardShape::Standard)
        };
        Position::from_setup(&setup, Variant::Standard).map_err(ProblemError::Position)
    }

    /// Who moves first and the options that change the position.
    fn start(&self) -> Result<Start, ProblemError> {
        let options = PopeyeOptions::read(&self.options).map_err(ProblemError::Option)?;
        Ok(Start {
            turn: first_mover(self.stipulation.as_deref(), options.white_to_play),
            no_castling: options.no_castling,
            en_passant: options.en_passant,
        })
    }

    /// The problem's letter table: FEN's letters, and a declared letter for every fairy piece of the problem
    /// (the first letter of its English Popeye code or name that is free, else the first free letter), so that
    /// pawns promote to the fairy pieces of the problem, as in Popeye. The orthodox letters K Q R B N P stay.
    ///
    /// ```
    /// use forsyth::problem::popeye;
    /// let p = &popeye::parse("BeginProblem Pieces White Kc1 Ga3 Nh4 Sd4 Black Ke8 EndProblem")?[0];
    /// assert_eq!(p.piece_table().declared(), &['G', 'I']); // grasshopper G; nightrider I, since N is the knight
    /// # Ok::<(), forsyth::problem::popeye::PopeyeError>(())
    /// ```
    pub fn piece_table(&self) -> PieceTable {
        let mut table = PieceTable::new();
        for kind in self.fairy_kinds() {
            let taken = |c: char| "KQRBNPX".contains(c) || table.declared().contains(&c);
            // FEN's own letter first (A princess, C empress), so that the piece keeps it and is declared.
            let own = table.entries().find(|(l, k)| !taken(*l) && k.catalogue_entry() == Some(kind)).map(|(l, _)| l);
            let candidates = own.into_iter().chain(kind.popeye.chars()).chain(kind.name.chars()).chain('A'..='Z');
            let letter = candidates.map(|c| c.to_ascii_uppercase()).find(|&c| c.is_ascii_uppercase() && !taken(c));
            if let Some(letter) = letter {
                // Cannot fail: an uppercase letter other than K.
                let _ = table.declare(letter, kind.kind());
            }
        }
        table
    }

    /// The general position of the problem (any fairy piece of the catalogue, on the plain 8×8 board), read as
    /// [`ProblemDescription::position`] reads the orthodox one, played under the problem's conditions
    /// ([`Condition::from_popeye`]) and checked for legality. Refused for a condition forsyth does not play.
    ///
    /// ```
    /// use forsyth::problem::popeye;
    /// let p = &popeye::parse("BeginProblem Pieces White Kc1 Ga3 Nh4 Black Ke8 Stipulation ~1 EndProblem")?[0];
    /// let pos = p.general_position()?;
    /// assert_eq!(forsyth::notation::general::write_fen(&pos), "4k3/8/8/8/7I/G7/8/2K5 w - - 0 1");
    /// let circe = &popeye::parse("BeginProblem Pieces White Kc1 Black Ke8 Condition Circe\nEndProblem")?[0];
    /// assert_eq!(circe.general_position()?.conditions(), &[forsyth::general::Condition::Circe]);
    /// let isardam = &popeye::parse("BeginProblem Pieces White Kc1 Black Ke8 Condition Isardam\nEndProblem")?[0];
    /// assert_eq!(isardam.general_position().unwrap_err().code(), "problem.condition");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn general_position(&self) -> Result<GeneralPosition, ProblemError> {
        // The conditions forsyth plays, read from the `Condition` lines; any other is refused by name.
        let conditions =
            Condition::from_popeye(&self.conditions.join(" ")).map_err(|e| ProblemError::Condition(e.subject()))?;
        self.start()?;
        // A letter table has 19 letters for fairy pieces (A–Z but K Q R B N P X): a piece kind beyond them would be
        // drawn as the unknown piece, and cannot be played.
        // The board's own letter table: built once, for this check and the board.
        let pos = self.general_board();
        let table = pos.table();
        let kinds = self.fairy_kinds();
        let has_letter = |kind: &&FairyPiece| {
            let names = |l: &char| table.index_of(*l).is_some_and(|i| table.kind(i).catalogue_entry() == Some(*kind));
            table.declared().iter().any(names)
        };
        if let Some(kind) = kinds.iter().find(|kind| !has_letter(kind)) {
            return Err(ProblemError::TooManyKinds { kinds: kinds.len(), first_without_letter: kind.name.to_string() });
        }
        let pos = pos.with_conditions(&conditions).map_err(|e| ProblemError::Condition(e.subject()))?;
        pos.validate().map_err(ProblemError::General)?;
        Ok(pos)
    }

    /// The fairy piece kinds of the problem, in the order they first appear.
    fn fairy_kinds(&self) -> Vec<&'static FairyPiece> {
        let mut kinds: Vec<&'static FairyPiece> = Vec::new();
        for p in &self.pieces {
            if p.kind.orthodox_role().is_none() && !kinds.contains(&p.kind) {
                kinds.push(p.kind);
            }
        }
        kinds
    }

    /// The pieces on a general board with the problem's letters ([`ProblemDescription::piece_table`]), White to
    /// move, castling as in [`ProblemDescription::position`]; not checked for legality or conditions: the
    /// position to draw.
    ///
    /// ```
    /// use forsyth::notation::general::write_board;
    /// use forsyth::problem::popeye;
    /// // G: Popeye's English code of the grasshopper.
    /// let problem = &popeye::parse("BeginProblem Pieces White Ke1 Ga3 Black Ke8 EndProblem")?[0];
    /// assert_eq!(write_board(&problem.general_board()), "4k3/8/8/8/8/G7/8/4K3");
    /// # Ok::<(), forsyth::problem::popeye::PopeyeError>(())
    /// ```
    pub fn general_board(&self) -> GeneralPosition {
        let table = self.piece_table();
        let grid = Grid::new(8, 8, Topology::Plain).expect("8×8 is a board");
        let cell = |sq: Square| grid.cell(sq.file().index(), sq.rank().index());
        let index = |kind: &FairyPiece| {
            let letter = match kind.orthodox_role() {
                Some(role) => role.upper_char(),
                None => {
                    let declared =
                        |l: &&char| table.index_of(**l).is_some_and(|i| table.kind(i).catalogue_entry() == Some(kind));
                    table.declared().iter().find(declared).copied().unwrap_or('X')
                }
            };
            table.index_of(letter).unwrap_or(0) as u8
        };
        let mut pos = GeneralPosition::empty(grid, table.clone());
        for p in &self.pieces {
            pos.put(cell(p.square), Some(Unit { color: p.color, kind: index(p.kind) }));
        }
        let stands = |color, role: Role, sq| {
            self.pieces.iter().any(|p| p.square == sq && p.color == color && p.kind.name == role.name())
        };
        // Options that are not Popeye's leave the defaults here; `general_position` refuses them.
        let start = self.start().unwrap_or(Start { turn: Color::White, no_castling: Vec::new(), en_passant: None });
        for (_, rook) in castling_pairs(stands).into_iter().filter(|&pair| start.may_castle(pair)) {
            pos.add_castling(cell(rook));
        }
        pos.set_turn(start.turn);
        pos.set_ep(start.en_passant.map(cell));
        pos
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
        let board = pos.board();
        let pieces = board.pieces().map(|(square, piece)| PlacedPiece::orthodox(piece, square)).collect();
        // Popeye lets every king and rook on its square of the game array castle: say which may not.
        let rights = pos.castling_rooks();
        let lost: Vec<Square> = castling_pairs(|color, role, sq| board.piece_at(sq) == Some(Piece::new(color, role)))
            .into_iter()
            .map(|(_, rook)| rook)
            .filter(|&rook| !rights.contains(rook))
            .collect();
        let options = PopeyeOptions::line(&lost, pos.ep_square(), pos.turn()).into_iter().collect();
        ProblemDescription { options, ..ProblemDescription::sorted(pieces) }
    }

    /// Pieces in Popeye's own order: by colour, then the king first, then a1, b1, ...
    fn sorted(mut pieces: Vec<PlacedPiece>) -> ProblemDescription {
        pieces.sort_by_key(|p| {
            (!p.color.is_white(), p.kind.name != "king", p.square.rank().index(), p.square.file().index())
        });
        ProblemDescription { pieces, ..ProblemDescription::default() }
    }

    /// A description of a general position's pieces: every piece must be one of the catalogue (Popeye has codes
    /// for those only) and the board the plain 8×8 one (Popeye has no cylinders).
    ///
    /// ```
    /// use forsyth::Topology;
    /// use forsyth::notation::general::read_fen;
    /// use forsyth::piece_kind::{PieceTable, PopeyeLanguage};
    /// use forsyth::problem::popeye::ProblemDescription;
    /// let mut table = PieceTable::new();
    /// table.declare_text("G=grasshopper").unwrap();
    /// let pos = read_fen("4k3/8/8/8/8/G7/8/2K5 w - - 0 1", &table, Topology::Plain).unwrap();
    /// let p = ProblemDescription::from_general_position(&pos)?;
    /// assert!(p.write(PopeyeLanguage::German).contains("Weiss Kc1 Ga3\n"));
    /// # Ok::<(), forsyth::problem::popeye::ProblemError>(())
    /// ```
    pub fn from_general_position(pos: &GeneralPosition) -> Result<ProblemDescription, ProblemError> {
        let grid = pos.grid();
        if (grid.files(), grid.ranks(), grid.topology()) != (8, 8, Topology::Plain) {
            return Err(ProblemError::Board);
        }
        let mut pieces = Vec::new();
        for (cell, unit) in pos.pieces() {
            let letter = pos.table().letter(unit.kind as usize);
            let kind = pos.table().kind(unit.kind as usize);
            let square = grid.square(cell).ok_or(ProblemError::Board)?;
            let entry = kind.catalogue_entry().ok_or_else(|| ProblemError::NoPopeyeCode {
                letter,
                name: kind.name().to_string(),
                square,
            })?;
            pieces.push(PlacedPiece { color: unit.color, kind: entry, square });
        }
        let stands = |color, role: Role, sq| {
            pieces.iter().any(|p| p.square == sq && p.color == color && p.kind.name == role.name())
        };
        let has_right = |r: Square| pos.castling().contains(&grid.cell(r.file().index(), r.rank().index()));
        let lost: Vec<Square> =
            castling_pairs(stands).into_iter().map(|(_, rook)| rook).filter(|&rook| !has_right(rook)).collect();
        let ep = pos.ep().and_then(|cell| grid.square(cell));
        let options = PopeyeOptions::line(&lost, ep, pos.turn()).into_iter().collect();
        Ok(ProblemDescription { options, ..ProblemDescription::sorted(pieces) })
    }

    /// The description in Popeye's input language.
    ///
    /// ```
    /// use forsyth::problem::popeye::{self, PopeyeLanguage};
    /// let p = &popeye::parse("BeginProblem Pieces White Ke1 Qd1 Black Ke8 Stipulation #2 EndProblem")?[0];
    /// let german = p.write(PopeyeLanguage::German);
    /// assert!(german.starts_with("AnfangProblem"), "{german}");
    /// assert!(german.contains("Dd1"), "{german}");
    /// // What is written reads back to the same problem.
    /// assert_eq!(&popeye::parse(&german)?[0], p);
    /// # Ok::<(), forsyth::problem::popeye::PopeyeError>(())
    /// ```
    pub fn write(&self, language: PopeyeLanguage) -> String {
        let mut out = String::new();
        let kw = |k| language.keyword(k);
        out.push_str(kw(Keyword::Begin));
        out.push('\n');
        for a in &self.authors {
            keyword_line(&mut out, kw(Keyword::Author), a);
        }
        for (k, text) in [(Keyword::Origin, &self.origin), (Keyword::Title, &self.title), (Keyword::Award, &self.award)]
        {
            if let Some(t) = text {
                keyword_line(&mut out, kw(k), t);
            }
        }
        for r in &self.remarks {
            keyword_line(&mut out, kw(Keyword::Remark), r);
        }
        out.push_str(kw(Keyword::Pieces));
        out.push('\n');
        for (index, color) in [Color::White, Color::Black].into_iter().enumerate() {
            let of_color: Vec<&PlacedPiece> = self.pieces.iter().filter(|p| p.color == color).collect();
            if of_color.is_empty() {
                continue;
            }
            out.push_str(language.colour(index));
            for p in of_color {
                out.push(' ');
                out.push_str(&p.code(language));
            }
            out.push('\n');
        }
        if self.invisible > 0 {
            out.push_str(&format!("{} {}\n", language.colour(2), self.invisible));
        }
        if let Some(s) = &self.stipulation {
            keyword_line(&mut out, kw(Keyword::Stipulation), s);
        }
        for line in &self.conditions {
            keyword_line(&mut out, kw(Keyword::Condition), line);
        }
        for line in &self.options {
            let line = normalised(line, language).unwrap_or_else(|| line.clone());
            keyword_line(&mut out, kw(Keyword::Option), &line);
        }
        for t in &self.twins {
            keyword_line(&mut out, kw(Keyword::Twin), t);
        }
        out.push_str(kw(Keyword::End));
        out.push('\n');
        out
    }
}

/// Writes `keyword text` as one line of Popeye input. Popeye reads a text (an author, a title, a remark ...) to the
/// end of its line, so a text of several lines — a YACPDB entry's YAML may hold one — is written with its lines
/// joined by spaces.
fn keyword_line(out: &mut String, keyword: &str, text: &str) {
    out.push_str(keyword);
    out.push(' ');
    if text.contains(['\n', '\r']) {
        let lines: Vec<&str> = text.split(['\n', '\r']).map(str::trim).filter(|line| !line.is_empty()).collect();
        out.push_str(&lines.join(" "));
    } else {
        out.push_str(text);
    }
    out.push('\n');
}

/// What is wrong with a Popeye input.
///
/// ```
/// use forsyth::Square;
/// use forsyth::problem::popeye::{self, PopeyeErrorKind};
/// let error = popeye::parse("BeginProblem Pieces White Ke1 Black Ke1 EndProblem").unwrap_err();
/// assert_eq!(error.kind, PopeyeErrorKind::Occupied(Square::E1));
/// let error = popeye::parse("BeginProblem Pieces White Ke1").unwrap_err();
/// assert_eq!(error.kind, PopeyeErrorKind::NoEnd);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PopeyeErrorKind {
    /// No `BeginProblem` (or `AnfangProblem`) where the input starts.
    NoBegin,
    /// The input ends before `EndProblem`.
    NoEnd,
    /// A word that is no keyword here.
    UnknownWord(String),
    /// A piece code that names no piece of forsyth's catalogue in the input's language.
    UnknownPiece(String, PopeyeLanguage),
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
/// let e = popeye::parse("BeginProblem\nPieces White Kd2 GNc3\nEndProblem").unwrap_err();
/// assert_eq!((e.code(), e.line, e.column), ("popeye.unknown-piece", 2, 18));
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
    ///
    /// ```
    /// use forsyth::problem::popeye;
    /// assert_eq!(popeye::parse("Pieces White Ke1").unwrap_err().code(), "popeye.no-begin");
    /// let error = popeye::parse("BeginProblem Pieces White Kz9 EndProblem").unwrap_err();
    /// assert_eq!((error.code(), error.line, error.column), ("popeye.bad-square", 1, 27));
    /// ```
    pub fn code(&self) -> &'static str {
        match self.kind {
            PopeyeErrorKind::NoBegin => "popeye.no-begin",
            PopeyeErrorKind::NoEnd => "popeye.no-end",
            PopeyeErrorKind::UnknownWord(_) => "popeye.unknown-word",
            PopeyeErrorKind::UnknownPiece(..) => "popeye.unknown-piece",
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
            PopeyeErrorKind::UnknownPiece(c, language) => {
                let codes: Vec<&str> = FAIRY_PIECES.iter().map(|p| p.popeye_code(*language)).collect();
                write!(
                    f,
                    "'{c}' is no piece code forsyth knows; the codes of this input's language: {}",
                    codes.join(" ")
                )
            }
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

/// Why a problem's position cannot be built or played.
///
/// ```
/// use forsyth::problem::popeye::{self, ProblemError};
/// let p = &popeye::parse("BeginProblem Pieces White Ke1 Black Ke8\nCondition Madrasi\nEndProblem")?[0];
/// assert_eq!(p.position().unwrap_err(), ProblemError::Condition("Madrasi".to_string()));
/// # Ok::<(), forsyth::problem::popeye::PopeyeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemError {
    /// A fairy condition forsyth does not play (its words), or any condition where the orthodox position was
    /// asked for: playing the problem by orthodox rules would change its meaning.
    Condition(String),
    /// A fairy piece where an orthodox position was asked for.
    FairyPiece(PlacedPiece),
    /// A piece without a Popeye code (a Betza definition, the unknown piece): Popeye's input cannot name it.
    NoPopeyeCode {
        /// Its letter.
        letter: char,
        /// Its name or definition.
        name: String,
        /// Its square.
        square: Square,
    },
    /// A board Popeye's input cannot state: other than 8×8, or a cylinder or torus.
    Board,
    /// The orthodox position is not legal.
    Position(PositionError),
    /// The general position is not legal.
    General(GeneralError),
    /// An `Option` line that is not Popeye's.
    Option(OptionError),
    /// More kinds of fairy pieces than a letter table has letters for.
    TooManyKinds {
        /// The problem's kinds of fairy pieces.
        kinds: usize,
        /// The first that got no letter.
        first_without_letter: String,
    },
}

impl ProblemError {
    /// A stable identifier, listed in docs/errors.md (the position's own for an illegal position).
    ///
    /// ```
    /// use forsyth::problem::popeye;
    /// let p = &popeye::parse("BeginProblem Pieces White Ke1 Black Ke8\nCondition Circe\nEndProblem")?[0];
    /// assert_eq!(p.position().unwrap_err().code(), "problem.condition");
    /// # Ok::<(), forsyth::problem::popeye::PopeyeError>(())
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            ProblemError::Condition(_) => "problem.condition",
            ProblemError::FairyPiece(_) => "problem.fairy-piece",
            ProblemError::NoPopeyeCode { .. } => "problem.no-popeye-code",
            ProblemError::Board => "problem.board",
            ProblemError::Position(e) => e.code(),
            ProblemError::General(e) => e.code(),
            ProblemError::Option(e) => e.code(),
            ProblemError::TooManyKinds { .. } => "problem.too-many-kinds",
        }
    }
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::Condition(c) => write!(
                f,
                "forsyth cannot play the condition '{c}' (it plays {} as a general position, with fairy pieces); \
                 the problem is read and can be drawn and converted, but not checked",
                crate::general::PLAYED_CONDITIONS.join(", ")
            ),
            ProblemError::FairyPiece(p) => write!(
                f,
                "the {} on {} is a fairy piece: an orthodox position cannot hold it (read it as a general position)",
                p.kind.name.replace('-', " "),
                p.square
            ),
            ProblemError::NoPopeyeCode { letter, name, square } => write!(
                f,
                "{letter} on {square} ({name}) has no Popeye code: declare a piece of the catalogue \
                 (grasshopper, nightrider, ...) to write it in Popeye's input"
            ),
            ProblemError::Board => {
                f.write_str("Popeye's input states the plain 8×8 board only (no other sizes, no cylinders)")
            }
            ProblemError::Position(e) => write!(f, "{e}"),
            ProblemError::General(e) => write!(f, "{e}"),
            ProblemError::Option(e) => write!(f, "{e}"),
            ProblemError::TooManyKinds { kinds, first_without_letter } => write!(
                f,
                "the problem has {kinds} kinds of fairy pieces, but a position's letter table has 19 letters for them \
                 (A to Z but K Q R B N P X): the {} and those after it get none, so the problem can be drawn and \
                 converted but not played",
                first_without_letter.replace('-', " ")
            ),
        }
    }
}

impl std::error::Error for ProblemError {}

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
///
/// ```
/// use forsyth::problem::popeye;
/// let text = "BeginProblem\nAuthor Sam Loyd\nPieces White Kb5 Black Ka7\nStipulation #2\nNextProblem\n\
///             Pieces White Ke1 Black Ke8\nStipulation =1\nEndProblem";
/// let problems = popeye::parse(text)?;
/// assert_eq!(problems.len(), 2);
/// assert_eq!(problems[0].authors, ["Sam Loyd"]);
/// assert_eq!(problems[1].stipulation.as_deref(), Some("=1"));
/// # Ok::<(), forsyth::problem::popeye::PopeyeError>(())
/// ```
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
                order_by_colour(&mut problem.pieces);
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
            Keyword::Option => {
                // Option names are kept in English, written in the language of the output; a line with a word
                // that is no option is kept as it was (and refused when the position is asked for).
                let line = rest_of_line();
                problem.options.push(normalised(&line, PopeyeLanguage::English).unwrap_or(line));
            }
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
                    for piece in read_piece_token(t, color, language).map_err(|kind| error(kind, Some(t)))? {
                        if occupied.contains(piece.square) {
                            return Err(error(PopeyeErrorKind::Occupied(piece.square), Some(t)));
                        }
                        occupied.insert(piece.square);
                        problem.pieces.push(piece);
                    }
                    i += 1;
                }
            }
        }
    }
    Err(error(PopeyeErrorKind::NoEnd, None))
}

/// `Kd2`, `Pa2b2c2`: a piece code and one or more squares.
fn read_piece_token(t: &Token, color: Color, language: PopeyeLanguage) -> Result<Vec<PlacedPiece>, PopeyeErrorKind> {
    let text = t.text;
    if !text.is_ascii() {
        return Err(PopeyeErrorKind::UnknownPiece(text.to_string(), language));
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
    let Some(kind) = FairyPiece::from_popeye(code, language) else {
        return Err(PopeyeErrorKind::UnknownPiece(code.to_string(), language));
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
        out.push(PlacedPiece { color, kind, square: sq });
    }
    Ok(out)
}
