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
    let mut reader = Reader::new(input);
    let (mut games, mut errors) = (0, 0);
    while let Some(ok) = reader.read_game(&mut Validator)? {
        games += 1;
        errors += u64::from(!ok);
    }
    Ok((games, errors))
}
