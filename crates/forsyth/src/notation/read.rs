//! Reading moves: one lenient reader for every style and language, told the language, and a strict mode that
//! accepts only the canonical text of one style.
//!
//! The reader takes what people and programs write: SAN, FIDE algebraic with local letters, long algebraic,
//! problem notation, figurines and UCI. Castling with `O` or `0`, hyphen or en dash; `x`, `:`, `×` or nothing for a
//! capture; `-` between squares; an optional pawn letter; promotion as `=Q`, `Q`, `(Q)`, `/Q` in any case;
//! `e.p.` with or without spaces; the suffixes `+ ++ # = ! ? !! ?? !? ?!` and the draw offer `(=)`; over-specified
//! origins; missing or wrong check signs; null moves `--`, `Z0`, `0000`; UCI castling either way, and castling
//! as the king's move to its square (`Ke1-g1`, `Kg1`).
//!
//! ```
//! use forsyth::Position;
//! use forsyth::notation::letters::{Language, Letters};
//! use forsyth::notation::read::{MoveReadOptions, parse_move};
//! let pos = Position::default();
//! let read = parse_move(&pos, "Nf3!?", &MoveReadOptions::default()).unwrap();
//! assert_eq!(read.mv.to_string(), "g1f3");
//! assert_eq!(read.nag, Some(5));
//! let german = MoveReadOptions { letters: Letters::language(Language::De), ..MoveReadOptions::default() };
//! assert_eq!(parse_move(&pos, "Sg1-f3", &german).unwrap().mv.to_string(), "g1f3");
//! let err = parse_move(&pos, "Nf6", &MoveReadOptions::default()).unwrap_err();
//! assert_eq!(err.to_string(), "'Nf6': no white knight can reach f6");
//! assert_eq!(err.code(), "move.unreachable");
//! ```
//!
//! Speed: reading works on bytes and resolves the move from its destination with
//! [`Position::legal_moves_of`]; it allocates nothing unless the move is refused. Plain SAN, what PGN files hold,
//! is read in one pass before the general tokenizer.

use std::fmt;

use crate::{CastlingSide, Color, File, IllegalReason, Move, MoveKind, Position, Rank, Role, Square, SquareSet};

use super::disambiguation::{self, Disambiguation};
use super::error::{MoveError, MoveErrorKind};
use super::letters::Letters;
use super::styles::{MoveStyle, MoveWriteOptions, write_move};

/// How to read moves.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::{MoveReadOptions, MoveStyle, parse_move};
/// let options = MoveReadOptions { style: MoveStyle::Lan, ..MoveReadOptions::default() };
/// assert!(!options.strict);
/// assert_eq!(parse_move(&Position::default(), "Nf3", &options).unwrap().mv.to_string(), "g1f3");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct MoveReadOptions {
    /// The piece letters of the text's language (English by default). Figurines are always read.
    pub letters: Letters,
    /// Accept only the canonical text of `style` (assessment glyphs and a draw offer may follow).
    pub strict: bool,
    /// The style strict mode demands, and the one error messages suggest moves in.
    pub style: MoveStyle,
}

impl MoveReadOptions {
    /// Lenient reading in these letters.
    ///
    /// ```
    /// use forsyth::Position;
    /// use forsyth::notation::{Language, Letters, MoveReadOptions, parse_move};
    /// // German letters: S is the knight (Springer), L the bishop (Läufer).
    /// let options = MoveReadOptions::with_letters(Letters::language(Language::De));
    /// assert_eq!(parse_move(&Position::default(), "Sf3", &options).unwrap().mv.to_string(), "g1f3");
    /// assert!(parse_move(&Position::default(), "Nf3", &options).is_err());
    /// ```
    pub const fn with_letters(letters: Letters) -> MoveReadOptions {
        MoveReadOptions { letters, strict: false, style: MoveStyle::San }
    }

    /// Strict reading of one style in these letters.
    ///
    /// ```
    /// use forsyth::Position;
    /// use forsyth::notation::{Letters, MoveReadOptions, MoveStyle, parse_move};
    /// let pos = Position::default();
    /// let options = MoveReadOptions::strict(MoveStyle::San, Letters::default());
    /// assert_eq!(parse_move(&pos, "Nf3", &options).unwrap().mv.to_string(), "g1f3");
    /// assert_eq!(parse_move(&pos, "Ng1-f3", &options).unwrap_err().code(), "move.not-canonical");
    /// ```
    pub const fn strict(style: MoveStyle, letters: Letters) -> MoveReadOptions {
        MoveReadOptions { letters, strict: true, style }
    }

    fn write_options(&self) -> MoveWriteOptions {
        MoveWriteOptions::new(self.style).with_letters(self.letters)
    }
}

/// Things the lenient reader accepted that canonical SAN writes differently.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::{MoveReadOptions, Normalised, parse_move};
/// let read = parse_move(&Position::default(), "Ng1f3", &MoveReadOptions::default()).unwrap();
/// assert_eq!(read.normalised, Normalised::OVERSPECIFIED);
/// assert_eq!(read.normalised.to_string(), "over-specified origin");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Normalised(u16);

impl Normalised {
    /// Nothing: the text was already in SAN's form (check signs aside, which only strict mode verifies).
    pub const NONE: Normalised = Normalised(0);
    /// Castling written with zeros or a dash other than `-`.
    pub const CASTLING_FORM: Normalised = Normalised(1);
    /// A capture written with `:` or `×`.
    pub const CAPTURE_SIGN: Normalised = Normalised(1 << 1);
    /// A capture written without a sign.
    pub const MISSING_CAPTURE_SIGN: Normalised = Normalised(1 << 2);
    /// The origin shown where it was not needed, or more of it than needed (`Ng1f3`, `Ng1-f3`, `e2e4`).
    pub const OVERSPECIFIED: Normalised = Normalised(1 << 3);
    /// A pawn letter.
    pub const PAWN_LETTER: Normalised = Normalised(1 << 4);
    /// Promotion written other than `=Q`.
    pub const PROMOTION_FORM: Normalised = Normalised(1 << 5);
    /// An `e.p.` mark.
    pub const EN_PASSANT_MARK: Normalised = Normalised(1 << 6);
    /// A figurine.
    pub const FIGURINE: Normalised = Normalised(1 << 7);
    /// A null move written other than `--`.
    pub const NULL_FORM: Normalised = Normalised(1 << 8);
    /// Mate written `++`, or stalemate marked `=`.
    pub const ENDING_SIGN: Normalised = Normalised(1 << 9);

