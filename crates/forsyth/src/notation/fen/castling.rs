//! Castling rights in every dialect: classic FEN (`KQkq`), X-FEN (outermost rook `K`/`Q`, a file letter for an
//! inner one), Shredder-FEN (`HAha`), FRC-FEN (a file letter before `K`/`Q`), and X-FEN's castling-type prefixes
//! `s`/`m`; read in any of them, written in the chosen one.

use std::fmt;
use std::str::FromStr;

use super::fields::*;
use crate::{Board, CastlingPrefix, Color, File, Piece, Rank, Role, Setup, Square, SquareSet, Variant};

/// How castling rights are spelled when writing.
///
/// ```
/// use forsyth::notation::fen::{CastlingStyle, Fen};
/// let fen: Fen = "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1".parse().unwrap();
/// let write = |style| fen.to_string_with(style).unwrap();
/// assert_eq!([write(CastlingStyle::Classic), write(CastlingStyle::Shredder)],
///            ["r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w Ha - 0 1"]);
/// assert_eq!("shredder-fen".parse::<CastlingStyle>().unwrap(), CastlingStyle::Shredder);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingStyle {
    /// `KQkq` only; refuses a right that needs a file letter. Writes no castling-type prefix: classic FEN has
    /// none, so Janus and Embassy positions read back as those variants only when the reader is told the variant
    /// (this is how Fairy-Stockfish and Cute Chess write them).
    Classic,
    /// X-FEN: `K`/`Q` for the outermost rook, the file letter for an inner one (classic FEN for standard chess),
    /// after X-FEN's castling-type prefix (`s` Janus, `m` Embassy) while castling rights remain.
    #[default]
    XFen,
    /// Shredder-FEN: the rooks' file letters, `HAha`.
    Shredder,
}

/// An unknown `--castling` or `--ep` value.
///
/// ```
/// use forsyth::notation::fen::{CastlingStyle, UnknownMode};
/// let err = "lichess".parse::<CastlingStyle>().unwrap_err();
/// assert_eq!(err, UnknownMode { text: "lichess".to_string(), valid: "classic, xfen or shredder" });
/// assert_eq!(err.to_string(), "unknown mode 'lichess' (use classic, xfen or shredder)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMode {
    /// What was given.
    pub text: String,
    /// The valid values.
    pub valid: &'static str,
}

impl UnknownMode {
    /// A stable identifier: `fen.unknown-mode`.
    ///
    /// ```
    /// use forsyth::notation::fen::EpMode;
    /// assert_eq!("sometimes".parse::<EpMode>().unwrap_err().code(), "fen.unknown-mode");
    /// ```
    pub const fn code(&self) -> &'static str {
        "fen.unknown-mode"
    }
}

impl fmt::Display for UnknownMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown mode '{}' (use {})", self.text, self.valid)
    }
}

impl std::error::Error for UnknownMode {}

impl FromStr for CastlingStyle {
    type Err = UnknownMode;
    fn from_str(s: &str) -> Result<CastlingStyle, UnknownMode> {
        match s.to_ascii_lowercase().as_str() {
            "classic" | "fen" => Ok(CastlingStyle::Classic),
            "xfen" | "x-fen" => Ok(CastlingStyle::XFen),
            "shredder" | "shredder-fen" => Ok(CastlingStyle::Shredder),
            _ => Err(UnknownMode { text: s.to_string(), valid: "classic, xfen or shredder" }),
        }
    }
}

/// Whether every castling right has its king and rook on `variant`'s start squares (a fixed-array variant);
/// `king_at` says whether a king of that colour stands on a square.
pub(super) fn castling_fits(rooks: SquareSet, king_at: impl Fn(Color, Square) -> bool, variant: Variant) -> bool {
    let array = variant.start_array().as_bytes();
    let king_file = array.iter().position(|&c| c == b'K').unwrap_or(0);
    let last = array.len() - 1;
    rooks.iter().all(|sq| {
        let color = if sq.rank() == Rank::FIRST { Color::White } else { Color::Black };
        let file = sq.file().index() as usize;
        let king = Square::new(File::new(king_file as u8).unwrap_or(File::A), sq.rank());
        (file == 0 || file == last) && king_at(color, king)
    })
}

