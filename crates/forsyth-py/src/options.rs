//! The names Python callers pass (variants, languages, styles, FEN modes) read into the library's types, with an
//! error that lists what is valid.

use forsyth::diagram;
use forsyth::notation::fen::{CastlingStyle, EpMode};
use forsyth::notation::{Language, Letters, MoveReadOptions, MoveStyle, MoveWriteOptions};
use forsyth::{Allowed, Variant};
use pyo3::PyResult;

use crate::errors::argument;

/// A variant by name; `None` when not given.
pub fn variant(name: Option<&str>) -> PyResult<Option<Variant>> {
    name.map(|name| name.parse::<Variant>().map_err(|e| argument(e.to_string()))).transpose()
}

/// The position problems to accept, as `--allow` takes them (`"too-many-pawns,pawn-on-back-rank"`, `"all"`);
/// none when not given.
pub fn allowed(codes: Option<&str>) -> PyResult<Allowed> {
    codes.map_or(Ok(Allowed::NONE), |codes| codes.parse::<Allowed>().map_err(|e| argument(e.to_string())))
}

/// Piece letters of a language code (`en`, `de`, ...).
pub fn letters(lang: &str) -> PyResult<Letters> {
    Language::from_code(lang).map(Letters::language).ok_or_else(|| {
        let codes: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
        argument(format!("unknown language '{lang}' (use {})", codes.join(", ")))
    })
}

/// How moves in `lang` are read, leniently.
pub fn read(lang: Option<&str>) -> PyResult<MoveReadOptions> {
    Ok(MoveReadOptions::with_letters(lang.map(letters).transpose()?.unwrap_or_default()))
}

/// How moves are written: a style (`san`, `fide`, `long`, `problem`, `uci`, or `figurine` for SAN with
/// figurines) in the letters of `lang`.
pub fn write(style: &str, lang: &str) -> PyResult<MoveWriteOptions> {
    let letters = letters(lang)?;
    let (style, letters) = match style.to_ascii_lowercase().as_str() {
        "figurine" => (MoveStyle::San, Letters::FIGURINES),
        "long" => (MoveStyle::Lan, letters),
        other => (
            other.parse::<MoveStyle>().map_err(|_| {
                argument(format!("unknown style '{style}' (use san, fide, long, problem, figurine or uci)"))
            })?,
            letters,
        ),
    };
    Ok(MoveWriteOptions::new(style).with_letters(letters))
}

/// The wording language of explanations (`en` or `de`).
pub fn lang(lang: &str) -> PyResult<Language> {
    diagram::sentence_language(lang).map_err(|e| argument(e.to_string()))
}

/// When the en-passant square is written (`legal`, `pseudo`, `always`).
pub fn ep(mode: &str) -> PyResult<EpMode> {
    mode.parse::<EpMode>().map_err(|e| argument(e.to_string()))
}

/// How castling rights are written (`xfen`, `shredder`, `classic`).
pub fn castling(style: &str) -> PyResult<CastlingStyle> {
    style.parse::<CastlingStyle>().map_err(|e| argument(e.to_string()))
}
