//! The search, written once for every stipulation and both position types: battle play as a proof over the
//! attacker's moves and the defender's replies, help and series play as an enumeration of the lines that reach
//! the goal. The stipulation decides only which quantifier each half move takes and what is tested at the end.
//!
//! Battle play (`#n`, `s#n`, `r#n`, `semi-r#n`): `attack(pos, n)` says whether the side to move forces the aim
//! within `n` of its moves, `defend(pos, n)` whether every reply of the side to move loses so. Both are monotone
//! in `n` (what succeeds in `n` moves succeeds in more), so one table entry holds the least `n` known to succeed
//! and the greatest known to fail. Help and series play (`h#n`, `hs#n`, `ser-h#n`, ...) list every line; the
//! table holds the positions from which no line of exactly so many moves exists.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::board::SolvePosition;
use super::table::Table;
use crate::problem::stipulation::{Aim, Goal, Play, Stipulation};

/// What bounds a search: a deadline, a flag another thread sets to stop it (Ctrl-C, a cancel button), and a
/// count of the positions visited, shared by the threads of one solve.
#[derive(Debug)]
pub(crate) struct Budget {
    pub(crate) deadline: Option<Instant>,
    pub(crate) stop: std::sync::Arc<AtomicBool>,
    pub(crate) nodes: AtomicU64,
    pub(crate) max_nodes: Option<u64>,
}

impl Budget {
    /// Whether the search must stop: the deadline passed, the node budget spent, or a stop asked for.
    fn exhausted(&self, visited: u64) -> bool {
        let total = self.nodes.fetch_add(visited, Ordering::Relaxed) + visited;
        let out = self.stop.load(Ordering::Relaxed)
            || self.max_nodes.is_some_and(|max| total >= max)
            || self.deadline.is_some_and(|d| Instant::now() >= d);
        if out {
            self.stop.store(true, Ordering::Relaxed);
        }
        out
    }
}

/// Salts that keep the entries of different kinds of search apart in one table.
const BATTLE: u64 = 0x6a09_e667_f3bc_c908;
const COOPERATIVE: u64 = 0xbb67_ae85_84ca_a73b;

/// The positions visited between two looks at the budget.
const BUDGET_STRIDE: u64 = 1 << 10;

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A battle entry: the least number of moves known to succeed and the greatest known to fail, each stored plus
/// one so that zero means "not known" (self play asks about zero moves left: the forced last reply).
#[derive(Copy, Clone, Default)]
struct Bounds {
    wins_from: u32,
    fails_up_to: u32,
}

impl Bounds {
    const MARK: u64 = 1 << 63;

    fn decode(entry: u64) -> Bounds {
        Bounds { wins_from: (entry & 0xffff) as u32, fails_up_to: ((entry >> 16) & 0xffff) as u32 }
    }

    fn encode(self) -> u64 {
        Bounds::MARK | u64::from(self.wins_from) | u64::from(self.fails_up_to) << 16
    }

    fn answer(self, n: u32) -> Option<bool> {
        if self.wins_from != 0 && n + 1 >= self.wins_from {
            Some(true)
        } else if self.fails_up_to != 0 && n < self.fails_up_to {
            Some(false)
        } else {
            None
        }
    }
}

/// A line of help or series play: the moves of the play, then, in reflex play and in series helpplay, the other
/// side's move that reaches the goal, and in self play every move of the other side (all reach it: it is
/// forced).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Line<M> {
    pub(crate) moves: Vec<M>,
    pub(crate) ending: Vec<M>,
}

/// One search: the stipulation, the shared table and budget, and the move lists it reuses at each depth.
pub(crate) struct Search<'a, P: SolvePosition> {
    stipulation: Stipulation,
    table: &'a Table,
    budget: &'a Budget,
    visited: u64,
    aborted: bool,
    buffers: Vec<Vec<P::Move>>,
    killers: Vec<Option<P::Move>>,
    /// The most lines to list (`MaxSolutions`).
    max_lines: usize,
    /// `Threat N`: in moremovers a defence succeeds when it leaves the attacker no threat of at most N moves.
    max_threat: Option<u32>,
}