/// [`castling_fits`] for a setup.
pub(super) fn setup_castling_fits(setup: &Setup, variant: Variant) -> bool {
    let board = &setup.board;
    let king_at = |color, sq: Square| board.color_bits(color) & board.role_bits(Role::King) & (1 << sq.index()) != 0;
    castling_fits(setup.castling_rooks, king_at, variant)
}

/// Whether both back ranks hold exactly the start array (Black mirroring White).
pub(super) fn back_rank_is(board: &Board, array: &str) -> bool {
    array.bytes().enumerate().all(|(file, letter)| {
        let Some(role) = Role::from_char(letter as char) else { return false };
        let Some(file) = File::new(file as u8) else { return false };
        board.piece_at(Square::new(file, Rank::FIRST)) == Some(Piece::new(Color::White, role))
            && board.piece_at(Square::new(file, Rank::EIGHTH)) == Some(Piece::new(Color::Black, role))
    })
}

pub(super) const fn back_rank(color: Color) -> Rank {
    if color.is_white() { Rank::FIRST } else { Rank::EIGHTH }
}

/// The castling rooks of one colour (those on its back rank).
pub(super) fn rights_of(rooks: SquareSet, color: Color) -> SquareSet {
    let rank = back_rank(color);
    rooks.iter().filter(|sq| sq.rank() == rank).collect()
}

/// The file of `color`'s king on its back rank, if it stands there.
pub(super) fn back_rank_king_file(board: &Board, color: Color) -> Option<u8> {
    let king = Some(Piece::new(color, Role::King));
    (0..board.shape().files())
        .find(|&f| board.piece_at(Square::new(File::new(f).unwrap_or(File::A), back_rank(color))) == king)
}

/// The rooks `K` and `Q` name for `color`: the outermost rook on each side of the king on the back rank, or the
/// corner when there is none (then validation reports the right). Without a king on the back rank, the corners.
pub(super) fn implied_rooks(board: &Board, color: Color) -> (Square, Square) {
    let rank = back_rank(color);
    let files = board.shape().files() as u32;
    let row = |role| {
        let bits = (board.color_bits(color) & board.role_bits(role)) >> (16 * rank.index() as u32);
        bits as u32 & ((1 << files) - 1)
    };
    implied_rooks_on_row(row(Role::Rook), row(Role::King), files, rank)
}

/// [`implied_rooks`] on one back rank, given its rooks and kings of the castling colour as bits by file.
pub(super) fn implied_rooks_on_row(rooks: u32, kings: u32, files: u32, rank: Rank) -> (Square, Square) {
    let square = |f: u32| Square::new(File::new(f as u8).unwrap_or(File::A), rank);
    let corners = (square(files - 1), square(0));
    if kings == 0 {
        return corners;
    }
    let king_file = kings.trailing_zeros();
    let beyond = rooks & !((2 << king_file) - 1);
    let before = rooks & ((1 << king_file) - 1);
    (
        if beyond == 0 { corners.0 } else { square(31 - beyond.leading_zeros()) },
        if before == 0 { corners.1 } else { square(before.trailing_zeros()) },
    )
}

/// Writes the castling letters (no prefix, not `-`): White first; within a colour from the highest file down, so
/// that the kingside right comes first (`KQkq`, `Gkq`, `HAha`).
pub(super) fn write_castling<W: fmt::Write>(
    w: &mut W,
    board: &Board,
    rooks: SquareSet,
    style: CastlingStyle,
) -> fmt::Result {
    for color in Color::ALL {
        let mine = rights_of(rooks, color);
        if mine.is_empty() {
            continue;
        }
        let (k, q) = implied_rooks(board, color);
        let mut files: arrayvec::ArrayVec<Square, 10> = mine.iter().collect();
        files.reverse();
        for sq in files {
            let letter = match style {
                CastlingStyle::Shredder => sq.file().char(),
                _ if sq == k => 'k',
                _ if sq == q => 'q',
                _ => sq.file().char(),
            };
            w.write_char(if color.is_white() { letter.to_ascii_uppercase() } else { letter })?;
        }
    }
    Ok(())
}

