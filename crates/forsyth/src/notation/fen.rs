//! The FEN family: classic FEN, X-FEN and Shredder-FEN, on 8×8 and 10×8 boards.
//!
//! (Minimal reader and writer of the core; the FEN issue extends it with exact errors and every writing mode.)

use std::fmt;
use std::str::FromStr;

use crate::{
    Board, BoardShape, CastlingSide, Color, File, Piece, Position, PositionError, Rank, Role, Setup, Square, Variant,
};

/// A parsed FEN: the setup it describes.
///
/// ```
/// use forsyth::notation::fen::Fen;
/// let fen: Fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2".parse().unwrap();
/// assert_eq!(fen.setup.fullmoves, 2);
/// assert_eq!(fen.to_string(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fen {
    /// What the FEN describes.
    pub setup: Setup,
}

/// A FEN that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// 1-based column of the offending text.
    pub column: usize,
    /// What is wrong and what would be right.
    pub message: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for FenError {}

/// A FEN that reads but describes no legal position, or cannot be read at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// The text is not a FEN.
    Syntax(FenError),
    /// The position breaks the rules.
    Position(PositionError),
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Syntax(e) => e.fmt(f),
            ParseFenError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseFenError {}

fn err(column: usize, message: impl Into<String>) -> FenError {
    FenError { column, message: message.into() }
}

impl Fen {
    /// Reads a FEN (board, and optionally side to move, castling, en passant and clocks).
    pub fn parse(text: &str) -> Result<Fen, FenError> {
        let mut fields = Vec::new();
        let mut start = None;
        for (i, c) in text.char_indices() {
            if c.is_whitespace() {
                if let Some(s) = start.take() {
                    fields.push((s, &text[s..i]));
                }
            } else if start.is_none() {
                start = Some(i);
            }
        }
        if let Some(s) = start {
            fields.push((s, &text[s..]));
        }
        let Some(&(board_col, board_text)) = fields.first() else {
            return Err(err(1, "empty FEN: expected a board such as rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"));
        };
        let board = parse_board(board_text, board_col)?;
        let mut setup = Setup::empty(board.shape());
        setup.board = board;
        if let Some(&(col, t)) = fields.get(1) {
            setup.turn = match t {
                "w" | "W" => Color::White,
                "b" | "B" => Color::Black,
                _ => return Err(err(col + 1, format!("side to move '{t}': expected w or b"))),
            };
        }
        if let Some(&(col, t)) = fields.get(2) {
            setup.castling_rooks = parse_castling(&setup.board, t, col)?;
        }
        if let Some(&(col, t)) = fields.get(3) {
            setup.ep_square = match t {
                "-" => None,
                _ => Some(
                    Square::from_ascii(t.as_bytes())
                        .ok_or_else(|| err(col + 1, format!("en-passant square '{t}': expected a square or -")))?,
                ),
            };
        }
        if let Some(&(col, t)) = fields.get(4) {
            setup.halfmoves =
                t.parse().map_err(|_| err(col + 1, format!("half-move clock '{t}': expected a number")))?;
        }
        if let Some(&(col, t)) = fields.get(5) {
            setup.fullmoves = t.parse().map_err(|_| err(col + 1, format!("move number '{t}': expected a number")))?;
        }
        if let Some(&(col, t)) = fields.get(6) {
            return Err(err(col + 1, format!("unexpected text '{t}' after the six FEN fields")));
        }
        Ok(Fen { setup })
    }

    /// The FEN of a position (X-FEN castling, en-passant square after every double step).
    pub fn from_position(pos: &Position) -> Fen {
        Fen { setup: pos.to_setup() }
    }

    /// The variant a FEN most likely belongs to: 10×8 boards by their pieces, 8×8 boards by whether their
    /// castling rights need Chess960.
    pub fn infer_variant(&self) -> Variant {
        let setup = &self.setup;
        match setup.board.shape() {
            BoardShape::Standard => {
                let standard = setup.castling_rooks.iter().all(|sq| {
                    matches!(sq.file(), File::A | File::H)
                        && setup
                            .board
                            .king(if sq.rank() == Rank::FIRST { Color::White } else { Color::Black })
                            .is_some_and(|k| k.file() == File::E)
                });
                if standard { Variant::Standard } else { Variant::Chess960 }
            }
            BoardShape::Wide => Variant::Capablanca,
        }
    }

    /// The position, in `variant` or the inferred one.
    pub fn position(&self, variant: Option<Variant>) -> Result<Position, PositionError> {
        Position::from_setup(&self.setup, variant.unwrap_or_else(|| self.infer_variant()))
    }
}

