//! Writing moves in every style forsyth knows: SAN, localised FIDE algebraic, long algebraic, problem notation and
//! UCI, with any piece letters or figurines. One writer serves all styles so that they share the disambiguation and
//! the check and mate signs.
//!
//! ```
//! use forsyth::{Move, Position, Square};
//! use forsyth::notation::letters::Language;
//! use forsyth::notation::styles::{MoveStyle, MoveWriteOptions, write_move};
//! let pos = Position::default();
//! let e4 = Move::new(Square::E2, Square::E4);
//! let written: Vec<String> = MoveStyle::ALL.iter().map(|&style| write_move(&pos, e4, &MoveWriteOptions::new(style))).collect();
//! assert_eq!(written, ["e4", "e4", "e2-e4", "Pe2-e4", "e2e4"]);
//! let german = MoveWriteOptions::new(MoveStyle::Fide).with_letters(Language::De.into());
//! assert_eq!(write_move(&pos, Move::new(Square::G1, Square::F3), &german), "Sf3");
//! ```

use crate::{CastlingSide, Move, Position, Role, Square};

use super::disambiguation::{Disambiguation, disambiguation};
use super::letters::Letters;
use super::uci::write_uci_into;

pub use super::move_style::{MoveStyle, UnknownStyle};

/// How to write moves: the style, the letters, and the choices a style leaves open.
///
/// ```
/// use forsyth::{Move, Position, Square};
/// use forsyth::notation::letters::{Language, Letters};
/// use forsyth::notation::styles::{MoveStyle, MoveWriteOptions, write_move};
/// let pos = Position::default();
/// let nf3 = Move::new(Square::G1, Square::F3);
/// let german = MoveWriteOptions::new(MoveStyle::Problem).with_letters(Letters::language(Language::De));
/// assert_eq!(write_move(&pos, nf3, &german), "Sg1-f3");
/// assert_eq!(write_move(&pos, nf3, &MoveWriteOptions::new(MoveStyle::Lan)), "Ng1-f3");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveWriteOptions {
    /// The style.
    pub style: MoveStyle,
    /// Piece letters (English by default).
    pub letters: Letters,
    /// The capture sign; `None` for the style's own (`:` in problem notation, `x` elsewhere).
    pub capture: Option<char>,
    /// Mate as `++` (the older FIDE sign) instead of `#`.
    pub double_plus_mate: bool,
    /// UCI castling as king takes rook (`e1h1`) even in standard chess; always so in Chess960 and CRC.
    pub chess960_uci: bool,
}

impl Default for MoveWriteOptions {
    fn default() -> MoveWriteOptions {
        MoveWriteOptions::new(MoveStyle::San)
    }
}

impl MoveWriteOptions {
    /// A style with English letters and its own signs.
    ///
    /// ```
    /// use forsyth::notation::styles::{MoveStyle, MoveWriteOptions, write_move};
    /// use forsyth::{Move, Position, Square};
    /// let m = Move::new(Square::G1, Square::F3);
    /// assert_eq!(write_move(&Position::default(), m, &MoveWriteOptions::new(MoveStyle::Fide)), "Nf3");
    /// assert_eq!(write_move(&Position::default(), m, &MoveWriteOptions::new(MoveStyle::Uci)), "g1f3");
    /// ```
    pub const fn new(style: MoveStyle) -> MoveWriteOptions {
        MoveWriteOptions {
            style,
            letters: Letters::ENGLISH,
            capture: None,
            double_plus_mate: false,
            chess960_uci: false,
        }
    }

    /// The same with other letters.
    ///
    /// ```
    /// use forsyth::notation::letters::Language;
    /// use forsyth::notation::styles::{MoveStyle, MoveWriteOptions, write_move};
    /// use forsyth::{Move, Position, Square};
    /// let german = MoveWriteOptions::new(MoveStyle::Fide).with_letters(Language::De.into());
    /// assert_eq!(write_move(&Position::default(), Move::new(Square::G1, Square::F3), &german), "Sf3");
    /// ```
    pub const fn with_letters(mut self, letters: Letters) -> MoveWriteOptions {
        self.letters = letters;
        self
    }

    /// The capture sign in use.
    ///
    /// ```
    /// use forsyth::notation::styles::{MoveStyle, MoveWriteOptions};
    /// assert_eq!(MoveWriteOptions::new(MoveStyle::Problem).capture_sign(), ':');
    /// assert_eq!(MoveWriteOptions::new(MoveStyle::San).capture_sign(), 'x');
    /// let times = MoveWriteOptions { capture: Some('×'), ..MoveWriteOptions::new(MoveStyle::Lan) };
    /// assert_eq!(times.capture_sign(), '×');
    /// ```
    pub const fn capture_sign(&self) -> char {
        match (self.capture, self.style) {
            (Some(c), _) => c,
            (None, MoveStyle::Problem) => ':',
            (None, _) => 'x',
        }
    }
}

