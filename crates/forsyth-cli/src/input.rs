//! Reading the inputs every command shares: variants, FENs, and lines from standard input.

use std::io::{BufRead, BufReader};

use forsyth::general::GeneralPosition;
use forsyth::notation::fen::{CastlingStyle, EpMode, Fen, FenPositionError, FenWriteError, Quoted};
use forsyth::notation::general::read_fen;
use forsyth::notation::letters::{Language, Letters};
use forsyth::notation::styles::{MoveStyle, MoveWriteOptions};
use forsyth::piece_kind::PieceTable;
use forsyth::{Allowed, Position, Problem, Topology, Variant};

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
pub fn style(text: &str) -> Result<MoveStyle, String> {
    text.parse::<MoveStyle>().map_err(|e| e.to_string())
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
    position_allowing(fen, variant, Allowed::NONE)
}

/// [`position`] accepting the problems `allowed` names, each reported on standard error as a warning.
pub fn position_allowing(fen: &str, variant: Option<Variant>, allowed: Allowed) -> Result<Position, Failure> {
    let (pos, warnings) = Fen::parse_position_allowing(fen, variant, allowed).map_err(|e| match e {
        FenPositionError::Syntax(e) => fen_failure(fen, e),
        FenPositionError::Illegal(e) => Failure(format!("illegal position '{fen}': {e}")),
    })?;
    if !warnings.is_empty() {
        eprintln!("forsyth: warning: '{}': allowed {}", fen.trim(), problem_list(&warnings));
    }
    Ok(pos)
}

/// `[code] message; [code] message`.
pub fn problem_list(problems: &[Problem]) -> String {
    problems.iter().map(|p| format!("[{}] {p}", p.code())).collect::<Vec<_>>().join("; ")
}

/// `--allow`: relaxed validation, shared by every command that reads a position to generate moves or to convert,
/// and by the `pgn` commands for the positions of `FEN` tags.
#[derive(clap::Args, Clone, Copy)]
pub struct AllowArgs {
    /// Accept these position problems as warnings and work on the position as given. CODES: comma-separated, as
    /// `fen check --json` prints them, with or without `position.`; `all` = pawn-on-back-rank, too-many-pawns,
    /// too-many-pieces, impossible-check, invalid-castling, invalid-en-passant, castling-prefix (invalid castling
    /// rights, en-passant squares and prefixes are dropped, but an en-passant square only the check contradicts is
    /// kept). missing-king, too-many-kings, opposite-check and adjacent-kings make move generation meaningless and
    /// are allowed only by their own code.
    #[arg(long, value_name = "CODES", value_parser = allowed)]
    allow: Option<Allowed>,
}

impl AllowArgs {
    /// The problems allowed (none without `--allow`).
    pub fn allowed(&self) -> Allowed {
        self.allow.unwrap_or_default()
    }
}

/// Parses an `--allow` value.
pub fn allowed(text: &str) -> Result<Allowed, String> {
    text.parse::<Allowed>().map_err(|e| e.to_string())
}

/// The failure for text that is not a FEN: the text, where and what is wrong.
pub fn fen_failure(text: &str, error: forsyth::notation::fen::FenError) -> Failure {
    Failure(format!("invalid FEN {}: [{}] {error}", Quoted(text.trim()), error.code))
}

/// The start position of `variant` (standard chess if none).
pub fn start(variant: Option<Variant>) -> Position {
    Position::new(variant.unwrap_or_default())
}

/// Hands `each` the arguments, or else the non-empty lines of standard input, one at a time as they are read: a
/// file of millions of FENs is never held whole, and a line is a borrowed slice of one reused buffer (no allocation
/// per line). A line that is too long or not UTF-8 ends the walk with its error, after the lines before it.
pub fn each_line(args: &[String], mut each: impl FnMut(&str) -> Result<(), Failure>) -> Result<(), Failure> {
    if !args.is_empty() {
        return args.iter().try_for_each(|arg| each(arg));
    }
    let mut stdin = BufReader::with_capacity(1 << 16, std::io::stdin().lock());
    // The start of a line that runs past the end of the reader's buffer; most lines are read in place.
    let mut carried = Vec::new();
    let mut number = 0;
    let mut line = |bytes: &[u8], number: u64| -> Result<(), Failure> {
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        // simdutf8 checks a line of ASCII several times faster than the standard library; the standard library's
        // check runs only to say where a line that is not UTF-8 goes wrong.
        let line = simdutf8::basic::from_utf8(bytes).map_err(|_| {
            let error = std::str::from_utf8(bytes).err().map(|e| e.to_string()).unwrap_or_default();
            Failure(format!("line {number} of standard input is not UTF-8: {error}"))
        })?;
        if line.trim_start().is_empty() { Ok(()) } else { each(line) }
    };
    loop {
        let buffer = stdin.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        let (taken, end) = match memchr::memchr(b'\n', buffer) {
            Some(end) => (end + 1, Some(end)),
            None => (buffer.len(), None),
        };
        // One line at most MAX_LINE bytes: a hostile line with no end is refused, not read into memory whole.
        if (carried.len() + end.unwrap_or(buffer.len())) as u64 > MAX_LINE {
            return Err(Failure(format!(
                "line {} of standard input is longer than {} MiB: no FEN or move is",
                number + 1,
                MAX_LINE >> 20
            )));
        }
        match end {
            Some(end) if carried.is_empty() => {
                number += 1;
                line(&buffer[..end], number)?;
            }
            Some(end) => {
                carried.extend_from_slice(&buffer[..end]);
                number += 1;
                line(&carried, number)?;
                carried.clear();
            }
            None => carried.extend_from_slice(buffer),
        }
        stdin.consume(taken);
    }
    if !carried.is_empty() {
        line(&carried, number + 1)?;
    }
    Ok(())
}

