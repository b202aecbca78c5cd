//! Comment commands: `[%clk 1:30:00]`, `[%emt 0:00:05]`, `[%eval 0.25]`, `[%csl Ra1,Gb2]`, `[%cal Ge2e4]`.
//!
//! They live inside comments and stay there: reading and writing keep the comment text whole, and these
//! functions read the commands out of it.

use crate::Square;

/// A command embedded in a comment: `[%name args]`.
///
/// ```
/// use forsyth::pgn::{CommentCommand, comment_commands};
/// let first = comment_commands("White resigns [%emt  0:00:05 ]").next();
/// assert_eq!(first, Some(CommentCommand { name: "emt", args: "0:00:05" }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommentCommand<'a> {
    /// The name after `%` (`clk`, `eval`, ...).
    pub name: &'a str,
    /// The text after the name, trimmed.
    pub args: &'a str,
}

/// Every `[%name args]` command in a comment, in order.
///
/// ```
/// use forsyth::pgn::comment_commands;
/// let found: Vec<_> = comment_commands("[%eval 0.17] [%clk 0:00:30] good").map(|c| (c.name, c.args)).collect();
/// assert_eq!(found, [("eval", "0.17"), ("clk", "0:00:30")]);
/// // A command without its `]` is passed over, not the one after it.
/// let found: Vec<_> = comment_commands("[%clk 3:5 [%eval 0.2] x").map(|c| (c.name, c.args)).collect();
/// assert_eq!(found, [("eval", "0.2")]);
/// ```
pub fn comment_commands(comment: &str) -> impl Iterator<Item = CommentCommand<'_>> {
    let mut rest = comment;
    std::iter::from_fn(move || {
        loop {
            let start = command_start(rest)?;
            let after = &rest[start + 2..];
            let end = after.find(']')?;
            let body = &after[..end];
            if let Some(inner) = command_start(body) {
                // A command without its `]` (`[%clk 3:5 [%eval 0.2]`): the next command starts inside it, and
                // would be lost with it. (chessops and python-chess read such a comment so.)
                rest = &after[inner..];
                continue;
            }
            rest = &after[end + 1..];
            let name_len = body.find(|c: char| c.is_whitespace()).unwrap_or(body.len());
            if name_len > 0 {
                return Some(CommentCommand { name: &body[..name_len], args: body[name_len..].trim() });
            }
        }
    })
}

