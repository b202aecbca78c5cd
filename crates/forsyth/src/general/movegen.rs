//! Pseudo-legal moves of every piece kind through the grid's topology, and attacks (a square is attacked when a
//! piece of the other side could capture on it — so a grasshopper checks over a hurdle). Steps come from the
//! position type's tables ([`Rules`](super::rules::Rules)); attacks are found by looking outward from the attacked
//! square along every way a piece of the other side could capture there.

use arrayvec::ArrayVec;

use super::grid::Cell;
use super::rules::{Prepared, Step, kind_bit, side};
use super::{GeneralMove, GeneralPosition, Unit};
use crate::Color;
use crate::piece_kind::{Hop, Mode, Motion, Nature};

/// The knight leaps in circular order, each 45° from the last: the rose's octagon.
const ROSE_CIRCLE: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// A set of squares (a board has at most 64 × 64 = 4,096), kept on the stack.
#[derive(Clone, Debug)]
pub(super) struct CellSet {
    words: ArrayVec<u64, 64>,
}

impl CellSet {
    /// No square of a board of `size` squares, or every square.
    pub(super) fn new(size: usize, full: bool) -> CellSet {
        let mut words = ArrayVec::new();
        for _ in 0..size.div_ceil(64) {
            words.push(if full { u64::MAX } else { 0 });
        }
        CellSet { words }
    }

    fn insert(&mut self, cell: Cell) {
        self.words[cell as usize / 64] |= 1 << (cell % 64);
    }

    /// Whether the set holds `cell`.
    #[inline]
    pub(super) fn contains(&self, cell: Cell) -> bool {
        self.words[cell as usize / 64] & (1 << (cell % 64)) != 0
    }
}

impl GeneralPosition {
    #[inline]
    fn unit(&self, cell: Cell) -> Option<Unit> {
        self.cells[cell as usize]
    }

    #[inline]
    fn next(&self, step: Step, cell: Cell) -> Option<Cell> {
        self.rules.steps.next(step, cell)
    }

    /// Adds the move to `to` (or the capture there) if the mode allows; returns whether `to` was empty.
    #[inline]
    fn target(&self, color: Color, mode: Mode, from: Cell, to: Cell, out: &mut Vec<GeneralMove>) -> bool {
        match self.unit(to) {
            None => {
                if mode != Mode::CaptureOnly {
                    out.push(GeneralMove::new(from, to, None));
                }
                true
            }
            Some(u) => {
                if u.color != color && mode != Mode::MoveOnly {
                    out.push(GeneralMove::new(from, to, Some(to)));
                }
                false
            }
        }
    }

    /// The first occupied square along a line from `cell` (not counting `cell`), within the board's size.
    #[inline]
    fn first_occupied(&self, mut cell: Cell, step: Step) -> Option<Cell> {
        for _ in 0..self.cells.len() {
            cell = self.next(step, cell)?;
            if self.unit(cell).is_some() {
                return Some(cell);
            }
        }
        None
    }

    /// The moves of the piece on `from` along a line that starts after `start` (the piece's square for a rider,
    /// the hurdle for a lion): every empty square, then the first occupied one if it can be captured.
    #[inline]
    fn ride(&self, color: Color, mode: Mode, from: Cell, start: Cell, step: Step, out: &mut Vec<GeneralMove>) {
        let mut cell = start;
        for _ in 0..self.cells.len() {
            let Some(to) = self.next(step, cell) else { break };
            if !self.target(color, mode, from, to, out) {
                break;
            }
            cell = to;
        }
    }

    /// Every pseudo-legal move of the piece on `from` (castling aside).
    pub(super) fn piece_moves(&self, from: Cell, unit: Unit, out: &mut Vec<GeneralMove>) {
        let kind = unit.kind as usize;
        match self.rules.natures[kind] {
            Nature::Pawn | Nature::BerolinaPawn => return self.pawn_moves(from, unit, out),
            Nature::Unknown => return,
            Nature::Plain | Nature::King => {}
        }
        let color = unit.color;
        let start = out.len();
        let atoms = &self.rules.prepared[side(color)][kind];
        for atom in atoms {
            self.atom_moves(color, atom, from, out);
        }
        // Wrapping boards, the rose and pieces with two atoms along one vector can reach a square by two ways: keep
        // each move once.
        if self.grid.topology() != crate::Topology::Plain
            || self.rules.repeated & kind_bit(unit.kind) != 0
            || atoms.iter().any(|a| matches!(a.motion, Motion::Rose | Motion::Equihopper { .. }))
        {
            let mut seen = Vec::with_capacity(out.len() - start);
            let mut i = start;
            while i < out.len() {
                let key = (out[i].to, out[i].capture);
                if seen.contains(&key) {
                    out.swap_remove(i);
                } else {
                    seen.push(key);
                    i += 1;
                }
            }
        }
    }

