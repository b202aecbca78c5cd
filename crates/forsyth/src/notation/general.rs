//! FEN and moves of the general position (fairy pieces, cylinders): FEN read and written with a problem's own
//! letter table, and moves written in every style with the declared letters.
//!
//! ```
//! use forsyth::Topology;
//! use forsyth::notation::general::{read_fen, write_fen, write_general_move};
//! use forsyth::notation::MoveStyle;
//! use forsyth::piece_kind::PieceTable;
//! let mut table = PieceTable::new();
//! table.declare_text("G=grasshopper").unwrap();
//! let pos = read_fen("4k3/8/8/8/8/8/8/G3K3 w - - 0 1", &table, Topology::Plain).unwrap();
//! assert_eq!(write_fen(&pos), "4k3/8/8/8/8/8/8/G3K3 w - - 0 1");
//! let moves: Vec<String> =
//!     pos.legal_moves().unwrap().iter().map(|&m| write_general_move(&pos, m, MoveStyle::San)).collect();
//! assert!(moves.contains(&"Gf1".to_string()));
//! let err = read_fen("4k3/8/8/8/8/8/8/Z3K3 w - - 0 1", &table, Topology::Plain).unwrap_err();
//! assert_eq!((err.code(), err.column), ("fen.general.undeclared-letter", 17));
//! ```

use std::fmt;

use crate::general::{Cell, GeneralError, GeneralMove, GeneralPosition, Grid, Unit};
use crate::piece_kind::{Nature, PieceTable};
use crate::{Color, Topology};

use super::styles::MoveStyle;

/// Why a FEN cannot be read into a general position.
///
/// ```
/// use forsyth::{Topology, notation::general::{GeneralFenErrorKind, read_fen}, piece_kind::PieceTable};
/// let err = read_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 x", &PieceTable::new(), Topology::Plain).unwrap_err();
/// assert_eq!(err.kind, GeneralFenErrorKind::ExtraField);
/// let err = read_fen("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", &PieceTable::new(), Topology::Plain).unwrap_err();
/// assert_eq!(err.kind, GeneralFenErrorKind::EnPassant);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GeneralFenErrorKind {
    /// A letter the table does not know.
    UndeclaredLetter {
        /// The letter.
        letter: char,
        /// The letters declared for this problem.
        declared: Vec<char>,
    },
    /// A character that is neither a letter, a digit, `?` nor `/`.
    BadCharacter(char),
    /// Ranks of different widths, or a board larger than 16 × 16 or empty.
    BoardSize,
    /// A side to move other than `w` or `b`.
    Turn,
    /// A castling field that is not `-`, `KQkq` letters or file letters.
    Castling,
    /// An en-passant field that is not `-` or a square on the board.
    EnPassant,
    /// A clock that is not a number.
    Clock,
    /// Text after the six fields.
    ExtraField,
    /// The position breaks a rule (see [`GeneralError`]).
    Position(GeneralError),
}

/// A FEN that cannot be read into a general position: what and where (column, 1-based).
///
/// ```
/// use forsyth::{Topology, notation::general::{GeneralFenErrorKind, read_fen}, piece_kind::PieceTable};
/// // Ranks of 8 and 9 squares.
/// let err = read_fen("4k3/8/8/8/8/8/9/4K3", &PieceTable::new(), Topology::Plain).unwrap_err();
/// assert_eq!(err.kind, GeneralFenErrorKind::BoardSize);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneralFenError {
    /// What is wrong.
    pub kind: GeneralFenErrorKind,
    /// The column, 1-based, in characters.
    pub column: usize,
}

impl GeneralFenError {
    /// A stable identifier, listed in docs/errors.md.
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let err = read_fen("8/8/8/8/8/8/8/4K3 x - - 0 1", &PieceTable::new(), Topology::Plain).unwrap_err();
    /// assert_eq!((err.code(), err.column), ("fen.general.turn", 19));
    /// ```
    pub fn code(&self) -> &'static str {
        match &self.kind {
            GeneralFenErrorKind::UndeclaredLetter { .. } => "fen.general.undeclared-letter",
            GeneralFenErrorKind::BadCharacter(_) => "fen.general.bad-character",
            GeneralFenErrorKind::BoardSize => "fen.general.board-size",
            GeneralFenErrorKind::Turn => "fen.general.turn",
            GeneralFenErrorKind::Castling => "fen.general.castling",
            GeneralFenErrorKind::EnPassant => "fen.general.ep",
            GeneralFenErrorKind::Clock => "fen.general.clock",
            GeneralFenErrorKind::ExtraField => "fen.general.extra-field",
            GeneralFenErrorKind::Position(e) => e.code(),
        }
    }
}