    const NAMES: [&'static str; 10] = [
        "castling form",
        "capture sign",
        "missing capture sign",
        "over-specified origin",
        "pawn letter",
        "promotion form",
        "e.p. mark",
        "figurine",
        "null move form",
        "mate or stalemate sign",
    ];

    /// Whether every flag of `other` is set.
    ///
    /// ```
    /// use forsyth::Position;
    /// use forsyth::notation::{MoveReadOptions, Normalised, parse_move};
    /// let pos: Position = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1".parse().unwrap();
    /// let read = parse_move(&pos, "Pe4:d5", &MoveReadOptions::default()).unwrap();
    /// assert!(read.normalised.contains(Normalised::PAWN_LETTER));
    /// assert!(read.normalised.contains(Normalised::CAPTURE_SIGN));
    /// assert!(!read.normalised.contains(Normalised::FIGURINE));
    /// ```
    pub const fn contains(self, other: Normalised) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether nothing was normalised.
    ///
    /// ```
    /// use forsyth::Position;
    /// use forsyth::notation::{MoveReadOptions, parse_move};
    /// let read = |text| parse_move(&Position::default(), text, &MoveReadOptions::default()).unwrap().normalised;
    /// assert!(read("Nf3").is_empty());
    /// assert!(!read("♘f3").is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    fn insert(&mut self, other: Normalised) {
        self.0 |= other.0;
    }
}

/// The names of the flags, separated by commas.
impl fmt::Display for Normalised {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (i, name) in Normalised::NAMES.iter().enumerate() {
            if self.0 & (1 << i) != 0 {
                if !first {
                    f.write_str(", ")?;
                }
                f.write_str(name)?;
                first = false;
            }
        }
        Ok(())
    }
}

/// A move read from text, with what surrounded it.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::{MoveReadOptions, parse_move};
/// let read = parse_move(&Position::default(), "e4!(=)", &MoveReadOptions::default()).unwrap();
/// assert_eq!((read.mv.to_string(), read.nag, read.draw_offer), ("e2e4".to_string(), Some(1), true));
/// assert!(read.normalised.is_empty());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ReadMove {
    /// The legal move ([`Move::NULL`] for a null move).
    pub mv: Move,
    /// The numeric annotation glyph of an assessment sign after the move (a move carries at most one): `!` 1,
    /// `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6.
    pub nag: Option<u8>,
    /// A draw offer `(=)` followed the move (FIDE Appendix E, E13).
    pub draw_offer: bool,
    /// What the lenient reader changed to reach canonical SAN.
    pub normalised: Normalised,
}

/// The shape of the text before it meets the position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
enum Form {
    #[default]
    Piece,
    Castle(CastlingSide),
    Null,
}

/// A move as written: everything the tokenizer found, nothing resolved yet.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Parsed {
    form: Form,
    role: Option<Role>,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    /// The destination (set whenever `form` is `Piece`). Not an `Option`: reading a byte-written `Option` back
    /// as a wider word stalled store forwarding on the hot path.
    to: Square,
    capture: bool,
    captured: Option<Role>,
    promotion: Option<Role>,
    en_passant: bool,
    nag: u8,
    draw_offer: bool,
    normalised: Normalised,
    /// Where assessment glyphs or a draw offer begin (strict mode compares the text before).
    annotation_start: usize,
}

impl Default for Parsed {
    fn default() -> Parsed {
        Parsed {
            form: Form::Piece,
            role: None,
            from_file: None,
            from_rank: None,
            to: Square::A1,
            capture: false,
            captured: None,
            promotion: None,
            en_passant: false,
            nag: 0,
            draw_offer: false,
            normalised: Normalised::NONE,
            annotation_start: 0,
        }
    }
}

/// Reads one move of the side to move in `pos`, in any style, in the language of `options.letters`.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::read::{MoveReadOptions, parse_move};
/// let pos = Position::default();
/// for text in ["e4", "e2-e4", "Pe2-e4", "e2e4", "e4!", "e4+"] {
///     assert_eq!(parse_move(&pos, text, &MoveReadOptions::default()).unwrap().mv.to_string(), "e2e4");
/// }
/// ```
#[inline]
pub fn parse_move(pos: &Position, text: &str, options: &MoveReadOptions) -> Result<ReadMove, MoveError> {
    parse_move_and_role(pos, text, options).map(|(read, _)| read)
}

/// [`parse_move`], and the role of the piece that moves (the king's for castling, a pawn's for a null move): what a
/// reader that then plays the move would otherwise look up again (see `Position::play_role_unchecked`).
#[inline(always)]
pub(crate) fn parse_move_and_role(
    pos: &Position,
    text: &str,
    options: &MoveReadOptions,
) -> Result<(ReadMove, Role), MoveError> {
    match plain_move(pos, text, options) {
        Some(read) => Ok(read),
        None => {
            let read = parse_any_move(pos, text, options)?;
            let role = match read.mv.kind() {
                MoveKind::Castle => Role::King,
                MoveKind::Null => Role::Pawn,
                _ => pos.piece_at(read.mv.from()).map_or(Role::Pawn, |piece| piece.role),
            };
            Ok((read, role))
        }
    }
}

