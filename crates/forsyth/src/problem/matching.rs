//! Patterns checked against positions and games: the concrete move sequences an indicated line stands for, and
//! whether a game's moves fit a pattern.
//!
//! A line describes the path of one piece, as problem practice writes it: the opponent's moves are not shown.
//! So between two moves of the line's piece the other side makes one move, any legal move; if the piece's side is
//! not to move, the sequence begins with such a free move. `-` is one move without capture, `:`/`×` one capture,
//! `~` alone one move of any kind, and `~` with a place one or more moves that end there (the piece's own moves,
//! the opponent's free moves in between). A step that does not name a promotion accepts any. The signs `+`, `#`
//! and `=` after the last move ask for check, mate and stalemate after it.
//!
//! `[Sg1]` names the piece that stood on g1 in the game array: the first position of the game, or the given
//! position when there is no game.
//!
//! The search runs on any [`PatternPosition`]: the orthodox [`Position`], or a
//! [`GeneralPosition`](crate::general::GeneralPosition) with the problem's fairy pieces, whose letters the pattern
//! reads with [`Pattern::parse_declaring`].
//!
//! ```
//! use forsyth::Position;
//! use forsyth::notation::letters::Language;
//! use forsyth::problem::{Limits, Pattern, sequences};
//! let pattern = Pattern::parse("Sg1~e5", Language::De)?;
//! let found = sequences(&pattern, &Position::default(), &Limits::default())?;
//! // Sg1-f3, a free black move, Sf3-e5: 20 ways; and Sg1-h3-g5-... cannot reach e5 in time.
//! assert_eq!(found.sequences.len(), 20);
//! # Ok::<(), forsyth::problem::PatternError>(())
//! ```

use super::pattern::{Castling, Line, Pattern, PatternError, PatternErrorKind, Place, StateSign, Step, StepKind};
use super::pattern_position::PatternPosition;
use crate::{Color, Move, Position, Role, Square};

/// Bounds on the work of listing sequences.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{Limits, Pattern, sequences};
/// let pattern = Pattern::parse("Sg1~e5", Language::De)?;
/// let five = Limits { max_sequences: 5, ..Limits::default() };
/// let found = sequences(&pattern, &Position::default(), &five)?;
/// assert_eq!((found.sequences.len(), found.truncated), (5, true));
/// # Ok::<(), forsyth::problem::PatternError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest sequence, in plies (both sides' moves).
    pub max_plies: usize,
    /// The most sequences listed.
    pub max_sequences: usize,
    /// The most positions visited before the search stops.
    pub max_nodes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { max_plies: 5, max_sequences: 1000, max_nodes: 2_000_000 }
    }
}

/// The sequences a pattern stands for: moves of the orthodox [`Position`] by default, or of any
/// [`PatternPosition`].
///
/// ```
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{Limits, Listing, Pattern, sequences};
/// use forsyth::{Move, Position, Square};
/// let found = sequences(&Pattern::parse("Sg1-f3", Language::De)?, &Position::default(), &Limits::default())?;
/// assert_eq!(found, Listing { sequences: vec![vec![Move::new(Square::G1, Square::F3)]], truncated: false });
/// # Ok::<(), forsyth::problem::PatternError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing<M = Move> {
    /// Each sequence, from the given position.
    pub sequences: Vec<Vec<M>>,
    /// Whether a limit cut the listing short.
    pub truncated: bool,
}

impl<M> Default for Listing<M> {
    fn default() -> Listing<M> {
        Listing { sequences: Vec::new(), truncated: false }
    }
}

fn not_listable(pattern: &Pattern, why: &'static str) -> PatternError {
    PatternError { kind: PatternErrorKind::NotListable(why), column: pattern.column() }
}

