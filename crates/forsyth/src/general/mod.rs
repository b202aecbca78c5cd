//! The general position: fairy pieces of any [`PieceKind`](crate::piece_kind::PieceKind), boards of any size up to
//! 64 × 64, and the plain, cylinder and torus topologies. It sits beside [`Position`](crate::Position), whose fast
//! 8×8 and 10×8 cores stay untouched: a setup needs this general path only when it has a fairy piece or a board
//! that is not flat.
//!
//! The rules are those of orthodox chess with every piece moving as its kind says: the king must not be left
//! where a piece of the other side could capture it (whatever that piece is), pawns promote on their last rank to
//! queen, rook, bishop, knight (archbishop and chancellor too on boards of ten files) and to every fairy piece the
//! problem declares, castling and en passant as in chess. docs/problem-chess.md has the rules on cylinders.

mod conditions;
mod grid;
mod movegen;
mod rules;

use std::fmt;
use std::sync::Arc;

use arrayvec::ArrayVec;

pub use conditions::{Condition, ConditionError, PLAYED_CONDITIONS};
pub use grid::{Cell, Grid};

use self::movegen::CellSet;
use self::rules::Rules;
use crate::piece_kind::{Nature, PieceTable};
use crate::{Color, Topology};

/// A piece on the general board: its colour and its index in the position's [`PieceTable`].
///
/// ```
/// use forsyth::{Color, Topology};
/// use forsyth::notation::general::read_fen;
/// use forsyth::piece_kind::PieceTable;
/// let mut table = PieceTable::new();
/// table.declare_text("G=grasshopper").unwrap();
/// let pos = read_fen("4k3/8/8/8/8/8/8/G3K3 w - - 0 1", &table, Topology::Plain).unwrap();
/// let unit = pos.at(pos.grid().cell(0, 0)).unwrap();
/// assert_eq!(unit.color, Color::White);
/// assert_eq!(pos.table().kind(unit.kind as usize).name(), "grasshopper");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    /// Its colour.
    pub color: Color,
    /// Its index in the letter table.
    pub kind: u8,
}

/// A move of the general position.
///
/// ```
/// use forsyth::Topology;
/// use forsyth::notation::general::{read_fen, read_general_move};
/// use forsyth::piece_kind::PieceTable;
/// let pos = read_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", &PieceTable::new(), Topology::Plain).unwrap();
/// let mv = read_general_move(&pos, "exd6").unwrap();
/// let grid = pos.grid();
/// // En passant: the pawn goes to d6 and takes on d5.
/// assert_eq!((grid.name(mv.to), mv.capture.map(|c| grid.name(c))), ("d6".into(), Some("d5".into())));
/// assert!(mv.en_passant);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GeneralMove {
    /// Where the piece (the king, when castling) stands.
    pub from: Cell,
    /// Where it goes.
    pub to: Cell,
    /// The square of the piece it captures: `to`, or elsewhere for en passant and the locust.
    pub capture: Option<Cell>,
    /// The piece a pawn promotes to (an index in the letter table).
    pub promotion: Option<u8>,
    /// For castling, the square of the rook.
    pub castle_rook: Option<Cell>,
    /// Whether this is an en-passant capture.
    pub en_passant: bool,
}

impl GeneralMove {
    const fn new(from: Cell, to: Cell, capture: Option<Cell>) -> GeneralMove {
        GeneralMove { from, to, capture, promotion: None, castle_rook: None, en_passant: false }
    }
}

/// What a move changes that undoing it must restore.
#[derive(Clone, Debug)]
struct Undo {
    mv: GeneralMove,
    moved: Unit,
    captured: Option<Unit>,
    castling: ArrayVec<Cell, 8>,
    ep: Option<Cell>,
    halfmoves: u32,
    /// What the conditions' rebirth and recolouring steps changed.
    journal: conditions::Journal,
}

/// Why moves cannot be generated or a position cannot be used.
///
/// ```
/// use forsyth::Topology;
/// use forsyth::general::GeneralError;
/// use forsyth::notation::general::{read_fen, read_general_move};
/// use forsyth::piece_kind::PieceTable;
/// let pos = read_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
/// assert_eq!(read_general_move(&pos, "Ke1-e3"), Err(GeneralError::IllegalMove { text: "Ke1-e3".to_string() }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GeneralError {
    /// An unknown piece (`X`, `?`) stands on the board: its moves are unknown.
    UnknownPiece {
        /// Its square.
        square: String,
    },
    /// The side not to move is in check (its king could be captured at once).
    OpponentInCheck {
        /// The king's square.
        square: String,
    },
    /// A pawn stands on the rank where it would have promoted.
    PawnOnLastRank {
        /// Its square.
        square: String,
    },
    /// The move is not legal here.
    IllegalMove {
        /// The move, in coordinates.
        text: String,
    },
}

