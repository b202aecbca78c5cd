//! Retractions: every single move the side that just moved can take back, each with the position before it.

use arrayvec::ArrayVec;

use super::RetroError;
use crate::bitboard::{Bits, Shape, Shape8, Shape10};
use crate::movegen::castling_legal;
use crate::movegen::core::{Core, NO_EP, piece_attacks};
use crate::position::{PositionShape, double_check_possible, start_counts};
use crate::{CastlingSide, Color, Move, MoveKind, Piece, Position, Role};

/// One move taken back: the move as played forward from [`Retraction::predecessor`], which gives the position.
///
/// The predecessor keeps the position's castling rights (plus the one an un-castling restores) and has no
/// en-passant square unless the move was an en-passant capture: those are the fewest claims the move needs, and a
/// position with more rights may also have come before. Clocks: one half-move fewer before a quiet piece move, 0
/// before a pawn move or capture (the count before is unknown); the move number one less before a move of Black.
///
/// ```
/// use forsyth::retro::{self, RetractionKind};
/// use forsyth::notation::fen::Fen;
/// let pos = retro::position_from_fen("4k3/8/8/8/8/8/8/R4RK1 b - - 0 1").unwrap();
/// let castling = retro::retractions(&pos).unwrap().into_iter().find(|r| r.kind() == RetractionKind::Castling).unwrap();
/// assert_eq!(Fen::from_position(&castling.predecessor).to_string(), "4k3/8/8/8/8/8/8/R3K2R w K - 0 1");
/// assert_eq!(castling.predecessor.after(castling.mv).unwrap().board(), pos.board());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Retraction {
    /// The move, as played forward from the predecessor.
    pub mv: Move,
    /// The role of the unit the move captured, which the retraction puts back.
    pub uncaptured: Option<Role>,
    /// The position before the move.
    pub predecessor: Position,
}

/// What kind of move a retraction takes back.
///
/// ```
/// use forsyth::retro::{self, RetractionKind};
/// // The white queen on a8 may have promoted there: from a7, or capturing from b7.
/// let pos = retro::position_from_fen("Q3k3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
/// let kinds: Vec<RetractionKind> = retro::retractions(&pos).unwrap().iter().map(|r| r.kind()).collect();
/// assert!(kinds.contains(&RetractionKind::Promotion));
/// assert!(!kinds.contains(&RetractionKind::Castling));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RetractionKind {
    /// A move that captured nothing and promoted nothing.
    Plain,
    /// A capture (not en passant, no promotion); the captured unit comes back.
    Capture,
    /// A promotion, capturing or not: the piece goes back to a pawn on the seventh rank.
    Promotion,
    /// An en-passant capture: the pawn taken comes back beside the capturing pawn.
    EnPassant,
    /// Castling: king and rook go back to their start squares and the right comes back.
    Castling,
}

impl Retraction {
    /// What kind of move it takes back.
    ///
    /// ```
    /// use forsyth::retro::{self, RetractionKind};
    /// use forsyth::{Move, Square};
    /// let pos = retro::position_from_fen("4k3/8/8/8/8/5N2/8/4K3 b - - 1 1").unwrap();
    /// let all = retro::retractions(&pos).unwrap();
    /// let g1f3 = all.iter().find(|r| r.mv == Move::new(Square::G1, Square::F3) && r.uncaptured.is_none());
    /// assert_eq!(g1f3.unwrap().kind(), RetractionKind::Plain);
    /// assert!(all.iter().filter(|r| r.uncaptured.is_some()).all(|r| r.kind() == RetractionKind::Capture));
    /// ```
    pub fn kind(&self) -> RetractionKind {
        match self.mv.kind() {
            MoveKind::Castle => RetractionKind::Castling,
            MoveKind::EnPassant => RetractionKind::EnPassant,
            MoveKind::Promotion(_) => RetractionKind::Promotion,
            _ if self.uncaptured.is_some() => RetractionKind::Capture,
            _ => RetractionKind::Plain,
        }
    }
}