/// The move sequences from `pos` that a line, a castling or an `|` of them stands for. A pattern that names no
/// possible move is an error at the column of the step that nothing fits.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{Limits, Pattern, sequences};
/// let pos: Position = "4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
/// let one = Limits { max_plies: 1, ..Limits::default() };
/// assert_eq!(sequences(&Pattern::parse("K~", Language::De)?, &pos, &one)?.sequences.len(), 5);
/// let e = sequences(&Pattern::parse("Ke1-e3", Language::De)?, &pos, &one).unwrap_err();
/// assert_eq!((e.code(), e.column), ("pattern.no-move", 4));
/// # Ok::<(), forsyth::problem::PatternError>(())
/// ```
///
/// With fairy pieces: a grasshopper's lines, its letter declared for the pattern.
///
/// ```
/// use forsyth::Topology;
/// use forsyth::notation::general::read_fen;
/// use forsyth::notation::letters::Language;
/// use forsyth::piece_kind::PieceTable;
/// use forsyth::problem::{Limits, Pattern, sequences};
/// let mut table = PieceTable::new();
/// table.declare_text("G=grasshopper")?;
/// let pos = read_fen("4k3/8/8/8/8/8/4P3/G3K3 w - - 0 1", &table, Topology::Plain)?;
/// let pattern = Pattern::parse_declaring("Ga1~", Language::En, table.declared())?;
/// let one = Limits { max_plies: 1, ..Limits::default() };
/// // Over the king on e1 to f1: the grasshopper's only move.
/// assert_eq!(sequences(&pattern, &pos, &one)?.sequences.len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn sequences<P: PatternPosition>(
    pattern: &Pattern,
    pos: &P,
    limits: &Limits,
) -> Result<Listing<P::Move>, PatternError> {
    pos.listable().map_err(|why| PatternError { kind: PatternErrorKind::NotPlayable(why), column: 1 })?;
    let mut listing = Listing::default();
    let mut nodes = 0;
    collect(pattern, pos, limits, &mut nodes, &mut listing)?;
    Ok(listing)
}

fn collect<P: PatternPosition>(
    pattern: &Pattern,
    pos: &P,
    limits: &Limits,
    nodes: &mut u64,
    listing: &mut Listing<P::Move>,
) -> Result<(), PatternError> {
    match pattern {
        Pattern::Group { pattern, .. } => collect(pattern, pos, limits, nodes, listing),
        Pattern::Or(parts) => {
            let mut first_error = None;
            let mut any = false;
            for part in parts {
                match collect(part, pos, limits, nodes, listing) {
                    Ok(()) => any = true,
                    Err(e) if e.code() == "pattern.no-move" => {
                        first_error.get_or_insert(e);
                    }
                    Err(e) => return Err(e),
                }
            }
            match first_error {
                Some(e) if !any => Err(e),
                _ => Ok(()),
            }
        }
        Pattern::Castling(c) => {
            let found: Vec<P::Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|&m| pos.castling_side(m) == Some(c.side))
                .filter(|&m| ending_holds(&pos.after(m), c.ending.state))
                .collect();
            if found.is_empty() {
                return Err(PatternError {
                    kind: PatternErrorKind::NoMove(format!("{} cannot castle here", color_word(pos.turn()))),
                    column: c.column,
                });
            }
            listing.sequences.extend(found.into_iter().map(|m| vec![m]));
            Ok(())
        }
        Pattern::Line(line) if !line.steps.is_empty() => {
            let mut search = LineSearch::new(line, limits, nodes, listing);
            let starts = search.starts(pos)?;
            for (square, color) in starts {
                search.walk(pos.clone(), square, color, 0, &mut Vec::new());
            }
            if search.found == 0 && !search.listing.truncated {
                return Err(search.failure());
            }
            Ok(())
        }
        Pattern::Line(_) => Err(not_listable(pattern, "a piece alone names no move: add one (Sg1-f3, Sg1~)")),
        Pattern::Squares { .. } => Err(not_listable(pattern, "a square set names no move")),
        Pattern::And(_) => Err(not_listable(
            pattern,
            "& joins conditions on a game: check it against a game (--game) or list one line at a time",
        )),
        Pattern::Not { .. } => {
            Err(not_listable(pattern, "~ (not) is a condition on a game: check it against a game (--game)"))
        }
    }
}

fn color_word(color: Color) -> &'static str {
    if color.is_white() { "White" } else { "Black" }
}

fn ending_holds<P: PatternPosition>(after: &P, state: Option<StateSign>) -> bool {
    match state {
        None => true,
        Some(StateSign::Check) => after.is_check(),
        Some(StateSign::Mate) => after.is_check() && after.has_no_move(),
        Some(StateSign::Draw) => !after.is_check() && after.has_no_move(),
    }
}

/// Whether a move fits one step, leaving aside `~` with a place (which may need more moves).
fn fits<P: PatternPosition>(pos: &P, m: P::Move, step: &Step) -> bool {
    let captured = pos.captured(m);
    let kind_fits = match step.kind {
        StepKind::Move => captured.is_none(),
        StepKind::Capture(_) => {
            captured.is_some_and(|(_, kind)| step.captured.is_none_or(|letter| pos.names(letter, kind)))
        }
        StepKind::Somehow => true,
    };
    let promotion_fits = match (step.promotion, pos.promotion(m)) {
        (Some(want), Some(got)) => pos.names(want, got),
        (Some(_), None) => false,
        (None, _) => true,
    };
    kind_fits && promotion_fits && (!step.en_passant || pos.is_en_passant(m))
}