impl fmt::Display for GeneralFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: ", self.column)?;
        match &self.kind {
            GeneralFenErrorKind::UndeclaredLetter { letter, declared } => {
                let list: Vec<String> = declared.iter().map(char::to_string).collect();
                let declared = if list.is_empty() { "none".to_string() } else { list.join(", ") };
                write!(
                    f,
                    "the piece letter {letter:?} is not declared (declared: {declared}; built in: K Q R B N P A C X ?); \
                     declare it with --piece {}=NAME",
                    letter.to_ascii_uppercase()
                )
            }
            GeneralFenErrorKind::BadCharacter(c) => {
                write!(f, "{c:?} cannot stand in a FEN board; expected a piece letter, a digit, ? or /")
            }
            GeneralFenErrorKind::BoardSize => {
                f.write_str("the ranks differ in width, or the board is empty or wider or taller than 16 squares")
            }
            GeneralFenErrorKind::Turn => f.write_str("the side to move is w or b"),
            GeneralFenErrorKind::Castling => f.write_str("castling rights are -, letters of KQkq, or file letters"),
            GeneralFenErrorKind::EnPassant => f.write_str("the en-passant field is - or a square on the board"),
            GeneralFenErrorKind::Clock => f.write_str("a clock is a number"),
            GeneralFenErrorKind::ExtraField => f.write_str("text after the six FEN fields"),
            GeneralFenErrorKind::Position(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GeneralFenError {}

/// The largest board a FEN may describe, files and ranks: move generation on the general board grows with the
/// square of the number of pieces, so untrusted text is held to boards problem chess uses.
pub const MAX_FEN_SIDE: usize = 16;

/// Reads a FEN (or its board field alone) with a problem's letter table onto a board of the given topology. The
/// board's size is the FEN's (ranks by `/`, files by width, at most [`MAX_FEN_SIDE`] each; counts of empty squares
/// may have two digits). A
/// board-only FEN may hold unknown pieces (`X`, `?`); a full FEN is checked ([`GeneralPosition::validate`]).
///
/// ```
/// use forsyth::{Topology, notation::general::read_fen, piece_kind::PieceTable};
/// // A board-only FEN of 10 files and 2 ranks, with two-digit counts of empty squares.
/// let pos = read_fen("10/k8K", &PieceTable::new(), Topology::Plain).unwrap();
/// assert_eq!((pos.grid().files(), pos.grid().ranks()), (10, 2));
/// ```
pub fn read_fen(text: &str, table: &PieceTable, topology: Topology) -> Result<GeneralPosition, GeneralFenError> {
    let fields: Vec<(usize, &str)> = split_fields(text);
    let err = |kind, column| GeneralFenError { kind, column };
    let Some(&(board_col, board)) = fields.first() else {
        return Err(err(GeneralFenErrorKind::BoardSize, 1));
    };
    // Parse the ranks, top first.
    let mut rows: Vec<Vec<Option<Unit>>> = vec![Vec::new()];
    let chars: Vec<char> = board.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = board_col + i;
        let row = rows.last_mut().expect("one row at least");
        if c == '/' {
            rows.push(Vec::new());
        } else if c.is_ascii_digit() && c != '0' {
            let mut n = c.to_digit(10).expect("digit") as usize;
            if let Some(d) = chars.get(i + 1).and_then(|c| c.to_digit(10)) {
                n = n * 10 + d as usize;
                i += 1;
            }
            if row.len() + n > MAX_FEN_SIDE {
                return Err(err(GeneralFenErrorKind::BoardSize, column));
            }
            row.extend(std::iter::repeat_n(None, n));
        } else if c.is_ascii_alphabetic() || c == '?' {
            let Some(kind) = table.index_of(c) else {
                let declared = table.declared().to_vec();
                return Err(err(GeneralFenErrorKind::UndeclaredLetter { letter: c, declared }, column));
            };
            let color = if c.is_ascii_lowercase() { Color::Black } else { Color::White };
            if row.len() >= MAX_FEN_SIDE {
                return Err(err(GeneralFenErrorKind::BoardSize, column));
            }
            row.push(Some(Unit { color, kind: kind as u8 }));
        } else {
            return Err(err(GeneralFenErrorKind::BadCharacter(c), column));
        }
        if rows.len() > MAX_FEN_SIDE {
            return Err(err(GeneralFenErrorKind::BoardSize, column));
        }
        i += 1;
    }
    let width = rows[0].len();
    if let Some(bad) = rows.iter().position(|r| r.len() != width) {
        let column = board_col + board.split('/').take(bad).map(|r| r.chars().count() + 1).sum::<usize>();
        return Err(err(GeneralFenErrorKind::BoardSize, column));
    }
    let grid = Grid::new(width as u8, rows.len() as u8, topology)
        .ok_or_else(|| err(GeneralFenErrorKind::BoardSize, board_col))?;
    let mut pos = GeneralPosition::empty(grid, table.clone());
    for (r, row) in rows.iter().rev().enumerate() {
        for (f, unit) in row.iter().enumerate() {
            pos.put(grid.cell(f as u8, r as u8), *unit);
        }
    }
    if fields.len() == 1 {
        return Ok(pos);
    }
    if let Some(&(col, turn)) = fields.get(1) {
        let turn = match turn {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(err(GeneralFenErrorKind::Turn, col)),
        };
        pos.set_turn(turn);
    }
    if let Some(&(col, castling)) = fields.get(2)
        && castling != "-"
    {
        for (k, c) in castling.chars().enumerate() {
            let rook = castling_rook(&pos, c).ok_or_else(|| err(GeneralFenErrorKind::Castling, col + k))?;
            pos.add_castling(rook);
        }
    }
    if let Some(&(col, ep)) = fields.get(3)
        && ep != "-"
    {
        let cell = grid.parse(ep).ok_or_else(|| err(GeneralFenErrorKind::EnPassant, col))?;
        pos.set_ep(Some(cell));
    }
    let clock = |k: usize, default: u32| -> Result<u32, GeneralFenError> {
        match fields.get(k) {
            None => Ok(default),
            Some(&(col, text)) => text.parse::<u32>().map_err(|_| err(GeneralFenErrorKind::Clock, col)),
        }
    };
    let (halfmoves, fullmoves) = (clock(4, 0)?, clock(5, 1)?);
    pos.set_clocks(halfmoves, fullmoves);
    if let Some(&(col, _)) = fields.get(6) {
        return Err(err(GeneralFenErrorKind::ExtraField, col));
    }
    pos.validate().map_err(|e| err(GeneralFenErrorKind::Position(e), board_col))?;
    Ok(pos)
}

/// The fields of a FEN with their columns (1-based).
fn split_fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (column, (byte, c)) in (1..).zip(text.char_indices()) {
        if c.is_whitespace() {
            if let Some((col, b)) = start.take() {
                out.push((col, &text[b..byte]));
            }
        } else if start.is_none() {
            start = Some((column, byte));
        }
    }
    if let Some((col, b)) = start {
        out.push((col, &text[b..]));
    }
    out
}