/// Every legal retraction of the side that just moved (the side not to move), in a stable order: by the square the
/// moving unit stands on now, then the square it came from, then what comes back.
///
/// A retraction is legal when its predecessor is a legal position ([`Position::from_setup`] accepts it: the side
/// not to move there is not in check, no impossible double check) from which the move is legal. An en-passant
/// square in the position means the last move was that double step (the PGN standard's FEN names it after every
/// double step), so it is then the only retraction; without one no double step is retracted. The counts of the
/// captured side limit what comes back: never more pawns than files, nor more pieces beyond the array than
/// missing pawns. Every variant: on the 10×8 boards archbishops and chancellors move back and come back like the
/// other pieces, promotions to them are taken back, and castling is taken back by the variant's geometry.
///
/// ```
/// use forsyth::retro;
/// use forsyth::notation::fen::Fen;
/// let pos = retro::position_from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
/// let all = retro::retractions(&pos).unwrap();
/// // The king came from d1, d2, e2, f2 or f1, maybe capturing (a pawn only off the first rank).
/// assert!(all.iter().any(|r| r.mv.to_string() == "e2e1" && r.uncaptured.is_some()));
/// assert!(all.iter().all(|r| r.predecessor.after(r.mv).unwrap().board() == pos.board()));
/// // Capablanca chess: the chancellor on j8 may be a pawn of the i-file that took a piece as it promoted.
/// let capablanca = retro::position_from_fen("4k4C/10/10/10/10/10/10/5K4 b - - 0 1").unwrap();
/// let all = retro::retractions(&capablanca).unwrap();
/// assert!(all.iter().any(|r| r.mv.to_string() == "i7j8c" && r.uncaptured.is_some()));
/// ```
pub fn retractions(pos: &Position) -> Result<Vec<Retraction>, RetroError> {
    let mut out = Vec::with_capacity(64);
    if let Some(core) = Shape8::core_of(pos) {
        Retractor::new(core).each(|r| out.push(r));
    } else if let Some(core) = Shape10::core_of(pos) {
        Retractor::new(core).each(|r| out.push(r));
    }
    Ok(out)
}

/// Whether the position has any retraction at all (faster than listing them).
pub(crate) fn has_retraction<S: PositionShape>(core: &Core<S>) -> bool {
    let mut any = false;
    Retractor::new(core).each(|_| any = true);
    any
}

/// Whether the position would have a retraction if the castling rights did not hold king and rooks in place.
pub(crate) fn has_retraction_without_rights<S: PositionShape>(core: &Core<S>) -> bool {
    let mut free = *core;
    free.castling = S::Bits::EMPTY;
    has_retraction(&free)
}

/// Bit index of a square's file and rank on the board of shape `S`.
const fn bit<S: Shape>(file: u32, rank: u32) -> u32 {
    rank * S::WIDTH + file
}

struct Retractor<'a, S: PositionShape> {
    after: &'a Core<S>,
    /// The side that made the last move: it retracts.
    mover: Color,
    /// The side to move now, whose units come back when a capture is retracted.
    captured: Color,
    empty: S::Bits,
    /// The position with the turn handed back and the en-passant square cleared: each predecessor starts from it.
    base: Core<S>,
    /// The roles of the captured side that may come back, given its counts (pawns listed last).
    returnable: ArrayVec<Role, 7>,
}