    fn atom_moves(&self, color: Color, atom: &Prepared, from: Cell, out: &mut Vec<GeneralMove>) {
        let grid = self.grid;
        let mode = atom.mode;
        match atom.motion {
            Motion::Leap => {
                for &step in &atom.steps {
                    if let Some(to) = self.next(step, from) {
                        self.target(color, mode, from, to, out);
                    }
                }
            }
            Motion::Ride => {
                for &step in &atom.steps {
                    self.ride(color, mode, from, from, step, out);
                }
            }
            Motion::Lame(_) => {
                for (&step, &passed) in atom.steps.iter().zip(&atom.passed) {
                    if self.next(passed, from).is_some_and(|p| self.unit(p).is_none())
                        && let Some(to) = self.next(step, from)
                    {
                        self.target(color, mode, from, to, out);
                    }
                }
            }
            Motion::Hop(hop) => {
                for &step in &atom.steps {
                    self.hop_moves(color, hop, mode, from, step, out);
                }
            }
            Motion::Rose => {
                // Each vector starts an octagon in both senses; it is one of the eight knight leaps.
                for &(x, y) in &atom.vectors {
                    let Some(start) = ROSE_CIRCLE.iter().position(|&v| v == (x, y)) else { continue };
                    for sense in [1, 7] {
                        let mut cell = from;
                        for k in 0..7 {
                            let (dx, dy) = ROSE_CIRCLE[(start + sense * k) % 8];
                            let Some(to) = grid.step(cell, dx, dy) else { break };
                            if !self.target(color, mode, from, to, out) {
                                break;
                            }
                            cell = to;
                        }
                    }
                }
            }
            Motion::Equihopper { nonstop } => {
                // Every vector (a, b) within the board.
                let (w, h) = (i32::from(grid.files()), i32::from(grid.ranks()));
                for a in -(w - 1) / 2..=(w - 1) / 2 {
                    for b in -(h - 1) / 2..=(h - 1) / 2 {
                        if (a, b) == (0, 0) {
                            continue;
                        }
                        self.equihop(color, mode, nonstop, from, (a, b), out);
                    }
                }
            }
        }
    }

    fn equihop(
        &self,
        color: Color,
        mode: Mode,
        nonstop: bool,
        from: Cell,
        (a, b): (i32, i32),
        out: &mut Vec<GeneralMove>,
    ) {
        let grid = self.grid;
        let Some(hurdle) = grid.step(from, a, b) else { return };
        let Some(to) = grid.step(hurdle, a, b) else { return };
        if self.unit(hurdle).is_none() || to == from {
            return;
        }
        if !nonstop {
            let g = gcd(a.unsigned_abs(), b.unsigned_abs()) as i32;
            let unit = (a / g, b / g);
            let mut cell = from;
            for k in 1..2 * g {
                let Some(next) = grid.step(cell, unit.0, unit.1) else { return };
                cell = next;
                if k != g && self.unit(cell).is_some() {
                    return;
                }
            }
        }
        self.target(color, mode, from, to, out);
    }

    fn hop_moves(&self, color: Color, hop: Hop, mode: Mode, from: Cell, step: Step, out: &mut Vec<GeneralMove>) {
        let Some(hurdle) = self.first_occupied(from, step) else { return };
        match hop {
            Hop::Grasshopper => {
                if let Some(to) = self.next(step, hurdle) {
                    self.target(color, mode, from, to, out);
                }
            }
            Hop::Lion => self.ride(color, mode, from, hurdle, step, out),
            Hop::Kangaroo => {
                if let Some(second) = self.first_occupied(hurdle, step)
                    && let Some(to) = self.next(step, second)
                {
                    self.target(color, mode, from, to, out);
                }
            }
            Hop::Locust => {
                let enemy = self.unit(hurdle).is_some_and(|u| u.color != color);
                if let Some(to) = self.next(step, hurdle)
                    && enemy
                    && self.unit(to).is_none()
                {
                    out.push(GeneralMove::new(from, to, Some(hurdle)));
                }
            }
        }
    }

