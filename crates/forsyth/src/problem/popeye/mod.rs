//! Problem descriptions in Popeye's input language, the position part: `BeginProblem`, `Author`, `Origin`,
//! `Title`, `Pieces White Kd2 Sc3 Black Ke8 Pd6` (several squares after one piece, `Pa2b2`, as Popeye allows),
//! `TotalInvisible N`, `Stipulation` and `Condition` kept as text, `Option` with its option names written out (what
//! they say of the position: [`super::start`]), `EndProblem`. English and German
//! keywords as Popeye 4.104 spells them (its `language_dependant.c`); keywords in any case and abbreviated to a
//! unique prefix, as Popeye reads them. Fairy pieces by their Popeye codes in the input's language (English `G`
//! grasshopper, `N` nightrider, `L` locust; German `G`, `N`, `H` Heuschrecke), as forsyth's piece catalogue holds
//! them; a code outside the catalogue is refused with a typed error. Conditions are kept as text; the general
//! position plays those forsyth plays (`general::Condition`), and any other is named.
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

mod attributes;
mod error;
mod keywords;
mod read;
mod write;

pub use attributes::{Attribute, Attributes};
pub use error::{PopeyeError, PopeyeErrorKind, ProblemError};
pub use read::{decode, language_of, parse};

use super::start::{PopeyeOptions, first_mover};
use crate::diagram::PieceCount;
use crate::general::{Condition, GeneralPosition, Grid, Unit};
use crate::piece_kind::{FAIRY_PIECES, FairyPiece, PieceTable};
use crate::{Board, Color, Piece, Position, Role, Setup, Square, SquareSet, Topology, Variant};

pub use crate::piece_kind::PopeyeLanguage;

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
    /// Its attributes (neutral, royal, kamikaze ...). A neutral piece belongs to both sides; its `color` is
    /// White, the side Popeye's input and problem books name first.
    pub attributes: Attributes,
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
        PlacedPiece { color: piece.color, kind, square, attributes: Attributes::NONE }
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

    /// Whether the piece is neutral (it belongs to both sides).
    ///
    /// ```
    /// use forsyth::problem::popeye;
    /// let p = &popeye::parse("BeginProblem Pieces White Ke1 Black Ke8 Neutral Pd4 EndProblem")?[0];
    /// assert!(p.pieces[2].is_neutral());
    /// # Ok::<(), forsyth::problem::popeye::PopeyeError>(())
    /// ```
    pub fn is_neutral(&self) -> bool {
        self.attributes.contains(Attribute::Neutral)
    }
}

/// Puts White's pieces before Black's, each colour's in the order given ([`ProblemDescription::pieces`]): the
/// order both Popeye's input and YACPDB entries write, so that what is read writes and reads back the same.
pub(super) fn order_by_colour(pieces: &mut [PlacedPiece]) {
    // A stable sort keeps each colour's order; neutral pieces come last, as Popeye writes them.
    pieces.sort_by_key(|p| (p.is_neutral(), !p.color.is_white()));
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
    /// For an `a=>b` stipulation, the pieces of the first position: those given before the stipulation. `pieces`
    /// then holds the second, the position to reach. Empty otherwise.
    pub initial_pieces: Vec<PlacedPiece>,
    /// `Stipulation`, as text (`#2`, `h#2.5`, `dia 8.5`).
    pub stipulation: Option<String>,
    /// `SStipulation`, Popeye's structured stipulation, as text after its colour (`SStipulation white 3a[#]d`).
    pub structured_stipulation: Option<(Color, String)>,
    /// `Condition` lines, as text.
    pub conditions: Vec<String>,
    /// `Option` lines, as text, option names written out in English (`nocast a1` is kept as `NoCastling a1`; a
    /// line with a word that names no option is kept as it was). [`ProblemDescription::write`] writes them in the
    /// language of its keywords.
    pub options: Vec<String>,
    /// `Twin` lines, as text (continuation lines joined to their line by a space).
    pub twins: Vec<String>,
    /// Whether the twins start at a `ZeroPosition`: the diagram itself is not a solution, and the first of
    /// `twins` is the `ZeroPosition` line's commands.
    pub zero_position: bool,
    /// `Protocol`: the file Popeye copies its output to.
    pub protocol: Option<String>,
    /// `LaTeX`: the file Popeye writes a LaTeX diagram to.
    pub latex: Option<String>,
    /// `LaTeXPieces` lines (and the piece lines after `LaTeX`): a piece, and its LaTeX abbreviation and name as
    /// text (`DU Grashuepfer`). The piece's code is written in the language of the output.
    pub latex_pieces: Vec<(&'static FairyPiece, String)>,
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

    /// The first condition or attribute, if any: the orthodox position plays no fairy condition, so a problem with
    /// one cannot be played by orthodox rules without changing its meaning.
    fn refuse_conditions(&self) -> Result<(), ProblemError> {
        if let Some(c) = self.conditions.first() {
            return Err(ProblemError::Condition(c.clone()));
        }
        self.refuse_attributes()
    }

    /// The first piece attribute, if any: attributes change the rules as conditions do, and forsyth plays none of
    /// them yet.
    fn refuse_attributes(&self) -> Result<(), ProblemError> {
        for p in &self.pieces {
            if let Some(attribute) = p.attributes.iter().next() {
                return Err(ProblemError::Attribute(*p, attribute));
            }
        }
        Ok(())
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
            turn: match &self.structured_stipulation {
                // A structured stipulation names the side that starts.
                Some((color, _)) => *color,
                None => first_mover(self.stipulation.as_deref(), options.white_to_play),
            },
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
    /// ([`Condition::from_popeye`]) and checked for legality. Refused for a condition forsyth does not play and for
    /// piece attributes.
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
        self.refuse_attributes()?;
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
            pieces.push(PlacedPiece { color: unit.color, kind: entry, square, attributes: Attributes::NONE });
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
}