struct LineSearch<'a, M> {
    line: &'a Line,
    limits: &'a Limits,
    nodes: &'a mut u64,
    listing: &'a mut Listing<M>,
    found: usize,
    /// The furthest step that some move reached, and why nothing went on from there.
    furthest: usize,
}

impl<'a, M: Copy> LineSearch<'a, M> {
    fn new(line: &'a Line, limits: &'a Limits, nodes: &'a mut u64, listing: &'a mut Listing<M>) -> Self {
        LineSearch { line, limits, nodes, listing, found: 0, furthest: 0 }
    }

    /// The squares and colours of the pieces the subject can name.
    fn starts<P: PatternPosition<Move = M>>(&self, pos: &P) -> Result<Vec<(Square, Color)>, PatternError> {
        let subject = &self.line.subject;
        let no_move = |why: String| PatternError { kind: PatternErrorKind::NoMove(why), column: subject.column };
        match subject.square {
            Some(sq) => match pos.piece_on(sq) {
                Some((color, kind)) if pos.names(subject.piece, kind) => Ok(vec![(sq, color)]),
                Some((color, kind)) => {
                    Err(no_move(format!("the piece on {sq} is a {} {}", color_word(color), pos.kind_name(kind))))
                }
                None => Err(no_move(format!("{sq} is empty"))),
            },
            None => {
                let color = pos.turn();
                let squares: Vec<(Square, Color)> = pos
                    .occupied()
                    .into_iter()
                    .filter(|&sq| {
                        pos.piece_on(sq).is_some_and(|(c, kind)| c == color && pos.names(subject.piece, kind))
                    })
                    .map(|sq| (sq, color))
                    .collect();
                if squares.is_empty() {
                    return Err(no_move(format!("{} has no such piece", color_word(color))));
                }
                Ok(squares)
            }
        }
    }

    fn failure(&self) -> PatternError {
        let (column, why) = match self.line.steps.get(self.furthest) {
            Some(step) => (step.column, "no legal move fits this step within the plies allowed"),
            None => (self.line.ending.column, "no sequence ends with this sign"),
        };
        PatternError { kind: PatternErrorKind::NoMove(why.to_string()), column }
    }

    /// Plies still needed at the least: one per remaining step of the piece, a free move between two of them.
    fn plies_needed(&self, step: usize, piece_to_move: bool) -> usize {
        let remaining = self.line.steps.len() - step;
        if remaining == 0 {
            return 0;
        }
        2 * remaining - 1 + usize::from(!piece_to_move)
    }

    fn walk<P: PatternPosition<Move = M>>(
        &mut self,
        pos: P,
        square: Square,
        color: Color,
        step: usize,
        sequence: &mut Vec<M>,
    ) {
        if self.listing.truncated {
            return;
        }
        *self.nodes += 1;
        if *self.nodes > self.limits.max_nodes || self.listing.sequences.len() >= self.limits.max_sequences {
            self.listing.truncated = true;
            return;
        }
        self.furthest = self.furthest.max(step);
        if step == self.line.steps.len() {
            if ending_holds(&pos, self.line.ending.state) {
                self.found += 1;
                self.listing.sequences.push(sequence.clone());
            }
            return;
        }
        let piece_to_move = pos.turn() == color;
        if sequence.len() + self.plies_needed(step, piece_to_move) > self.limits.max_plies {
            return;
        }
        if !piece_to_move {
            for m in pos.legal_moves() {
                if pos.captured(m).is_some_and(|(at, _)| at == square) {
                    continue; // the tracked piece is captured: the line cannot go on
                }
                let after = pos.after(m);
                sequence.push(m);
                self.walk(after, square, color, step, sequence);
                sequence.pop();
            }
            return;
        }
        let current = &self.line.steps[step];
        for m in pos.legal_moves() {
            if pos.origin(m) != square || !fits(&pos, m, current) {
                continue;
            }
            let to = pos.landing(m);
            let after = pos.after(m);
            sequence.push(m);
            match (current.kind, current.place) {
                (StepKind::Somehow, Place::Anywhere) => self.walk(after, to, color, step + 1, sequence),
                (StepKind::Somehow, place) => {
                    if place.contains(to) {
                        self.walk(after.clone(), to, color, step + 1, sequence);
                    }
                    self.walk(after, to, color, step, sequence);
                }
                (_, place) => {
                    if place.contains(to) {
                        self.walk(after, to, color, step + 1, sequence);
                    }
                }
            }
            sequence.pop();
        }
    }
}