impl GeneralError {
    /// A stable identifier, listed in docs/errors.md.
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// // X: the unknown piece of diagrams, whose moves are unknown.
    /// let pos = read_fen("4k3/8/8/8/3X4/8/8/4K3", &PieceTable::new(), Topology::Plain).unwrap();
    /// assert_eq!(pos.legal_moves().unwrap_err().code(), "general.unknown-piece");
    /// ```
    pub const fn code(&self) -> &'static str {
        match self {
            GeneralError::UnknownPiece { .. } => "general.unknown-piece",
            GeneralError::OpponentInCheck { .. } => "general.opponent-in-check",
            GeneralError::PawnOnLastRank { .. } => "general.pawn-on-last-rank",
            GeneralError::IllegalMove { .. } => "move.illegal",
        }
    }
}

impl fmt::Display for GeneralError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GeneralError::UnknownPiece { square } => write!(
                f,
                "an unknown piece stands on {square}: its moves are unknown, so no moves can be listed; declare its \
                 letter (--piece X=NAME) to give it a movement"
            ),
            GeneralError::OpponentInCheck { square } => {
                write!(f, "the king on {square} of the side not to move is in check; the position cannot arise")
            }
            GeneralError::PawnOnLastRank { square } => {
                write!(f, "a pawn on {square} stands on its last rank, where it would have promoted")
            }
            GeneralError::IllegalMove { text } => write!(f, "{text} is not a legal move here"),
        }
    }
}

impl std::error::Error for GeneralError {}

/// A position with pieces of any kind on a board of any size and topology.
///
/// ```
/// use forsyth::Color;
/// use forsyth::general::{GeneralPosition, Grid, Unit};
/// use forsyth::piece_kind::PieceTable;
/// use forsyth::Topology;
/// let mut table = PieceTable::new();
/// table.declare_text("G=grasshopper").unwrap();
/// let g = table.index_of('G').unwrap() as u8;
/// let k = table.index_of('K').unwrap() as u8;
/// let grid = Grid::new(8, 8, Topology::Plain).unwrap();
/// let mut pos = GeneralPosition::empty(grid, table);
/// pos.put(grid.cell(4, 0), Some(Unit { color: Color::White, kind: k }));
/// pos.put(grid.cell(4, 7), Some(Unit { color: Color::Black, kind: k }));
/// pos.put(grid.cell(0, 0), Some(Unit { color: Color::White, kind: g }));
/// // The grasshopper on a1 hops over the king on e1 to f1 only; the king has five moves.
/// assert_eq!(pos.legal_moves().unwrap().len(), 6);
/// assert_eq!(pos.perft(2).unwrap(), 6 * 5);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneralPosition {
    grid: Grid,
    table: PieceTable,
    rules: Arc<Rules>,
    cells: Vec<Option<Unit>>,
    turn: Color,
    castling: ArrayVec<Cell, 8>,
    ep: Option<Cell>,
    halfmoves: u32,
    fullmoves: u32,
    promotions: Vec<u8>,
}

impl GeneralPosition {
    /// An empty board, White to move.
    ///
    /// ```
    /// use forsyth::general::{GeneralPosition, Grid};
    /// use forsyth::{Color, Topology, piece_kind::PieceTable};
    /// let pos = GeneralPosition::empty(Grid::new(8, 8, Topology::Torus).unwrap(), PieceTable::new());
    /// assert_eq!((pos.pieces().count(), pos.turn(), pos.clocks()), (0, Color::White, (0, 1)));
    /// ```
    pub fn empty(grid: Grid, table: PieceTable) -> GeneralPosition {
        let rules = Arc::new(Rules::new(grid, &table));
        let mut promotions = Vec::new();
        let mut orthodox = vec!["queen", "rook", "bishop", "knight"];
        if grid.files() == 10 {
            orthodox.extend(["princess", "empress"]);
        }
        for name in orthodox {
            if let Some(i) = table.index_of_name(name) {
                promotions.push(i as u8);
            }
        }
        for &letter in table.declared() {
            let i = table.index_of(letter).expect("declared letters are in the table");
            if table.kind(i).nature() == Nature::Plain && !promotions.contains(&(i as u8)) {
                promotions.push(i as u8);
            }
        }
        GeneralPosition {
            grid,
            table,
            rules,
            cells: vec![None; grid.size()],
            turn: Color::White,
            castling: ArrayVec::new(),
            ep: None,
            halfmoves: 0,
            fullmoves: 1,
            promotions,
        }
    }