/// Most moves of a game: plain SAN naming the one piece that can make the move (see `only_candidate`), or
/// castling written `O-O` or `O-O-O`. Small enough to be inlined where moves are read, which then build no
/// `Result` for them; `None` for anything else, which the general reader takes.
#[inline(always)]
fn plain_move(pos: &Position, text: &str, options: &MoveReadOptions) -> Option<(ReadMove, Role)> {
    let mut parsed = Parsed::default();
    if options.strict || !plain_san(text.as_bytes(), &options.letters, &mut parsed) {
        return None;
    }
    let (mv, role) = match parsed.form {
        Form::Piece => {
            let role = parsed.role.unwrap_or(Role::Pawn);
            let mut candidates = crate::MovesTo::new();
            pos.legal_moves_of_into(role, parsed.to, &mut candidates);
            (only_candidate(pos, &parsed, role, &candidates)?, role)
        }
        Form::Castle(side) => (castle(pos, side).ok()?, Role::King),
        Form::Null => return None,
    };
    Some((ReadMove { mv, nag: None, draw_offer: false, normalised: parsed.normalised }, role))
}

/// Everything [`parse_move`] reads, plain or not.
#[inline(never)]
fn parse_any_move(pos: &Position, text: &str, options: &MoveReadOptions) -> Result<ReadMove, MoveError> {
    let text = trim(text);
    // Filled in place: copying a freshly written `Parsed` as a whole would stall on store forwarding.
    let mut parsed = Parsed::default();
    read_syntax(text, &options.letters, &mut parsed)?;
    resolve_read(pos, text, &parsed, options)
}

/// The first half of reading a move, without a position: `text` (already trimmed) into `parsed`.
#[inline(always)]
pub(crate) fn read_syntax(text: &str, letters: &Letters, parsed: &mut Parsed) -> Result<(), MoveError> {
    if !plain_san(text.as_bytes(), letters, parsed) {
        tokenize(text, letters, parsed)
            .map_err(|why| MoveError { text: text.to_string(), kind: MoveErrorKind::Syntax(why) })?;
    }
    Ok(())
}

/// The second half of reading a move: what `text` was read as, resolved against the position.
#[inline(always)]
pub(crate) fn resolve_read(
    pos: &Position,
    text: &str,
    parsed: &Parsed,
    options: &MoveReadOptions,
) -> Result<ReadMove, MoveError> {
    let fail = |kind| MoveError { text: text.to_string(), kind };
    let mut normalised = parsed.normalised;
    let mv = resolve(pos, parsed, options, &mut normalised).map_err(fail)?;
    if options.strict {
        check_canonical(pos, mv, text, parsed, options).map_err(fail)?;
    }
    let nag = (parsed.nag != 0).then_some(parsed.nag);
    Ok(ReadMove { mv, nag, draw_offer: parsed.draw_offer, normalised })
}

/// The text without surrounding white space; decodes characters only when an end is not plain ASCII.
#[inline]
pub(crate) fn trim(text: &str) -> &str {
    let plain = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii() && !b.is_ascii_whitespace());
    if plain(text.as_bytes().first()) && plain(text.as_bytes().last()) { text } else { text.trim() }
}

/// Whether `text` is plain SAN that names a piece and its destination only (`Nf3`, `Qxd8+`, `Rf10#`): a move that
/// [`parse_move`] reads from such a text is the only legal move of that kind of piece to that square (two would
/// be refused as ambiguous), so it shows no origin (see [`disambiguation`]). Anything else
/// (`Nbd7`, `Ng1-f3`, `e4`, figurines, glyphs) is `false`, whatever it needs.
///
/// ```
/// use forsyth::notation::read::names_destination_only;
/// assert!(names_destination_only("Nf3"));
/// assert!(names_destination_only("Qxd8+"));
/// assert!(!names_destination_only("Nbd7"));
/// assert!(!names_destination_only("Nf3!"));
/// ```
pub fn names_destination_only(text: &str) -> bool {
    let bytes = text.as_bytes();
    let bytes = match bytes {
        [rest @ .., b'+' | b'#'] => rest,
        _ => bytes,
    };
    let square = |s: &[u8]| match *s {
        [file, rank] => file.is_ascii_lowercase() && matches!(rank, b'1'..=b'9'),
        [file, b'1', b'0'..=b'9'] => file.is_ascii_lowercase(),
        _ => false,
    };
    match bytes {
        [letter, b'x', to @ ..] | [letter, to @ ..] if letter.is_ascii_uppercase() => square(to),
        _ => false,
    }
}

/// Reads a move and returns only the legal move.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::read::parse_san;
/// let pos = Position::default();
/// assert_eq!(parse_san(&pos, "e4").unwrap().to_string(), "e2e4");
/// assert_eq!(parse_san(&pos, "Nf6").unwrap_err().code(), "move.unreachable");
/// ```
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, MoveError> {
    parse_move(pos, text, &MoveReadOptions::default()).map(|r| r.mv)
}

fn check_canonical(
    pos: &Position,
    mv: Move,
    text: &str,
    parsed: &Parsed,
    options: &MoveReadOptions,
) -> Result<(), MoveErrorKind> {
    let written = text[..parsed.annotation_start].trim_end();
    let write = options.write_options();
    let canonical = write_move(pos, mv, &write);
    if written == canonical {
        return Ok(());
    }
    if options.style == MoveStyle::Fide {
        let plus = write_move(pos, mv, &MoveWriteOptions { double_plus_mate: true, ..write });
        if written == plus {
            return Ok(());
        }
    }
    Err(MoveErrorKind::NotCanonical { style: options.style, canonical })
}

// ---------------------------------------------------------------------------------------------------------------
// The tokenizer: text to `Parsed`, no position involved.