fn parse_board(text: &str, offset: usize) -> Result<Board, FenError> {
    let text = text.trim_start_matches('[').trim_end_matches(']');
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(err(offset + 1, format!("the board has {} ranks; it needs 8 separated by /", ranks.len())));
    }
    let width = |r: &str| {
        let mut w = 0usize;
        let mut digits = 0usize;
        for c in r.chars() {
            if let Some(d) = c.to_digit(10) {
                digits = digits * 10 + d as usize;
            } else {
                w += digits + 1;
                digits = 0;
            }
        }
        w + digits
    };
    let files = width(ranks[0]);
    let shape = BoardShape::from_files(files)
        .ok_or_else(|| err(offset + 1, format!("rank 8 has {files} squares; boards have 8 or 10 files")))?;
    let mut board = Board::empty(shape);
    let mut col = offset;
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = Rank::new(7 - i as u8).expect("eight ranks");
        let mut file = 0usize;
        let mut digits = String::new();
        for c in rank_text.chars() {
            col += 1;
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                file += digits.parse::<usize>().unwrap_or(0);
                digits.clear();
            }
            let piece = Piece::from_char(c).ok_or_else(|| err(col, format!("'{c}' is not a piece letter")))?;
            if file >= files {
                return Err(err(col, format!("rank {} has more than {files} squares", rank.char())));
            }
            board.set(Square::new(File::new(file as u8).expect("checked"), rank), Some(piece));
            file += 1;
        }
        if !digits.is_empty() {
            file += digits.parse::<usize>().unwrap_or(0);
        }
        if file != files {
            return Err(err(col, format!("rank {} has {file} squares; it needs {files}", rank.char())));
        }
        col += 1;
    }
    Ok(board)
}

fn parse_castling(board: &Board, text: &str, offset: usize) -> Result<crate::SquareSet, FenError> {
    let mut rooks = crate::SquareSet::EMPTY;
    if text == "-" {
        return Ok(rooks);
    }
    for (i, c) in text.char_indices() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let rank = if color.is_white() { Rank::FIRST } else { Rank::EIGHTH };
        let rook = Piece::new(color, Role::Rook);
        let king = board.king(color);
        let col = offset + i + 1;
        let found = match c.to_ascii_lowercase() {
            'k' | 'q' => {
                let side = if c.eq_ignore_ascii_case(&'k') { CastlingSide::KingSide } else { CastlingSide::QueenSide };
                let files: Vec<u8> = match side {
                    CastlingSide::KingSide => (0..board.shape().files()).rev().collect(),
                    CastlingSide::QueenSide => (0..board.shape().files()).collect(),
                };
                let king_file = king.map(|k| k.file().index());
                files
                    .into_iter()
                    .map(|f| Square::new(File::new(f).expect("on board"), rank))
                    .take_while(|sq| Some(sq.file().index()) != king_file)
                    .find(|sq| board.piece_at(*sq) == Some(rook))
            }
            f @ 'a'..='j' => Some(Square::new(File::from_char(f).expect("a-j"), rank)),
            _ => {
                return Err(err(
                    col,
                    format!("'{c}' is not a castling letter (use K, Q, k, q, a rook's file letter, or -)"),
                ));
            }
        };
        match found {
            Some(sq) => rooks.insert(sq),
            None => return Err(err(col, format!("'{c}': no {} rook to castle with on that side", color))),
        }
    }
    Ok(rooks)
}

impl FromStr for Fen {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Fen, FenError> {
        Fen::parse(s)
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let setup = &self.setup;
        let board = &setup.board;
        let files = board.shape().files();
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..files {
                let sq = Square::new(File::new(file).expect("file"), Rank::new(rank).expect("rank"));
                match board.piece_at(sq) {
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", p.char())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {} ", setup.turn.fen_char())?;
        let mut castling = String::new();
        for color in Color::ALL {
            let king = board.king(color);
            let mut mine: Vec<Square> = setup
                .castling_rooks
                .iter()
                .filter(|sq| sq.rank() == if color.is_white() { Rank::FIRST } else { Rank::EIGHTH })
                .collect();
            mine.sort_by_key(|sq| std::cmp::Reverse(sq.file()));
            for sq in mine {
                let side = king.map_or(CastlingSide::KingSide, |k| CastlingSide::of(k.file(), sq.file()));
                // X-FEN: K/Q for the outermost rook on its side, the file letter for an inner one.
                let outer = match (side, king) {
                    (CastlingSide::KingSide, Some(k)) => !board.pieces().any(|(s, p)| {
                        p == Piece::new(color, Role::Rook)
                            && s.rank() == sq.rank()
                            && s.file() > sq.file()
                            && s.file() > k.file()
                    }),
                    (CastlingSide::QueenSide, Some(k)) => !board.pieces().any(|(s, p)| {
                        p == Piece::new(color, Role::Rook)
                            && s.rank() == sq.rank()
                            && s.file() < sq.file()
                            && s.file() < k.file()
                    }),
                    _ => false,
                };
                let c = if outer { if side == CastlingSide::KingSide { 'k' } else { 'q' } } else { sq.file().char() };
                castling.push(if color.is_white() { c.to_ascii_uppercase() } else { c });
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        write!(f, "{castling} ")?;
        match setup.ep_square {
            Some(sq) => write!(f, "{sq}")?,
            None => f.write_str("-")?,
        }
        write!(f, " {} {}", setup.halfmoves, setup.fullmoves)
    }
}
