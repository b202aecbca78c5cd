//! Legal move generation, written once for both board shapes.
//!
//! The generator hands out moves as sets: a piece's origin with all its legal destinations, or all pawns' moves
//! in one direction at once. A [`Sink`] decides what to do with them: count them in bulk (perft's last ply) or
//! expand them into a move list.

pub(crate) mod perft;

use crate::bitboard::{Bits, Shape};
pub(crate) mod core;

use self::core::{Core, NO_EP};
use arrayvec::ArrayVec;

use crate::{Color, MAX_MOVES, Move, MoveList, MovesTo, Role};

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

    // Usually no pinned piece may move, and then no destination needs the pin-line test.
    if (pinned & movable).is_empty() {
        generate_pieces(pos, sink, movable, target_mask, occupied, |_| S::ALL);
    } else {
        let pin_line = |sq: u32| if pinned.has(sq) { S::line(king, sq) } else { S::ALL };
        generate_pieces(pos, sink, movable, target_mask, occupied, pin_line);
    }

    // One copy per colour, so that the pawn steps are constant shifts.
    if us.is_white() {
        generate_pawns::<S, K, true>(pos, sink, movable, pinned, king, check_mask & destinations, occupied);
    } else {
        generate_pawns::<S, K, false>(pos, sink, movable, pinned, king, check_mask & destinations, occupied);
    }

    if checkers.is_empty() && origins.has(king) {
        generate_castling(pos, sink, king, occupied, destinations);
    }
}

/// Moves of the knights, sliders and compounds among `movable`, each kept within `pin_line` of its square.
#[inline(always)]
fn generate_pieces<S: Shape, K: Sink<S>>(
    pos: &Core<S>,
    sink: &mut K,
    movable: S::Bits,
    target_mask: S::Bits,
    occupied: S::Bits,
    pin_line: impl Fn(u32) -> S::Bits,
) {
    (pos.leapers() & movable).for_each_member(|from| {
        sink.piece(from, S::knight_attacks(from) & target_mask & pin_line(from));
    });
    (pos.diagonal_sliders() & movable).for_each_member(|from| {
        sink.piece(from, S::bishop_attacks(from, occupied) & target_mask & pin_line(from));
    });
    (pos.straight_sliders() & movable).for_each_member(|from| {
        sink.piece(from, S::rook_attacks(from, occupied) & target_mask & pin_line(from));
    });
}

#[inline(always)]
fn generate_pawns<S: Shape, K: Sink<S>, const WHITE: bool>(
    pos: &Core<S>,
    sink: &mut K,
    movable: S::Bits,
    pinned: S::Bits,
    king: u32,
    check_mask: S::Bits,
    occupied: S::Bits,
) {
    let us = if WHITE { Color::White } else { Color::Black };
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
        if castling_path_clear(pos, king, rook, occupied) {
            sink.castle(king, rook);
        }
    }
}

/// Whether the side to move, not in check, may castle with its rook on `rook` (which holds the right) by the
/// variant's castling geometry: the squares king and rook pass and land on are empty but for the two, and no square
/// the king passes or lands on is attacked.
#[inline(always)]
fn castling_path_clear<S: Shape>(pos: &Core<S>, king: u32, rook: u32, occupied: S::Bits) -> bool {
    let us = pos.turn;
    // In every variant the rook lands next to the king, so the king's and rook's paths together cover every
    // square between them: one look-up rejects the usual case of a piece still standing there.
    if !(S::between(king, rook) & occupied).is_empty() {
        return false;
    }
    let (king_to, rook_to) = pos.castling_targets(us, king, rook);
    let movers = S::Bits::bit(king) | S::Bits::bit(rook);
    let king_path = S::between(king, king_to) | S::Bits::bit(king_to);
    let must_be_empty = (king_path | S::between(rook, rook_to) | S::Bits::bit(rook_to)) & !movers;
    if !(must_be_empty & occupied).is_empty() {
        return false;
    }
    let lifted = occupied ^ movers;
    king_path.iter().all(|sq| pos.attacked_by(!us, sq, lifted).is_empty())
}

/// Whether the side to move may castle with its king on `king` and its rook on `rook`, which holds the castling
/// right: the king is not in check, and [`castling_path_clear`]. The retro analysis asks this of the position
/// before an un-castling.
pub(crate) fn castling_legal<S: Shape>(pos: &Core<S>, king: u32, rook: u32) -> bool {
    let occupied = pos.occupied();
    pos.attacked_by(!pos.turn, king, occupied).is_empty() && castling_path_clear(pos, king, rook, occupied)
}