struct Cursor<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    #[inline]
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    #[inline]
    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.at + ahead).copied()
    }

    /// The character at the cursor (decoding UTF-8 only for non-ASCII bytes).
    #[inline]
    fn peek_char(&self) -> Option<char> {
        match self.peek()? {
            b if b < 0x80 => Some(b as char),
            _ => self.text[self.at..].chars().next(),
        }
    }

    #[inline]
    fn bump_char(&mut self, c: char) {
        self.at += c.len_utf8();
        // A figurine may carry the text-presentation selector U+FE0E.
        if !c.is_ascii() && self.bytes[self.at..].starts_with(&[0xEF, 0xB8, 0x8E]) {
            self.at += 3;
        }
    }

    fn starts_with(&self, s: &str) -> bool {
        self.bytes[self.at..].starts_with(s.as_bytes())
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|b| b == b' ' || b == b'\t') {
            self.at += 1;
        }
    }

    fn done(&self) -> bool {
        self.at >= self.bytes.len()
    }
}

/// Plain SAN as PGN files hold it (`e4`, `Nbd7`, `exd5`, `R1xe2+`, `e8=Q#`, `O-O-O`) in the text's letters, read
/// in one pass over the bytes into `p`. Anything else (figurines, pawn letters, other signs, glyphs, `e.p.`...)
/// leaves `p` untouched and returns `false`: the full tokenizer reads it, and reads these forms to the same
/// `Parsed`, so the shortcut changes speed only.
#[inline(always)]
fn plain_san(bytes: &[u8], letters: &Letters, p: &mut Parsed) -> bool {
    let text = match bytes {
        [rest @ .., b'+' | b'#'] => rest,
        _ => bytes,
    };
    let side = match text {
        b"O-O" => Some(CastlingSide::KingSide),
        b"O-O-O" => Some(CastlingSide::QueenSide),
        _ => None,
    };
    if let Some(side) = side {
        p.form = Form::Castle(side);
        p.annotation_start = bytes.len();
        return true;
    }
    let (role, text) = match text {
        [letter @ b'A'..=b'Z', rest @ ..] => match letters.role_of(*letter as char) {
            Some(role) if role != Role::Pawn && !letters.is_figurines() => (Some(role), rest),
            _ => return false,
        },
        _ => (None, text),
    };
    let (promotion, text) = match text {
        [rest @ .., b'=', letter @ b'A'..=b'Z'] => match letters.role_of(*letter as char) {
            Some(role) if role != Role::Pawn && role != Role::King => (Some(role), rest),
            _ => return false,
        },
        _ => (None, text),
    };
    let file = |b: u8| File::new(b.wrapping_sub(b'a')).filter(|_| b.is_ascii_lowercase());
    let rank = |b: u8| Rank::new(b.wrapping_sub(b'1')).filter(|_| b.is_ascii_digit());
    let [origin @ .., to_file, to_rank] = text else { return false };
    let (Some(to_file), Some(to_rank)) = (file(*to_file), rank(*to_rank)) else { return false };
    let (capture, origin) = match origin {
        [rest @ .., b'x'] => (true, rest),
        _ => (false, origin),
    };
    let (from_file, from_rank) = match *origin {
        [] => (None, None),
        [f] if file(f).is_some() => (file(f), None),
        [r] if rank(r).is_some() => (None, rank(r)),
        [f, r] if file(f).is_some() && rank(r).is_some() => (file(f), rank(r)),
        _ => return false,
    };
    p.role = role;
    p.from_file = from_file;
    p.from_rank = from_rank;
    p.to = Square::new(to_file, to_rank);
    p.capture = capture;
    p.promotion = promotion;
    p.annotation_start = bytes.len();
    true
}

/// A hyphen, or any Unicode dash editors put in its place (hyphen, non-breaking hyphen, figure dash, en dash, em
/// dash, minus sign): `O‑O`, `e2–e4`.
#[inline(always)]
pub(crate) fn is_dash(c: char) -> bool {
    matches!(c, '-' | '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2212}')
}

#[inline(always)]
fn tokenize(text: &str, letters: &Letters, p: &mut Parsed) -> Result<(), String> {
    let mut cur = Cursor { text, bytes: text.as_bytes(), at: 0 };
    if cur.done() {
        return Err("the text is empty".to_string());
    }
    let null = match (cur.peek(), cur.peek_at(1)) {
        (Some(b'-'), Some(b'-')) => Some(2),
        (Some(b'Z'), Some(b'0')) => Some(2),
        (Some(b'0'), Some(b'0')) if cur.bytes.get(2..4) == Some(b"00") => Some(4),
        _ => None,
    };
    if let Some(len) = null {
        p.form = Form::Null;
        cur.at = len;
        if len != 2 || cur.bytes.first() != Some(&b'-') {
            p.normalised.insert(Normalised::NULL_FORM);
        }
    } else if let Some(side) =
        if matches!(cur.peek(), Some(b'O' | b'0' | b'o')) { castling(&mut cur, &mut p.normalised) } else { None }
    {
        p.form = Form::Castle(side);
    } else {
        piece_move(&mut cur, letters, p)?;
    }
    suffixes(&mut cur, p)
}

/// `O-O`, `0-0-0`, `O–O` ...; leaves the cursor untouched if the text is not castling.
#[inline(always)]
fn castling(cur: &mut Cursor<'_>, normalised: &mut Normalised) -> Option<CastlingSide> {
    let start = cur.at;
    let mut os = 0;
    let mut canonical = true;
    loop {
        match cur.peek() {
            Some(b'O') => {}
            Some(b'0' | b'o') => canonical = false,
            _ => break,
        }
        cur.at += 1;
        os += 1;
        let Some(c) = cur.peek_char() else { break };
        if !is_dash(c) || os == 3 {
            break;
        }
        canonical &= c == '-';
        // Only a dash followed by another O continues castling.
        if !matches!(cur.peek_at(c.len_utf8()), Some(b'O' | b'0' | b'o')) {
            break;
        }
        cur.at += c.len_utf8();
    }
    let after_ok = cur.peek().is_none_or(|b| !b.is_ascii_alphanumeric());
    if (os == 2 || os == 3) && after_ok {
        if !canonical {
            normalised.insert(Normalised::CASTLING_FORM);
        }
        Some(if os == 2 { CastlingSide::KingSide } else { CastlingSide::QueenSide })
    } else {
        cur.at = start;
        None
    }
}