/// The longest line of standard input read by [`each_line`] (1 MiB; a FEN is under 100 bytes).
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
    notation: Option<MoveStyle>,
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
    pub fn options(&self, default: MoveStyle) -> MoveWriteOptions {
        MoveWriteOptions {
            capture: self.capture.as_deref().and_then(|c| c.chars().next()),
            double_plus_mate: self.double_plus_mate,
            ..MoveWriteOptions::new(self.notation.unwrap_or(default)).with_letters(self.letters.letters())
        }
    }

    /// The notation for moves of the general position, which writes them with the problem's own letters: piece
    /// letters of a language, figurines and another capture sign are refused rather than ignored.
    pub fn general_style(&self, default: MoveStyle) -> Result<MoveStyle, Failure> {
        let letters = &self.letters;
        if letters.lang.is_some() || letters.letters.is_some() || letters.figurine || self.capture.is_some() {
            return Err(Failure(
                "with --piece or --board, moves are written with the problem's letters: --lang, --letters, \
                 --figurine and --capture apply to positions without fairy pieces (drop them, or declare the \
                 letters you want with --piece)"
                    .to_string(),
            ));
        }
        Ok(self.notation.unwrap_or(default))
    }
}

/// `--piece` and `--board`: fairy pieces and special boards, shared by every command that reads a position. With
/// either, the position is read by the general reader (any piece kind, cylinders) instead of the fast one.
#[derive(clap::Args, Clone)]
pub struct FairyArgs {
    /// Declare a piece letter for this problem: LETTER=NAME (grasshopper, nightrider, berolina-pawn, a German
    /// name such as Grashüpfer, a Popeye code such as CA) or LETTER=betza:DEFINITION (betza:ZW). Uppercase is
    /// White, lowercase Black in the FEN; a declared letter overrides its built-in meaning. Repeatable.
    #[arg(long = "piece", value_name = "LETTER=NAME")]
    pieces: Vec<String>,
    /// The board: plain, vertical-cylinder (a- and h-files adjacent), horizontal-cylinder (1st and 8th ranks
    /// adjacent) or torus (both).
    #[arg(long = "board", value_name = "BOARD", default_value = "plain", value_parser = topology)]
    topology: Topology,
}

/// Parses a `--board` value.
pub fn topology(text: &str) -> Result<Topology, String> {
    text.parse::<Topology>().map_err(|e| e.to_string())
}

impl FairyArgs {
    /// Whether the position needs the general reader.
    pub fn general(&self) -> bool {
        !self.pieces.is_empty() || self.topology != Topology::Plain
    }

    /// The problem's letter table.
    pub fn table(&self) -> Result<PieceTable, Failure> {
        let mut table = PieceTable::new();
        for declaration in &self.pieces {
            table
                .declare_text(declaration)
                .map_err(|e| Failure(format!("--piece '{declaration}': [{}] {e}", e.code())))?;
        }
        Ok(table)
    }

    /// The general position of a FEN (or of its board field alone) with the declared letters on the board asked.
    pub fn position(&self, fen: &str) -> Result<GeneralPosition, Failure> {
        let table = self.table()?;
        read_fen(fen, &table, self.topology)
            .map_err(|e| Failure(format!("invalid FEN {}: [{}] {e}", Quoted(fen.trim()), e.code())))
    }
}

/// A FEN that cannot be written in the dialect asked for, with the flag that would write it: the library names the
/// dialects, the command line names its own option.
pub fn fen_write_failure(error: &FenWriteError) -> String {
    match error.code {
        "fen.write.classic-castling" => format!("{error} (--castling xfen or shredder)"),
        _ => error.to_string(),
    }
}

/// Reads `--lang` of the commands that write sentences (explain, board legends, retro analysis): a language forsyth
/// has sentences in (`en`, `de`; see `diagram::SENTENCE_LANGUAGES`).
pub fn sentence_language(text: &str) -> Result<Language, String> {
    forsyth::diagram::sentence_language(text).map_err(|e| e.to_string())
}