/// Counts moves without listing them.
///
/// Without a `popcnt` instruction (the portable build), counting a 10×8 set costs a software popcount of each of
/// its two words, though only 16 of the 80 squares lie in the high word. So the high word is counted with two
/// look-ups in a table of byte counts instead.
pub(crate) struct Counter<S: Shape> {
    count: u64,
    promotion_rank: S::Bits,
    promotion_choices: u64,
}

/// The number of members of each byte value.
static BYTE_COUNTS: [u8; 256] = {
    let mut out = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        out[i] = (i as u8).count_ones() as u8;
        i += 1;
    }
    out
};

impl<S: Shape> Counter<S> {
    pub(crate) fn new(pos: &Core<S>) -> Counter<S> {
        Counter {
            count: 0,
            promotion_rank: S::rank_mask(if pos.turn.is_white() { 7 } else { 0 }),
            promotion_choices: pos.variant.promotion_roles().len() as u64,
        }
    }

    /// The number of moves counted.
    pub(crate) fn total(&self) -> u64 {
        self.count
    }

    #[inline(always)]
    fn add(&mut self, targets: S::Bits) {
        if S::WIDTH == 8 {
            self.count += u64::from(targets.count());
            return;
        }
        let wide = targets.to_u128();
        let high = (wide >> 64) as usize;
        self.count += u64::from((wide as u64).count_ones())
            + u64::from(BYTE_COUNTS[high & 0xff])
            + u64::from(BYTE_COUNTS[(high >> 8) & 0xff]);
    }
}