    fn pawn_moves(&self, from: Cell, unit: Unit, out: &mut Vec<GeneralMove>) {
        let grid = self.grid;
        let color = unit.color;
        let white = color == Color::White;
        let (files, size) = (Cell::from(grid.files()), self.cells.len() as Cell);
        // Ranks told by the square's number, without dividing: the second rank's first square, the last rank.
        let second = Cell::from(if white { 1 } else { grid.ranks().saturating_sub(2) }) * files;
        let on_second = (second..second + files).contains(&from);
        let on_last = |c: Cell| if white { c >= size - files } else { c < files };
        let empty = |c: Cell| self.unit(c).is_none();
        let enemy = |c: Cell| self.unit(c).is_some_and(|u| u.color != color);
        let berolina = self.rules.natures[unit.kind as usize] == Nature::BerolinaPawn;
        let push = |to: Cell, capture: Option<Cell>, out: &mut Vec<GeneralMove>| {
            if on_last(to) {
                for &kind in &self.promotions {
                    out.push(GeneralMove { promotion: Some(kind), ..GeneralMove::new(from, to, capture) });
                }
            } else {
                out.push(GeneralMove::new(from, to, capture));
            }
        };
        let p = &self.rules.pawn_steps[side(color)];
        let (orthodox_steps, berolina_steps) = (
            [(p.forward, p.double)],
            [(p.diagonals[0], p.double_diagonals[0]), (p.diagonals[1], p.double_diagonals[1])],
        );
        let (orthodox_captures, berolina_captures) = (p.diagonals, [p.forward]);
        let (steps, captures): (&[(Step, Step)], &[Step]) =
            if berolina { (&berolina_steps, &berolina_captures) } else { (&orthodox_steps, &orthodox_captures) };
        for &(single, double) in steps {
            if let Some(to) = self.next(single, from)
                && empty(to)
            {
                push(to, None, out);
                if on_second
                    && let Some(far) = self.next(double, from)
                    && empty(far)
                {
                    out.push(GeneralMove::new(from, far, None));
                }
            }
        }
        for &step in captures {
            let Some(to) = self.next(step, from) else { continue };
            if enemy(to) {
                push(to, Some(to), out);
            } else if !berolina && Some(to) == self.ep {
                // The pawn that made the double step stands beside the capturing pawn.
                if let Some(victim) = self.next(p.back, to)
                    && enemy(victim)
                {
                    out.push(GeneralMove { en_passant: true, ..GeneralMove::new(from, to, Some(victim)) });
                }
            }
        }
    }

    /// The squares whose occupancy may decide whether a piece of `by` (of the kinds in `present`) attacks one of
    /// `kings`, so that a move changing nothing there cannot give check (a superset; leaps need none):
    /// - along a rider's or hopper's line, the squares from the king to the farthest such piece that one move
    ///   could let through: with at most `taken_off` pieces more between them than it needs (the most pieces one
    ///   move of the other side takes off a line: one, the piece leaving it or captured on it; two where a locust
    ///   leaves the line and captures on it elsewhere, as a line wrapping round a torus allows), and for the locust
    ///   the square behind the king, where it lands;
    /// - the square a lame leaper passes;
    /// - every square when a piece whose attacks are generated (the rose, equihoppers) is present.
    pub(super) fn ways_to_kings(&self, kings: &[Cell], by: Color, present: u64, taken_off: usize) -> CellSet {
        let size = self.cells.len();
        if present & self.rules.generated != 0 {
            return CellSet::new(size, true);
        }
        let mut ways = CellSet::new(size, false);
        for probe in &self.rules.probes[side(by)] {
            if probe.kinds & present == 0 {
                continue;
            }
            let attacker = |c: Cell| self.unit(c).is_some_and(|u| u.color == by && probe.kinds & kind_bit(u.kind) != 0);
            for &king in kings {
                match probe.motion {
                    Motion::Leap => {}
                    Motion::Lame(_) => {
                        if let Some(passed) = self.next(probe.back, king).and_then(|c| self.next(probe.passed, c)) {
                            ways.insert(passed);
                        }
                    }
                    Motion::Ride | Motion::Hop(_) => {
                        // The most pieces that may stand between the king and such a piece for one move to open
                        // its way: as many as it needs (riders and locusts none, grasshoppers and lions one,
                        // kangaroos two) and those the move takes off.
                        let needs = match probe.motion {
                            Motion::Hop(Hop::Grasshopper | Hop::Lion) => 1,
                            Motion::Hop(Hop::Kangaroo) => 2,
                            _ => 0,
                        };
                        let limit = needs + taken_off;
                        // How many squares from the king to mark (0: none).
                        let (mut cell, mut walked, mut marked, mut passed) = (king, 0, 0, 0);
                        while walked < size && passed <= limit {
                            let Some(next) = self.next(probe.back, cell) else { break };
                            if next == king {
                                break;
                            }
                            walked += 1;
                            cell = next;
                            if self.unit(next).is_some() {
                                if attacker(next) {
                                    marked = walked;
                                }
                                passed += 1;
                            }
                        }
                        if marked == 0 {
                            continue;
                        }
                        let mut cell = king;
                        for _ in 0..marked {
                            cell = self.next(probe.back, cell).expect("walked before");
                            ways.insert(cell);
                        }
                        if probe.motion == Motion::Hop(Hop::Locust)
                            && let Some(landing) = self.next(probe.forward, king)
                        {
                            ways.insert(landing);
                        }
                    }
                    Motion::Rose | Motion::Equihopper { .. } => return CellSet::new(size, true),
                }
            }
        }
        ways
    }