pub(super) fn read_castling(
    text: &str,
    start: usize,
    end: usize,
    setup: &mut Setup,
    notes: &mut Notes,
) -> Result<(), FenError> {
    let bytes = &text.as_bytes()[start..end];
    let field = &text[start..end];
    let mut i = 0;
    if bytes.len() > 1
        && let Some(prefix) = CastlingPrefix::from_char(bytes[0] as char)
    {
        setup.castling_prefix = Some(prefix);
        i = 1;
    }
    if &bytes[i..] == b"-" {
        return Ok(());
    }
    let board = &setup.board;
    let files = board.shape().files();
    let implied = [implied_rooks(board, Color::White), implied_rooks(board, Color::Black)];
    let mut rooks = SquareSet::EMPTY;
    let mut classic_order = true;
    let mut last_classic = 0;
    let mut spelling_noted = false;
    while i < bytes.len() {
        let b = bytes[i];
        let color = if b.is_ascii_uppercase() { Color::White } else { Color::Black };
        let lower = b.to_ascii_lowercase();
        let square = match lower {
            b'k' | b'q' => {
                let order = match b {
                    b'K' => 1,
                    b'Q' => 2,
                    b'k' => 3,
                    _ => 4,
                };
                classic_order &= order > last_classic;
                last_classic = order;
                let (k, q) = implied[color.index()];
                if lower == b'k' { k } else { q }
            }
            b'a'..=b'j' => {
                classic_order = false;
                let file = lower - b'a';
                if file >= files {
                    return Err(error(
                        text,
                        start + i,
                        E_CASTLING_FILE,
                        FenField::Castling,
                        field,
                        format!(
                            "'{}' names the {}-file, which a board {files} files wide does not have",
                            b as char, lower as char
                        ),
                    ));
                }
                // mySchach FRC-FEN: a file letter before K or Q names that side's rook. Only a rook on that side
                // of the king: X-FEN's `GQ` (inner rook on g, outermost queenside rook) is two rights.
                let on_side = |side: u8| match back_rank_king_file(board, color) {
                    Some(king) => (side == b'k') == (file > king),
                    None => true,
                };
                if let Some(&next) = bytes.get(i + 1)
                    && matches!(next.to_ascii_lowercase(), b'k' | b'q')
                    && next.is_ascii_uppercase() == b.is_ascii_uppercase()
                    && on_side(next.to_ascii_lowercase())
                {
                    spelling_noted = true;
                    notes.add(
                        N_CASTLING,
                        start + i,
                        FenField::Castling,
                        format!(
                            "mySchach FRC-FEN '{}{}' read as the rook on the {}-file",
                            b as char, next as char, lower as char
                        ),
                    )?;
                    i += 1;
                }
                Square::new(File::new(file).unwrap_or(File::A), back_rank(color))
            }
            _ => {
                let c = char_at(text, start + i);
                let message = if c == '-' {
                    "'-' stands alone, for no castling rights".to_string()
                } else {
                    format!("'{c}' is not a castling letter (use K, Q, k, q, a rook's file letter, or -)")
                };
                return Err(error(text, start + i, E_CASTLING, FenField::Castling, field, message));
            }
        };
        if rooks.contains(square) {
            notes.add(
                N_CASTLING_DUPLICATE,
                start + i,
                FenField::Castling,
                format!("the castling right of the rook on {square} is given twice"),
            )?;
            spelling_noted = true;
        }
        rooks.insert(square);
        i += 1;
    }
    setup.castling_rooks = rooks;
    if !classic_order && !spelling_noted {
        // Not an ordered subset of KQkq: canonical only if it is exactly how X-FEN or Shredder-FEN writes it.
        let letters = &field[usize::from(setup.castling_prefix.is_some())..];
        let spelled = |style| {
            let mut s = String::new();
            let _ = write_castling(&mut s, &setup.board, rooks, style);
            s
        };
        let xfen = spelled(CastlingStyle::XFen);
        if letters != xfen && letters != spelled(CastlingStyle::Shredder) {
            notes.add(
                N_CASTLING,
                start,
                FenField::Castling,
                format!("castling '{letters}' is not in canonical form; X-FEN writes it '{xfen}'"),
            )?;
        }
    }
    Ok(())
}
