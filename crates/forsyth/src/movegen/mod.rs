//! Legal move generation, written once for both board shapes.
//!
//! The generator hands out moves as sets: a piece's origin with all its legal destinations, or all pawns' moves
//! in one direction at once. A [`Sink`] decides what to do with them: count them in bulk (perft's last ply) or
//! expand them into a move list.

pub(crate) mod perft;

use crate::bitboard::{Bits, Shape};
use crate::position::core::{Core, NO_EP};
use crate::{Move, MoveList, Role};

/// Receives legal moves in bulk.
pub(crate) trait Sink<S: Shape> {
    /// Moves of the piece on `from` to each square of `targets` (no promotions).
    fn piece(&mut self, from: u32, targets: S::Bits);
    /// Pawn moves landing on each square of `targets`, each from `to - delta`; moves onto the last rank promote.
    fn pawns(&mut self, targets: S::Bits, delta: i32);
    /// An en-passant capture.
    fn en_passant(&mut self, from: u32, to: u32);
    /// Castling with the rook on `rook`.
    fn castle(&mut self, king: u32, rook: u32);
    /// Only moves from these squares are wanted (castling counts as a move from the king's square).
    #[inline(always)]
    fn origins(&self) -> S::Bits {
        S::ALL
    }
    /// Only moves to these squares are wanted (castling counts as a move to the rook's square).
    #[inline(always)]
    fn destinations(&self) -> S::Bits {
        S::ALL
    }
}

#[inline(always)]
fn shift<B: Bits>(b: B, delta: i32) -> B {
    if delta >= 0 { b << delta as u32 } else { b >> (-delta) as u32 }
}

/// Generates every legal move of `pos` into `sink`.
#[inline(always)]
pub(crate) fn generate<S: Shape, K: Sink<S>>(pos: &Core<S>, sink: &mut K) {
    let us = pos.turn;
    let them = !us;
    if !pos.has_king(us) {
        return;
    }
    let occupied = pos.occupied();
    let ours = pos.ours();
    let theirs = pos.theirs();
    let king = pos.king_of(us);
    let checkers = pos.attacked_by(them, king, occupied);
    let origins = sink.origins();
    let destinations = sink.destinations();

    // King moves: every destination is tested with the king lifted off the board, so that it cannot hide
    // behind itself from a slider.
    let without_king = occupied ^ S::Bits::bit(king);
    let king_targets = if origins.has(king) { S::king_attacks(king) & !ours & destinations } else { S::Bits::EMPTY };
    let mut safe = S::Bits::EMPTY;
    for to in king_targets.iter() {
        if pos.attacked_by(them, to, without_king).is_empty() {
            safe |= S::Bits::bit(to);
        }
    }
    if !safe.is_empty() {
        sink.piece(king, safe);
    }

    if checkers.more_than_one() {
        return;
    }
    let check_mask = if checkers.is_empty() {
        S::ALL
    } else {
        let checker = checkers.lowest();
        S::between(king, checker) | checkers
    };
    let target_mask = !ours & check_mask & destinations;

    // Pinned pieces: our single piece between the king and an enemy slider.
    let mut pinned = S::Bits::EMPTY;
    let snipers = (S::rook_rays(king) & pos.straight_sliders() & theirs)
        | (S::bishop_rays(king) & pos.diagonal_sliders() & theirs);
    for sniper in snipers.iter() {
        let blockers = S::between(king, sniper) & occupied;
        if !blockers.more_than_one() {
            pinned |= blockers & ours;
        }
    }
    // A pinned piece can never answer a check, so in check only free pieces move.
    let movable = if checkers.is_empty() { ours } else { ours & !pinned } & origins;

    let pin_line = |sq: u32| if pinned.has(sq) { S::line(king, sq) } else { S::ALL };

    let leapers = pos.leapers() & movable;
    for from in leapers.iter() {
        sink.piece(from, S::knight_attacks(from) & target_mask & pin_line(from));
    }
    let diagonal = pos.diagonal_sliders() & movable;
    for from in diagonal.iter() {
        sink.piece(from, S::bishop_attacks(from, occupied) & target_mask & pin_line(from));
    }
    let straight = pos.straight_sliders() & movable;
    for from in straight.iter() {
        sink.piece(from, S::rook_attacks(from, occupied) & target_mask & pin_line(from));
    }

    generate_pawns(pos, sink, movable, pinned, king, check_mask & destinations, occupied);

    if checkers.is_empty() && origins.has(king) {
        generate_castling(pos, sink, king, occupied, destinations);
    }
}