    /// The same position on a board of the same size with other edges (a problem's position tried on a cylinder),
    /// not checked: [`GeneralPosition::validate`] says whether it can arise there.
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let plain = read_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
    /// let torus = plain.with_topology(Topology::Torus);
    /// assert_eq!((torus.grid().topology(), torus.pieces().count()), (Topology::Torus, 3));
    /// // On the torus the rook on a1 reaches a8 over the joined edge, and the black king on e8 along the rank.
    /// assert_eq!(torus.validate().unwrap_err().code(), "general.opponent-in-check");
    /// ```
    pub fn with_topology(&self, topology: Topology) -> GeneralPosition {
        // The cells of two grids of one size are numbered alike.
        let grid = Grid::new(self.grid.files(), self.grid.ranks(), topology).expect("a board of the same size");
        let rules = Rules { conditions: self.rules.conditions.clone(), ..Rules::new(grid, &self.table) };
        GeneralPosition { grid, rules: Arc::new(rules), ..self.clone() }
    }

    /// The same position played under fairy conditions (replacing any it had), not checked: the conditions may
    /// make the side not to move in check or not ([`GeneralPosition::validate`] says). Refused when they do not
    /// compose or need the 8×8 game array on another board.
    ///
    /// ```
    /// use forsyth::{Topology, general::Condition, notation::general::read_fen, piece_kind::PieceTable};
    /// // The bishops observe each other: under Madrasi both are paralysed.
    /// let orthodox = read_fen("4k3/8/8/3b4/8/8/B7/4K3 w - - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
    /// let madrasi = orthodox.with_conditions(&[Condition::Madrasi { rex_inclusive: false }]).unwrap();
    /// assert_eq!(madrasi.conditions(), &[Condition::Madrasi { rex_inclusive: false }]);
    /// // White: the bishop's four moves and the king's five, then the king's alone.
    /// assert_eq!((orthodox.legal_moves().unwrap().len(), madrasi.legal_moves().unwrap().len()), (9, 5));
    /// let torus = orthodox.with_topology(Topology::Torus);
    /// assert_eq!(torus.with_conditions(&[Condition::Circe]).unwrap().conditions(), &[Condition::Circe]);
    /// ```
    pub fn with_conditions(&self, conditions: &[Condition]) -> Result<GeneralPosition, ConditionError> {
        conditions::check_board(conditions, self.grid.files(), self.grid.ranks())?;
        let rules = Rules { conditions: conditions::Conditions::new(conditions), ..(*self.rules).clone() };
        Ok(GeneralPosition { rules: Arc::new(rules), ..self.clone() })
    }

    /// The fairy conditions the position is played under (none: orthodox rules).
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let pos = read_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
    /// assert!(pos.conditions().is_empty());
    /// ```
    pub fn conditions(&self) -> &[Condition] {
        self.rules.conditions.list()
    }

    /// The board.
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let pos = read_fen("4k5/10/10/10/10/10/10/4K5", &PieceTable::new(), Topology::VerticalCylinder).unwrap();
    /// assert_eq!((pos.grid().files(), pos.grid().ranks()), (10, 8));
    /// assert_eq!(pos.grid().topology(), Topology::VerticalCylinder);
    /// ```
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// The letter table.
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let mut table = PieceTable::new();
    /// table.declare_text("Z=zebra").unwrap();
    /// let pos = read_fen("4k3/8/8/8/3Z4/8/8/4K3 w - - 0 1", &table, Topology::Plain).unwrap();
    /// assert_eq!(pos.table().kind(pos.table().index_of('Z').unwrap()).name(), "zebra");
    /// ```
    pub fn table(&self) -> &PieceTable {
        &self.table
    }

    /// The piece on a square.
    ///
    /// ```
    /// use forsyth::{Color, Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let pos = read_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
    /// let a1 = pos.at(pos.grid().parse("a1").unwrap()).unwrap();
    /// assert_eq!((a1.color, pos.table().letter(a1.kind as usize)), (Color::White, 'R'));
    /// assert_eq!(pos.at(pos.grid().parse("a2").unwrap()), None);
    /// ```
    pub fn at(&self, cell: Cell) -> Option<Unit> {
        self.cells.get(cell as usize).copied().flatten()
    }

    /// Puts a piece on a square (or empties it); squares off the board and pieces not in the table are ignored.
    ///
    /// ```
    /// use forsyth::general::{GeneralPosition, Grid, Unit};
    /// use forsyth::{Color, Topology, piece_kind::PieceTable};
    /// let grid = Grid::new(8, 8, Topology::Plain).unwrap();
    /// let mut pos = GeneralPosition::empty(grid, PieceTable::new());
    /// let queen = Unit { color: Color::White, kind: pos.table().index_of('Q').unwrap() as u8 };
    /// pos.put(grid.parse("d1").unwrap(), Some(queen));
    /// pos.put(64, Some(queen)); // off the 64 squares of 8×8: ignored
    /// assert_eq!(pos.pieces().map(|(cell, _)| grid.name(cell)).collect::<Vec<_>>(), ["d1"]);
    /// ```
    pub fn put(&mut self, cell: Cell, unit: Option<Unit>) {
        if unit.is_some_and(|u| u.kind as usize >= self.rules.natures.len()) {
            return;
        }
        if let Some(slot) = self.cells.get_mut(cell as usize) {
            *slot = unit;
        }
    }