impl<'a, S: PositionShape> Retractor<'a, S> {
    fn new(after: &'a Core<S>) -> Retractor<'a, S> {
        let mover = !after.turn;
        let mut base = *after;
        base.turn = mover;
        base.ep = NO_EP;
        if mover == Color::Black {
            base.fullmoves = after.fullmoves.saturating_sub(1).max(1);
        }
        Retractor {
            after,
            mover,
            captured: after.turn,
            empty: !after.occupied() & S::ALL,
            base,
            returnable: returnable_roles(after, after.turn),
        }
    }

    fn each(&self, mut emit: impl FnMut(Retraction)) {
        let after = self.after;
        if after.ep != NO_EP {
            self.double_step(u32::from(after.ep), &mut emit);
            return;
        }
        let ours = after.by_color[self.mover.index()];
        let rights = after.castling & S::rank_mask(self.relative_rank(0));
        for to in ours.iter() {
            let Some(role) = after.role_at(to) else { continue };
            match role {
                Role::Pawn => self.pawn(to, &mut emit),
                Role::King if !rights.is_empty() => {}
                Role::Rook if rights.has(to) => {}
                _ => {
                    self.piece(role, to, &mut emit);
                    if role == Role::King {
                        self.castling(to, &mut emit);
                    } else if to / S::WIDTH == self.relative_rank(7) {
                        self.promotion(role, to, &mut emit);
                    }
                }
            }
        }
    }

    /// The absolute rank of the mover's relative rank `rank` (0 = its back rank).
    fn relative_rank(&self, rank: u32) -> u32 {
        if self.mover.is_white() { rank } else { 7 - rank }
    }

    /// One square toward the mover's own side.
    fn behind(&self, sq: u32) -> u32 {
        if self.mover.is_white() { sq - S::WIDTH } else { sq + S::WIDTH }
    }

    /// Squares from which a pawn of the mover captures on `to`.
    fn pawn_capture_sources(&self, to: u32) -> S::Bits {
        S::pawn_attacks(!self.mover, to)
    }

    /// A piece other than a pawn on `to` goes back to any empty square it reaches from there.
    fn piece(&self, role: Role, to: u32, emit: &mut impl FnMut(Retraction)) {
        let reach = piece_attacks::<S>(role, to, !self.empty);
        let piece = Piece::new(self.mover, role);
        let quiet_clock = self.after.halfmoves.saturating_sub(1);
        let back_rank = S::rank_mask(0) | S::rank_mask(7);
        for from in (reach & self.empty).iter() {
            let mut q = self.base;
            move_unit(&mut q, piece, to, piece, from);
            q.halfmoves = quiet_clock;
            let mv = Move::new(S::square_of(from), S::square_of(to));
            self.finish(q, mv, None, emit);
            for &captured in &self.returnable {
                if captured == Role::Pawn && back_rank.has(to) {
                    continue;
                }
                let mut q = q;
                q.halfmoves = 0;
                put(&mut q, Piece::new(self.captured, captured), to);
                self.finish(q, mv, Some(captured), emit);
            }
        }
    }

    /// A pawn goes one step back, or diagonally back putting a captured unit on its square, or back from an
    /// en-passant capture.
    fn pawn(&self, to: u32, emit: &mut impl FnMut(Retraction)) {
        let rank = to / S::WIDTH;
        if rank == self.relative_rank(1) {
            return; // still on its start square
        }
        let pawn = Piece::new(self.mover, Role::Pawn);
        let from = self.behind(to);
        if self.empty.has(from) && from / S::WIDTH != self.relative_rank(0) {
            let mut q = self.base;
            move_unit(&mut q, pawn, to, pawn, from);
            q.halfmoves = 0;
            self.finish(q, Move::new(S::square_of(from), S::square_of(to)), None, emit);
        }
        let sources = self.pawn_capture_sources(to) & self.empty & !S::rank_mask(self.relative_rank(0));
        for from in sources.iter() {
            let mv = Move::new(S::square_of(from), S::square_of(to));
            let mut q = self.base;
            move_unit(&mut q, pawn, to, pawn, from);
            q.halfmoves = 0;
            for &captured in &self.returnable {
                let mut q = q;
                put(&mut q, Piece::new(self.captured, captured), to);
                self.finish(q, mv, Some(captured), emit);
            }
        }
        if rank == self.relative_rank(5) {
            self.en_passant(to, sources, emit);
        }
    }

    /// Un-en-passant: the pawn on the sixth rank came from `sources` beside a pawn of the captured side that had
    /// just passed `to` in a double step.
    fn en_passant(&self, to: u32, sources: S::Bits, emit: &mut impl FnMut(Retraction)) {
        let taken = self.behind(to);
        let origin = if self.mover.is_white() { to + S::WIDTH } else { to - S::WIDTH };
        if !self.returnable.contains(&Role::Pawn) || !self.empty.has(taken) || !self.empty.has(origin) {
            return;
        }
        let pawn = Piece::new(self.mover, Role::Pawn);
        for from in sources.iter() {
            let mut q = self.base;
            move_unit(&mut q, pawn, to, pawn, from);
            put(&mut q, Piece::new(self.captured, Role::Pawn), taken);
            q.halfmoves = 0;
            q.ep = to as u8;
            let mv = Move::en_passant(S::square_of(from), S::square_of(to));
            // The en-passant square brings its own rule on checks: let the validator judge this rare case whole.
            let predecessor = S::position(q);
            if Position::from_setup(&predecessor.to_setup(), q.variant).is_ok() {
                emit(Retraction { mv, uncaptured: Some(Role::Pawn), predecessor });
            }
        }
    }

    /// The double step the en-passant square of the position names.
    fn double_step(&self, ep: u32, emit: &mut impl FnMut(Retraction)) {
        let (to, from) =
            if self.mover.is_white() { (ep + S::WIDTH, ep - S::WIDTH) } else { (ep - S::WIDTH, ep + S::WIDTH) };
        let pawn = Piece::new(self.mover, Role::Pawn);
        if !self.after.pieces(self.mover, Role::Pawn).has(to) || !self.empty.has(from) {
            return;
        }
        let mut q = self.base;
        move_unit(&mut q, pawn, to, pawn, from);
        q.halfmoves = 0;
        self.finish(q, Move::new(S::square_of(from), S::square_of(to)), None, emit);
    }

    /// Un-promotion: a piece on the last rank goes back to a pawn on the seventh, straight or capturing.
    fn promotion(&self, role: Role, to: u32, emit: &mut impl FnMut(Retraction)) {
        if !promotion_fits_counts(self.after, self.mover, role) {
            return;
        }
        let piece = Piece::new(self.mover, role);
        let pawn = Piece::new(self.mover, Role::Pawn);
        let straight = self.behind(to);
        if self.empty.has(straight) {
            let mut q = self.base;
            move_unit(&mut q, piece, to, pawn, straight);
            q.halfmoves = 0;
            self.finish(q, Move::promotion(S::square_of(straight), S::square_of(to), role), None, emit);
        }
        for from in (self.pawn_capture_sources(to) & self.empty).iter() {
            let mv = Move::promotion(S::square_of(from), S::square_of(to), role);
            let mut q = self.base;
            move_unit(&mut q, piece, to, pawn, from);
            q.halfmoves = 0;
            for &captured in self.returnable.iter().filter(|&&r| r != Role::Pawn) {
                let mut q = q;
                put(&mut q, Piece::new(self.captured, captured), to);
                self.finish(q, mv, Some(captured), emit);
            }
        }
    }

    /// Un-castling: a king on the square castling puts it on (g1 or c1 in standard chess), beside its rook on the
    /// square castling puts the rook on, goes back to its start square with the rook to its own, and the right
    /// comes back. Where king and rook land is the variant's ([`crate::Variant::castling_king_file`],
    /// [`crate::Variant::castling_rook_file`]); where they start: in a variant with one array, the king's square of
    /// the array and the corner on that side; in Chess960 and Capablanca Random Chess anywhere on the back rank
    /// with the king between the rooks, either may have stood still and a start square may be the square the other
    /// stands on now. Both arrays of a shuffled game mirror each other, so the other side's castling rights, where
    /// it keeps any, tell the king's start file (its king has not moved) and the rook's (its rook on the same
    /// side). Whether castling was legal from there the forward move generator decides.
    fn castling(&self, king_to: u32, emit: &mut impl FnMut(Retraction)) {
        let variant = self.after.variant;
        let rank = self.relative_rank(0);
        if king_to / S::WIDTH != rank {
            return;
        }
        let file_now = king_to % S::WIDTH;
        let Some(side) =
            CastlingSide::ALL.into_iter().find(|&side| u32::from(variant.castling_king_file(side).index()) == file_now)
        else {
            return;
        };
        let rook_to = bit::<S>(u32::from(variant.castling_rook_file(side).index()), rank);
        if !self.after.pieces(self.mover, Role::Rook).has(rook_to) {
            return;
        }
        let (known_king_file, known_rook_file) = if variant.is_shuffle() {
            self.known_array_files(side)
        } else {
            let king_file = variant.start_array().find('K').unwrap_or(0) as u32;
            let corner = match side {
                CastlingSide::KingSide => S::WIDTH - 1,
                CastlingSide::QueenSide => 0,
            };
            (Some(king_file), Some(corner))
        };
        let rook = Piece::new(self.mover, Role::Rook);
        let king = Piece::new(self.mover, Role::King);
        // The units themselves leave king_to and rook_to, so those squares count as free for their start squares.
        let free = self.empty | S::Bits::bit(king_to) | S::Bits::bit(rook_to);
        // The king starts between the rooks of the array: never on the first or last file.
        for king_file in 1..S::WIDTH - 1 {
            if known_king_file.is_some_and(|f| f != king_file) {
                continue;
            }
            let rook_files = match side {
                CastlingSide::KingSide => king_file + 1..S::WIDTH,
                CastlingSide::QueenSide => 0..king_file,
            };
            for rook_file in rook_files {
                let (king_from, rook_from) = (bit::<S>(king_file, rank), bit::<S>(rook_file, rank));
                if known_rook_file.is_some_and(|f| f != rook_file)
                    || !free.has(king_from)
                    || !free.has(rook_from)
                    || (king_from == king_to && rook_from == rook_to)
                {
                    continue;
                }
                let mut q = self.base;
                // Both lift off before either lands: a start square may be where the other stands now.
                remove(&mut q, king, king_to);
                remove(&mut q, rook, rook_to);
                put(&mut q, king, king_from);
                put(&mut q, rook, rook_from);
                q.castling |= S::Bits::bit(rook_from);
                q.halfmoves = self.after.halfmoves.saturating_sub(1);
                if castling_legal(&q, king_from, rook_from) {
                    let mv = Move::castle(S::square_of(king_from), S::square_of(rook_from));
                    self.finish(q, mv, None, emit);
                }
            }
        }
    }

    /// The files of the mover's king and of its castling rook on `side` in a shuffled array, as far as the other
    /// side's castling rights tell them: an unmoved king whose rights remain, a rook with the right on that side.
    fn known_array_files(&self, side: CastlingSide) -> (Option<u32>, Option<u32>) {
        let theirs = self.captured;
        let Some(_) = self
            .after
            .castling_rook(theirs, CastlingSide::KingSide)
            .or(self.after.castling_rook(theirs, CastlingSide::QueenSide))
        else {
            return (None, None);
        };
        let king_file = self.after.king_of(theirs) % S::WIDTH;
        let rook_file = self.after.castling_rook(theirs, side).map(|sq| u32::from(sq.file().index()));
        (Some(king_file), rook_file)
    }

    /// Emits the retraction if its predecessor is legal: the side not to move there (the one to move now) is not
    /// attacked, and the side to move there is not in a check no single move gives.
    fn finish(&self, q: Core<S>, mv: Move, uncaptured: Option<Role>, emit: &mut impl FnMut(Retraction)) {
        let occupied = q.occupied();
        if !q.attacked_by(self.mover, q.king_of(self.captured), occupied).is_empty() {
            return;
        }
        let king = q.king_of(self.mover);
        let checkers = q.attacked_by(self.captured, king, occupied) & !q.role(Role::King);
        if checkers.more_than(2) || (checkers.count() == 2 && !double_check_possible(&q, checkers, king)) {
            return;
        }
        emit(Retraction { mv, uncaptured, predecessor: S::position(q) });
    }
}

/// Moves `piece` off `from_bit` and puts `placed` on `to_bit` (a pawn where a promoted piece stood).
fn move_unit<S: Shape>(q: &mut Core<S>, piece: Piece, from_bit: u32, placed: Piece, to_bit: u32) {
    remove(q, piece, from_bit);
    put(q, placed, to_bit);
}

/// Takes `piece` off bit `at`, where it stands.
fn remove<S: Shape>(q: &mut Core<S>, piece: Piece, at: u32) {
    let b = S::Bits::bit(at);
    q.by_color[piece.color.index()] ^= b;
    q.by_role[piece.role.index()] ^= b;
}

fn put<S: Shape>(q: &mut Core<S>, piece: Piece, at: u32) {
    let b = S::Bits::bit(at);
    q.by_color[piece.color.index()] |= b;
    q.by_role[piece.role.index()] |= b;
}

/// Pieces of `color` beyond its variant's array count of their role: each must be a promoted pawn.
pub(crate) fn extra_pieces<S: Shape>(core: &Core<S>, color: Color) -> usize {
    let start = start_counts(core.variant);
    core.variant
        .promotion_roles()
        .iter()
        .map(|&role| (core.pieces(color, role).count() as usize).saturating_sub(start[role.index()]))
        .sum()
}

/// The roles of `color` that may come back on the board without breaking its counts (as the validator counts):
/// at most two units a file, a pawn a file, and no more pieces beyond the array than missing pawns.
fn returnable_roles<S: Shape>(core: &Core<S>, color: Color) -> ArrayVec<Role, 7> {
    let mut roles = ArrayVec::new();
    let files = S::WIDTH as usize;
    if core.by_color[color.index()].count() as usize >= 2 * files {
        return roles;
    }
    let start = start_counts(core.variant);
    let pawns = core.pieces(color, Role::Pawn).count() as usize;
    let extra = extra_pieces(core, color);
    for &role in core.variant.promotion_roles() {
        let beyond = core.pieces(color, role).count() as usize >= start[role.index()];
        if extra + usize::from(beyond) + pawns <= files {
            roles.push(role);
        }
    }
    if pawns < files && extra + pawns < files {
        roles.push(Role::Pawn);
    }
    roles
}

/// Whether `color` keeps legal counts when its piece of `role` turns back into a pawn.
fn promotion_fits_counts<S: Shape>(core: &Core<S>, color: Color, role: Role) -> bool {
    let files = S::WIDTH as usize;
    let pawns = core.pieces(color, Role::Pawn).count() as usize;
    let beyond = core.pieces(color, role).count() as usize > start_counts(core.variant)[role.index()];
    pawns < files && extra_pieces(core, color) - usize::from(beyond) + pawns < files
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    fn moves(fen: &str) -> Vec<String> {
        let pos = crate::retro::position_from_fen(fen).unwrap();
        retractions(&pos)
            .unwrap()
            .iter()
            .map(|r| match r.kind() {
                RetractionKind::EnPassant => format!("{} e.p.", r.mv),
                _ => format!("{}{:?}", r.mv, r.uncaptured),
            })
            .collect()
    }

    #[test]
    fn en_passant_square_leaves_only_the_double_step() {
        assert_eq!(moves("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"), ["e2e4None"]);
    }

    #[test]
    fn castling_rights_hold_king_and_rook() {
        let all = moves("4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1");
        assert!(all.is_empty(), "{all:?}");
    }

    #[test]
    fn un_en_passant_needs_the_squares_of_the_double_step_empty() {
        let all = moves("4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
        assert!(all.contains(&"e5d6 e.p.".to_string()) && all.contains(&"c5d6 e.p.".to_string()), "{all:?}");
        let blocked = moves("4k3/3n4/3P4/8/8/8/8/4K3 b - - 0 1");
        assert!(!blocked.iter().any(|m| m.ends_with("e.p.")), "{blocked:?}");
    }

    #[test]
    fn a_side_with_all_sixteen_units_gets_nothing_back() {
        let all = moves("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
        assert!(all.iter().all(|m| m.ends_with("None")), "{all:?}");
        assert!(all.contains(&"g1f3None".to_string()));
    }

    #[test]
    fn square_helpers() {
        assert_eq!(Shape8::square_of(bit::<Shape8>(4, 0)), Square::E1);
        assert_eq!(Shape10::square_of(bit::<Shape10>(5, 7)), Square::new(crate::File::F, crate::Rank::EIGHTH));
    }
}