/// The text of a legal move (or the null move) in the given style.
///
/// ```
/// use forsyth::notation::styles::{MoveStyle, MoveWriteOptions, write_move};
/// use forsyth::{Move, Position, Square};
/// // The en-passant capture 3. exd6 in each style.
/// let pos: Position = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3".parse().unwrap();
/// let m = Move::en_passant(Square::E5, Square::D6);
/// let write = |style| write_move(&pos, m, &MoveWriteOptions::new(style));
/// assert_eq!(write(MoveStyle::San), "exd6");
/// assert_eq!(write(MoveStyle::Fide), "exd6 e.p.");
/// assert_eq!(write(MoveStyle::Lan), "e5xd6");
/// assert_eq!(write(MoveStyle::Problem), "Pe5:d6 e.p."); // problem notation names the pawn too
/// assert_eq!(write(MoveStyle::Uci), "e5d6");
/// ```
pub fn write_move(pos: &Position, m: Move, options: &MoveWriteOptions) -> String {
    let mut out = String::with_capacity(12);
    write_move_into(pos, m, options, &mut out);
    out
}

/// Appends the text of a legal move (or the null move) to `out`.
///
/// ```
/// use forsyth::notation::styles::{MoveStyle, MoveWriteOptions, write_move_into};
/// use forsyth::{Move, Position, Square};
/// let mut out = String::from("1.");
/// let long = MoveWriteOptions::new(MoveStyle::Lan);
/// write_move_into(&Position::default(), Move::new(Square::E2, Square::E4), &long, &mut out);
/// assert_eq!(out, "1.e2-e4");
/// ```
pub fn write_move_into(pos: &Position, m: Move, options: &MoveWriteOptions, out: &mut String) {
    if options.style == MoveStyle::Uci {
        push_uci(pos, m, options, out);
        return;
    }
    write_move_giving_check_into(pos, m, options, out);
}

/// The UCI style: `0000` for the null move, Chess960 castling where the options or the variant ask for it.
fn push_uci(pos: &Position, m: Move, options: &MoveWriteOptions, out: &mut String) {
    if m.is_null() {
        out.push_str("0000");
    } else {
        write_uci_into(pos, m, options.chess960_uci || pos.variant().is_shuffle(), out);
    }
}

/// Appends the text of a legal move (or the null move) to `out`, as [`write_move_into`] does, and tells whether
/// the move gives check: the check sign that styles other than UCI write needs the position after the move
/// anyway, so a caller that wants both (a table of moves) need not play the move again.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::styles::{MoveStyle, MoveWriteOptions, write_move_giving_check_into};
/// use forsyth::uci::Uci;
/// let pos: Position = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1".parse()?;
/// let rook_up: Uci = "a1a8".parse()?;
/// let mut out = String::new();
/// let check = write_move_giving_check_into(&pos, rook_up.to_move(&pos)?, &MoveWriteOptions::new(MoveStyle::San), &mut out);
/// assert_eq!((out.as_str(), check), ("Ra8+", true));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_move_giving_check_into(pos: &Position, m: Move, options: &MoveWriteOptions, out: &mut String) -> bool {
    write_move_unsigned_into(pos, m, options, None, out);
    let mut after = *pos;
    after.play_unchecked(m);
    write_move_sign_into(m, &after, options, out)
}

