//! What the solver needs of a position, for both position types: the orthodox [`Position`] with its fast cores,
//! and the [`GeneralPosition`] of fairy pieces and cylinder boards. The search is written once over this trait.

use crate::general::{GeneralMove, GeneralPosition};
use crate::notation::general::write_general_move;
use crate::notation::letters::{Language, Letters};
use crate::notation::styles::{MoveStyle, MoveWriteOptions, write_move};
use crate::problem::PatternPosition;
use crate::{Move, Position};

/// A position the solver searches: its moves and the positions after them (from [`PatternPosition`]), a key for
/// the transposition table, a pass of the turn (for threats and series play), and its moves written for people.
///
/// ```
/// use forsyth::Position;
/// use forsyth::problem::solve::SolvePosition;
/// let pos: Position = "7k/8/6K1/8/8/8/8/R7 w - - 0 1".parse().unwrap();
/// let mut moves = Vec::new();
/// pos.moves_into(&mut moves);
/// assert_eq!(moves.len(), 20); // six king moves, fourteen rook moves
/// assert_ne!(pos.key(), pos.passed().unwrap().key());
/// ```
pub trait SolvePosition: PatternPosition<Move: Send + Sync> + Send + Sync {
    /// A hash of what decides the play from here: pieces, side to move, castling rights, en-passant square.
    fn key(&self) -> u64;
    /// Appends every legal move to `out`.
    fn moves_into(&self, out: &mut Vec<Self::Move>);
    /// Whether the side to move has a legal move.
    fn has_moves(&self) -> bool;
    /// The position with the other side to move and no en-passant square, as if the side to move passed; `None`
    /// when it is in check (a pass would leave its king to be captured).
    fn passed(&self) -> Option<Self>;
    /// The position with the other side to move, in check or not (goals that ask whether the side that moved is
    /// mated or stalemated).
    fn turned(&self) -> Self;
    /// The move written in a style and a language (piece letters; the knight is S in problem notation in every
    /// language), with its check or mate sign.
    fn write(&self, m: Self::Move, style: MoveStyle, language: Language) -> String;
    /// The move in UCI (castling as the king's move, promotions with the piece's letter).
    fn uci(&self, m: Self::Move) -> String;
    /// Whether the legal move `m` gives check: mate searches ask it of every move, so a position type that can
    /// tell without playing the move says so faster.
    fn gives_check(&self, m: Self::Move) -> bool {
        self.after(m).is_check()
    }
}

/// The letters of problem notation: a language's own, with S for the knight in English, as problemists and
/// Popeye write it (N is the nightrider).
fn problem_letters(language: Language) -> Letters {
    match language {
        Language::En => Letters::custom("PSBRQK").unwrap_or(Letters::ENGLISH),
        other => Letters::language(other),
    }
}

impl SolvePosition for Position {
    fn key(&self) -> u64 {
        self.zobrist()
    }

    fn moves_into(&self, out: &mut Vec<Move>) {
        out.extend(self.legal_moves());
    }

    fn has_moves(&self) -> bool {
        self.has_legal_moves()
    }

    fn passed(&self) -> Option<Position> {
        let mut next = *self;
        next.play_null().ok()?;
        Some(next)
    }

    fn turned(&self) -> Position {
        let mut next = *self;
        next.play_unchecked(Move::NULL);
        next
    }

    fn write(&self, m: Move, style: MoveStyle, language: Language) -> String {
        let letters = if style == MoveStyle::San { Letters::language(language) } else { problem_letters(language) };
        write_move(self, m, &MoveWriteOptions::new(style).with_letters(letters))
    }

    fn uci(&self, m: Move) -> String {
        write_move(self, m, &MoveWriteOptions::new(MoveStyle::Uci))
    }

    fn gives_check(&self, m: Move) -> bool {
        Position::gives_check(self, m)
    }
}

impl SolvePosition for GeneralPosition {
    fn key(&self) -> u64 {
        self.key()
    }

    fn moves_into(&self, out: &mut Vec<GeneralMove>) {
        out.extend(PatternPosition::legal_moves(self));
    }

    fn has_moves(&self) -> bool {
        !PatternPosition::legal_moves(self).is_empty()
    }

    fn passed(&self) -> Option<GeneralPosition> {
        (!self.is_check()).then(|| self.turned())
    }

    fn turned(&self) -> GeneralPosition {
        let mut next = self.clone();
        next.set_turn(!self.turn());
        next.set_ep(None);
        next
    }

    fn write(&self, m: GeneralMove, style: MoveStyle, _language: Language) -> String {
        // A general position writes its pieces with its own letter table, the problem's letters.
        write_general_move(self, m, style)
    }

    fn uci(&self, m: GeneralMove) -> String {
        write_general_move(self, m, MoveStyle::Uci)
    }
}