/// Whether a pattern holds in a position, as a condition on its pieces: `Sg1` and `[Sg1]` (the piece of the given
/// position's g1) hold when the piece named stands there, and `&`, `|` and `~` combine; lines with moves and
/// castling name moves, which a position alone has not made ([`sequences`] lists them).
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{Pattern, holds};
/// let pos = Position::default();
/// assert!(holds(&Pattern::parse("Sg1 & ~[Ta8] | Dd1", Language::De)?, &pos)?);
/// assert!(!holds(&Pattern::parse("Sg1 & ~Ta1", Language::De)?, &pos)?);
/// # Ok::<(), forsyth::problem::PatternError>(())
/// ```
pub fn holds<P: PatternPosition>(pattern: &Pattern, pos: &P) -> Result<bool, PatternError> {
    let fit = combine(pattern, &mut |part| {
        let held = match part {
            Pattern::Line(line) if line.steps.is_empty() => line
                .subject
                .square
                .and_then(|sq| pos.piece_on(sq))
                .is_some_and(|(_, kind)| pos.names(line.subject.piece, kind)),
            _ => false,
        };
        held.then(Fit::anywhere)
    })?;
    Ok(fit.is_some())
}

/// The logic of a pattern — groups, `~`, `&` and `|` — over its parts (lines, piece placements, castling), which
/// `part` decides: where the pattern holds (the plies of the lines that make it hold), `None` where it does not. A
/// square set alone is an error.
fn combine(pattern: &Pattern, part: &mut impl FnMut(&Pattern) -> Option<Fit>) -> Result<Option<Fit>, PatternError> {
    Ok(match pattern {
        Pattern::Group { pattern, .. } => combine(pattern, part)?,
        Pattern::Not { pattern, .. } => match combine(pattern, part)? {
            Some(_) => None,
            None => Some(Fit::anywhere()),
        },
        Pattern::And(parts) => {
            let mut plies = Vec::new();
            for each in parts {
                match combine(each, part)? {
                    Some(fit) => plies.extend(fit.plies),
                    None => return Ok(None),
                }
            }
            Some(Fit { plies })
        }
        Pattern::Or(parts) => {
            for each in parts {
                if let Some(fit) = combine(each, part)? {
                    return Ok(Some(fit));
                }
            }
            None
        }
        Pattern::Squares { .. } => {
            return Err(not_listable(pattern, "a square set alone says nothing of a game or a position"));
        }
        Pattern::Castling(_) | Pattern::Line(_) => part(pattern),
    })
}

/// Where in a game a pattern holds.
///
/// ```
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{Fit, Pattern, game_fits};
/// use forsyth::{Move, Position, Square};
/// // 1.e4 e5 2.Nf3: the knight's move is the game's third ply (index 2).
/// let (e4, e5, nf3) = ((Square::E2, Square::E4), (Square::E7, Square::E5), (Square::G1, Square::F3));
/// let moves = [e4, e5, nf3].map(|(from, to)| Move::new(from, to));
/// let fit = game_fits(&Pattern::parse("Sg1-f3", Language::De)?, &Position::default(), &moves)?;
/// assert_eq!(fit, Some(Fit { plies: vec![2] }));
/// # Ok::<(), forsyth::problem::PatternError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fit {
    /// The plies (0-based, into the game's moves) where each line of the pattern that holds begins; empty for a
    /// pattern that holds without a line (`~K~` in a game without king moves).
    pub plies: Vec<usize>,
}

impl Fit {
    /// A fit that no line makes: a piece's placement, a negation.
    fn anywhere() -> Fit {
        Fit { plies: Vec::new() }
    }
}

