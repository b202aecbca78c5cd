//! What a position type (board, topology, letter table) fixes once, so that move generation and attack tests need
//! no arithmetic on files and ranks: the square every vector leads to from every square (through the joined edges),
//! each piece kind's atoms with those steps for White and Black, and the probes that find an attack by looking
//! outward from the attacked square.

use super::conditions::Conditions;
use super::grid::{Cell, Grid};
use crate::Color;
use crate::piece_kind::{Lameness, Mode, Motion, Nature, PieceTable};

/// A step of (files, ranks).
pub(super) type Vector = (i32, i32);

/// The index of a vector's row in [`Steps`].
pub(super) type Step = u16;

/// The step table's mark for "off the board" (boards have at most 64 × 64 squares, so it is never a square).
const OFF: Cell = Cell::MAX;

/// For each vector the pieces use, the square it leads to from every square, through the joined edges (or, for
/// pawns, with the ranks never joined); [`Grid::step`] computed once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Steps {
    size: usize,
    keys: Vec<(Vector, bool)>,
    next: Vec<Cell>,
}

impl Steps {
    fn new(grid: Grid) -> Steps {
        Steps { size: grid.size(), keys: Vec::new(), next: Vec::new() }
    }

    /// The row of `vector` (ranks joined as the topology says when `wrap_ranks`), added when new.
    fn index(&mut self, grid: Grid, vector: Vector, wrap_ranks: bool) -> Step {
        let wrap_ranks = wrap_ranks && grid.topology().wraps_ranks();
        if let Some(i) = self.keys.iter().position(|&k| k == (vector, wrap_ranks)) {
            return i as Step;
        }
        self.keys.push((vector, wrap_ranks));
        for cell in 0..self.size as Cell {
            self.next.push(grid.step_wrapping(cell, vector.0, vector.1, wrap_ranks).unwrap_or(OFF));
        }
        (self.keys.len() - 1) as Step
    }

    /// The square one step from `cell`; `None` off the board.
    #[inline]
    pub(super) fn next(&self, step: Step, cell: Cell) -> Option<Cell> {
        let to = self.next[step as usize * self.size + cell as usize];
        (to != OFF).then_some(to)
    }
}

/// One atom of a piece kind, prepared for one colour: its motion, mode, vectors (ranks mirrored for Black) and their
/// steps; for lame leaps, the step to the square passed first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Prepared {
    pub(super) motion: Motion,
    pub(super) mode: Mode,
    pub(super) vectors: Vec<Vector>,
    pub(super) steps: Vec<Step>,
    pub(super) passed: Vec<Step>,
}

/// One way an attack can arrive: a piece of one of `kinds` moving along `forward` captures on a square; found by
/// stepping `back` (the opposite vector) from that square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Probe {
    pub(super) motion: Motion,
    pub(super) forward: Step,
    pub(super) back: Step,
    /// For a lame leap, the step from the attacker to the square it passes.
    pub(super) passed: Step,
    /// The piece kinds (bits of their indices) that attack this way.
    pub(super) kinds: u64,
}

/// The first square a lame leap along `(x, y)` passes.
pub(super) fn lame_first(lameness: Lameness, (x, y): Vector) -> Vector {
    let (sx, sy) = (x.signum(), y.signum());
    match lameness {
        Lameness::Diagonal => (sx, sy),
        Lameness::Orthogonal if x.abs() > y.abs() => (sx, 0),
        Lameness::Orthogonal if y.abs() > x.abs() => (0, sy),
        Lameness::Orthogonal => (sx, sy),
    }
}

/// A pawn's steps for one colour (forward = towards its last rank; the ranks never joined): one and two squares
/// forward, diagonally forward, two squares diagonally forward, and one back (from the en-passant square to the
/// pawn that passed it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct PawnSteps {
    pub(super) forward: Step,
    pub(super) double: Step,
    pub(super) diagonals: [Step; 2],
    pub(super) double_diagonals: [Step; 2],
    pub(super) back: Step,
}

/// Everything fixed by the board and the letter table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Rules {
    pub(super) steps: Steps,
    /// Per colour (White 0, Black 1), per piece kind: its atoms.
    pub(super) prepared: [Vec<Vec<Prepared>>; 2],
    /// Per attacking colour: the probes of every capturing atom that a step table answers, single leaps first.
    pub(super) probes: [Vec<Probe>; 2],
    /// Per attacking colour: where the probes that are not single leaps begin.
    pub(super) first_line_probe: [usize; 2],
    /// Per attacking colour: the pawns' capture steps backwards from the attacked square, and the pawn kinds.
    pub(super) pawn_probes: [Vec<(Step, u64)>; 2],
    /// Kinds whose attacks are found by generating their moves (the rose, equihoppers).
    pub(super) generated: u64,
    /// Kinds with two atoms along one vector (`NmcN`, `KQ`, the leo's `mQcpQ`): they may reach a square two ways,
    /// so their moves are kept once.
    pub(super) repeated: u64,
    /// Each kind's nature.
    pub(super) natures: Vec<Nature>,
    /// Per colour: the pawns' steps.
    pub(super) pawn_steps: [PawnSteps; 2],
    /// The fairy conditions of the problem (none for orthodox rules).
    pub(super) conditions: Conditions,
}