/// The rook of a castling letter: `K`/`Q` the outermost rook on that side of the king, a file letter that file's.
fn castling_rook(pos: &GeneralPosition, c: char) -> Option<Cell> {
    let grid = pos.grid();
    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
    let back = if color == Color::White { 0 } else { grid.ranks() - 1 };
    let is_rook = |cell: Cell| {
        pos.at(cell).is_some_and(|u| u.color == color && pos.table().kind(u.kind as usize).name() == "rook")
    };
    let king = (0..grid.files()).map(|f| grid.cell(f, back)).find(|&cell| {
        pos.at(cell).is_some_and(|u| u.color == color && pos.table().kind(u.kind as usize).nature() == Nature::King)
    })?;
    let king_file = grid.file_of(king);
    let rook = match c.to_ascii_lowercase() {
        'k' => (king_file + 1..grid.files()).rev().map(|f| grid.cell(f, back)).find(|&c| is_rook(c)),
        'q' => (0..king_file).map(|f| grid.cell(f, back)).find(|&c| is_rook(c)),
        f @ 'a'..='z' => {
            Some(grid.cell(f as u8 - b'a', back)).filter(|&c| grid.file_of(c) < grid.files() && is_rook(c))
        }
        _ => None,
    }?;
    Some(rook)
}