/// Whether a game (its first position and its moves, each legal) fits a pattern: a line fits where its piece makes
/// the line's moves one after the other (the opponent's moves between them free); a piece on a square (`Sg1`)
/// fits when the game ends with it there, an original piece (`[Sg1]`) when it is still on the board at the end;
/// `&`, `|` and `~` combine.
///
/// ```
/// use forsyth::{Move, Position, Square};
/// use forsyth::notation::letters::Language;
/// use forsyth::problem::{Pattern, game_fits};
/// let start = Position::default();
/// let moves = [Move::new(Square::G1, Square::F3), Move::new(Square::B8, Square::C6), Move::new(Square::F3, Square::E5)];
/// let fits = |p: &str| game_fits(&Pattern::parse(p, Language::De).unwrap(), &start, &moves).unwrap();
/// assert_eq!(fits("Sg1~e5").map(|f| f.plies), Some(vec![0]));
/// assert!(fits("[Sg1]").is_some() && fits("Se5 & ~0-0").is_some());
/// assert!(fits("Sb1~c3").is_none());
/// ```
pub fn game_fits(pattern: &Pattern, start: &Position, moves: &[Move]) -> Result<Option<Fit>, PatternError> {
    let game = Replayed::new(start, moves)?;
    game.fits(pattern)
}

/// A game replayed once: every position, and where each original piece stands after every ply.
struct Replayed<'a> {
    moves: &'a [Move],
    positions: Vec<Position>,
    /// For each ply, the original square of the piece on each square (indexed by square index).
    origins: Vec<Vec<Option<Square>>>,
}