/// The positions visited since the budget last heard of them are counted when the search ends.
impl<P: SolvePosition> Drop for Search<'_, P> {
    fn drop(&mut self) {
        self.budget.nodes.fetch_add(self.visited % BUDGET_STRIDE, Ordering::Relaxed);
    }
}

impl<'a, P: SolvePosition> Search<'a, P> {
    pub(crate) fn new(stipulation: Stipulation, table: &'a Table, budget: &'a Budget) -> Search<'a, P> {
        Search {
            stipulation,
            table,
            budget,
            visited: 0,
            aborted: false,
            buffers: Vec::new(),
            killers: Vec::new(),
            max_lines: usize::MAX,
            max_threat: None,
        }
    }

    pub(crate) fn with_max_lines(mut self, max: usize) -> Self {
        self.max_lines = max.max(1);
        self
    }

    /// Popeye's `Threat N` as a rule of the search: a defence succeeds where the attacker, with at least N moves
    /// left, has no threat (no way to force the aim in N moves if the defender passed) and does not check.
    pub(crate) fn with_max_threat(mut self, max: Option<u32>) -> Self {
        self.max_threat = max;
        self
    }

    pub(crate) fn stipulation(&self) -> Stipulation {
        self.stipulation
    }

    /// Whether the budget ran out: every answer since then is unknown, not false.
    pub(crate) fn aborted(&self) -> bool {
        self.aborted
    }

    /// Counts a visited position and looks at the budget now and then.
    fn visit(&mut self) -> bool {
        self.visited += 1;
        if self.visited.is_multiple_of(BUDGET_STRIDE) && self.budget.exhausted(BUDGET_STRIDE) {
            self.aborted = true;
        }
        self.aborted
    }

    /// The moves of `pos` in the buffer of `depth` (taken out; give it back with [`Search::give_back`]).
    fn moves(&mut self, pos: &P, depth: usize) -> Vec<P::Move> {
        if self.buffers.len() <= depth {
            self.buffers.resize_with(depth + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[depth]);
        moves.clear();
        pos.moves_into(&mut moves);
        moves
    }

    fn give_back(&mut self, depth: usize, moves: Vec<P::Move>) {
        self.buffers[depth] = moves;
    }

    /// Whether the move `m` from `before` to `after` reaches the goal.
    pub(crate) fn reached(&self, before: &P, m: P::Move, after: &P) -> bool {
        match self.stipulation.goal {
            Goal::Mate => after.is_check() && !after.has_moves(),
            Goal::Stalemate => !after.is_check() && !after.has_moves(),
            Goal::MateOrStalemate => !after.has_moves(),
            Goal::DoubleStalemate => {
                !after.has_moves() && after.passed().is_some_and(|mover| !mover.is_check() && !mover.has_moves())
            }
            Goal::DoubleMate => {
                after.is_check() && !after.has_moves() && {
                    let mover = after.turned();
                    mover.is_check() && !mover.has_moves()
                }
            }
            Goal::AutoStalemate => {
                let mover = after.turned();
                !mover.is_check() && !mover.has_moves()
            }
            Goal::Check => after.is_check(),
            Goal::Capture | Goal::WinPiece => before.captured(m).is_some(),
            Goal::Any => true,
            Goal::Castling => before.castling_side(m).is_some(),
            Goal::EnPassant => before.is_en_passant(m),
            Goal::Target(square) => before.landing(m) == square,
            // Proof games are searched by their own search; as a goal of a single move they are never reached.
            Goal::ProofGame | Goal::AToB => false,
        }
    }

    /// Whether a move can reach the goal at all without giving check, so that only checking moves need be
    /// tried when the goal is a mate.
    fn needs_check(&self) -> bool {
        matches!(self.stipulation.goal, Goal::Mate | Goal::Check | Goal::DoubleMate)
    }

    /// The moves of the side to move in `pos` that reach the goal at once.
    pub(crate) fn reaching_moves(&mut self, pos: &P, depth: usize) -> Vec<P::Move> {
        let moves = self.moves(pos, depth);
        let needs_check = self.needs_check();
        let found = moves
            .iter()
            .copied()
            .filter(|&m| (!needs_check || pos.gives_check(m)) && self.reached(pos, m, &pos.after(m)))
            .collect();
        self.give_back(depth, moves);
        found
    }

    /// Whether the side to move can reach the goal in one move.
    pub(crate) fn reaches_in_one(&mut self, pos: &P, depth: usize) -> bool {
        let moves = self.moves(pos, depth);
        let needs_check = self.needs_check();
        let found = moves.iter().any(|&m| (!needs_check || pos.gives_check(m)) && self.reached(pos, m, &pos.after(m)));
        self.give_back(depth, moves);
        found
    }

    /// The table key of a battle position. Entries hold bounds over the number of moves, which is sound because
    /// the answer is monotone in it; under `Threat N` it is not (more moves left bring the threat rule into
    /// play), so each number of moves gets an entry of its own.
    fn battle_key(&self, pos: &P, n: u32) -> u64 {
        let key = pos.key() ^ BATTLE;
        if self.max_threat.is_some() { key ^ mix(u64::from(n) << 32) } else { key }
    }

    fn remember(&self, pos: &P, n: u32, wins: bool) {
        if self.aborted {
            return;
        }
        let key = self.battle_key(pos, n);
        let mut bounds = self.table.get(key).map(Bounds::decode).unwrap_or_default();
        let stored = (n + 1).min(0xffff);
        if wins {
            if bounds.wins_from == 0 || stored < bounds.wins_from {
                bounds.wins_from = stored;
            }
        } else if stored > bounds.fails_up_to {
            bounds.fails_up_to = stored;
        }
        self.table.put(key, bounds.encode());
    }

    fn recall(&self, pos: &P, n: u32) -> Option<bool> {
        self.table.get(self.battle_key(pos, n)).and_then(|e| Bounds::decode(e).answer(n))
    }

    /// Battle play: whether the side to move (the attacker) forces the aim within `n` of its moves (`n` ≥ 1).
    pub(crate) fn attack(&mut self, pos: &P, n: u32) -> bool {
        if self.visit() {
            return false;
        }
        let depth = (2 * n) as usize;
        // The last move of direct play must reach the goal itself: a goal in one, found faster than the table
        // could be asked.
        if n == 1 && self.stipulation.aim == Aim::Direct {
            return self.reaches_in_one(pos, depth);
        }
        if let Some(known) = self.recall(pos, n) {
            return known;
        }
        // Reflex play: an attacker who can reach the goal must, and that ends the play against its aim.
        if self.stipulation.aim == Aim::Reflex && self.reaches_in_one(pos, depth) {
            self.remember(pos, n, false);
            return false;
        }
        let moves = self.moves(pos, depth);
        let mut wins = false;
        for &m in &moves {
            if self.attack_succeeds(pos, m, n) {
                wins = true;
                break;
            }
            if self.aborted {
                break;
            }
        }
        self.give_back(depth, moves);
        self.remember(pos, n, wins);
        wins
    }

    /// Battle play: whether the attacker's move `m` from `pos` forces the aim within `n` moves, itself included.
    pub(crate) fn attack_succeeds(&mut self, pos: &P, m: P::Move, n: u32) -> bool {
        let after = pos.after(m);
        match self.stipulation.aim {
            Aim::Direct | Aim::Help => {
                if self.reached(pos, m, &after) {
                    return true;
                }
                n > 1 && self.defend(&after, n - 1)
            }
            Aim::SelfPlay => self.defend(&after, n - 1),
            Aim::Reflex | Aim::SemiReflex => {
                if self.reaches_in_one(&after, (2 * n - 1) as usize) {
                    return true;
                }
                n > 1 && self.defend(&after, n - 1)
            }
        }
    }

    /// Battle play: whether every reply of the side to move (the defender) leaves the attacker an aim within
    /// `n` moves. In self play `n` may be 0: then every reply must reach the goal.
    pub(crate) fn defend(&mut self, pos: &P, n: u32) -> bool {
        if self.visit() {
            return false;
        }
        if let Some(known) = self.recall(pos, n) {
            return known;
        }
        let depth = (2 * n + 1) as usize;
        if self.lacks_threat(pos, n) {
            self.remember(pos, n, false);
            return false;
        }
        let mut moves = self.moves(pos, depth);
        if moves.is_empty() {
            // A defender without a move was not brought to the goal: mate and stalemate goals are tested when
            // the attacker's move reaches them.
            self.give_back(depth, moves);
            self.remember(pos, n, false);
            return false;
        }
        if self.killers.len() <= depth {
            self.killers.resize(depth + 1, None);
        }
        if let Some(killer) = self.killers[depth]
            && let Some(at) = moves.iter().position(|&m| m == killer)
        {
            moves.swap(0, at);
        }
        let mut wins = true;
        for &d in &moves {
            if self.refutes(pos, d, n) {
                self.killers[depth] = Some(d);
                wins = false;
                break;
            }
            if self.aborted {
                wins = false;
                break;
            }
        }
        self.give_back(depth, moves);
        self.remember(pos, n, wins);
        wins
    }

    /// Under `Threat N`: whether the defender, to move in `pos` with the attacker `n` moves left, has defended
    /// already, the attacker threatening nothing in N moves (a check is a threat).
    pub(crate) fn lacks_threat(&mut self, pos: &P, n: u32) -> bool {
        match self.max_threat {
            Some(threat) if n >= threat => pos.passed().is_some_and(|passed| !self.attack(&passed, threat)),
            _ => false,
        }
    }

    /// Battle play: whether the defender's reply `d` from `pos` refutes, the attacker having `n` moves left.
    pub(crate) fn refutes(&mut self, pos: &P, d: P::Move, n: u32) -> bool {
        let after = pos.after(d);
        if self.stipulation.aim == Aim::SelfPlay {
            if self.reached(pos, d, &after) {
                return false;
            }
            if n == 0 {
                return true;
            }
        }
        !self.attack(&after, n)
    }

    /// The least number of moves within `n` in which the attacker forces the aim, if any.
    pub(crate) fn shortest_attack(&mut self, pos: &P, n: u32) -> Option<u32> {
        (1..=n).find(|&k| self.attack(pos, k))
    }

    fn cooperative_key(pos: &P, plies: u32) -> u64 {
        pos.key() ^ mix(COOPERATIVE ^ u64::from(plies))
    }

    /// Help and series play: every line of at most `plies` more moves of the play from `pos` that reaches the
    /// aim, with its ending, appended to `out` (at most the search's most lines). As in Popeye, a line may be
    /// shorter than the stipulation asks (`h#3` lists the solutions in two moves too). In help play only the last mover's moves can end it; in series play (`series`) the side
    /// to move plays every move, the other passing, and any of its moves can. Returns whether a line was found.
    pub(crate) fn cooperate(
        &mut self,
        pos: &P,
        plies: u32,
        series: bool,
        line: &mut Vec<P::Move>,
        out: &mut Vec<Line<P::Move>>,
    ) -> bool {
        if self.visit() || out.len() >= self.max_lines {
            return false;
        }
        // A last move is tried faster than the table could be asked: no entry for it.
        let key = (plies > 1).then(|| Self::cooperative_key(pos, plies));
        if key.is_some_and(|key| self.table.get(key).is_some()) {
            return false;
        }
        let depth = plies as usize;
        let closing = series || plies % 2 == 1;
        // A line that must end with a check (a mate) cannot end with any other move.
        let checks_only = plies == 1 && self.stipulation.aim == Aim::Direct && self.needs_check();
        // Reflex play: the side that could make the last move of the play must reach the goal itself when it
        // can, which ends the play before the other side's forced move.
        if closing && self.stipulation.aim == Aim::Reflex && self.reaches_in_one(pos, depth + 1) {
            if let Some(key) = key {
                self.table.put(key, 1);
            }
            return false;
        }
        let moves = self.moves(pos, depth);
        let mut found = false;
        for &m in &moves {
            if out.len() >= self.max_lines || self.aborted {
                break;
            }
            if checks_only && !pos.gives_check(m) {
                continue;
            }
            let after = pos.after(m);
            line.push(m);
            // A line whose own last move reaches the goal ends there; one that leaves the other side a move to
            // reach it (series helpplay, self and reflex play) may go on to a longer one.
            let ended = closing && self.ending(pos, m, &after, line, out);
            found |= ended;
            if plies > 1 && !(ended && self.stipulation.aim == Aim::Direct) {
                if series {
                    // The other side does not move between series moves, so no series move before the last
                    // may check it.
                    if let Some(passed) = after.passed() {
                        found |= self.cooperate(&passed, plies - 1, true, line, out);
                    }
                } else {
                    found |= self.cooperate(&after, plies - 1, false, line, out);
                }
            }
            line.pop();
        }
        self.give_back(depth, moves);
        if let Some(key) = key
            && !found
            && !self.aborted
            && out.len() < self.max_lines
        {
            self.table.put(key, 1);
        }
        found
    }

    /// After the last move `m` of the play (from `before` to `after`): whether the play reached the aim, and if so
    /// the line recorded with its ending.
    fn ending(&mut self, before: &P, m: P::Move, after: &P, line: &[P::Move], out: &mut Vec<Line<P::Move>>) -> bool {
        let ending = match self.stipulation.aim {
            Aim::Direct => {
                if !self.reached(before, m, after) {
                    return false;
                }
                Vec::new()
            }
            Aim::Help | Aim::Reflex | Aim::SemiReflex => {
                // Each move of the other side that reaches the goal makes a solution of its own, as Popeye counts.
                let reaching = self.reaching_moves(after, line.len() + 1);
                for &r in &reaching {
                    out.push(Line { moves: line.to_vec(), ending: vec![r] });
                }
                return !reaching.is_empty();
            }
            Aim::SelfPlay => {
                let depth = line.len() + 1;
                let replies = self.moves(after, depth);
                let forced = !replies.is_empty() && replies.iter().all(|&r| self.reached(after, r, &after.after(r)));
                let ending = if forced { replies.clone() } else { Vec::new() };
                self.give_back(depth, replies);
                if !forced {
                    return false;
                }
                ending
            }
        };
        out.push(Line { moves: line.to_vec(), ending });
        true
    }

    /// Help and series play from `pos` (the first mover to move): every line of the whole play, or of the play
    /// shortened by `skip` half moves at its start (set play).
    pub(crate) fn lines(&mut self, pos: &P, skip: u32) -> Vec<Line<P::Move>> {
        let stipulation = self.stipulation;
        // The play's own moves; the other side's last move of self, reflex and series helpplay is the ending.
        let plies = match (stipulation.play, stipulation.aim) {
            (Play::Series, _) => stipulation.moves,
            (_, Aim::Direct) => stipulation.plies(),
            _ => stipulation.plies() - 1,
        };
        let mut out = Vec::new();
        if plies > skip {
            self.cooperate(pos, plies - skip, stipulation.play == Play::Series, &mut Vec::new(), &mut out);
        }
        out
    }
}