/// The FEN of a general position with its table's letters (`K`/`Q` castling for the outermost rooks, file
/// letters otherwise).
///
/// ```
/// use forsyth::{Topology, notation::general::{read_fen, write_fen}, piece_kind::PieceTable};
/// let fen = "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 3 20";
/// let pos = read_fen(fen, &PieceTable::new(), Topology::Plain).unwrap();
/// assert_eq!(write_fen(&pos), fen);
/// ```
pub fn write_fen(pos: &GeneralPosition) -> String {
    let mut out = write_board(pos);
    let grid = pos.grid();
    out.push(' ');
    out.push(if pos.turn() == Color::White { 'w' } else { 'b' });
    out.push(' ');
    let mut castling = String::new();
    for color in [Color::White, Color::Black] {
        let back = if color == Color::White { 0 } else { grid.ranks() - 1 };
        let case = |c: char| if color == Color::White { c.to_ascii_uppercase() } else { c };
        let outer = [case('k'), case('q')].map(|c| (c, castling_rook(pos, c)));
        for (c, rook) in outer {
            if rook.is_some_and(|r| pos.castling().contains(&r)) {
                castling.push(c);
            }
        }
        // A right belongs to the side whose rook it names: on a board of one rank both back ranks are the same.
        let owns = |rook: Cell| pos.at(rook).is_some_and(|u| u.color == color);
        for &rook in pos.castling() {
            if grid.rank_of(rook) == back && owns(rook) && outer.iter().all(|&(_, r)| r != Some(rook)) {
                castling.push(case(char::from(b'a' + grid.file_of(rook))));
            }
        }
    }
    out.push_str(if castling.is_empty() { "-" } else { &castling });
    out.push(' ');
    out.push_str(&pos.ep().map_or("-".to_string(), |c| grid.name(c)));
    let (halfmoves, fullmoves) = pos.clocks();
    out.push_str(&format!(" {halfmoves} {fullmoves}"));
    out
}

