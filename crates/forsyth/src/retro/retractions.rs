//! Retractions: every single move the side that just moved can take back, each with the position before it.

use arrayvec::ArrayVec;

use super::{RetroError, supported};
use crate::bitboard::{Bits, Shape, Shape8};
use crate::position::core::{Core, NO_EP};
use crate::{CastlingSide, Color, Move, MoveKind, Piece, Position, Role, Variant};

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
/// captured side limit what comes back: never more than eight pawns, nor more pieces beyond the array than
/// missing pawns.
///
/// ```
/// use forsyth::retro;
/// use forsyth::notation::fen::Fen;
/// let pos = retro::position_from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
/// let all = retro::retractions(&pos).unwrap();
/// // The king came from d1, d2, e2, f2 or f1, maybe capturing (a pawn only off the first rank).
/// assert!(all.iter().any(|r| r.mv.to_string() == "e2e1" && r.uncaptured.is_some()));
/// assert!(all.iter().all(|r| r.predecessor.after(r.mv).unwrap().board() == pos.board()));
/// ```
pub fn retractions(pos: &Position) -> Result<Vec<Retraction>, RetroError> {
    let core = supported(pos)?;
    let mut out = Vec::with_capacity(64);
    Retractor::new(core).each(|r| out.push(r));
    Ok(out)
}

/// Whether the position has any retraction at all (faster than listing them).
pub(crate) fn has_retraction(core: &Core<Shape8>) -> bool {
    let mut any = false;
    Retractor::new(core).each(|_| any = true);
    any
}

/// Whether the position would have a retraction if the castling rights did not hold king and rooks in place.
pub(crate) fn has_retraction_without_rights(core: &Core<Shape8>) -> bool {
    let mut free = *core;
    free.castling = 0;
    has_retraction(&free)
}

/// Bit index of a square's rank and file on the 8×8 board.
const fn bit(file: u32, rank: u32) -> u32 {
    rank * 8 + file
}

struct Retractor<'a> {
    after: &'a Core<Shape8>,
    /// The side that made the last move: it retracts.
    mover: Color,
    /// The side to move now, whose units come back when a capture is retracted.
    captured: Color,
    empty: u64,
    /// The position with the turn handed back and the en-passant square cleared: each predecessor starts from it.
    base: Core<Shape8>,
    /// The roles of the captured side that may come back, given its counts (pawns listed last).
    returnable: ArrayVec<Role, 5>,
}

impl<'a> Retractor<'a> {
    fn new(after: &'a Core<Shape8>) -> Retractor<'a> {
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
            empty: !after.occupied(),
            base,
            returnable: returnable_roles(after, after.turn),
        }
    }

