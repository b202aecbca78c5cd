//! pgn-reader 0.29 + shakmaty 0.30 reading and checking PGN as pgn-reader's own `validate` example does: every
//! token parsed, every main-line SAN move resolved and played with shakmaty, variations skipped. Shared by the
//! in-process bench (`pgn`) and the whole-process anchor (`pgn_validate_shakmaty`).

use std::io::{self, Read};
use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

/// pgn-reader's `validate` example, counting instead of printing.
struct Validator;

impl Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, Option<Chess>> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<bool> {
        if name == b"FEN" {
            let Ok(fen) = Fen::from_ascii(value.as_bytes()) else { return ControlFlow::Break(false) };
            let Ok(pos) = fen.into_position(CastlingMode::Chess960) else { return ControlFlow::Break(false) };
            tags.replace(pos);
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<bool, Chess> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn begin_variation(&mut self, _movetext: &mut Chess) -> ControlFlow<bool, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn san(&mut self, movetext: &mut Chess, san_plus: SanPlus) -> ControlFlow<bool> {
        match san_plus.san.to_move(movetext) {
            Ok(m) => {
                movetext.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _movetext: Chess) -> bool {
        true
    }
}

/// [`Validator`], and every move of every variation resolved and played too: the work `forsyth pgn check` does
/// on games with variations. Each open line keeps the position before its last move (where a variation of that move
/// starts) and the position after it.
struct VariationValidator;

impl Visitor for VariationValidator {
    type Tags = Option<Chess>;
    type Movetext = Vec<(Chess, Chess)>;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, Option<Chess>> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<bool> {
        Validator.tag(tags, name, value)
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<bool, Vec<(Chess, Chess)>> {
        let start = tags.unwrap_or_default();
        ControlFlow::Continue(vec![(start.clone(), start)])
    }

    fn begin_variation(&mut self, lines: &mut Vec<(Chess, Chess)>) -> ControlFlow<bool, Skip> {
        let Some((before, _)) = lines.last() else { return ControlFlow::Break(false) };
        let before = before.clone();
        lines.push((before.clone(), before));
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, lines: &mut Vec<(Chess, Chess)>) -> ControlFlow<bool> {
        // (pgn-reader does not promise a matching `(`: the main line stays.)
        if lines.len() > 1 {
            lines.pop();
        }
        ControlFlow::Continue(())
    }

    fn san(&mut self, lines: &mut Vec<(Chess, Chess)>, san_plus: SanPlus) -> ControlFlow<bool> {
        let Some((before, after)) = lines.last_mut() else { return ControlFlow::Break(false) };
        match san_plus.san.to_move(after) {
            Ok(m) => {
                before.clone_from(after);
                after.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _lines: Vec<(Chess, Chess)>) -> bool {
        true
    }
}

/// Takes every game's tokens and no move.
struct TokensOnly;

impl Visitor for TokensOnly {
    type Tags = ();
    type Movetext = ();
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, ()> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<bool, ()> {
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _movetext: &mut ()) -> ControlFlow<bool, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, _movetext: ()) -> bool {
        true
    }
}

/// Reads every game of `input` as [`validate`] does but resolves no move: the number of games.
#[allow(dead_code, reason = "the whole-process anchor reads moves only")]
pub fn tokens(input: impl Read) -> io::Result<(u64, u64)> {
    let mut reader = Reader::new(input);
    let mut games = 0;
    while reader.read_game(&mut TokensOnly)?.is_some() {
        games += 1;
    }
    Ok((games, 0))
}

/// Reads every game of `input`: the number of games and of games with an error.
pub fn validate(input: impl Read) -> io::Result<(u64, u64)> {
    count(input, Validator)
}

/// [`validate`], with every variation's moves resolved and played too.
#[allow(dead_code, reason = "the in-process bench reads main lines only")]
pub fn validate_with_variations(input: impl Read) -> io::Result<(u64, u64)> {
    count(input, VariationValidator)
}

/// The games `visitor` reads in `input`, and how many of them it found an error in.
fn count(input: impl Read, mut visitor: impl Visitor<Output = bool>) -> io::Result<(u64, u64)> {
    let mut reader = Reader::new(input);
    let (mut games, mut errors) = (0, 0);
    while let Some(ok) = reader.read_game(&mut visitor)? {
        games += 1;
        errors += u64::from(!ok);
    }
    Ok((games, errors))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variations_are_read_from_the_position_before_their_move_only_when_asked() {
        // A variation of White's first move, one of Black's inside it, and one of Black's first move in the main
        // line: each starts from the position before the move it replaces.
        let legal = "1. e4 (1. d4 d5 (1... Nf6 2. Nf3) 2. c4) e5 (1... c5 2. Nf3) 2. Nf3 *\n\n";
        assert_eq!(validate_with_variations(legal.as_bytes()).unwrap(), (1, 0));
        // `1. e5` is no legal move: only the reader of variations finds it.
        let illegal = "1. e4 (1. e5) e5 *\n\n";
        assert_eq!(validate(illegal.as_bytes()).unwrap(), (1, 0));
        assert_eq!(validate_with_variations(illegal.as_bytes()).unwrap(), (1, 1));
        // A `)` without its `(` leaves the main line as it was.
        assert_eq!(validate_with_variations("1. e4 ) e5 2. Nf3 *\n\n".as_bytes()).unwrap(), (1, 0));
    }
}
