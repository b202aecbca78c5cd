//! Pseudo-legal moves of every piece kind through the grid's topology, and attacks (a square is attacked when a
//! piece of the other side could capture on it — so a grasshopper checks over a hurdle).

use super::grid::Cell;
use super::{GeneralMove, GeneralPosition, Unit};
use crate::Color;
use crate::piece_kind::{Atom, Hop, Lameness, Mode, Motion, Nature};

/// A step of (files, ranks).
type Vector = (i32, i32);

/// The knight leaps in circular order, each 45° from the last: the rose's octagon.
const ROSE_CIRCLE: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// One atom prepared for generation: its motion, mode and vectors (White's view; Black's mirror the ranks).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Prepared {
    motion: Motion,
    mode: Mode,
    vectors: Vec<(i32, i32)>,
}

impl Prepared {
    pub(super) fn of(atom: &Atom) -> Prepared {
        Prepared {
            motion: atom.motion,
            mode: atom.mode,
            vectors: atom.vectors().into_iter().map(|(x, y)| (i32::from(x), i32::from(y))).collect(),
        }
    }
}

impl GeneralPosition {
    fn unit(&self, cell: Cell) -> Option<Unit> {
        self.cells[cell as usize]
    }

    /// Adds the move to `to` (or the capture there) if the mode allows; returns whether `to` was empty.
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
    fn first_occupied(&self, mut cell: Cell, (x, y): (i32, i32)) -> Option<Cell> {
        for _ in 0..self.grid.size() {
            cell = self.grid.step(cell, x, y)?;
            if self.unit(cell).is_some() {
                return Some(cell);
            }
        }
        None
    }

    /// The moves of the piece on `from` along a line that starts after `start` (the piece's square for a rider,
    /// the hurdle for a lion): every empty square, then the first occupied one if it can be captured.
    fn ride(&self, color: Color, mode: Mode, from: Cell, start: Cell, (x, y): Vector, out: &mut Vec<GeneralMove>) {
        let mut cell = start;
        for _ in 0..self.grid.size() {
            let Some(to) = self.grid.step(cell, x, y) else { break };
            if !self.target(color, mode, from, to, out) {
                break;
            }
            cell = to;
        }
    }