#[inline(always)]
fn generate_pawns<S: Shape, K: Sink<S>>(
    pos: &Core<S>,
    sink: &mut K,
    movable: S::Bits,
    pinned: S::Bits,
    king: u32,
    check_mask: S::Bits,
    occupied: S::Bits,
) {
    let us = pos.turn;
    let pawns = pos.role(Role::Pawn) & movable;
    let empty = !occupied & S::ALL;
    let theirs = pos.theirs();
    let width = S::WIDTH as i32;
    let up = if us.is_white() { width } else { -width };
    let double_rank = S::rank_mask(if us.is_white() { 2 } else { 5 });
    let not_first_file = !S::file_mask(0);
    let not_last_file = !S::file_mask(S::WIDTH - 1);

    // Free pawns set-wise; pinned pawns one by one, each restricted to its pin line.
    let free = pawns & !pinned;
    let single = shift(free, up) & empty;
    let double = shift(single & double_rank, up) & empty;
    sink.pawns(single & check_mask, up);
    sink.pawns(double & check_mask, 2 * up);
    sink.pawns(shift(free & not_first_file, up - 1) & theirs & check_mask, up - 1);
    sink.pawns(shift(free & not_last_file, up + 1) & theirs & check_mask, up + 1);

    let pinned_pawns = pawns & pinned;
    for from in pinned_pawns.iter() {
        let line = S::line(king, from);
        let b = S::Bits::bit(from);
        let single = shift(b, up) & empty;
        let double = shift(single & double_rank, up) & empty;
        let steps = [
            (single, up),
            (double, 2 * up),
            (shift(b & not_first_file, up - 1) & theirs, up - 1),
            (shift(b & not_last_file, up + 1) & theirs, up + 1),
        ];
        for (targets, delta) in steps {
            sink.pawns(targets & line & check_mask, delta);
        }
    }

    if pos.ep != NO_EP {
        let ep = pos.ep as u32;
        let captured = (ep as i32 - up) as u32;
        let them = !us;
        if !pos.pieces(them, Role::Pawn).has(captured) || occupied.has(ep) {
            return;
        }
        if !sink.destinations().has(ep) {
            return;
        }
        let capturers = S::pawn_attacks(them, ep) & pos.pieces(us, Role::Pawn) & sink.origins();
        for from in capturers.iter() {
            // Play it on the bare occupancy and look for any attack on the king: this covers pins along the rank
            // of both pawns, ordinary pins and checks the capture does not answer.
            let after = occupied ^ S::Bits::bit(from) ^ S::Bits::bit(captured) ^ S::Bits::bit(ep);
            let attackers = pos.attackers_to(king, after) & pos.by_color[them.index()] & !S::Bits::bit(captured);
            if attackers.is_empty() {
                sink.en_passant(from, ep);
            }
        }
    }
}

#[inline(always)]
fn generate_castling<S: Shape, K: Sink<S>>(
    pos: &Core<S>,
    sink: &mut K,
    king: u32,
    occupied: S::Bits,
    destinations: S::Bits,
) {
    let us = pos.turn;
    let back = S::rank_mask(if us.is_white() { 0 } else { 7 });
    if !back.has(king) {
        return;
    }
    let rooks = pos.castling & pos.pieces(us, Role::Rook) & back & destinations;
    for rook in rooks.iter() {
        let (king_to, rook_to) = pos.castling_targets(us, king, rook);
        let movers = S::Bits::bit(king) | S::Bits::bit(rook);
        let king_path = S::between(king, king_to) | S::Bits::bit(king_to);
        let must_be_empty = (king_path | S::between(rook, rook_to) | S::Bits::bit(rook_to)) & !movers;
        if !(must_be_empty & occupied).is_empty() {
            continue;
        }
        let lifted = occupied ^ movers;
        if king_path.iter().all(|sq| pos.attacked_by(!us, sq, lifted).is_empty()) {
            sink.castle(king, rook);
        }
    }
}

