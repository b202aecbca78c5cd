//! Writing games in PGN export format (PGN standard §8): the Seven Tag Roster first, movetext lines of at most
//! 80 characters, move numbers where a reader needs them.

use std::fmt::Write as _;

use super::game::{Annotation, Game, Line};
use super::tags::{SEVEN_TAG_ROSTER, escape_tag_value, start_position};
use crate::notation::fen::Fen;
use crate::notation::styles::{MoveWriteOptions, write_move};
use crate::{Color, Position};

/// The longest movetext line PGN export format allows.
pub const MAX_LINE: usize = 80;

/// What the writer includes and how it writes moves.
///
/// ```
/// use forsyth::pgn::{Game, PgnReadOptions, PgnWriteOptions, write_game};
/// let games = Game::read_all("1. e4 $1 {best by test} (1. d4) e5 *", &PgnReadOptions::default());
/// let bare = PgnWriteOptions { comments: false, variations: false, nags: false, ..PgnWriteOptions::default() };
/// let mut out = String::new();
/// write_game(games[0].as_ref().unwrap(), &bare, &mut out);
/// assert!(out.ends_with("\n\n1. e4 e5 *\n\n"));
/// ```
#[derive(Clone, Debug)]
pub struct PgnWriteOptions {
    /// Write comments.
    pub comments: bool,
    /// Write variations.
    pub variations: bool,
    /// Write NAGs.
    pub nags: bool,
    /// Write the FEN after each move as a comment.
    pub fen_comments: bool,
    /// How moves are written: style (SAN by default), letters or figurines.
    pub moves: MoveWriteOptions,
}

impl Default for PgnWriteOptions {
    fn default() -> PgnWriteOptions {
        PgnWriteOptions {
            comments: true,
            variations: true,
            nags: true,
            fen_comments: false,
            moves: MoveWriteOptions::default(),
        }
    }
}

/// Writes a game in PGN export format, followed by a blank line.
///
/// ```
/// use forsyth::pgn::{Game, PgnReadOptions, PgnWriteOptions, write_game};
/// let games = Game::read_all("1. e4 {best by test} e5 (1... c5) 1-0", &PgnReadOptions::default());
/// let mut out = String::new();
/// write_game(games[0].as_ref().unwrap(), &PgnWriteOptions::default(), &mut out);
/// assert!(out.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"));
/// assert!(out.ends_with("[Result \"1-0\"]\n\n1. e4 {best by test} 1... e5 (1... c5) 1-0\n\n"));
/// ```
pub fn write_game(game: &Game, options: &PgnWriteOptions, out: &mut String) {
    for escape in &game.escapes {
        let _ = writeln!(out, "%{escape}");
    }
    // The game's result, written the same in the Result tag and as the termination marker (PGN standard §8.1.1.7):
    // the marker's, which the reader has made the tag's where the two disagree; else the tag's, in whatever form it
    // was written (`+--`, `1–0`).
    let tag_result = game.tag("Result").and_then(super::GameResult::from_tag);
    let result = game.result.or(tag_result).map(|r| r.as_str());
    for (name, default) in SEVEN_TAG_ROSTER {
        let value = match (name, game.tag(name)) {
            ("Result", Some(tag)) if tag_result.is_some() => result.unwrap_or(tag),
            ("Result", None) => result.unwrap_or(default),
            (_, tag) => tag.unwrap_or(default),
        };
        let _ = writeln!(out, "[{name} \"{}\"]", escape_tag_value(value));
    }
    // The tags that set up the start must describe `game.start`. They may not, in a game kept past a bad
    // `FEN` or `Variant` tag (`keep_broken`) or built by hand: then they are written afresh from the position.
    let setup_tag = |name: &str| ["FEN", "Variant", "SetUp"].iter().any(|t| t.eq_ignore_ascii_case(name));
    let tag = |name: &str| game.tags.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str());
    let consistent = start_position(tag("Variant"), tag("FEN")).is_ok_and(|pos| pos == game.start);
    // PGN standard §9.7.1: a game from a set-up position has `SetUp "1"`, and a FEN tag goes with it. Readers
    // take a FEN tag alone (or after `SetUp "0"`); the writer completes the pair.
    let fen_given = tag("FEN").is_some();
    let set_up_missing = fen_given && tag("SetUp").is_none();
    for (name, value) in &game.tags {
        if !SEVEN_TAG_ROSTER.iter().any(|(roster, _)| roster == name) && (consistent || !setup_tag(name)) {
            let value = if fen_given && name.eq_ignore_ascii_case("SetUp") { "1" } else { value.as_str() };
            if set_up_missing && name.eq_ignore_ascii_case("FEN") {
                out.push_str("[SetUp \"1\"]\n");
            }
            let _ = writeln!(out, "[{name} \"{}\"]", escape_tag_value(value));
        }
    }
    if !consistent {
        let variant = game.start.variant();
        if variant != crate::Variant::Standard {
            let _ = writeln!(out, "[Variant \"{}\"]", variant.pgn_name());
        }
        if game.start != Position::new(variant) {
            let _ = writeln!(out, "[SetUp \"1\"]\n[FEN \"{}\"]", Fen::from_position(&game.start));
        }
    }
    out.push('\n');
    let mut movetext = Movetext::default();
    write_line(&mut movetext, &game.moves, game.start, options);
    movetext.token(result.unwrap_or("*"));
    for line in movetext.wrap() {
        out.push_str(&line);
        out.push('\n');
    }
    out.push('\n');
}