impl<S: Shape> Sink<S> for Counter<S> {
    #[inline(always)]
    fn piece(&mut self, _from: u32, targets: S::Bits) {
        self.add(targets);
    }
    #[inline(always)]
    fn pawns(&mut self, targets: S::Bits, _delta: i32) {
        self.add(targets);
        let promotions = targets & self.promotion_rank;
        if !promotions.is_empty() {
            self.count += u64::from(promotions.count()) * (self.promotion_choices - 1);
        }
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
pub(crate) struct Collector<'a, S: Shape, const N: usize = MAX_MOVES> {
    pub(crate) moves: &'a mut ArrayVec<Move, N>,
    promotion_rank: S::Bits,
    promotion_roles: &'static [Role],
    origins: S::Bits,
    destinations: S::Bits,
}

impl<'a, S: Shape> Collector<'a, S> {
    pub(crate) fn new(pos: &Core<S>, moves: &'a mut MoveList) -> Collector<'a, S> {
        Collector::between(pos, moves, S::ALL, S::ALL)
    }
}

impl<'a, S: Shape, const N: usize> Collector<'a, S, N> {
    /// A collector of the moves from `origins` to `destinations` only.
    pub(crate) fn between(
        pos: &Core<S>,
        moves: &'a mut ArrayVec<Move, N>,
        origins: S::Bits,
        destinations: S::Bits,
    ) -> Collector<'a, S, N> {
        Collector {
            moves,
            promotion_rank: S::rank_mask(if pos.turn.is_white() { 7 } else { 0 }),
            promotion_roles: pos.variant.promotion_roles(),
            origins,
            destinations,
        }
    }
}

/// Pushes where there is room: a full list of a small capacity (only reachable from a position that breaks the
/// rules) drops moves rather than panic.
impl<S: Shape, const N: usize> Sink<S> for Collector<'_, S, N> {
    #[inline(always)]
    fn piece(&mut self, from: u32, targets: S::Bits) {
        let from = S::square_of(from);
        for to in targets.iter() {
            let _ = self.moves.try_push(Move::new(from, S::square_of(to)));
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
                    let _ = self.moves.try_push(Move::promotion(from, to, role));
                }
            } else {
                let _ = self.moves.try_push(Move::new(from, to));
            }
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, from: u32, to: u32) {
        let _ = self.moves.try_push(Move::en_passant(S::square_of(from), S::square_of(to)));
    }
    #[inline(always)]
    fn castle(&mut self, king: u32, rook: u32) {
        let _ = self.moves.try_push(Move::castle(S::square_of(king), S::square_of(rook)));
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

/// [`legal_moves_of`] where the king castles onto its own rook: the generator's castling rules, without the rest
/// of it. Cold and out of line, a game's one or two castlings kept out of the code that reads every move.
#[cold]
#[inline(never)]
fn castling_moves_to<S: Shape>(pos: &Core<S>, mine: S::Bits, to_bit: S::Bits, out: &mut MovesTo) {
    let (us, occupied) = (pos.turn, pos.occupied());
    let king = pos.king_of(us);
    if attackers_by_tables(pos, !us, king, occupied).is_empty() {
        generate_castling(pos, &mut Collector::between(pos, out, mine, to_bit), king, occupied, to_bit);
    }
}

/// The legal moves of `pos` from a square of `origins` to a square of `destinations`.
// Not inlined: this is the whole generator, which `legal_moves_of` calls for en passant alone; inlined there (twice,
// once per board shape, in each caller) it made the code that reads every move larger than the processor's
// instruction cache: callgrind's cache simulation counted ten times the instruction-cache misses on the opening books.
#[inline(never)]
pub(crate) fn legal_moves_between<S: Shape, const N: usize>(
    pos: &Core<S>,
    origins: S::Bits,
    destinations: S::Bits,
    moves: &mut ArrayVec<Move, N>,
) {
    generate(pos, &mut Collector::between(pos, moves, origins, destinations));
}

/// The legal moves of the side to move's pieces of `role` to bit `to`, as the filtered generator would list them,
/// for reading and disambiguating algebraic notation. Reverse attacks from `to` find the candidates; checkers and
/// pins decide which are legal. The attack look-ups do not depend on each other, so their memory accesses overlap.
/// Castling goes through the generator's castling rules and en passant through the generator, which know them.
// Not inlined: one copy per board shape, rather than both shapes' in every caller (the code that reads every move
// must stay small enough for the instruction cache).
#[inline(never)]
pub(crate) fn legal_moves_of<S: Shape>(pos: &Core<S>, role: Role, to: u32, out: &mut MovesTo) {
    let us = pos.turn;
    if !pos.has_king(us) {
        return;
    }
    let to_bit = S::Bits::bit(to);
    let ours = pos.ours();
    let mine = pos.pieces(us, role);
    let castling = role == Role::King && (pos.castling & ours).has(to);
    let en_passant = role == Role::Pawn && pos.ep as u32 == to;
    if castling {
        castling_moves_to(pos, mine, to_bit, out);
        return;
    }
    if en_passant {
        legal_moves_between(pos, mine, to_bit, out);
        return;
    }
    if ours.has(to) || mine.is_empty() {
        return;
    }
    let them = !us;
    let occupied = pos.occupied();
    let theirs = pos.theirs();
    let king = pos.king_of(us);
    if role == Role::King {
        if S::king_attacks(king).has(to) && attackers_by_tables(pos, them, to, occupied ^ S::Bits::bit(king)).is_empty()
        {
            let _ = out.try_push(Move::new(S::square_of(king), S::square_of(to)));
        }
        return;
    }
    let mut origins = S::Bits::EMPTY;
    if role == Role::Pawn {
        if theirs.has(to) {
            origins = S::pawn_attacks(them, to) & mine;
        } else {
            let width = S::WIDTH;
            let last = width * 8;
            let back =
                |sq: u32| if us.is_white() { sq.checked_sub(width) } else { Some(sq + width).filter(|&b| b < last) };
            if let Some(one) = back(to) {
                if mine.has(one) {
                    origins = S::Bits::bit(one);
                } else if !occupied.has(one)
                    && to / width == if us.is_white() { 3 } else { 4 }
                    && let Some(two) = back(one).filter(|&two| mine.has(two))
                {
                    origins = S::Bits::bit(two);
                }
            }
        }
    } else {
        if role.leaps_like_knight() {
            origins = S::knight_attacks(to) & mine;
        }
        if role.slides_straight() || role.slides_diagonally() {
            let mut sliders = mine & !origins;
            while !sliders.is_empty() {
                let from = sliders.lowest();
                sliders ^= S::Bits::bit(from);
                if slides_to::<S>(from, to, occupied, role.slides_straight(), role.slides_diagonally()) {
                    origins |= S::Bits::bit(from);
                }
            }
        }
    }
    if origins.is_empty() {
        return;
    }
    let checkers = attackers_by_tables(pos, them, king, occupied);
    if checkers.more_than_one() {
        return;
    }
    if !checkers.is_empty() {
        let checker = checkers.lowest();
        if !(S::between(king, checker) | checkers).has(to) {
            return;
        }
    }
    let promotes = role == Role::Pawn && S::rank_mask(if us.is_white() { 7 } else { 0 }).has(to);
    while !origins.is_empty() {
        let from = origins.lowest();
        origins ^= S::Bits::bit(from);
        // Pinned: an enemy slider sees the king through `from` alone; then only moves along that line stay legal.
        let line = S::line(king, from);
        if !line.is_empty() && !line.has(to) {
            let sliders = if straight::<S>(king, from) { pos.straight_sliders() } else { pos.diagonal_sliders() };
            let mut snipers = sliders & theirs & line;
            let mut pinned = false;
            while !snipers.is_empty() {
                let sniper = snipers.lowest();
                snipers ^= S::Bits::bit(sniper);
                pinned |= S::between(king, sniper) & occupied == S::Bits::bit(from);
            }
            if pinned {
                continue;
            }
        }
        let (from, to) = (S::square_of(from), S::square_of(to));
        if promotes {
            for &promoted in pos.variant.promotion_roles() {
                let _ = out.try_push(Move::promotion(from, to, promoted));
            }
        } else {
            let _ = out.try_push(Move::new(from, to));
        }
    }
}

/// Whether bits `a` and `b` share a rank or a file (for aligned squares: the line is straight, not diagonal).
#[inline(always)]
fn straight<S: Shape>(a: u32, b: u32) -> bool {
    a / S::WIDTH == b / S::WIDTH || a % S::WIDTH == b % S::WIDTH
}

/// Whether a slider on `from` moving straight and/or diagonally reaches `to` over empty squares. Uses the small
/// line and between tables rather than the large attack tables: few pieces of a kind are on the board.
#[inline(always)]
fn slides_to<S: Shape>(from: u32, to: u32, occupied: S::Bits, straight_ok: bool, diagonal_ok: bool) -> bool {
    if S::line(from, to).is_empty() {
        return false;
    }
    let ok = if straight::<S>(from, to) { straight_ok } else { diagonal_ok };
    ok && (S::between(from, to) & occupied).is_empty()
}

/// The pieces of `them` attacking bit `sq` with this occupancy, found piece by piece with the line and between
/// tables: the same answer as [`Core::attacked_by`], without the large slider tables.
#[inline(always)]
fn attackers_by_tables<S: Shape>(pos: &Core<S>, them: Color, sq: u32, occupied: S::Bits) -> S::Bits {
    let theirs = pos.by_color[them.index()];
    let mut checkers = (S::knight_attacks(sq) & pos.leapers()
        | S::pawn_attacks(!them, sq) & pos.role(Role::Pawn)
        | S::king_attacks(sq) & pos.role(Role::King))
        & theirs;
    let straight_sliders = pos.straight_sliders();
    let diagonal_sliders = pos.diagonal_sliders();
    // Only sliders on the empty board's lines through `sq` can attack it; those attack-table entries (occupancy
    // empty) are few and stay in cache.
    let mut sliders = (S::rook_rays(sq) & straight_sliders | S::bishop_rays(sq) & diagonal_sliders) & theirs;
    while !sliders.is_empty() {
        let s = sliders.lowest();
        sliders ^= S::Bits::bit(s);
        if slides_to::<S>(s, sq, occupied, straight_sliders.has(s), diagonal_sliders.has(s)) {
            checkers |= S::Bits::bit(s);
        }
    }
    checkers
}

/// Whether the side to move, not in check, has a legal move that needs no search: a pawn step onto an empty square
/// or a knight's move to a square without a piece of its own, by a piece off every line through its king (or a pawn
/// on its king's file), which no pin can hold. Most positions of a game have one, and this costs a tenth of
/// generating every move; `false` says nothing (in check, or no such move: the generator decides).
pub(crate) fn has_free_move<S: Shape>(pos: &Core<S>) -> bool {
    let us = pos.turn;
    if !pos.has_king(us) {
        return false;
    }
    let king = pos.king_of(us);
    let occupied = pos.occupied();
    if !attackers_by_tables(pos, !us, king, occupied).is_empty() {
        return false;
    }
    let unpinnable = |from: u32| S::line(king, from).is_empty();
    let up = if us.is_white() { S::WIDTH as i32 } else { -(S::WIDTH as i32) };
    let empty = !occupied & S::ALL;
    let steppers = shift(shift(pos.pieces(us, Role::Pawn), up) & empty, -up);
    if steppers.iter().any(|from| unpinnable(from) || from % S::WIDTH == king % S::WIDTH) {
        return true;
    }
    let not_ours = !pos.ours() & S::ALL;
    pos.pieces(us, Role::Knight).iter().any(|from| unpinnable(from) && !(S::knight_attacks(from) & not_ours).is_empty())
}

/// The number of legal moves of `pos`.
pub(crate) fn count_legal<S: Shape>(pos: &Core<S>) -> u64 {
    let mut counter = Counter::new(pos);
    generate(pos, &mut counter);
    counter.total()
}