/// Appends the text of a legal move (or the null move) without the sign that the position after it decides (`+`,
/// `#`, `++`, problem notation's `=` for stalemate), which [`write_move_sign_into`] appends: a caller that comes to
/// the position after the move anyway (a reader going through a game) need not play the move once more to write
/// it. `origin`, if given, is how much of its origin the move shows (see [`disambiguation`]), where the caller
/// knows it already: a piece move read from text that names no origin is the only legal move of its kind of piece
/// to its square, and needs [`Disambiguation::None`].
///
/// ```
/// use forsyth::{Move, Position, Square};
/// use forsyth::notation::styles::{MoveStyle, MoveWriteOptions, write_move_sign_into, write_move_unsigned_into};
/// let pos: Position = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1".parse()?;
/// let rook_up = Move::new(Square::A1, Square::A8);
/// let san = MoveWriteOptions::new(MoveStyle::San);
/// let mut out = String::new();
/// write_move_unsigned_into(&pos, rook_up, &san, None, &mut out);
/// assert_eq!(out, "Ra8");
/// let after = pos.after(rook_up)?;
/// assert!(write_move_sign_into(rook_up, &after, &san, &mut out));
/// assert_eq!(out, "Ra8+");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_move_unsigned_into(
    pos: &Position,
    m: Move,
    options: &MoveWriteOptions,
    origin: Option<Disambiguation>,
    out: &mut String,
) {
    let style = options.style;
    if style == MoveStyle::Uci {
        push_uci(pos, m, options, out);
        return;
    }
    if m.is_null() {
        out.push_str("--");
        return;
    }
    let variant = pos.variant();
    let letter = |role: Role| options.letters.letter(role, variant);
    if m.is_castle() {
        let o = if matches!(style, MoveStyle::Fide | MoveStyle::Problem) { '0' } else { 'O' };
        out.push(o);
        out.push('-');
        out.push(o);
        if CastlingSide::of(m.from().file(), m.to().file()) == CastlingSide::QueenSide {
            out.push('-');
            out.push(o);
        }
        return;
    }
    let role = pos.piece_at(m.from()).map_or(Role::Pawn, |p| p.role);
    let capture = m.is_en_passant() || pos.piece_at(m.to()).is_some();
    match style {
        MoveStyle::San | MoveStyle::Fide => {
            if role == Role::Pawn {
                if capture {
                    out.push(m.from().file().char());
                }
            } else {
                out.push(letter(role));
                match origin.unwrap_or_else(|| disambiguation(pos, m, role)) {
                    Disambiguation::None => {}
                    Disambiguation::File => out.push(m.from().file().char()),
                    Disambiguation::Rank => out.push(m.from().rank().char()),
                    Disambiguation::Square => push_square(out, m.from()),
                }
            }
            if capture {
                out.push(options.capture_sign());
            }
            push_square(out, m.to());
            if let Some(promoted) = m.promotion_role() {
                if style == MoveStyle::San {
                    out.push('=');
                }
                out.push(letter(promoted));
            }
        }
        _ => {
            if role != Role::Pawn || style == MoveStyle::Problem {
                out.push(letter(role));
            }
            push_square(out, m.from());
            out.push(if capture { options.capture_sign() } else { '-' });
            push_square(out, m.to());
            if let Some(promoted) = m.promotion_role() {
                out.push('=');
                out.push(letter(promoted));
            }
        }
    }
    if m.is_en_passant() && matches!(style, MoveStyle::Fide | MoveStyle::Problem) {
        out.push_str(" e.p.");
    }
}

/// Appends the sign that ends the text of move `m` as the position `after` it decides — `+` for check, `#` (or
/// `++`) for mate, `=` for stalemate in problem notation; none in UCI or after the null move — and tells whether
/// `after` is check. With [`write_move_unsigned_into`] before it, the same text as [`write_move_into`].
///
/// ```
/// use forsyth::notation::styles::{MoveStyle, MoveWriteOptions, write_move_sign_into};
/// use forsyth::{Move, Position, Square};
/// // After 1. f3 e5 2. g4 Qh4: mate, `#` in SAN and `++` with the older FIDE sign.
/// let after: Position = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse().unwrap();
/// let m = Move::new(Square::D8, Square::H4);
/// let mut out = String::from("Qh4");
/// assert!(write_move_sign_into(m, &after, &MoveWriteOptions::new(MoveStyle::San), &mut out));
/// assert_eq!(out, "Qh4#");
/// let older = MoveWriteOptions { double_plus_mate: true, ..MoveWriteOptions::new(MoveStyle::Fide) };
/// let mut out = String::from("Dh4");
/// write_move_sign_into(m, &after, &older, &mut out);
/// assert_eq!(out, "Dh4++");
/// ```
pub fn write_move_sign_into(m: Move, after: &Position, options: &MoveWriteOptions, out: &mut String) -> bool {
    let style = options.style;
    let check = after.is_check();
    if m.is_null() || style == MoveStyle::Uci {
        return check;
    }
    if check {
        // (Counted: `has_legal_moves` has no quick answer in check, where it would look for checkers twice.)
        if after.count_legal_moves() != 0 {
            out.push('+');
        } else if style == MoveStyle::Fide && options.double_plus_mate {
            out.push_str("++");
        } else {
            out.push('#');
        }
    } else if style == MoveStyle::Problem && !after.has_legal_moves() {
        out.push('=');
    }
    check
}

fn push_square(out: &mut String, sq: Square) {
    out.push(sq.file().char());
    out.push(sq.rank().char());
}