/// Movetext as tokens, wrapped into lines at the end.
#[derive(Default)]
struct Movetext {
    /// Tokens, each with whether the line must end after it (a `;` comment).
    tokens: Vec<(String, bool)>,
    /// Text glued to the front of the next token (an opening parenthesis).
    prefix: String,
}

impl Movetext {
    fn token(&mut self, text: &str) {
        let mut token = std::mem::take(&mut self.prefix);
        token.push_str(text);
        self.tokens.push((token, false));
    }

    fn open(&mut self) {
        self.prefix.push('(');
    }

    fn close(&mut self) {
        match self.tokens.last_mut() {
            Some((last, false)) if self.prefix.is_empty() => last.push(')'),
            _ => {
                let prefix = std::mem::take(&mut self.prefix);
                self.tokens.push((prefix + ")", false));
            }
        }
    }

    fn comment(&mut self, text: &str) {
        if text.contains('}') {
            // A brace comment cannot hold '}': a line comment can, and ends the line.
            self.token(&format!("; {}", text.trim()));
            if let Some(last) = self.tokens.last_mut() {
                last.1 = true;
            }
            return;
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            [] => self.token("{}"),
            [only] => self.token(&format!("{{{only}}}")),
            [first, middle @ .., last] => {
                self.token(&format!("{{{first}"));
                for word in middle {
                    self.token(word);
                }
                self.token(&format!("{last}}}"));
            }
        }
    }

    /// Lines of at most [`MAX_LINE`] characters (longer only for a long word, a `;` comment, or where a break
    /// would put a tag-like word first). No line starts with `[` and a letter, which readers (forsyth's among
    /// them) take for a tag pair after an unclosed comment.
    fn wrap(self) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line: Vec<String> = Vec::new();
        let mut width = 0;
        let looks_like_tag = |t: &str| t.starts_with('[') && t[1..].starts_with(|c: char| c.is_ascii_alphabetic());
        for (token, ends_line) in self.tokens {
            let len = token.chars().count();
            // Before a word that looks like a tag, the break goes before the tag-like words that end the line
            // and the word before them; with no such word on the line, the line runs long instead.
            let carry = if looks_like_tag(&token) {
                line.iter().rev().take_while(|t| looks_like_tag(t)).count() + 1
            } else {
                0
            };
            if !line.is_empty() && width + 1 + len > MAX_LINE && carry < line.len() {
                let carried = line.split_off(line.len() - carry);
                lines.push(line.join(" "));
                width = carried.iter().map(|t| t.chars().count() + 1).sum::<usize>().saturating_sub(1);
                line = carried;
            }
            width += len + usize::from(!line.is_empty());
            line.push(token);
            if ends_line {
                lines.push(std::mem::take(&mut line).join(" "));
                width = 0;
            }
        }
        if !line.is_empty() {
            lines.push(line.join(" "));
        }
        lines
    }
}

fn write_line(out: &mut Movetext, line: &Line, start: Position, options: &PgnWriteOptions) {
    let mut pos = start;
    let mut need_number = true;
    for annotation in &line.intro {
        need_number |= write_annotation(out, annotation, &pos, options);
    }
    for node in &line.nodes {
        let number = pos.fullmoves();
        if pos.turn() == Color::White {
            out.token(&format!("{number}."));
        } else if need_number {
            out.token(&format!("{number}..."));
        }
        out.token(&write_move(&pos, node.mv, &options.moves));
        let before = pos;
        pos.play_unchecked(node.mv);
        need_number = false;
        if options.fen_comments {
            out.comment(&Fen::from_position(&pos).to_string());
            need_number = true;
        }
        for annotation in &node.annotations {
            need_number |= write_annotation(out, annotation, &before, options);
        }
    }
}

/// Writes one annotation; `true` if the next Black move needs its number again.
fn write_annotation(out: &mut Movetext, annotation: &Annotation, before: &Position, options: &PgnWriteOptions) -> bool {
    match annotation {
        Annotation::Nag(nag) if options.nags => out.token(&format!("${nag}")),
        Annotation::Comment(text) if options.comments => {
            out.comment(text);
            return true;
        }
        Annotation::Variation(line) if options.variations => {
            out.open();
            write_line(out, line, *before, options);
            out.close();
            return true;
        }
        Annotation::DrawOffer => out.token("(=)"),
        _ => {}
    }
    false
}
