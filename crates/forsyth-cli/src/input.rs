//! Reading the inputs every command shares: variants, FENs, and lines from standard input.

use std::io::{BufRead, Read};

use forsyth::notation::fen::{CastlingStyle, EpMode, Fen, FenPositionError, Quoted};
use forsyth::notation::letters::{Language, Letters};
use forsyth::notation::styles::{Style, WriteOptions};
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
    Fen::parse_position(fen, variant).map_err(|e| match e {
        FenPositionError::Syntax(e) => fen_failure(fen, e),
        FenPositionError::Illegal(e) => Failure(format!("illegal position '{fen}': {e}")),
    })
}

/// The failure for text that is not a FEN: the text, where and what is wrong.
pub fn fen_failure(text: &str, error: forsyth::notation::fen::FenError) -> Failure {
    Failure(format!("invalid FEN {}: [{}] {error}", Quoted(text.trim()), error.code))
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
    let mut stdin = std::io::stdin().lock();
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        // One line at most MAX_LINE bytes: a hostile line with no end is refused, not read into memory whole.
        if (&mut stdin).take(MAX_LINE + 1).read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        if bytes.len() as u64 > MAX_LINE {
            return Err(Failure(format!(
                "line {number} of standard input is longer than {} MiB: no FEN or move is",
                MAX_LINE >> 20
            )));
        }
        let line = String::from_utf8(std::mem::take(&mut bytes))
            .map_err(|e| Failure(format!("line {number} of standard input is not UTF-8: {e}")))?;
        let line = line.trim_end_matches(['\n', '\r']);
        if !line.trim().is_empty() {
            lines.push(line.to_string());
        }
    }
    Ok(lines)
}

/// The longest line of standard input read by [`args_or_stdin`] (1 MiB; a FEN is under 100 bytes).
const MAX_LINE: u64 = 1 << 20;

/// How pieces are written: `--lang`, `--letters` or `--figurine` (English letters by default).
#[derive(clap::Args, Clone, Copy)]
pub struct LetterArgs {
    /// Piece letters of a language (en cs da nl et fi fr de hu is it no pl pt ro es sv), or spelled out as for
    /// --letters.
    #[arg(long, value_name = "LANG", value_parser = letters, conflicts_with_all = ["letters", "figurine"])]
    lang: Option<Letters>,
    /// Piece letters in the order pawn, knight, bishop, rook, queen, king (like PNBRQK), then archbishop and
    /// chancellor (eight), then the Janus (nine).
    #[arg(long, value_name = "LETTERS", value_parser = letters, conflicts_with = "figurine")]
    letters: Option<Letters>,
    /// Unicode figurines instead of letters.
    #[arg(long)]
    figurine: bool,
}

impl LetterArgs {
    /// The letters chosen.
    pub fn letters(&self) -> Letters {
        if self.figurine { Letters::FIGURINES } else { self.lang.or(self.letters).unwrap_or_default() }
    }
}

/// How moves are written: `--notation`, the piece letters, `--capture` and `--double-plus-mate`; shared by every
/// command that writes moves.
#[derive(clap::Args, Clone)]
pub struct MoveWriteArgs {
    /// Move notation: san, fide, lan, problem or uci (default: uci for `moves`, san for `translate` and `pgn`).
    #[arg(long, value_parser = style)]
    notation: Option<Style>,
    #[command(flatten)]
    letters: LetterArgs,
    /// Capture sign (default: ':' in problem notation, 'x' elsewhere).
    #[arg(long, value_parser = ["x", ":", "×"])]
    capture: Option<String>,
    /// Mate as '++' (older FIDE sign) in the fide notation.
    #[arg(long)]
    double_plus_mate: bool,
}

impl MoveWriteArgs {
    /// The write options the flags describe, in `default` notation when none is named.
    pub fn options(&self, default: Style) -> WriteOptions {
        WriteOptions {
            capture: self.capture.as_deref().and_then(|c| c.chars().next()),
            double_plus_mate: self.double_plus_mate,
            ..WriteOptions::new(self.notation.unwrap_or(default)).with_letters(self.letters.letters())
        }
    }
}

/// The moves of a move list or game score, one text per move: move numbers (`1.`, `11...`, also `1.e4`) and
/// results are dropped, and an `e.p.` or a draw offer `(=)` written apart joins its move.
pub fn move_texts<'a>(words: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in words.into_iter().flat_map(str::split_whitespace) {
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let word =
            if digits > 0 && word[digits..].starts_with('.') { word[digits..].trim_start_matches('.') } else { word };
        if word.is_empty() || matches!(word, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") {
            continue;
        }
        let attached = matches!(word, "e.p." | "ep" | "e.p" | "(=)") || word.starts_with(['!', '?']);
        match out.last_mut() {
            Some(last) if attached => {
                last.push(' ');
                last.push_str(word);
            }
            _ => out.push(word.to_string()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::move_texts;

    #[test]
    fn move_numbers_and_results_are_dropped_and_marks_join_their_move() {
        let texts = move_texts(["1.e4 e5 2. Sf3 6.exd6 e.p. Sxd6 10.0-0-0 Te8 11.Kb1 (=) 11...Kb8 0-1"]);
        assert_eq!(texts, ["e4", "e5", "Sf3", "exd6 e.p.", "Sxd6", "0-0-0", "Te8", "Kb1 (=)", "Kb8"]);
    }
}