/// The index of a colour in the per-colour arrays.
pub(super) const fn side(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The bit of a piece kind in a set of kinds (a letter table has at most 28 entries).
pub(super) const fn kind_bit(kind: u8) -> u64 {
    1 << (kind & 63)
}

impl Rules {
    pub(super) fn new(grid: Grid, table: &PieceTable) -> Rules {
        let mut steps = Steps::new(grid);
        let mut prepared: [Vec<Vec<Prepared>>; 2] = [Vec::new(), Vec::new()];
        let mut probes: [Vec<Probe>; 2] = [Vec::new(), Vec::new()];
        let mut pawn_probes: [Vec<(Step, u64)>; 2] = [Vec::new(), Vec::new()];
        let mut generated = 0;
        let mut repeated = 0;
        let natures: Vec<Nature> = table.entries().map(|(_, kind)| kind.nature()).collect();
        for color in [Color::White, Color::Black] {
            let flip = if color == Color::White { 1 } else { -1 };
            let s = side(color);
            for (index, (_, kind)) in table.entries().enumerate() {
                let bit = kind_bit(index as u8);
                let mut atoms = Vec::new();
                let mut seen_vectors: Vec<Vector> = Vec::new();
                for atom in kind.atoms() {
                    let vectors: Vec<Vector> =
                        atom.vectors().into_iter().map(|(x, y)| (i32::from(x), i32::from(y) * flip)).collect();
                    if vectors.iter().any(|v| seen_vectors.contains(v)) {
                        repeated |= bit;
                    }
                    seen_vectors.extend(&vectors);
                    let step_of = |steps: &mut Steps, v: Vector| match atom.motion {
                        Motion::Equihopper { .. } => 0,
                        _ => steps.index(grid, v, true),
                    };
                    let atom_steps: Vec<Step> = vectors.iter().map(|&v| step_of(&mut steps, v)).collect();
                    let passed: Vec<Step> = match atom.motion {
                        Motion::Lame(lameness) => {
                            vectors.iter().map(|&v| steps.index(grid, lame_first(lameness, v), true)).collect()
                        }
                        _ => Vec::new(),
                    };
                    if matches!(atom.motion, Motion::Rose | Motion::Equihopper { .. }) {
                        generated |= bit;
                    } else if atom.mode != Mode::MoveOnly {
                        for (i, &v) in vectors.iter().enumerate() {
                            let probe = Probe {
                                motion: atom.motion,
                                forward: atom_steps[i],
                                back: steps.index(grid, (-v.0, -v.1), true),
                                passed: passed.get(i).copied().unwrap_or(0),
                                kinds: bit,
                            };
                            let same = probes[s].iter_mut().find(|p| {
                                (p.motion, p.forward, p.back, p.passed)
                                    == (probe.motion, probe.forward, probe.back, probe.passed)
                            });
                            match same {
                                Some(p) => p.kinds |= bit,
                                None => probes[s].push(probe),
                            }
                        }
                    }
                    atoms.push(Prepared { motion: atom.motion, mode: atom.mode, vectors, steps: atom_steps, passed });
                }
                let captures: &[Vector] = match kind.nature() {
                    Nature::Pawn => &[(-1, 1), (1, 1)],
                    Nature::BerolinaPawn => &[(0, 1)],
                    _ => &[],
                };
                for &(x, y) in captures {
                    let back = steps.index(grid, (-x, -y * flip), false);
                    match pawn_probes[s].iter_mut().find(|p| p.0 == back) {
                        Some(p) => p.1 |= bit,
                        None => pawn_probes[s].push((back, bit)),
                    }
                }
                prepared[s].push(atoms);
            }
        }
        let mut first_line_probe = [0; 2];
        for (probes, first) in probes.iter_mut().zip(&mut first_line_probe) {
            probes.sort_by_key(|p| p.motion != Motion::Leap);
            *first = probes.iter().take_while(|p| p.motion == Motion::Leap).count();
        }
        let pawn_steps = [1, -1].map(|dir| PawnSteps {
            forward: steps.index(grid, (0, dir), false),
            double: steps.index(grid, (0, 2 * dir), false),
            diagonals: [steps.index(grid, (-1, dir), false), steps.index(grid, (1, dir), false)],
            double_diagonals: [steps.index(grid, (-2, 2 * dir), false), steps.index(grid, (2, 2 * dir), false)],
            back: steps.index(grid, (0, -dir), false),
        });
        Rules {
            steps,
            prepared,
            probes,
            pawn_probes,
            first_line_probe,
            generated,
            repeated,
            natures,
            pawn_steps,
            conditions: Conditions::default(),
        }
    }
}