/// The board field alone.
///
/// ```
/// use forsyth::{Topology, notation::general::{read_fen, write_board}, piece_kind::PieceTable};
/// let pos = read_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
/// assert_eq!(write_board(&pos), "4k3/8/8/8/8/8/8/4K3");
/// ```
pub fn write_board(pos: &GeneralPosition) -> String {
    let grid = pos.grid();
    let mut out = String::new();
    for r in (0..grid.ranks()).rev() {
        let mut empty = 0;
        for f in 0..grid.files() {
            match pos.at(grid.cell(f, r)) {
                None => empty += 1,
                Some(u) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(letter_of(pos, u));
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if r > 0 {
            out.push('/');
        }
    }
    out
}

/// A piece's FEN letter: uppercase for White.
///
/// ```
/// use forsyth::{Topology, notation::general::{letter_of, read_fen}, piece_kind::PieceTable};
/// let mut table = PieceTable::new();
/// table.declare_text("G=grasshopper").unwrap();
/// let pos = read_fen("4k3/8/8/8/8/8/8/G3K3 w - - 0 1", &table, Topology::Plain).unwrap();
/// let at = |file, rank| pos.at(pos.grid().cell(file, rank)).unwrap();
/// assert_eq!((letter_of(&pos, at(0, 0)), letter_of(&pos, at(4, 7))), ('G', 'k'));
/// ```
pub fn letter_of(pos: &GeneralPosition, unit: Unit) -> char {
    let letter = pos.table().letter(unit.kind as usize);
    if unit.color == Color::White { letter } else { letter.to_ascii_lowercase() }
}

/// A move of a general position in a style: SAN (and FIDE alike) `Gf1`, `exd5`, `e8=G`, `O-O`; long `Ga1-f1`,
/// `Ga1xf1`; problem `Ga1-f1`, `Ga1:f1`; UCI `a1f1`, `e7e8g`. A capture elsewhere than the target (the locust,
/// en passant) is written in long and problem styles with both squares: `Ld4xd5-d6`. Check and mate signs follow
/// SAN, long and problem moves.
///
/// ```
/// use forsyth::{Topology, notation::MoveStyle, notation::general::{read_fen, write_general_move}};
/// use forsyth::piece_kind::PieceTable;
/// let pos = read_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
/// let grid = pos.grid();
/// let mv = *pos.legal_moves().unwrap().iter().find(|m| grid.name(m.to) == "a8").unwrap();
/// let write = |style| write_general_move(&pos, mv, style);
/// assert_eq!([write(MoveStyle::San), write(MoveStyle::Lan), write(MoveStyle::Uci)], ["Ra8+", "Ra1-a8+", "a1a8"]);
/// ```
pub fn write_general_move(pos: &GeneralPosition, mv: GeneralMove, style: MoveStyle) -> String {
    let grid = pos.grid();
    let name = |c: Cell| grid.name(c);
    let unit = pos.at(mv.from);
    let kind = unit.map(|u| pos.table().kind(u.kind as usize));
    let pawn = kind.is_some_and(|k| matches!(k.nature(), Nature::Pawn | Nature::BerolinaPawn));
    let letter = unit.map_or('?', |u| pos.table().letter(u.kind as usize));
    let promotion = mv.promotion.map(|k| pos.table().letter(k as usize));
    if style == MoveStyle::Uci {
        let mut s = format!("{}{}", name(mv.from), name(mv.to));
        if let Some(p) = promotion {
            s.push(p.to_ascii_lowercase());
        }
        return s;
    }
    let capture_sign = if style == MoveStyle::Problem { ':' } else { 'x' };
    let mut s = String::new();
    if let Some(rook) = mv.castle_rook {
        s.push_str(if grid.file_of(rook) > grid.file_of(mv.from) { "O-O" } else { "O-O-O" });
    } else if matches!(style, MoveStyle::San | MoveStyle::Fide) {
        if pawn {
            if mv.capture.is_some() || pawn_ambiguous(pos, mv) {
                s.push(char::from(b'a' + grid.file_of(mv.from)));
            }
        } else {
            s.push(letter);
            s.push_str(&disambiguate(pos, mv));
        }
        if mv.capture.is_some() {
            s.push('x');
        }
        s.push_str(&name(mv.to));
    } else {
        if !pawn {
            s.push(letter);
        }
        s.push_str(&name(mv.from));
        match mv.capture {
            Some(c) if c != mv.to => {
                s.push(capture_sign);
                s.push_str(&name(c));
                s.push('-');
            }
            Some(_) => s.push(capture_sign),
            None => s.push('-'),
        }
        s.push_str(&name(mv.to));
    }
    if let Some(p) = promotion {
        s.push('=');
        s.push(p);
    }
    if let Ok(after) = pos.played(mv)
        && after.is_check()
    {
        let mate = after.legal_moves().is_ok_and(|m| m.is_empty());
        s.push(if mate { '#' } else { '+' });
    }
    s
}

/// File, rank or both of the origin, when another piece of the same kind and colour can go to the same square.
fn disambiguate(pos: &GeneralPosition, mv: GeneralMove) -> String {
    let grid = pos.grid();
    let Ok(moves) = pos.legal_moves() else { return String::new() };
    let same = |m: &&GeneralMove| {
        m.to == mv.to && m.from != mv.from && m.capture == mv.capture && pos.at(m.from) == pos.at(mv.from)
    };
    let rivals: Vec<&GeneralMove> = moves.iter().filter(same).collect();
    if rivals.is_empty() {
        return String::new();
    }
    let file = |c: Cell| char::from(b'a' + grid.file_of(c));
    if rivals.iter().all(|m| grid.file_of(m.from) != grid.file_of(mv.from)) {
        file(mv.from).to_string()
    } else if rivals.iter().all(|m| grid.rank_of(m.from) != grid.rank_of(mv.from)) {
        (grid.rank_of(mv.from) + 1).to_string()
    } else {
        grid.name(mv.from)
    }
}

/// Whether another pawn of the same kind can make a non-capturing move to the same square (Berolina pawns).
fn pawn_ambiguous(pos: &GeneralPosition, mv: GeneralMove) -> bool {
    pos.legal_moves().is_ok_and(|moves| {
        moves
            .iter()
            .any(|m| m.to == mv.to && m.from != mv.from && m.capture.is_none() && pos.at(m.from) == pos.at(mv.from))
    })
}

/// Finds the legal move a text names, in any style [`write_general_move`] writes (check signs optional).
///
/// ```
/// use forsyth::{Topology, notation::general::{read_fen, read_general_move}, piece_kind::PieceTable};
/// let pos = read_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
/// let mv = read_general_move(&pos, "Ra8+").unwrap();
/// assert_eq!((pos.grid().name(mv.from), pos.grid().name(mv.to)), ("a1".to_string(), "a8".to_string()));
/// assert_eq!(read_general_move(&pos, "a1a8"), Ok(mv));
/// assert_eq!(read_general_move(&pos, "Ra1-b2").unwrap_err().code(), "move.illegal");
/// ```
pub fn read_general_move(pos: &GeneralPosition, text: &str) -> Result<GeneralMove, GeneralError> {
    let wanted = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let moves = pos.legal_moves()?;
    for style in [MoveStyle::Uci, MoveStyle::San, MoveStyle::Lan, MoveStyle::Problem] {
        if let Some(&mv) =
            moves.iter().find(|&&m| write_general_move(pos, m, style).trim_end_matches(['+', '#']) == wanted)
        {
            return Ok(mv);
        }
    }
    Err(GeneralError::IllegalMove { text: text.to_string() })
}