/// A promotion letter: uppercase in the text's letters first, lowercase in English first (UCI's `e7e8q`, which
/// an Estonian `R` for the knight must not turn into a rook), then the other way round; figurines always.
#[inline(always)]
fn promotion_role(c: char, letters: &Letters) -> Option<Role> {
    let valid = |r: &Role| *r != Role::Pawn && *r != Role::King;
    let local = || letters.role_of(c.to_uppercase().next().unwrap_or(c)).filter(valid);
    let english = || if c.is_ascii() { Role::from_char(c).filter(valid) } else { None };
    let role = if c.is_lowercase() { english().or_else(local) } else { local().or_else(english) };
    role.or_else(|| Letters::figurine_role(c).filter(valid))
}

/// What a word written apart after an en-passant capture holds, if it is such a word: the mark (`e.p.` as the FIDE
/// Laws write it, Appendix C, or `e.p`, `ep`), then whatever may end a move's text after it — the check, mate or
/// stalemate sign that the move writer puts after the mark (`exd6 e.p.+`), an assessment glyph, a draw offer.
/// Returns the glyph's numeric annotation glyph (as [`ReadMove::nag`]) and whether a draw offer was made. The one
/// reading of such words: PGN's movetext and move lists ([`super::score::move_texts`]) hand them here.
#[inline(always)]
pub(crate) fn en_passant_word(word: &str) -> Option<(Option<u8>, bool)> {
    match word.as_bytes() {
        [b'e', b'.' | b'p', ..] => en_passant_mark_and_signs(word),
        _ => None,
    }
}

/// [`en_passant_word`] for a word that begins like the mark. (Out of line: most words are moves.)
#[inline(never)]
fn en_passant_mark_and_signs(word: &str) -> Option<(Option<u8>, bool)> {
    let mut cur = Cursor { text: word, bytes: word.as_bytes(), at: 0 };
    let mut parsed = Parsed::default();
    suffixes(&mut cur, &mut parsed).ok()?;
    Some(((parsed.nag != 0).then_some(parsed.nag), parsed.draw_offer))
}

/// Whether the cursor stands on an `e.p.` mark (`e.p.`, `ep`, `e. p.`).
#[inline(always)]
fn at_en_passant_mark(cur: &Cursor<'_>) -> bool {
    cur.peek() == Some(b'e') && matches!(cur.peek_at(1), Some(b'.' | b'p'))
}

#[inline(always)]
fn piece_move(cur: &mut Cursor<'_>, letters: &Letters, p: &mut Parsed) -> Result<(), String> {
    let first = cur.peek_char().unwrap_or(' ');
    if first.is_ascii_uppercase() || !first.is_ascii() {
        let role = letters.role_of(first).or_else(|| {
            let figurine = Letters::figurine_role(first);
            if figurine.is_some() {
                p.normalised.insert(Normalised::FIGURINE);
            }
            figurine
        });
        let Some(role) = role else {
            return Err(format!("'{first}' is not a piece letter (the pieces are written {letters})"));
        };
        if letters.is_figurines() {
            p.normalised.insert(Normalised::FIGURINE);
        }
        if role == Role::Pawn {
            p.normalised.insert(Normalised::PAWN_LETTER);
        }
        p.role = Some(role);
        cur.bump_char(first);
    }
    // Coordinates: up to two squares with capture signs and dashes between them, and possibly a lowercase
    // promotion letter that happens to be a file letter (`a7b8b`). Bit k of `files` says coordinate k is a file.
    let mut values = [0u8; 5];
    let mut files: u8 = 0;
    let mut n = 0;
    let bytes = cur.bytes;
    loop {
        let complete = n >= 2 && files >> (n - 1) & 1 == 0 && files >> (n - 2) & 1 == 1;
        let Some(&byte) = bytes.get(cur.at) else { break };
        match byte {
            b'a'..=b'j' | b'1'..=b'8' => {
                if byte == b'e' && complete && at_en_passant_mark(cur) {
                    break;
                }
                if n == values.len() {
                    return Err("too many squares".to_string());
                }
                if byte >= b'a' {
                    values[n] = byte - b'a';
                    files |= 1 << n;
                } else {
                    values[n] = byte - b'1';
                }
                n += 1;
                cur.at += 1;
            }
            b'x' | b':' => {
                capture_sign(cur, letters, p, byte as char)?;
            }
            b'-' if complete => cur.at += 1,
            0x80.. => match cur.peek_char() {
                Some('×') => capture_sign(cur, letters, p, '×')?,
                Some(c) if is_dash(c) && complete => cur.at += c.len_utf8(),
                _ => break,
            },
            _ => break,
        }
    }
    let file = |i: usize| File::new(values[i]).unwrap_or(File::A);
    let rank = |i: usize| Rank::new(values[i]).unwrap_or(Rank::FIRST);
    let mut count = n;
    // A lone file letter after a complete square is a lowercase promotion letter.
    if n >= 3 && files >> (n - 1) & 1 == 1 && files >> (n - 2) & 1 == 0 && files >> (n - 3) & 1 == 1 {
        let letter = (b'a' + values[n - 1]) as char;
        p.promotion =
            Some(promotion_role(letter, letters).ok_or_else(|| format!("'{letter}' is not a promotion piece"))?);
        p.normalised.insert(Normalised::PROMOTION_FORM);
        count -= 1;
        files &= !(1 << count);
    }
    // The shapes by count and file bits: `e4`, `Nbd7`, `R1e2`, `Qh4e1`.
    match (count, files) {
        (2, 0b01) => {}
        (3, 0b011) => p.from_file = Some(file(0)),
        (3, 0b010) => p.from_rank = Some(rank(0)),
        (4, 0b0101) => {
            p.from_file = Some(file(0));
            p.from_rank = Some(rank(1));
        }
        _ => {
            return Err(match cur.peek_char() {
                Some(c) if count == 0 => format!("expected a square, like e4, where '{c}' stands"),
                _ => "expected a destination square, like e4 or Nf3".to_string(),
            });
        }
    }
    p.to = Square::new(file(count - 2), rank(count - 1));
    if p.promotion.is_none() {
        promotion(cur, letters, p)?;
    }
    Ok(())
}

