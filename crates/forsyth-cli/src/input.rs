//! Reading the inputs every command shares: variants, FENs, and lines from standard input.

use std::io::BufRead;

use forsyth::notation::fen::{CastlingStyle, EpMode, Fen};
use forsyth::notation::letters::{Language, Letters};
use forsyth::notation::styles::Style;
use forsyth::{Position, Variant};

use crate::Failure;

/// Parses a `--variant` value.
pub fn variant(text: &str) -> Result<Variant, String> {
    text.parse::<Variant>().map_err(|e| e.to_string())
}

/// Parses piece letters: a language code (`en`, `de`, `fr`...) or the letters spelled out, six (`PNBRQK`), eight
/// (with archbishop and chancellor, `PNBRQKAC`) or nine (with the Janus, `PNBRQKACJ`).
pub fn letters(text: &str) -> Result<Letters, String> {
    match Language::from_code(text) {
        Some(language) => Ok(Letters::language(language)),
        None => Letters::custom(text).map_err(|e| {
            format!("'{text}' is neither a language code (en, de, fr...) nor six, eight or nine letters: {e}")
        }),
    }
}

/// Parses a `--notation` value: san, fide, lan, problem or uci.
pub fn style(text: &str) -> Result<Style, String> {
    text.parse()
}

/// Parses a `--castling` value.
pub fn castling_style(text: &str) -> Result<CastlingStyle, String> {
    text.parse::<CastlingStyle>().map_err(|e| e.to_string())
}

/// Parses an `--ep` value.
pub fn ep_mode(text: &str) -> Result<EpMode, String> {
    text.parse::<EpMode>().map_err(|e| e.to_string())
}

/// The position of a FEN, in `variant` or the one the FEN implies.
pub fn position(fen: &str, variant: Option<Variant>) -> Result<Position, Failure> {
    let parsed: Fen = fen.parse().map_err(|e| fen_failure(fen, e))?;
    parsed.position(variant).map_err(|e| Failure(format!("illegal position '{fen}': {e}")))
}

/// The failure for text that is not a FEN: the text, where and what is wrong.
pub fn fen_failure(text: &str, error: forsyth::notation::fen::FenError) -> Failure {
    Failure(format!("invalid FEN '{}': [{}] {error}", text.trim(), error.code))
}

/// The start position of `variant` (standard chess if none).
pub fn start(variant: Option<Variant>) -> Position {
    Position::new(variant.unwrap_or_default())
}

/// The arguments, or else the non-empty lines of standard input.
pub fn args_or_stdin(args: Vec<String>) -> Result<Vec<String>, Failure> {
    if !args.is_empty() {
        return Ok(args);
    }
    let mut lines = Vec::new();
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        if !line.trim().is_empty() {
            lines.push(line);
        }
    }
    Ok(lines)
}