    fn each(&self, mut emit: impl FnMut(Retraction)) {
        let after = self.after;
        if after.ep != NO_EP {
            self.double_step(after.ep as u32, &mut emit);
            return;
        }
        let ours = after.by_color[self.mover.index()];
        let back_rank = if self.mover.is_white() { 0 } else { 7 };
        let rights = after.castling & Shape8::rank_mask(back_rank);
        for to in ours.iter() {
            let Some(role) = after.role_at(to) else { continue };
            match role {
                Role::Pawn => self.pawn(to, &mut emit),
                Role::King if rights != 0 => {}
                Role::Rook if rights.has(to) => {}
                _ => {
                    self.piece(role, to, &mut emit);
                    if role == Role::King {
                        self.castling(to, &mut emit);
                    } else if to / 8 == self.relative_rank(7) {
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
        if self.mover.is_white() { sq - 8 } else { sq + 8 }
    }

    /// Squares from which a pawn of the mover captures on `to`.
    fn pawn_capture_sources(&self, to: u32) -> u64 {
        Shape8::pawn_attacks(!self.mover, to)
    }

    /// A king, knight, bishop, rook or queen on `to` goes back to any empty square it reaches from there.
    fn piece(&self, role: Role, to: u32, emit: &mut impl FnMut(Retraction)) {
        let occupied = !self.empty;
        let reach = match role {
            Role::King => Shape8::king_attacks(to),
            Role::Knight => Shape8::knight_attacks(to),
            Role::Bishop => Shape8::bishop_attacks(to, occupied),
            Role::Rook => Shape8::rook_attacks(to, occupied),
            Role::Queen => Shape8::bishop_attacks(to, occupied) | Shape8::rook_attacks(to, occupied),
            _ => 0,
        };
        let piece = Piece::new(self.mover, role);
        let quiet_clock = self.after.halfmoves.saturating_sub(1);
        let back_rank = Shape8::rank_mask(0) | Shape8::rank_mask(7);
        for from in (reach & self.empty).iter() {
            let mut q = self.base;
            move_unit(&mut q, piece, to, piece, from);
            q.halfmoves = quiet_clock;
            let mv = Move::new(Shape8::square_of(from), Shape8::square_of(to));
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
        let rank = to / 8;
        if rank == self.relative_rank(1) {
            return; // still on its start square
        }
        let pawn = Piece::new(self.mover, Role::Pawn);
        let from = self.behind(to);
        if self.empty.has(from) && from / 8 != self.relative_rank(0) {
            let mut q = self.base;
            move_unit(&mut q, pawn, to, pawn, from);
            q.halfmoves = 0;
            self.finish(q, Move::new(Shape8::square_of(from), Shape8::square_of(to)), None, emit);
        }
        let sources = self.pawn_capture_sources(to) & self.empty & !Shape8::rank_mask(self.relative_rank(0));
        for from in sources.iter() {
            let mv = Move::new(Shape8::square_of(from), Shape8::square_of(to));
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
    fn en_passant(&self, to: u32, sources: u64, emit: &mut impl FnMut(Retraction)) {
        let taken = self.behind(to);
        let origin = if self.mover.is_white() { to + 8 } else { to - 8 };
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
            let mv = Move::en_passant(Shape8::square_of(from), Shape8::square_of(to));
            // The en-passant square brings its own rule on checks: let the validator judge this rare case whole.
            let predecessor = Position::from_standard_core(q);
            if Position::from_setup(&predecessor.to_setup(), q.variant).is_ok() {
                emit(Retraction { mv, uncaptured: Some(Role::Pawn), predecessor });
            }
        }
    }

    /// The double step the en-passant square of the position names.
    fn double_step(&self, ep: u32, emit: &mut impl FnMut(Retraction)) {
        let (to, from) = if self.mover.is_white() { (ep + 8, ep - 8) } else { (ep - 8, ep + 8) };
        let pawn = Piece::new(self.mover, Role::Pawn);
        if !self.after.pieces(self.mover, Role::Pawn).has(to) || !self.empty.has(from) {
            return;
        }
        let mut q = self.base;
        move_unit(&mut q, pawn, to, pawn, from);
        q.halfmoves = 0;
        self.finish(q, Move::new(Shape8::square_of(from), Shape8::square_of(to)), None, emit);
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
            self.finish(q, Move::promotion(Shape8::square_of(straight), Shape8::square_of(to), role), None, emit);
        }
        for from in (self.pawn_capture_sources(to) & self.empty).iter() {
            let mv = Move::promotion(Shape8::square_of(from), Shape8::square_of(to), role);
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

    /// Un-castling: a king on g1 (c1) beside its rook on f1 (d1) goes back to e1 with the rook in its corner.
    fn castling(&self, king_to: u32, emit: &mut impl FnMut(Retraction)) {
        if self.after.variant == Variant::Chess960 {
            self.castling_chess960(king_to, emit);
            return;
        }
        let rank = self.relative_rank(0);
        let home = bit(4, rank);
        let rook = Piece::new(self.mover, Role::Rook);
        let king = Piece::new(self.mover, Role::King);
        for (king_file, rook_file, corner_file, passed) in [(6, 5, 7, [4, 5, 6]), (2, 3, 0, [4, 3, 2])] {
            let (rook_to, corner) = (bit(rook_file, rank), bit(corner_file, rank));
            if king_to != bit(king_file, rank)
                || !self.after.pieces(self.mover, Role::Rook).has(rook_to)
                || !self.empty.has(home)
                || !self.empty.has(corner)
                || (corner_file == 0 && !self.empty.has(bit(1, rank)))
            {
                continue;
            }
            let mut q = self.base;
            move_unit(&mut q, king, king_to, king, home);
            move_unit(&mut q, rook, rook_to, rook, corner);
            q.castling |= u64::bit(corner);
            q.halfmoves = self.after.halfmoves.saturating_sub(1);
            // Castling is legal only if the king does not start in, pass through or land in check.
            let occupied = q.occupied();
            if passed.iter().any(|&file| !q.attacked_by(self.captured, bit(file, rank), occupied).is_empty()) {
                continue;
            }
            let mv = Move::castle(Shape8::square_of(home), Shape8::square_of(corner));
            self.finish(q, mv, None, emit);
        }
    }

    /// Un-castling by the Chess960 rules: a king on g1 (c1) beside its rook on f1 (d1) goes back to its start square
    /// with the rook to its own, anywhere on the back rank on that side of the king; either may have stood still, and
    /// the start squares may be the squares they stand on now. Both arrays of a Chess960 game mirror each other, so
    /// the other side's castling rights, where it keeps any, tell the king's start file (its king has not moved) and
    /// the rook's (its rook on the same side). Whether castling was legal from there the forward move generator
    /// decides (empty squares between, no check on the king's path), which knows those rules.
    fn castling_chess960(&self, king_to: u32, emit: &mut impl FnMut(Retraction)) {
        let rank = self.relative_rank(0);
        let (side, rook_to) = match king_to.checked_sub(rank * 8) {
            Some(6) => (CastlingSide::KingSide, bit(5, rank)),
            Some(2) => (CastlingSide::QueenSide, bit(3, rank)),
            _ => return,
        };
        if !self.after.pieces(self.mover, Role::Rook).has(rook_to) {
            return;
        }
        let (known_king_file, known_rook_file) = self.known_array_files(side);
        let rook = Piece::new(self.mover, Role::Rook);
        let king = Piece::new(self.mover, Role::King);
        // The units themselves leave king_to and rook_to, so those squares count as free for their start squares.
        let free = self.empty | u64::bit(king_to) | u64::bit(rook_to);
        // The king starts between the rooks of the array: never on the a- or h-file.
        for king_file in 1..7u32 {
            if known_king_file.is_some_and(|f| f != king_file) {
                continue;
            }
            let rook_files = match side {
                CastlingSide::KingSide => king_file + 1..8,
                CastlingSide::QueenSide => 0..king_file,
            };
            for rook_file in rook_files {
                let (king_from, rook_from) = (bit(king_file, rank), bit(rook_file, rank));
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
                q.castling |= u64::bit(rook_from);
                q.halfmoves = self.after.halfmoves.saturating_sub(1);
                let mv = Move::castle(Shape8::square_of(king_from), Shape8::square_of(rook_from));
                let before = Position::from_standard_core(q);
                if before.legal_moves_of(Role::King, mv.to()).contains(&mv) {
                    self.finish(q, mv, None, emit);
                }
            }
        }
    }

    /// The files of the mover's king and of its castling rook on `side` in a Chess960 array, as far as the other
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
        let king_file = self.after.king_of(theirs) % 8;
        let rook_file = self.after.castling_rook(theirs, side).map(|sq| u32::from(sq.file().index()));
        (Some(king_file), rook_file)
    }

    /// Emits the retraction if its predecessor is legal: the side not to move there (the one to move now) is not
    /// attacked, and the side to move there is not in a check no single move gives.
    fn finish(&self, q: Core<Shape8>, mv: Move, uncaptured: Option<Role>, emit: &mut impl FnMut(Retraction)) {
        let occupied = q.occupied();
        if !q.attacked_by(self.mover, q.king_of(self.captured), occupied).is_empty() {
            return;
        }
        let king = q.king_of(self.mover);
        let checkers = q.attacked_by(self.captured, king, occupied) & !q.role(Role::King);
        if checkers.count() > 2 || (checkers.count() == 2 && !double_check_possible(&q, checkers, king)) {
            return;
        }
        emit(Retraction { mv, uncaptured, predecessor: Position::from_standard_core(q) });
    }
}

/// The validator's rule on double checks (see `position::validate`): one of the two must have been uncovered, so
/// not two leapers or pawns, nor two pieces on one line through the king.
fn double_check_possible(q: &Core<Shape8>, checkers: u64, king: u32) -> bool {
    let leapers_or_pawns = checkers & (q.role(Role::Pawn) | q.role(Role::Knight));
    leapers_or_pawns.count() != 2 && !Shape8::line(checkers.lowest(), checkers.highest()).has(king)
}

/// Moves `piece` off `from_bit` and puts `placed` on `to_bit` (a pawn where a promoted piece stood).
fn move_unit(q: &mut Core<Shape8>, piece: Piece, from_bit: u32, placed: Piece, to_bit: u32) {
    remove(q, piece, from_bit);
    put(q, placed, to_bit);
}

/// Takes `piece` off bit `at`, where it stands.
fn remove(q: &mut Core<Shape8>, piece: Piece, at: u32) {
    let b = u64::bit(at);
    q.by_color[piece.color.index()] ^= b;
    q.by_role[piece.role.index()] ^= b;
}

fn put(q: &mut Core<Shape8>, piece: Piece, at: u32) {
    let b = u64::bit(at);
    q.by_color[piece.color.index()] |= b;
    q.by_role[piece.role.index()] |= b;
}

/// Pieces of `color` beyond the standard array's count of their role: each must be a promoted pawn.
pub(crate) fn extra_pieces(core: &Core<Shape8>, color: Color) -> usize {
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .map(|role| (core.pieces(color, role).count() as usize).saturating_sub(Variant::Standard.start_count(role)))
        .sum()
}

/// The roles of `color` that may come back on the board without breaking its counts (as the validator counts):
/// at most 16 units, 8 pawns, and no more pieces beyond the array than missing pawns.
fn returnable_roles(core: &Core<Shape8>, color: Color) -> ArrayVec<Role, 5> {
    let mut roles = ArrayVec::new();
    if core.by_color[color.index()].count() >= 16 {
        return roles;
    }
    let pawns = core.pieces(color, Role::Pawn).count() as usize;
    let extra = extra_pieces(core, color);
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        let beyond = core.pieces(color, role).count() as usize >= Variant::Standard.start_count(role);
        if extra + usize::from(beyond) + pawns <= 8 {
            roles.push(role);
        }
    }
    if pawns < 8 && extra + pawns < 8 {
        roles.push(Role::Pawn);
    }
    roles
}

/// Whether `color` keeps legal counts when its piece of `role` turns back into a pawn.
fn promotion_fits_counts(core: &Core<Shape8>, color: Color, role: Role) -> bool {
    let pawns = core.pieces(color, Role::Pawn).count() as usize;
    let beyond = core.pieces(color, role).count() as usize > Variant::Standard.start_count(role);
    pawns < 8 && extra_pieces(core, color) - usize::from(beyond) + pawns < 8
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
        assert_eq!(Shape8::square_of(bit(4, 0)), Square::E1);
    }
}