    /// Every pseudo-legal move of the piece on `from` (castling aside).
    pub(super) fn piece_moves(&self, from: Cell, unit: Unit, out: &mut Vec<GeneralMove>) {
        let kind = unit.kind as usize;
        match self.table.kind(kind).nature() {
            Nature::Pawn | Nature::BerolinaPawn => return self.pawn_moves(from, unit, out),
            Nature::Unknown => return,
            Nature::Plain | Nature::King => {}
        }
        let color = unit.color;
        let flip = if color == Color::White { 1 } else { -1 };
        let start = out.len();
        for atom in &self.prepared[kind] {
            for &(x, y) in &atom.vectors {
                let v = (x, y * flip);
                self.atom_moves(color, atom.motion, atom.mode, from, v, out);
            }
        }
        // Wrapping boards and the rose can reach a square by two ways: keep each move once.
        if self.grid.topology() != crate::Topology::Plain
            || self.prepared[kind].iter().any(|a| matches!(a.motion, Motion::Rose | Motion::Equihopper { .. }))
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

    fn atom_moves(
        &self,
        color: Color,
        motion: Motion,
        mode: Mode,
        from: Cell,
        (x, y): (i32, i32),
        out: &mut Vec<GeneralMove>,
    ) {
        let grid = self.grid;
        match motion {
            Motion::Leap => {
                if let Some(to) = grid.step(from, x, y) {
                    self.target(color, mode, from, to, out);
                }
            }
            Motion::Ride => self.ride(color, mode, from, from, (x, y), out),
            Motion::Lame(lameness) => {
                let (sx, sy) = (x.signum(), y.signum());
                let first = match lameness {
                    Lameness::Diagonal => (sx, sy),
                    Lameness::Orthogonal if x.abs() > y.abs() => (sx, 0),
                    Lameness::Orthogonal if y.abs() > x.abs() => (0, sy),
                    Lameness::Orthogonal => (sx, sy),
                };
                let passed = grid.step(from, first.0, first.1);
                if passed.is_some_and(|p| self.unit(p).is_none())
                    && let Some(to) = grid.step(from, x, y)
                {
                    self.target(color, mode, from, to, out);
                }
            }
            Motion::Hop(hop) => self.hop_moves(color, hop, mode, from, (x, y), out),
            Motion::Rose => {
                // Each vector starts an octagon in both senses; `(x, y)` is one of the eight knight leaps.
                let Some(start) = ROSE_CIRCLE.iter().position(|&v| v == (x, y)) else { return };
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
            Motion::Equihopper { nonstop } => {
                // Called once per vector of its atom; the vectors are all (a, b) within the board.
                if (x, y) != (0, 0) {
                    return;
                }
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

    fn hop_moves(
        &self,
        color: Color,
        hop: Hop,
        mode: Mode,
        from: Cell,
        (x, y): (i32, i32),
        out: &mut Vec<GeneralMove>,
    ) {
        let grid = self.grid;
        let Some(hurdle) = self.first_occupied(from, (x, y)) else { return };
        match hop {
            Hop::Grasshopper => {
                if let Some(to) = grid.step(hurdle, x, y) {
                    self.target(color, mode, from, to, out);
                }
            }
            Hop::Lion => self.ride(color, mode, from, hurdle, (x, y), out),
            Hop::Kangaroo => {
                if let Some(second) = self.first_occupied(hurdle, (x, y))
                    && let Some(to) = grid.step(second, x, y)
                {
                    self.target(color, mode, from, to, out);
                }
            }
            Hop::Locust => {
                let enemy = self.unit(hurdle).is_some_and(|u| u.color != color);
                if let Some(to) = grid.step(hurdle, x, y)
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
        let dir = if color == Color::White { 1 } else { -1 };
        let rank = grid.rank_of(from);
        let second = if color == Color::White { 1 } else { grid.ranks().saturating_sub(2) };
        let last = if color == Color::White { grid.ranks() - 1 } else { 0 };
        let step = |x: i32, y: i32| grid.step_wrapping(from, x, y, false);
        let empty = |c: Cell| self.unit(c).is_none();
        let enemy = |c: Cell| self.unit(c).is_some_and(|u| u.color != color);
        let berolina = self.table.kind(unit.kind as usize).nature() == Nature::BerolinaPawn;
        let push = |to: Cell, capture: Option<Cell>, out: &mut Vec<GeneralMove>| {
            if grid.rank_of(to) == last {
                for &kind in &self.promotions {
                    out.push(GeneralMove { promotion: Some(kind), ..GeneralMove::new(from, to, capture) });
                }
            } else {
                out.push(GeneralMove::new(from, to, capture));
            }
        };
        let (steps, captures): (&[Vector], &[Vector]) =
            if berolina { (&[(-1, 1), (1, 1)], &[(0, 1)]) } else { (&[(0, 1)], &[(-1, 1), (1, 1)]) };
        for &(x, y) in steps {
            if let Some(to) = step(x, y * dir)
                && empty(to)
            {
                push(to, None, out);
                if rank == second
                    && let Some(far) = step(2 * x, 2 * y * dir)
                    && empty(far)
                {
                    out.push(GeneralMove::new(from, far, None));
                }
            }
        }
        for &(x, y) in captures {
            let Some(to) = step(x, y * dir) else { continue };
            if enemy(to) {
                push(to, Some(to), out);
            } else if !berolina && Some(to) == self.ep {
                // The pawn that made the double step stands beside the capturing pawn.
                if let Some(victim) = grid.step_wrapping(to, 0, -dir, false)
                    && enemy(victim)
                {
                    out.push(GeneralMove { en_passant: true, ..GeneralMove::new(from, to, Some(victim)) });
                }
            }
        }
    }

    /// The squares whose occupancy may decide whether a piece of the other side attacks a king of `color`: every
    /// square on a line, leap path or octagon of an enemy piece that passes a king, walked as if the board were
    /// empty (a superset: leaps alone need none; whatever changes elsewhere cannot give check).
    pub(super) fn ways_to_kings(&self, color: Color) -> Vec<bool> {
        let grid = self.grid;
        let mut ways = vec![false; self.cells.len()];
        let kings: Vec<Cell> = self.kings(color).collect();
        if kings.is_empty() {
            return ways;
        }
        let mut walk: Vec<Cell> = Vec::new();
        let mark = |walk: &[Cell], ways: &mut Vec<bool>| {
            if walk.iter().any(|c| kings.contains(c)) {
                for &c in walk {
                    ways[c as usize] = true;
                }
            }
        };
        for (from, unit) in self.cells.iter().enumerate() {
            let Some(unit) = *unit else { continue };
            if unit.color == color {
                continue;
            }
            let from = from as Cell;
            let flip = if unit.color == Color::White { 1 } else { -1 };
            for atom in &self.prepared[unit.kind as usize] {
                for &(x, y) in &atom.vectors {
                    let (x, y) = (x, y * flip);
                    walk.clear();
                    match atom.motion {
                        Motion::Leap => {}
                        Motion::Ride | Motion::Hop(_) => {
                            let mut cell = from;
                            for _ in 0..grid.size() {
                                let Some(next) = grid.step(cell, x, y) else { break };
                                walk.push(next);
                                cell = next;
                            }
                        }
                        Motion::Lame(_) => {
                            // The passing square is one step of length one towards the target.
                            walk.extend(grid.step(from, x, y));
                            walk.extend(grid.step(from, x.signum(), 0));
                            walk.extend(grid.step(from, 0, y.signum()));
                            walk.extend(grid.step(from, x.signum(), y.signum()));
                        }
                        Motion::Rose => {
                            let Some(start) = ROSE_CIRCLE.iter().position(|&v| v == (x, y)) else { continue };
                            for sense in [1, 7] {
                                walk.clear();
                                let mut cell = from;
                                for k in 0..7 {
                                    let (dx, dy) = ROSE_CIRCLE[(start + sense * k) % 8];
                                    let Some(next) = grid.step(cell, dx, dy) else { break };
                                    walk.push(next);
                                    cell = next;
                                }
                                mark(&walk, &mut ways);
                            }
                            continue;
                        }
                        Motion::Equihopper { .. } => {
                            // Any square may be a hurdle or on the line: every square matters.
                            walk.extend(0..self.cells.len() as Cell);
                        }
                    }
                    mark(&walk, &mut ways);
                }
            }
        }
        ways
    }

    /// Whether a piece of `by` could capture on `target` (as the board stands).
    pub(super) fn attacked(&self, target: Cell, by: Color, scratch: &mut Vec<GeneralMove>) -> bool {
        for (cell, unit) in self.cells.iter().enumerate() {
            let Some(unit) = *unit else { continue };
            if unit.color != by {
                continue;
            }
            if let Some(attacks) = self.leaper_attacks(cell as Cell, unit, target) {
                if attacks {
                    return true;
                }
                continue;
            }
            scratch.clear();
            self.piece_moves(cell as Cell, unit, scratch);
            if scratch.iter().any(|m| m.capture == Some(target)) {
                return true;
            }
        }
        false
    }

    /// Whether a piece that only leaps (pawns' captures, the king, knights, camels...) could capture on `target`,
    /// by stepping its capturing leaps; `None` for pieces whose captures depend on other squares.
    fn leaper_attacks(&self, from: Cell, unit: Unit, target: Cell) -> Option<bool> {
        let flip = if unit.color == Color::White { 1 } else { -1 };
        let kind = unit.kind as usize;
        let lands = |x: i32, y: i32| self.grid.step_wrapping(from, x, y * flip, false) == Some(target);
        match self.table.kind(kind).nature() {
            Nature::Pawn => return Some(lands(-1, 1) || lands(1, 1)),
            Nature::BerolinaPawn => return Some(lands(0, 1)),
            Nature::Unknown => return Some(false),
            Nature::Plain | Nature::King => {}
        }
        let atoms = &self.prepared[kind];
        if !atoms.iter().all(|a| a.motion == Motion::Leap) {
            return None;
        }
        Some(
            atoms
                .iter()
                .filter(|a| a.mode != Mode::MoveOnly)
                .any(|a| a.vectors.iter().any(|&(x, y)| self.grid.step(from, x, y * flip) == Some(target))),
        )
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