/// A capture sign (`x`, `:`, `×`), perhaps followed by the captured piece's letter as problem notation writes it
/// (`Be2:Ld3`).
#[inline(always)]
fn capture_sign(cur: &mut Cursor<'_>, letters: &Letters, p: &mut Parsed, sign: char) -> Result<(), String> {
    if p.capture {
        return Err("two capture signs".to_string());
    }
    p.capture = true;
    if sign != 'x' {
        p.normalised.insert(Normalised::CAPTURE_SIGN);
    }
    cur.bump_char(sign);
    if let Some(named) = cur.peek_char()
        && (named.is_ascii_uppercase() || !named.is_ascii())
    {
        let Some(role) = letters.role_of(named).or_else(|| Letters::figurine_role(named)) else {
            return Err(format!("'{named}' is not a piece letter (the pieces are written {letters})"));
        };
        p.captured = Some(role);
        cur.bump_char(named);
    }
    Ok(())
}

/// `=Q`, `Q`, `(Q)`, `/Q`, `=q`, `=♕` after the destination.
#[inline(always)]
fn promotion(cur: &mut Cursor<'_>, letters: &Letters, p: &mut Parsed) -> Result<(), String> {
    let start = cur.at;
    let opener = match cur.peek() {
        Some(b'=') => Some(b'='),
        Some(b'/') => Some(b'/'),
        Some(b'(') => Some(b'('),
        _ => None,
    };
    if opener.is_some() {
        cur.at += 1;
    }
    let Some(c) = cur.peek_char() else {
        cur.at = start;
        return Ok(());
    };
    let is_letter = c.is_alphabetic() || Letters::figurine_role(c).is_some();
    if !is_letter || (opener.is_none() && at_en_passant_mark(cur)) {
        // `=` alone is the stalemate sign, `(=)` the draw offer.
        cur.at = start;
        return Ok(());
    }
    let Some(role) = promotion_role(c, letters) else {
        if opener.is_none() {
            return Err(format!("unexpected '{c}' after the destination square"));
        }
        return Err(format!("'{c}' is not a promotion piece (the pieces are written {letters})"));
    };
    cur.bump_char(c);
    if opener == Some(b'(') {
        if cur.peek() != Some(b')') {
            return Err("a promotion in parentheses needs its ')'".to_string());
        }
        cur.at += 1;
    }
    if opener != Some(b'=') || !c.is_uppercase() {
        p.normalised.insert(Normalised::PROMOTION_FORM);
    }
    p.promotion = Some(role);
    Ok(())
}