    /// Whether a piece of `by` could capture on `target` (as the board stands), under the position's conditions.
    pub(super) fn attacked(&self, target: Cell, by: Color) -> bool {
        if self.rules.conditions.active() {
            return self.attacked_under_conditions(target, by);
        }
        self.attacked_by_kinds(target, by, u64::MAX, true)
    }

    /// Whether a piece of `by` of one of the kinds in `present` could capture on `target`, found by looking
    /// outward from `target` along every way such a piece captures (its atom reversed); the rose and equihoppers
    /// by generating their moves. Without `leaps`, single leaps (pawns' captures among them) are not looked at:
    /// the caller knows none attacks (after a move other than the king's, out of check, none can).
    pub(super) fn attacked_by_kinds(&self, target: Cell, by: Color, present: u64, leaps: bool) -> bool {
        let is_attacker = |cell: Option<Cell>, kinds: u64| {
            cell.and_then(|c| self.unit(c)).is_some_and(|u| u.color == by && kinds & kind_bit(u.kind) != 0)
        };
        let s = side(by);
        let pawn_probes: &[(Step, u64)] = if leaps { &self.rules.pawn_probes[s] } else { &[] };
        for &(back, kinds) in pawn_probes {
            if kinds & present != 0 && is_attacker(self.next(back, target), kinds) {
                return true;
            }
        }
        let first = if leaps { 0 } else { self.rules.first_line_probe[s] };
        for probe in &self.rules.probes[s][first..] {
            let kinds = probe.kinds & present;
            if kinds == 0 {
                continue;
            }
            let attacker = match probe.motion {
                Motion::Leap => self.next(probe.back, target),
                Motion::Ride => self.first_occupied(target, probe.back),
                Motion::Lame(_) => {
                    let from = self.next(probe.back, target);
                    let passed = from.and_then(|c| self.next(probe.passed, c));
                    from.filter(|_| passed.is_some_and(|p| self.unit(p).is_none()))
                }
                Motion::Hop(Hop::Grasshopper) => self
                    .next(probe.back, target)
                    .filter(|&h| self.unit(h).is_some())
                    .and_then(|h| self.first_occupied(h, probe.back)),
                Motion::Hop(Hop::Lion) => {
                    self.first_occupied(target, probe.back).and_then(|h| self.first_occupied(h, probe.back))
                }
                Motion::Hop(Hop::Kangaroo) => self
                    .next(probe.back, target)
                    .filter(|&h| self.unit(h).is_some())
                    .and_then(|h| self.first_occupied(h, probe.back))
                    .and_then(|h| self.first_occupied(h, probe.back)),
                Motion::Hop(Hop::Locust) => self
                    .next(probe.forward, target)
                    .filter(|&landing| self.unit(landing).is_none())
                    .and_then(|_| self.first_occupied(target, probe.back)),
                Motion::Rose | Motion::Equihopper { .. } => None,
            };
            if is_attacker(attacker, kinds) {
                return true;
            }
        }
        let generated = self.rules.generated & present;
        generated != 0 && self.attacked_by_generation(target, by, generated)
    }

    /// Whether a piece of `by` of one of `kinds` could capture on `target`, by generating its moves: the slow way
    /// that every piece's attacks can be found, kept for the rose and equihoppers (and to check the fast way).
    pub(super) fn attacked_by_generation(&self, target: Cell, by: Color, kinds: u64) -> bool {
        let mut moves = Vec::new();
        for (cell, unit) in self.cells.iter().enumerate() {
            let Some(unit) = *unit else { continue };
            if unit.color != by || kinds & kind_bit(unit.kind) == 0 {
                continue;
            }
            moves.clear();
            self.piece_moves(cell as Cell, unit, &mut moves);
            if moves.iter().any(|m| m.capture == Some(target)) {
                return true;
            }
        }
        false
    }
}

const fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}