impl<'a> Replayed<'a> {
    fn new(start: &Position, moves: &'a [Move]) -> Result<Replayed<'a>, PatternError> {
        let size = start.board().shape().squares().map(|s| s.index() + 1).max().unwrap_or(0);
        let mut origin: Vec<Option<Square>> = vec![None; size];
        for sq in start.board().shape().squares() {
            if start.piece_at(sq).is_some() {
                origin[sq.index()] = Some(sq);
            }
        }
        let mut positions = vec![*start];
        let mut origins = vec![origin.clone()];
        let mut pos = *start;
        for (ply, &m) in moves.iter().enumerate() {
            if !pos.is_legal(m) {
                return Err(PatternError {
                    kind: PatternErrorKind::NoMove(format!("the game's move {m} at ply {} is illegal", ply + 1)),
                    column: 1,
                });
            }
            let color = pos.turn();
            let mut after = pos;
            after.play_unchecked(m);
            if m.is_castle() {
                let king = origin[m.from().index()];
                let rook = origin[m.to().index()];
                origin[m.from().index()] = None;
                origin[m.to().index()] = None;
                if let Some(k) = after.king(color) {
                    origin[k.index()] = king;
                }
                for sq in after.board().shape().squares() {
                    let rook_here = after.piece_at(sq).is_some_and(|p| p.color == color && p.role == Role::Rook);
                    if rook_here && origin[sq.index()].is_none() {
                        origin[sq.index()] = rook;
                    }
                }
            } else {
                if m.is_en_passant() {
                    origin[Square::new(m.to().file(), m.from().rank()).index()] = None;
                }
                origin[m.to().index()] = origin[m.from().index()];
                origin[m.from().index()] = None;
            }
            positions.push(after);
            origins.push(origin.clone());
            pos = after;
        }
        Ok(Replayed { moves, positions, origins })
    }

    fn fits(&self, pattern: &Pattern) -> Result<Option<Fit>, PatternError> {
        combine(pattern, &mut |part| match part {
            Pattern::Castling(c) => self.castling_fits(c),
            Pattern::Line(line) if line.steps.is_empty() => self.piece_at_end(line),
            Pattern::Line(line) => {
                (0..self.moves.len()).find(|&ply| self.line_from(line, ply)).map(|ply| Fit { plies: vec![ply] })
            }
            _ => None,
        })
    }

    fn castling_fits(&self, c: &Castling) -> Option<Fit> {
        (0..self.moves.len())
            .find(|&ply| {
                self.positions[ply].castling_side(self.moves[ply]) == Some(c.side)
                    && ending_holds(&self.positions[ply + 1], c.ending.state)
            })
            .map(|ply| Fit { plies: vec![ply] })
    }

    fn piece_at_end(&self, line: &Line) -> Option<Fit> {
        let last = self.positions.last()?;
        let origins = self.origins.last()?;
        let square = line.subject.square?;
        let held = if line.subject.original {
            let start_piece = self.positions[0].piece_at(square);
            last.board().shape().squares().any(|sq| {
                origins[sq.index()] == Some(square)
                    && start_piece.is_some_and(|p| line.subject.piece.names(p.role))
                    && last.piece_at(sq).is_some()
            })
        } else {
            last.piece_at(square).is_some_and(|p| line.subject.piece.names(p.role))
        };
        held.then(Fit::anywhere)
    }

    fn subject_fits(&self, line: &Line, ply: usize) -> bool {
        let m = self.moves[ply];
        let pos = &self.positions[ply];
        let Some(piece) = pos.piece_at(m.from()) else { return false };
        let subject = &line.subject;
        match (subject.original, subject.square) {
            (true, Some(sq)) => {
                self.origins[ply][m.from().index()] == Some(sq)
                    && self.positions[0].piece_at(sq).is_some_and(|p| subject.piece.names(p.role))
            }
            (false, Some(sq)) => m.from() == sq && subject.piece.names(piece.role),
            (_, None) => subject.piece.names(piece.role),
        }
    }

    /// Whether the line's piece makes the line's moves from this ply on: a set of states (step, square) walked
    /// over the piece's moves, so linear in the game's length for one start.
    fn line_from(&self, line: &Line, start: usize) -> bool {
        if !self.subject_fits(line, start) {
            return false;
        }
        let mut square = self.moves[start].from();
        let mut states: Vec<usize> = vec![0];
        let mut ply = start;
        while ply < self.moves.len() && !states.is_empty() {
            let m = self.moves[ply];
            let pos = &self.positions[ply];
            if m.from() != square {
                return false;
            }
            let to = pos.landing(m);
            let mut next = Vec::new();
            for &step in &states {
                let current: &Step = &line.steps[step];
                if !fits(pos, m, current) {
                    continue;
                }
                let done = match (current.kind, current.place) {
                    (StepKind::Somehow, Place::Anywhere) => true,
                    (StepKind::Somehow, place) => {
                        next.push(step);
                        place.contains(to)
                    }
                    (_, place) => place.contains(to),
                };
                if done {
                    if step + 1 == line.steps.len() {
                        if ending_holds(&self.positions[ply + 1], line.ending.state) {
                            return true;
                        }
                    } else {
                        next.push(step + 1);
                    }
                }
            }
            next.sort_unstable();
            next.dedup();
            states = next;
            square = to;
            // The opponent's free move: the piece must survive it.
            ply += 2;
            let reply = ply - 1;
            if reply < self.moves.len()
                && self.positions[reply].captured(self.moves[reply]).is_some_and(|(at, _)| at == square)
            {
                return false;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::letters::Language;

    fn list(pattern: &str, fen: &str, max_plies: usize) -> Result<Listing, PatternError> {
        let pos: Position = fen.parse().unwrap();
        let limits = Limits { max_plies, ..Limits::default() };
        sequences(&Pattern::parse(pattern, Language::De).unwrap(), &pos, &limits)
    }

    #[test]
    fn a_square_set_alone_is_refused_by_a_position_and_by_a_game_however_deep() {
        let start = Position::default();
        for text in ["{a1, b1}", "Sg1 & ~({a1, b1})", "Ta2 | {a1}"] {
            let pattern = Pattern::parse(text, Language::De).unwrap();
            let in_position = holds(&pattern, &start).unwrap_err();
            let in_game = game_fits(&pattern, &start, &[]).unwrap_err();
            assert_eq!(
                in_position.kind,
                PatternErrorKind::NotListable("a square set alone says nothing of a game or a position")
            );
            assert_eq!(in_game.kind, in_position.kind, "{text}");
        }
        // `|` stops at the first part that holds, before the set.
        assert!(holds(&Pattern::parse("Sg1 | {a1}", Language::De).unwrap(), &start).unwrap());
    }

    #[test]
    fn a_king_move_lists_every_king_move() {
        let listing = list("K~", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 1).unwrap();
        assert_eq!(listing.sequences.len(), 5);
    }

    #[test]
    fn the_conventions_line_is_found() {
        // White pawn h2, black bishop g3, something to take on h7, h8 free.
        let fen = "k7/7p/8/8/8/6b1/7P/K7 w - - 0 1";
        let listing = list("Bh2:Lg~g6:h7-h8=T", fen, 11).unwrap();
        assert!(!listing.sequences.is_empty());
        for seq in &listing.sequences {
            assert_eq!(seq[0], Move::new(Square::H2, Square::G3));
            let last = seq[seq.len() - 1];
            assert_eq!((last.to(), last.promotion_role()), (Square::H8, Some(Role::Rook)));
        }
    }

    #[test]
    fn a_pattern_naming_no_move_is_an_error_at_its_step() {
        let e = list("Ke1-e3", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 4).unwrap_err();
        assert_eq!((e.code(), e.column), ("pattern.no-move", 4));
        let e = list("Sg1-f3", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 4).unwrap_err();
        assert_eq!((e.code(), e.column), ("pattern.no-move", 1));
    }
}