/// Check, mate, stalemate, `e.p.`, assessment glyphs and the draw offer, in any order.
#[inline(always)]
fn suffixes(cur: &mut Cursor<'_>, p: &mut Parsed) -> Result<(), String> {
    p.annotation_start = cur.bytes.len();
    loop {
        cur.skip_spaces();
        let Some(b) = cur.peek() else { return Ok(()) };
        match b {
            b'e' if at_en_passant_mark(cur) => {
                cur.at += 1;
                if cur.peek() == Some(b'.') {
                    cur.at += 1;
                }
                cur.skip_spaces();
                if cur.peek() != Some(b'p') {
                    return Err("expected 'e.p.'".to_string());
                }
                cur.at += 1;
                if cur.peek() == Some(b'.') {
                    cur.at += 1;
                }
                p.en_passant = true;
                p.normalised.insert(Normalised::EN_PASSANT_MARK);
            }
            b'+' => {
                cur.at += 1;
                if cur.peek() == Some(b'+') {
                    cur.at += 1;
                    p.normalised.insert(Normalised::ENDING_SIGN);
                }
            }
            b'#' => cur.at += 1,
            b'(' if cur.starts_with("(=)") => {
                p.annotation_start = p.annotation_start.min(cur.at);
                cur.at += 3;
                p.draw_offer = true;
            }
            b'=' => {
                cur.at += 1;
                p.normalised.insert(Normalised::ENDING_SIGN);
            }
            b'!' | b'?' => {
                p.annotation_start = p.annotation_start.min(cur.at);
                let next = cur.peek_at(1).filter(|&c| c == b'!' || c == b'?');
                p.nag = match (b, next) {
                    (b'!', None) => 1,
                    (b'?', None) => 2,
                    (b'!', Some(b'!')) => 3,
                    (b'?', Some(b'?')) => 4,
                    (b'!', Some(_)) => 5,
                    _ => 6,
                };
                cur.at += if next.is_some() { 2 } else { 1 };
                if matches!(cur.peek(), Some(b'!' | b'?')) {
                    return Err("an assessment has at most two signs (! ? !! ?? !? ?!)".to_string());
                }
            }
            _ => {
                let c = cur.peek_char().unwrap_or('?');
                return Err(format!("unexpected '{c}' after the move"));
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Resolution: `Parsed` to a legal move of the position.

#[inline(always)]
fn resolve(
    pos: &Position,
    p: &Parsed,
    options: &MoveReadOptions,
    normalised: &mut Normalised,
) -> Result<Move, MoveErrorKind> {
    match p.form {
        Form::Null => {
            if pos.is_check() {
                Err(MoveErrorKind::Illegal(IllegalReason::NullInCheck))
            } else {
                Ok(Move::NULL)
            }
        }
        Form::Castle(side) => castle(pos, side),
        Form::Piece => piece(pos, p, options, normalised),
    }
}

fn castle(pos: &Position, side: CastlingSide) -> Result<Move, MoveErrorKind> {
    let us = pos.turn();
    let Some(king) = pos.king(us) else {
        return Err(MoveErrorKind::Illegal(IllegalReason::NoKing { color: us }));
    };
    let rook = pos.castling_rook(us, side).unwrap_or_else(|| {
        let file = if side == CastlingSide::KingSide { pos.shape().last_file() } else { File::A };
        Square::new(file, king.rank())
    });
    if let Some(&m) = pos.legal_moves_of(Role::King, rook).iter().find(|m| m.is_castle()) {
        return Ok(m);
    }
    Err(MoveErrorKind::Illegal(pos.why_illegal(Move::castle(king, rook))))
}

/// The move, when it is the only candidate and written as such — most moves in a game: no origin given (but a
/// pawn capture's file), a plain move or capture with the capture sign where a piece is taken: no need to walk
/// the candidate list.
#[inline(always)]
fn only_candidate(pos: &Position, p: &Parsed, role: Role, candidates: &crate::MovesTo) -> Option<Move> {
    match candidates.as_slice() {
        [mv] if mv.kind() == MoveKind::Normal
            && p.from_rank.is_none()
            && p.promotion.is_none()
            && p.captured.is_none()
            && !p.en_passant
            && match p.from_file {
                None => role != Role::Pawn || mv.from().file() == p.to.file(),
                Some(file) => role == Role::Pawn && p.capture && mv.from().file() == file,
            }
            && p.capture == pos.is_occupied(p.to) =>
        {
            Some(*mv)
        }
        _ => None,
    }
}

#[inline(always)]
fn piece(
    pos: &Position,
    p: &Parsed,
    options: &MoveReadOptions,
    normalised: &mut Normalised,
) -> Result<Move, MoveErrorKind> {
    let us = pos.turn();
    let to = p.to;
    if !pos.shape().contains(to) {
        return Err(MoveErrorKind::Illegal(IllegalReason::OffBoard { to, variant: pos.variant() }));
    }
    let from_square = match (p.from_file, p.from_rank) {
        (Some(f), Some(r)) => Some(Square::new(f, r)),
        _ => None,
    };
    let role = match (p.role, from_square) {
        (Some(role), _) => role,
        (None, Some(from)) => match pos.piece_at(from) {
            Some(piece) if piece.color == us => piece.role,
            Some(_) => return Err(MoveErrorKind::Illegal(pos.why_illegal(Move::new(from, to)))),
            None => return Err(MoveErrorKind::Illegal(IllegalReason::NoPiece { from })),
        },
        (None, None) => Role::Pawn,
    };
    let fits_origin = |m: &Move| {
        p.from_file.is_none_or(|f| m.from().file() == f)
            && p.from_rank.is_none_or(|r| m.from().rank() == r)
            // A pawn move without its file is a push.
            && (role != Role::Pawn || p.from_file.is_some() || p.capture || m.from().file() == to.file())
    };
    let mut candidates = crate::MovesTo::new();
    pos.legal_moves_of_into(role, to, &mut candidates);
    if let Some(mv) = only_candidate(pos, p, role, &candidates) {
        return Ok(mv);
    }
    let mut found: Option<Move> = None;
    let mut matches = 0;
    for m in candidates.iter().filter(|m| !m.is_castle()) {
        let promotion_fits = match (p.promotion, m.promotion_role()) {
            (Some(a), Some(b)) => a == b,
            (Some(_), None) => false,
            (None, Some(b)) => b == Role::Queen, // counted once; reported as a missing promotion below
            (None, None) => true,
        };
        if !promotion_fits {
            continue;
        }
        if fits_origin(m) {
            if found.is_none() {
                found = Some(*m);
            }
            matches += 1;
        }
    }
    if matches > 1 {
        let origins: Vec<Move> = candidates
            .iter()
            .copied()
            .filter(|m| !m.is_castle() && fits_origin(m))
            .filter(|m| m.promotion_role().is_none_or(|r| p.promotion.unwrap_or(Role::Queen) == r))
            .collect();
        let write = options.write_options();
        return Err(MoveErrorKind::Ambiguous {
            role,
            origins: origins.iter().map(|m| m.from()).collect(),
            to,
            suggestions: origins.iter().map(|&m| write_move(pos, m, &write)).collect(),
        });
    }
    let Some(mv) = found.or_else(|| castle_by_squares(pos, p, role, from_square, to)) else {
        return Err(explain_missing(pos, p, role, from_square, to));
    };
    if mv.promotion_role().is_some() && p.promotion.is_none() {
        let write = options.write_options();
        let suggestions = pos
            .variant()
            .promotion_roles()
            .iter()
            .map(|&r| write_move(pos, Move::promotion(mv.from(), to, r), &write))
            .collect();
        return Err(MoveErrorKind::MissingPromotion { to, suggestions });
    }
    let captures = mv.is_en_passant() || (pos.is_occupied(to) && !mv.is_castle());
    if p.capture && !captures {
        return Err(MoveErrorKind::NothingToCapture(to));
    }
    if let Some(named) = p.captured
        && let Some(target) = pos.piece_at(to)
        && named != target.role
        && !mv.is_castle()
    {
        return Err(MoveErrorKind::Illegal(IllegalReason::CapturesOther { to, found: target.role, named }));
    }
    if p.en_passant && !mv.is_en_passant() {
        return Err(MoveErrorKind::Illegal(IllegalReason::NotEnPassant { to }));
    }
    if captures && !p.capture && !mv.is_castle() {
        normalised.insert(Normalised::MISSING_CAPTURE_SIGN);
    }
    if (p.from_file.is_some() || p.from_rank.is_some()) && !mv.is_castle() {
        let given = match (p.from_file, p.from_rank) {
            (Some(_), Some(_)) => Disambiguation::Square,
            (Some(_), None) => Disambiguation::File,
            _ => Disambiguation::Rank,
        };
        let needed = if role == Role::Pawn {
            if captures { Disambiguation::File } else { Disambiguation::None }
        } else {
            disambiguation::among(&candidates, mv)
        };
        if given != needed {
            normalised.insert(Normalised::OVERSPECIFIED);
        }
    }
    Ok(mv)
}

/// Castling written as a king move: between squares, `e1g1`, `Ke1-g1` (king to its destination) or `e1h1` (king
/// takes rook), or as SAN writes a king move, without the origin: `Kg1`, `Kb8` (Cute Chess reads castling so; there
/// is one king, so the origin is never needed). Only where no other king move fits the text.
fn castle_by_squares(pos: &Position, p: &Parsed, role: Role, from: Option<Square>, to: Square) -> Option<Move> {
    if role != Role::King {
        return None;
    }
    let us = pos.turn();
    let from = match from {
        Some(from) => from,
        None if p.from_file.is_none() && p.from_rank.is_none() => pos.king(us)?,
        None => return None,
    };
    pos.legal_moves_between(SquareSet::single(from), pos.castling_rooks())
        .iter()
        .copied()
        .find(|m| m.is_castle() && (m.to() == to || pos.castling_squares(us, m.to()).is_some_and(|(k, _)| k == to)))
}

/// Why no legal move fits: nothing to capture, a pin or a check, or no such piece within reach.
fn explain_missing(pos: &Position, p: &Parsed, role: Role, from: Option<Square>, to: Square) -> MoveErrorKind {
    let us = pos.turn();
    let empty_target = pos.piece_at(to).is_none() && !(role == Role::Pawn && pos.ep_square() == Some(to));
    if p.capture && empty_target {
        return MoveErrorKind::NothingToCapture(to);
    }
    if let Some(from) = from {
        let m = match p.promotion {
            Some(r) => Move::promotion(from, to, r),
            None => Move::new(from, to),
        };
        return MoveErrorKind::Illegal(pos.why_illegal(m));
    }
    let origins = pos
        .pieces(us, role)
        .iter()
        .filter(|sq| p.from_file.is_none_or(|f| sq.file() == f) && p.from_rank.is_none_or(|r| sq.rank() == r));
    for origin in origins {
        if pos.reaches_ignoring_check(origin, to) {
            return MoveErrorKind::Illegal(pos.why_illegal(Move::new(origin, to)));
        }
    }
    if let Some(promoted) = p.promotion
        && role == Role::Pawn
    {
        let last = if us == Color::White { Rank::EIGHTH } else { Rank::FIRST };
        if to.rank() != last {
            return MoveErrorKind::Illegal(IllegalReason::PromotionRank { to });
        }
        if !pos.variant().promotion_roles().contains(&promoted) {
            return MoveErrorKind::Illegal(IllegalReason::PromotionRole { role: promoted, variant: pos.variant() });
        }
    }
    MoveErrorKind::Unreachable { color: us, role, to }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;
    use crate::notation::letters::Language;
    use proptest::prelude::*;

    proptest! {
        /// The plain-SAN shortcut reads exactly what the full tokenizer reads, whenever it takes a text at all.
        #[test]
        fn plain_san_agrees_with_the_tokenizer(
            text in "(O-O|O-O-O|0-0|[A-Z]?[a-k]?[0-9]?[x:]?[a-k][0-9](=[A-Za-z])?|[a-k][0-9][a-k][0-9][a-z]?)[+#!?=]{0,2}",
            language in 0..Language::ALL.len(),
        ) {
            let letters = Letters::language(Language::ALL[language]);
            let mut fast = Parsed::default();
            if plain_san(text.as_bytes(), &letters, &mut fast) {
                let mut full = Parsed::default();
                prop_assert_eq!(tokenize(&text, &letters, &mut full), Ok(()));
                prop_assert_eq!(fast, full);
            } else {
                prop_assert_eq!(fast, Parsed::default(), "a refused text leaves the parse untouched");
            }
        }
    }

    proptest! {
        /// The role read with a move is that of the piece on its origin (the king's for castling), in every style
        /// a move is written in and on every board; played with it, a move leaves the position it leaves played
        /// without it.
        #[test]
        fn the_role_read_with_a_move_is_the_moving_piece(
            variant in 0..Variant::ALL.len(),
            choices in prop::collection::vec(any::<u16>(), 1..60),
        ) {
            use crate::notation::styles::{MoveStyle, MoveWriteOptions, write_move};
            let mut pos = Position::new(Variant::ALL[variant]);
            let options = MoveReadOptions::default();
            for choice in choices {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &mv in moves.iter() {
                    let role = if mv.is_castle() { Role::King } else { pos.piece_at(mv.from()).unwrap().role };
                    let mut played = pos;
                    played.play_unchecked(mv);
                    for style in MoveStyle::ALL {
                        let text = write_move(&pos, mv, &MoveWriteOptions::new(style));
                        let (read, read_role) = parse_move_and_role(&pos, &text, &options).unwrap();
                        prop_assert_eq!((read.mv, read_role), (mv, role), "{} in {}", text, pos);
                        let mut with_role = pos;
                        with_role.play_role_unchecked(read.mv, read_role);
                        prop_assert_eq!(with_role, played, "{} in {}", text, pos);
                    }
                }
                pos.play_unchecked(moves[usize::from(choice) % moves.len()]);
            }
        }
    }

    #[test]
    fn plain_san_takes_what_pgn_files_hold() {
        let english = Letters::default();
        for text in ["e4", "Nf3", "exd5", "Nbd7", "R1e2", "Qh4xe1+", "e8=Q#", "O-O", "O-O-O+", "bxa1=N"] {
            assert!(plain_san(text.as_bytes(), &english, &mut Parsed::default()), "{text}");
        }
        for text in ["e2-e4", "0-0", "Pe4", "e4!", "exd6e.p.", "e8Q", "Bxe5++", "--", "Z0", "0000", "e7e8q"] {
            assert!(!plain_san(text.as_bytes(), &english, &mut Parsed::default()), "{text}");
        }
    }
}