/// A comment's text for people: the comment without its commands (`[%clk 0:03:00]`, `[%eval 0.2]`: what they say
/// is read with [`comment_commands`]), its runs of white space made one space. A command without its `]` stays, as
/// [`comment_commands`] passes it over.
///
/// ```
/// use forsyth::pgn::comment_text;
/// assert_eq!(comment_text("[%eval 0.17] [%clk 0:00:30] a good\n move"), "a good move");
/// assert_eq!(comment_text("[%clk 0:01:00]"), "");
/// assert_eq!(comment_text("[%clk 3:5 [%eval 0.2] x"), "[%clk 3:5 x");
/// ```
pub fn comment_text(comment: &str) -> String {
    let mut kept = String::with_capacity(comment.len());
    let mut rest = comment;
    while let Some(start) = command_start(rest) {
        let after = &rest[start + 2..];
        let Some(end) = after.find(']') else { break };
        match command_start(&after[..end]) {
            // A command without its `]`: kept up to the command that starts inside it.
            Some(inner) => {
                kept.push_str(&rest[..start + 2 + inner]);
                rest = &after[inner..];
            }
            None => {
                kept.push_str(&rest[..start]);
                kept.push(' ');
                rest = &after[end + 1..];
            }
        }
    }
    kept.push_str(rest);
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Where the first `[%` of `text` is. Comments of engine games are long and rarely hold a command: a search for
/// the rare `[` with memchr, not `str::find`'s two-byte search (nor a `memmem` searcher built anew for each comment).
fn command_start(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(found) = memchr::memchr(b'[', &bytes[from..]) {
        let at = from + found;
        if bytes.get(at + 1) == Some(&b'%') {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// A clock or elapsed-time value (`%clk`, `%emt`) in seconds: `H:MM:SS`, `M:SS` or seconds, with fractions.
///
/// ```
/// use forsyth::pgn::parse_clock;
/// assert_eq!(parse_clock("1:30:00"), Some(5400.0));
/// assert_eq!(parse_clock("0:00:05.5"), Some(5.5));
/// assert_eq!(parse_clock("soon"), None);
/// ```
pub fn parse_clock(args: &str) -> Option<f64> {
    let mut seconds = 0.0;
    for part in args.trim().split(':') {
        let value: f64 = part.parse().ok().filter(|v: &f64| v.is_finite() && *v >= 0.0)?;
        seconds = seconds * 60.0 + value;
    }
    Some(seconds)
}

/// An engine evaluation (`%eval`).
///
/// ```
/// use forsyth::pgn::{Eval, comment_commands, parse_eval};
/// let eval = comment_commands("[%eval #3,25]").find(|c| c.name == "eval").and_then(|c| parse_eval(c.args));
/// assert_eq!(eval, Some(Eval::Mate(3)));
/// assert_eq!(parse_eval("0.25"), Some(Eval::Pawns(0.25)));
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Eval {
    /// Pawns from White's point of view.
    Pawns(f64),
    /// Mate in this many moves; negative when Black mates.
    Mate(i32),
}

/// Reads `%eval` arguments: `0.25`, `-1.5`, `#3`, `#-2` (a trailing `,depth` is ignored).
///
/// ```
/// use forsyth::pgn::{Eval, parse_eval};
/// assert_eq!(parse_eval("-0.31"), Some(Eval::Pawns(-0.31)));
/// assert_eq!(parse_eval("#-2"), Some(Eval::Mate(-2)));
/// ```
pub fn parse_eval(args: &str) -> Option<Eval> {
    let value = args.split(',').next()?.trim();
    match value.strip_prefix('#') {
        Some(mate) => mate.parse().ok().map(Eval::Mate),
        None => value.parse().ok().filter(|v: &f64| v.is_finite()).map(Eval::Pawns),
    }
}

/// A coloured square or arrow of `%csl` / `%cal`: colour letter (`R`, `G`, `B`, `Y`), squares.
///
/// ```
/// use forsyth::pgn::{Marking, parse_markings};
/// use forsyth::Square;
/// let marks = parse_markings("Ge2e4, Ya1").unwrap();
/// assert_eq!(marks[0], Marking { color: 'G', from: Square::E2, to: Some(Square::E4) });
/// assert_eq!(marks[1], Marking { color: 'Y', from: Square::A1, to: None });
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Marking {
    /// The colour letter.
    pub color: char,
    /// The square marked, or an arrow's tail.
    pub from: Square,
    /// An arrow's head; `None` for a square.
    pub to: Option<Square>,
}

/// Reads `%csl` or `%cal` arguments: `Ra1,Gb2` or `Ge2e4,Rd7d5`.
///
/// ```
/// use forsyth::pgn::parse_markings;
/// let marks = parse_markings("Ge2e4,Rd4").unwrap();
/// assert_eq!(marks[0].to.map(|s| s.to_string()), Some("e4".to_string()));
/// assert_eq!(marks[1].color, 'R');
/// assert!(parse_markings("Gz9").is_none());
/// ```
pub fn parse_markings(args: &str) -> Option<Vec<Marking>> {
    args.split(',')
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .map(|m| {
            let color = m.chars().next().filter(|c| c.is_ascii_uppercase())?;
            let squares = &m.as_bytes()[1..];
            let (from, to) = match squares.len() {
                2 | 3 => (Square::from_ascii(squares)?, None),
                4..=6 => {
                    let split = if squares[1..].iter().position(u8::is_ascii_alphabetic)? + 1 == 2 { 2 } else { 3 };
                    (Square::from_ascii(&squares[..split])?, Some(Square::from_ascii(&squares[split..])?))
                }
                _ => return None,
            };
            Some(Marking { color, from, to })
        })
        .collect()
}