    /// Every piece with its square, a1 first.
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let pos = read_fen("4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
    /// let squares: Vec<String> = pos.pieces().map(|(cell, _)| pos.grid().name(cell)).collect();
    /// assert_eq!(squares, ["b1", "e1", "g1", "e8"]);
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Unit)> + '_ {
        self.cells.iter().enumerate().filter_map(|(i, u)| u.map(|u| (i as Cell, u)))
    }

    /// Side to move.
    ///
    /// ```
    /// use forsyth::{Color, Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let mut pos = read_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
    /// assert_eq!(pos.turn(), Color::White);
    /// pos.play(pos.legal_moves().unwrap()[0]).unwrap();
    /// assert_eq!(pos.turn(), Color::Black);
    /// ```
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Sets the side to move.
    ///
    /// ```
    /// use forsyth::{Color, Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let mut pos = read_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
    /// assert_eq!(pos.legal_moves().unwrap().len(), 15); // the rook's 10 and the king's 5
    /// pos.set_turn(Color::Black);
    /// assert_eq!(pos.legal_moves().unwrap().len(), 5); // the black king's
    /// ```
    pub fn set_turn(&mut self, turn: Color) {
        self.turn = turn;
    }

    /// The rooks that keep a castling right.
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let pos = read_fen("4k3/8/8/8/8/8/8/R3K2R w K - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
    /// let rooks: Vec<String> = pos.castling().iter().map(|&cell| pos.grid().name(cell)).collect();
    /// assert_eq!(rooks, ["h1"]);
    /// ```
    pub fn castling(&self) -> &[Cell] {
        &self.castling
    }

    /// Gives a castling right to the rook on `rook` (at most eight rights are kept).
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let mut pos = read_fen("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
    /// let a1 = pos.grid().parse("a1").unwrap();
    /// pos.add_castling(a1);
    /// pos.add_castling(a1); // a right is kept once
    /// assert_eq!(pos.castling(), &[a1]);
    /// assert!(pos.legal_moves().unwrap().iter().any(|m| m.castle_rook == Some(a1)));
    /// ```
    pub fn add_castling(&mut self, rook: Cell) {
        if !self.castling.contains(&rook) && (rook as usize) < self.cells.len() {
            let _ = self.castling.try_push(rook);
        }
    }

    /// The en-passant square.
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::{read_fen, read_general_move}, piece_kind::PieceTable};
    /// let mut pos = read_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
    /// assert_eq!(pos.ep(), None);
    /// pos.play(read_general_move(&pos, "e2e4").unwrap()).unwrap();
    /// assert_eq!(pos.ep().map(|cell| pos.grid().name(cell)).as_deref(), Some("e3"));
    /// ```
    pub fn ep(&self) -> Option<Cell> {
        self.ep
    }

    /// Sets the en-passant square.
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let mut pos = read_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
    /// pos.set_ep(pos.grid().parse("d6"));
    /// assert_eq!(pos.ep(), pos.grid().parse("d6"));
    /// pos.set_ep(Some(64)); // off the 8×8 board: no en-passant square
    /// assert_eq!(pos.ep(), None);
    /// ```
    pub fn set_ep(&mut self, ep: Option<Cell>) {
        self.ep = ep.filter(|&c| (c as usize) < self.cells.len());
    }

    /// Half-moves since the last capture or pawn move, and the number of the next move.
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::{read_fen, read_general_move}, piece_kind::PieceTable};
    /// let mut pos = read_fen("4k3/8/8/8/8/8/8/4K1N1 b - - 3 20", &PieceTable::new(), Topology::Plain).unwrap();
    /// pos.play(read_general_move(&pos, "e8d8").unwrap()).unwrap();
    /// assert_eq!(pos.clocks(), (4, 21)); // one more half-move; Black moved, so move 21 is next
    /// ```
    pub fn clocks(&self) -> (u32, u32) {
        (self.halfmoves, self.fullmoves)
    }

    /// Sets the clocks.
    ///
    /// ```
    /// use forsyth::general::{GeneralPosition, Grid};
    /// use forsyth::{Topology, piece_kind::PieceTable};
    /// let mut pos = GeneralPosition::empty(Grid::new(8, 8, Topology::Plain).unwrap(), PieceTable::new());
    /// pos.set_clocks(7, 0); // move numbers start at 1
    /// assert_eq!(pos.clocks(), (7, 1));
    /// ```
    pub fn set_clocks(&mut self, halfmoves: u32, fullmoves: u32) {
        self.halfmoves = halfmoves;
        self.fullmoves = fullmoves.max(1);
    }

    /// The pieces a pawn may promote to (indices in the letter table).
    ///
    /// ```
    /// use forsyth::general::{GeneralPosition, Grid};
    /// use forsyth::{Topology, piece_kind::PieceTable};
    /// let mut table = PieceTable::new();
    /// table.declare_text("G=grasshopper").unwrap();
    /// let pos = GeneralPosition::empty(Grid::new(8, 8, Topology::Plain).unwrap(), table);
    /// let names: Vec<&str> = pos.promotions().iter().map(|&i| pos.table().kind(i as usize).name()).collect();
    /// assert_eq!(names, ["queen", "rook", "bishop", "knight", "grasshopper"]);
    /// ```
    pub fn promotions(&self) -> &[u8] {
        &self.promotions
    }

    fn nature(&self, unit: Unit) -> Nature {
        self.rules.natures[unit.kind as usize]
    }

    /// A hash of what decides the play from here: the pieces, the side to move, the castling rights and the
    /// en-passant square (not the clocks). Equal positions have equal keys; the solver's transposition table
    /// keys its entries by it.
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let read = |fen| read_fen(fen, &PieceTable::new(), Topology::Plain).unwrap();
    /// assert_eq!(read("4k3/8/8/8/8/8/8/4K3 w - - 0 1").key(), read("4k3/8/8/8/8/8/8/4K3 w - - 7 30").key());
    /// assert_ne!(read("4k3/8/8/8/8/8/8/4K3 w - - 0 1").key(), read("4k3/8/8/8/8/8/8/4K3 b - - 0 1").key());
    /// ```
    pub fn key(&self) -> u64 {
        // SplitMix64's finaliser: every field stirred in, so that near positions get unrelated keys.
        fn mix(mut z: u64) -> u64 {
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
        let mut h = mix(u64::from(self.turn == Color::White));
        for (cell, unit) in self.cells.iter().enumerate() {
            if let Some(u) = unit {
                h = mix(h ^ ((cell as u64) << 16 | u64::from(u.kind) << 1 | u64::from(u.color == Color::White)));
            }
        }
        for &rook in &self.castling {
            h = mix(h ^ (0x1_0000_0000 | u64::from(rook)));
        }
        if let Some(ep) = self.ep {
            h = mix(h ^ (0x2_0000_0000 | u64::from(ep)));
        }
        h
    }

    /// The number of pieces of a colour, and of them unknown pieces.
    ///
    /// ```
    /// use forsyth::{Color, Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let pos = read_fen("4k3/8/8/2x5/8/8/3P4/4K3", &PieceTable::new(), Topology::Plain).unwrap();
    /// assert_eq!(pos.count(Color::White), (2, 0));
    /// assert_eq!(pos.count(Color::Black), (2, 1)); // the king and an unknown piece (x)
    /// ```
    pub fn count(&self, color: Color) -> (usize, usize) {
        let mine = self.pieces().filter(|(_, u)| u.color == color);
        mine.fold((0, 0), |(n, x), (_, u)| (n + 1, x + usize::from(self.nature(u) == Nature::Unknown)))
    }

    /// The first unknown piece's square, if any.
    fn unknown_piece(&self) -> Option<Cell> {
        self.pieces().find(|&(_, u)| self.nature(u) == Nature::Unknown).map(|(c, _)| c)
    }

    fn kings(&self, color: Color) -> impl Iterator<Item = Cell> + '_ {
        self.pieces().filter(move |&(_, u)| u.color == color && self.nature(u) == Nature::King).map(|(c, _)| c)
    }

    fn in_check_of(&self, color: Color) -> bool {
        let kings: ArrayVec<Cell, 8> = self.kings(color).take(8).collect();
        kings.into_iter().any(|k| self.attacked(k, !color))
    }

    /// Whether the side to move is in check (a piece of any kind of the other side could capture its king).
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let mut table = PieceTable::new();
    /// table.declare_text("G=grasshopper").unwrap();
    /// // The grasshopper on e8 hops over the pawn on e2 to the king on e1 just behind it.
    /// let pos = read_fen("k3g3/8/8/8/8/8/4P3/4K3 w - - 0 1", &table, Topology::Plain).unwrap();
    /// assert!(pos.is_check());
    /// ```
    pub fn is_check(&self) -> bool {
        self.in_check_of(self.turn)
    }

    /// Checks what every position with these pieces must satisfy: no pawn on its last rank, the side not to move
    /// not in check.
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let pos = read_fen("3Pk3/8/8/8/8/8/8/4K3", &PieceTable::new(), Topology::Plain).unwrap();
    /// assert_eq!(pos.validate().unwrap_err().code(), "general.pawn-on-last-rank");
    /// ```
    pub fn validate(&self) -> Result<(), GeneralError> {
        for (cell, unit) in self.pieces() {
            let last = if unit.color == Color::White { self.grid.ranks() - 1 } else { 0 };
            if matches!(self.nature(unit), Nature::Pawn | Nature::BerolinaPawn) && self.grid.rank_of(cell) == last {
                return Err(GeneralError::PawnOnLastRank { square: self.grid.name(cell) });
            }
        }
        if self.unknown_piece().is_none() {
            let kings: Vec<Cell> = self.kings(!self.turn).collect();
            if let Some(&king) = kings.iter().find(|&&k| self.attacked(k, self.turn)) {
                return Err(GeneralError::OpponentInCheck { square: self.grid.name(king) });
            }
        }
        Ok(())
    }

    /// Every legal move; an error when an unknown piece stands on the board.
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let mut table = PieceTable::new();
    /// table.declare_text("G=grasshopper").unwrap();
    /// // The grasshopper on d1 can only hop over its own king on e1, to f1.
    /// let pos = read_fen("4k3/8/8/8/8/8/8/3GK3 w - - 0 1", &table, Topology::Plain).unwrap();
    /// let d1 = pos.grid().parse("d1").unwrap();
    /// let moves = pos.legal_moves().unwrap();
    /// let hops: Vec<String> = moves.iter().filter(|m| m.from == d1).map(|m| pos.grid().name(m.to)).collect();
    /// assert_eq!(hops, ["f1"]);
    /// ```
    pub fn legal_moves(&self) -> Result<Vec<GeneralMove>, GeneralError> {
        if let Some(cell) = self.unknown_piece() {
            return Err(GeneralError::UnknownPiece { square: self.grid.name(cell) });
        }
        let mut pos = self.clone();
        let mut out = Vec::new();
        pos.legal_into(&mut out);
        Ok(out)
    }

    /// Plays a legal move.
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::{read_fen, read_general_move}, piece_kind::PieceTable};
    /// let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    /// let mut pos = read_fen(fen, &PieceTable::new(), Topology::VerticalCylinder).unwrap();
    /// // On the vertical cylinder the a- and h-files are adjacent: the rook goes from a1 to h1 leftwards.
    /// let a1h1 = read_general_move(&pos, "a1h1").unwrap();
    /// pos.play(a1h1).unwrap();
    /// assert_eq!(pos.at(pos.grid().parse("h1").unwrap()).map(|u| pos.table().letter(u.kind as usize)), Some('R'));
    /// assert_eq!(pos.play(a1h1).unwrap_err().code(), "move.illegal"); // the rook has left a1
    /// ```
    pub fn play(&mut self, mv: GeneralMove) -> Result<(), GeneralError> {
        if !self.legal_moves()?.contains(&mv) {
            let text = format!("{}{}", self.grid.name(mv.from), self.grid.name(mv.to));
            return Err(GeneralError::IllegalMove { text });
        }
        self.make(mv);
        Ok(())
    }

    /// The position after a move taken from [`GeneralPosition::legal_moves`] of this position, not checked again
    /// (searches that play every legal move).
    pub(crate) fn played_unchecked(&self, mv: GeneralMove) -> GeneralPosition {
        let mut after = self.clone();
        after.make(mv);
        after
    }

    /// The position after a legal move.
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::{read_fen, read_general_move, write_fen}, piece_kind::PieceTable};
    /// let pos = read_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
    /// let after = pos.played(read_general_move(&pos, "e2e3").unwrap()).unwrap();
    /// assert_eq!(write_fen(&after), "4k3/8/8/8/8/4P3/8/4K3 b - - 0 1");
    /// assert_eq!(write_fen(&pos), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"); // unchanged
    /// ```
    pub fn played(&self, mv: GeneralMove) -> Result<GeneralPosition, GeneralError> {
        let mut after = self.clone();
        after.play(mv)?;
        Ok(after)
    }

    /// The number of leaves of the legal move tree `depth` plies deep.
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let fen = "8/8/8/4k3/8/8/8/K7 w - - 0 1";
    /// // A king in the corner has 3 moves; on a torus every square is inner and it has 8.
    /// assert_eq!(read_fen(fen, &PieceTable::new(), Topology::Plain).unwrap().perft(1).unwrap(), 3);
    /// assert_eq!(read_fen(fen, &PieceTable::new(), Topology::Torus).unwrap().perft(1).unwrap(), 8);
    /// ```
    pub fn perft(&self, depth: u32) -> Result<u64, GeneralError> {
        Ok(self.perft_divide(depth)?.iter().map(|&(_, n)| n).sum::<u64>().max(u64::from(depth == 0)))
    }

    /// The leaves under each legal move (empty at depth 0).
    ///
    /// ```
    /// use forsyth::{Topology, notation::general::read_fen, piece_kind::PieceTable};
    /// let pos = read_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &PieceTable::new(), Topology::Plain).unwrap();
    /// let divide = pos.perft_divide(2).unwrap();
    /// assert_eq!(divide.len(), 5); // the king's five moves
    /// assert_eq!(divide.iter().map(|&(_, n)| n).sum::<u64>(), pos.perft(2).unwrap());
    /// assert!(pos.perft_divide(0).unwrap().is_empty());
    /// ```
    pub fn perft_divide(&self, depth: u32) -> Result<Vec<(GeneralMove, u64)>, GeneralError> {
        let moves = self.legal_moves()?;
        if depth == 0 {
            return Ok(Vec::new());
        }
        let mut pos = self.clone();
        let mut buffers = vec![Vec::new(); depth as usize];
        Ok(moves
            .into_iter()
            .map(|mv| {
                let undo = pos.make(mv);
                let n = pos.perft_inner(depth - 1, &mut buffers);
                pos.unmake(undo);
                (mv, n)
            })
            .collect())
    }

    /// Perft below the root; `buffers` holds one move list per remaining ply, reused from node to node.
    fn perft_inner(&mut self, depth: u32, buffers: &mut [Vec<GeneralMove>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let Some((moves, deeper)) = buffers.split_first_mut() else { return 0 };
        moves.clear();
        self.legal_into(moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for &mv in moves.iter() {
            let undo = self.make(mv);
            total += self.perft_inner(depth - 1, deeper);
            self.unmake(undo);
        }
        total
    }

    /// Appends the legal moves: pseudo-legal moves, kept when no piece of the other side could then capture the
    /// mover's king. Out of check, a move other than the king's can expose the king only by changing whether a
    /// square is occupied on some enemy piece's way to it; the others are kept without playing them.
    fn legal_into(&mut self, out: &mut Vec<GeneralMove>) {
        if self.rules.conditions.active() {
            return self.conditioned_legal_into(out, 0);
        }
        let start = out.len();
        let mover = self.turn;
        let enemy = !mover;
        // One pass: the mover's moves and kings, the kinds of the other side's pieces.
        let mut kings: ArrayVec<Cell, 8> = ArrayVec::new();
        let mut present = 0;
        for cell in 0..self.cells.len() {
            let Some(unit) = self.cells[cell] else { continue };
            if unit.color == enemy {
                present |= rules::kind_bit(unit.kind);
                continue;
            }
            if self.nature(unit) == Nature::King {
                let _ = kings.try_push(cell as Cell);
            }
            self.piece_moves(cell as Cell, unit, out);
        }
        let in_check = kings.iter().any(|&k| self.attacked_by_kinds(k, enemy, present, true));
        if !in_check {
            self.castling_moves(out, &kings);
        }
        let ways = if in_check {
            CellSet::new(self.cells.len(), true)
        } else {
            // A locust's capture takes two pieces off a line that holds both its square and the captured one but
            // not where it lands (a line wrapping round a torus): then one more piece may stand between.
            let locust = out[start..].iter().any(|m| m.capture.is_some_and(|c| c != m.to) && !m.en_passant);
            self.ways_to_kings(&kings, enemy, present, if locust { 2 } else { 1 })
        };
        let mut kept = start;
        for i in start..out.len() {
            let mv = out[i];
            let king_moves = self.cells[mv.from as usize].is_some_and(|u| self.nature(u) == Nature::King);
            let safe = !in_check
                && !king_moves
                && mv.castle_rook.is_none()
                && !mv.en_passant
                && !ways.contains(mv.from)
                && !ways.contains(mv.to)
                && mv.capture.is_none_or(|c| !ways.contains(c));
            let legal = safe || {
                let undo = self.make(mv);
                let moved = |k: Cell| if king_moves && k == mv.from { mv.to } else { k };
                // Out of check, a move other than the king's cannot bring a single leap onto a king.
                let leaps = in_check || king_moves;
                let legal = !kings.iter().any(|&k| self.attacked_by_kinds(moved(k), enemy, present, leaps));
                self.unmake(undo);
                legal
            };
            if legal {
                out[kept] = mv;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Castling: the king to the c-file with the rook to d (towards the first file) or to the last file but one
    /// with the rook beside it, every square between them and their targets empty, the king not in check and
    /// passing no attacked square (its target is checked with every move). The caller knows the king is not in
    /// check; `kings` are the mover's kings.
    fn castling_moves(&mut self, out: &mut Vec<GeneralMove>, kings: &[Cell]) {
        let color = self.turn;
        let back = if color == Color::White { 0 } else { self.grid.ranks() - 1 };
        let files = self.grid.files();
        if files < 5 || self.castling.is_empty() {
            return;
        }
        let rooks: ArrayVec<Cell, 8> =
            self.castling.iter().copied().filter(|&r| self.grid.rank_of(r) == back).collect();
        if rooks.is_empty() {
            return;
        }
        let on_back = |k: &Cell| self.grid.rank_of(*k) == back;
        // The caller keeps at most eight kings: with more, look at the board.
        let kings: ArrayVec<Cell, 8> = if kings.len() < 8 {
            kings.iter().copied().filter(on_back).collect()
        } else {
            self.kings(color).filter(on_back).take(8).collect()
        };
        let [king] = kings.as_slice() else { return };
        let king = *king;
        let king_unit = self.cells[king as usize].expect("a king stands there");
        for rook in rooks {
            let is_rook = self.cells[rook as usize]
                .is_some_and(|u| u.color == color && self.table.kind(u.kind as usize).name() == "rook");
            if !is_rook || rook == king {
                continue;
            }
            let (kf, rf) = (self.grid.file_of(king), self.grid.file_of(rook));
            let (kt, rt) = if rf < kf { (2, 3) } else { (files - 2, files - 3) };
            let lo = kf.min(kt).min(rf).min(rt);
            let hi = kf.max(kt).max(rf).max(rt);
            let blocked = (lo..=hi)
                .map(|f| self.grid.cell(f, back))
                .any(|c| c != king && c != rook && self.cells[c as usize].is_some());
            if blocked {
                continue;
            }
            // The king passes every square from its own to its target; none may be attacked.
            self.cells[king as usize] = None;
            let mut safe = true;
            for f in kf.min(kt)..=kf.max(kt) {
                let c = self.grid.cell(f, back);
                if c == king {
                    continue;
                }
                let before = self.cells[c as usize];
                self.cells[c as usize] = Some(king_unit);
                safe &= !self.attacked(c, !color);
                self.cells[c as usize] = before;
                if !safe {
                    break;
                }
            }
            self.cells[king as usize] = Some(king_unit);
            if safe {
                let to = self.grid.cell(kt, back);
                out.push(GeneralMove { castle_rook: Some(rook), ..GeneralMove::new(king, to, None) });
            }
        }
    }

    fn make(&mut self, mv: GeneralMove) -> Undo {
        let moved = self.cells[mv.from as usize].expect("a move starts from a piece");
        let undo = Undo {
            mv,
            moved,
            captured: None,
            castling: self.castling.clone(),
            ep: self.ep,
            halfmoves: self.halfmoves,
            journal: conditions::Journal::new(),
        };
        let mut undo = undo;
        if let Some(rook) = mv.castle_rook {
            let rook_unit = self.cells[rook as usize];
            let back = self.grid.rank_of(mv.from);
            let rook_to = if self.grid.file_of(rook) < self.grid.file_of(mv.from) {
                3
            } else {
                self.grid.files().saturating_sub(3)
            };
            self.cells[mv.from as usize] = None;
            self.cells[rook as usize] = None;
            self.cells[mv.to as usize] = Some(moved);
            self.cells[self.grid.cell(rook_to, back) as usize] = rook_unit;
        } else {
            if let Some(c) = mv.capture {
                undo.captured = self.cells[c as usize].take();
            }
            self.cells[mv.from as usize] = None;
            let placed = mv.promotion.map_or(moved, |kind| Unit { color: moved.color, kind });
            self.cells[mv.to as usize] = Some(placed);
        }
        if self.rules.conditions.active() {
            undo.journal = self.condition_effects(mv, undo.captured);
        }
        let nature = self.nature(moved);
        let pawn = matches!(nature, Nature::Pawn | Nature::BerolinaPawn);
        self.ep = None;
        if nature == Nature::Pawn && self.grid.file_of(mv.from) == self.grid.file_of(mv.to) {
            let (a, b) = (self.grid.rank_of(mv.from), self.grid.rank_of(mv.to));
            if a.abs_diff(b) == 2 {
                self.ep = Some(self.grid.cell(self.grid.file_of(mv.from), a.min(b) + 1));
            }
        }
        if nature == Nature::King {
            let back = self.grid.rank_of(mv.from);
            let grid = self.grid;
            self.castling.retain(|r| grid.rank_of(*r) != back);
        }
        self.castling.retain(|r| *r != mv.from && Some(*r) != mv.capture && *r != mv.to);
        self.halfmoves = if pawn || undo.captured.is_some() { 0 } else { self.halfmoves + 1 };
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !self.turn;
        undo
    }

    fn unmake(&mut self, undo: Undo) {
        let mv = undo.mv;
        self.undo_effects(&undo.journal);
        self.turn = !self.turn;
        if self.turn == Color::Black {
            self.fullmoves -= 1;
        }
        if let Some(rook) = mv.castle_rook {
            let back = self.grid.rank_of(mv.from);
            let rook_to = if self.grid.file_of(rook) < self.grid.file_of(mv.from) {
                3
            } else {
                self.grid.files().saturating_sub(3)
            };
            let rook_unit = self.cells[self.grid.cell(rook_to, back) as usize].take();
            self.cells[mv.to as usize] = None;
            self.cells[rook as usize] = rook_unit;
            self.cells[mv.from as usize] = Some(undo.moved);
        } else {
            self.cells[mv.to as usize] = None;
            self.cells[mv.from as usize] = Some(undo.moved);
            if let Some(c) = mv.capture {
                self.cells[c as usize] = undo.captured;
            }
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmoves = undo.halfmoves;
    }
}

#[cfg(test)]
mod tests;