/// Counts moves without listing them.
pub(crate) struct Counter<S: Shape> {
    pub(crate) count: u64,
    promotion_rank: S::Bits,
    promotion_choices: u64,
}

impl<S: Shape> Counter<S> {
    pub(crate) fn new(pos: &Core<S>) -> Counter<S> {
        Counter {
            count: 0,
            promotion_rank: S::rank_mask(if pos.turn.is_white() { 7 } else { 0 }),
            promotion_choices: pos.variant.promotion_roles().len() as u64,
        }
    }
}

impl<S: Shape> Sink<S> for Counter<S> {
    #[inline(always)]
    fn piece(&mut self, _from: u32, targets: S::Bits) {
        self.count += targets.count() as u64;
    }
    #[inline(always)]
    fn pawns(&mut self, targets: S::Bits, _delta: i32) {
        let promotions = (targets & self.promotion_rank).count() as u64;
        self.count += targets.count() as u64 + promotions * (self.promotion_choices - 1);
    }
    #[inline(always)]
    fn en_passant(&mut self, _from: u32, _to: u32) {
        self.count += 1;
    }
    #[inline(always)]
    fn castle(&mut self, _king: u32, _rook: u32) {
        self.count += 1;
    }
}

/// Collects moves into a [`MoveList`], optionally only those between some origins and destinations.
pub(crate) struct Collector<'a, S: Shape> {
    pub(crate) moves: &'a mut MoveList,
    promotion_rank: S::Bits,
    promotion_roles: &'static [Role],
    origins: S::Bits,
    destinations: S::Bits,
}

impl<'a, S: Shape> Collector<'a, S> {
    pub(crate) fn new(pos: &Core<S>, moves: &'a mut MoveList) -> Collector<'a, S> {
        Collector::between(pos, moves, S::ALL, S::ALL)
    }

    /// A collector of the moves from `origins` to `destinations` only.
    pub(crate) fn between(
        pos: &Core<S>,
        moves: &'a mut MoveList,
        origins: S::Bits,
        destinations: S::Bits,
    ) -> Collector<'a, S> {
        Collector {
            moves,
            promotion_rank: S::rank_mask(if pos.turn.is_white() { 7 } else { 0 }),
            promotion_roles: pos.variant.promotion_roles(),
            origins,
            destinations,
        }
    }
}

impl<S: Shape> Sink<S> for Collector<'_, S> {
    #[inline(always)]
    fn piece(&mut self, from: u32, targets: S::Bits) {
        let from = S::square_of(from);
        for to in targets.iter() {
            self.moves.push(Move::new(from, S::square_of(to)));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: S::Bits, delta: i32) {
        for to in targets.iter() {
            let from = S::square_of((to as i32 - delta) as u32);
            let to_bit = to;
            let to = S::square_of(to);
            if self.promotion_rank.has(to_bit) {
                for &role in self.promotion_roles {
                    self.moves.push(Move::promotion(from, to, role));
                }
            } else {
                self.moves.push(Move::new(from, to));
            }
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, from: u32, to: u32) {
        self.moves.push(Move::en_passant(S::square_of(from), S::square_of(to)));
    }
    #[inline(always)]
    fn castle(&mut self, king: u32, rook: u32) {
        self.moves.push(Move::castle(S::square_of(king), S::square_of(rook)));
    }
    #[inline(always)]
    fn origins(&self) -> S::Bits {
        self.origins
    }
    #[inline(always)]
    fn destinations(&self) -> S::Bits {
        self.destinations
    }
}

/// Every legal move of `pos`.
pub(crate) fn legal_moves<S: Shape>(pos: &Core<S>, moves: &mut MoveList) {
    generate(pos, &mut Collector::new(pos, moves));
}

/// The legal moves of `pos` from a square of `origins` to a square of `destinations`.
pub(crate) fn legal_moves_between<S: Shape>(
    pos: &Core<S>,
    origins: S::Bits,
    destinations: S::Bits,
    moves: &mut MoveList,
) {
    generate(pos, &mut Collector::between(pos, moves, origins, destinations));
}

/// The number of legal moves of `pos`.
pub(crate) fn count_legal<S: Shape>(pos: &Core<S>) -> u64 {
    let mut counter = Counter::new(pos);
    generate(pos, &mut counter);
    counter.count
}
