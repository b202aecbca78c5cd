//! Tag pairs: escapes, the Seven Tag Roster, and the start position that `SetUp`, `FEN` and `Variant` describe.

use std::borrow::Cow;
use std::sync::OnceLock;

use crate::notation::fen::Fen;
use crate::{Allowed, Position, Problem, Variant};

/// The Seven Tag Roster, in the order PGN export format writes it (PGN standard §8.1.1), with the value each
/// takes when unknown.
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The value of a tag string as written between its quotes, with `\"` and `\\` resolved.
///
/// ```
/// use forsyth::pgn::unescape_tag_value;
/// assert_eq!(unescape_tag_value(r#"The \"Immortal\" \\ game"#), r#"The "Immortal" \ game"#);
/// ```
pub fn unescape_tag_value(raw: &str) -> Cow<'_, str> {
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(next @ ('"' | '\\')) => out.push(next),
                // Not an escape PGN defines: keep the backslash, lose nothing.
                Some(next) => {
                    out.push('\\');
                    out.push(next);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A tag value written for a PGN file: `\` and `"` escaped, and a line break (which a tag pair cannot hold: it
/// must stand on one line) written as a space.
///
/// ```
/// use forsyth::pgn::escape_tag_value;
/// assert_eq!(escape_tag_value(r#"a "b" \ c"#), r#"a \"b\" \\ c"#);
/// assert_eq!(escape_tag_value("two\nlines"), "two lines");
/// ```
pub fn escape_tag_value(value: &str) -> Cow<'_, str> {
    if !value.contains(['\\', '"', '\n', '\r']) {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len() + 2);
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The standard start position, built once: most games start there. A reference, so that a game that starts there
/// copies it once, into the line it plays on (a `Position` is some 200 bytes).
pub(super) fn standard_start() -> &'static Position {
    static START: OnceLock<Position> = OnceLock::new();
    START.get_or_init(|| Position::new(Variant::Standard))
}

/// Why a game's tags describe no start position.
///
/// ```
/// use forsyth::pgn::{StartError, start_position};
/// assert_eq!(start_position(Some("shogi"), None).unwrap_err(), StartError::UnknownVariant("shogi".to_string()));
/// assert!(matches!(start_position(None, Some("8/8/8 w - - 0 1")), Err(StartError::BadFen(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StartError {
    /// The `Variant` tag names a variant forsyth does not play.
    UnknownVariant(String),
    /// The `FEN` tag is not a FEN or not a legal position (the message says which and where).
    BadFen(String),
}

impl StartError {
    /// The code of the [`PgnError`](super::PgnError) it becomes: `unknown-variant` or `bad-fen`.
    ///
    /// ```
    /// use forsyth::pgn::start_position;
    /// // A FEN without a black king describes no legal position.
    /// assert_eq!(start_position(None, Some("8/8/8/8/8/8/8/4K3 w - - 0 1")).unwrap_err().code(), "bad-fen");
    /// ```
    pub const fn code(&self) -> &'static str {
        match self {
            StartError::UnknownVariant(_) => super::ErrorKind::UnknownVariant.code(),
            StartError::BadFen(_) => super::ErrorKind::BadFen.code(),
        }
    }
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::UnknownVariant(name) => write!(
                f,
                "the Variant tag names '{name}', which forsyth does not play (standard, chess960 and the 10x8 variants)"
            ),
            StartError::BadFen(why) => write!(f, "the FEN tag: {why}"),
        }
    }
}

impl std::error::Error for StartError {}

/// The variant and start position a game's tags describe.
///
/// `Variant` is read under every spelling in use (see [`Variant::from_name`]); a `FEN` whose castling rights
/// need Chess960 makes a game Chess960 even without a `Variant` tag. `SetUp` is not required: a `FEN` tag is
/// honoured whenever present, since files in the wild often omit `SetUp`.
///
/// ```
/// use forsyth::pgn::start_position;
/// use forsyth::Variant;
/// let pos = start_position(Some("fischerandom"), Some("rnbnkqrb/pppppppp/8/8/8/8/PPPPPPPP/RNBNKQRB w KQkq - 0 1"))
///     .unwrap();
/// assert_eq!(pos.variant(), Variant::Chess960);
/// assert_eq!(start_position(None, None).unwrap().variant(), Variant::Standard);
/// assert_eq!(start_position(Some("shogi"), None).unwrap_err().code(), "unknown-variant");
/// ```
pub fn start_position(variant: Option<&str>, fen: Option<&str>) -> Result<Position, StartError> {
    let named = match variant.map(str::trim).filter(|v| !v.is_empty()) {
        Some(name) => Some(Variant::from_name(name).ok_or_else(|| StartError::UnknownVariant(name.to_string()))?),
        None => None,
    };
    let Some(fen) = fen.map(str::trim).filter(|f| !f.is_empty()) else {
        return Ok(match named {
            None | Some(Variant::Standard) => *standard_start(),
            Some(v) => Position::new(v),
        });
    };
    // Standard by name but Chess960 by its castling rights: the FEN knows better, so standard chess is inferred.
    let variant = named.filter(|&v| v != Variant::Standard);
    Fen::parse_position(fen, variant).map_err(|e| StartError::BadFen(e.to_string()))
}

/// The start position of tags that [`start_position`] refuses for their `FEN` tag, repaired as `fen check --repair`
/// does: impossible castling rights and an impossible en-passant square dropped (and returned), where that leaves a
/// legal position.
pub(crate) fn repair_start(variant: Option<&str>, fen: Option<&str>) -> Option<(Position, Vec<Problem>)> {
    let named = variant_other_than_standard(variant);
    let (position, dropped) = Fen::parse(fen?.trim()).ok()?.position_repaired(named).ok()?;
    (!dropped.is_empty()).then_some((position, dropped))
}

/// The start position of tags that [`start_position`] and [`repair_start`] refuse for their `FEN` tag, where every
/// problem of the position is one that `allowed` accepts (see [`Allowed`]; what `--repair` drops is dropped alike):
/// the position as given, and its problems.
pub(crate) fn allowed_start(
    variant: Option<&str>,
    fen: Option<&str>,
    allowed: Allowed,
) -> Option<(Position, Vec<Problem>)> {
    if allowed == Allowed::NONE {
        return None;
    }
    let named = variant_other_than_standard(variant);
    Fen::parse_position_allowing(fen?.trim(), named, allowed | Allowed::REPAIRABLE).ok()
}

/// The variant a `Variant` tag names, if it names one other than standard chess: what a `FEN` tag is read in
/// (standard chess by name is left to the FEN, which may be Chess960 by its castling rights).
fn variant_other_than_standard(variant: Option<&str>) -> Option<Variant> {
    variant.map(str::trim).and_then(Variant::from_name).filter(|&v| v != Variant::Standard)
}
