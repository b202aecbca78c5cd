//! `forsyth._forsyth.ChessCore`: the fast half of `forsyth.chess` (python-chess's API, in
//! python/forsyth/chess.py). A standard or Chess960 position in python-chess's terms: squares are integers
//! (a1 = 0, b1 = 1, ..., h8 = 63), sets of squares are 64-bit masks, a move is `from | to << 6 | promotion << 12`
//! (promotion a python-chess piece type, 2 to 5, or 0), castling is the king's move to its destination in
//! standard chess and king takes rook in Chess960, as python-chess writes them. Move generation, SAN, FEN and
//! attacks are the library's; this file converts.
//!
//! python-chess keeps any placement a program sets up (no kings, pawns on the back rank); forsyth's positions are
//! legal. A placement forsyth refuses is kept unchecked: its moves are what the library's generator gives for it
//! (none without a king), and `is_valid` says it is not a position.

use forsyth::notation::fen::{CastlingStyle, EpMode, Fen};
use forsyth::notation::{MoveReadOptions, MoveStyle, MoveWriteOptions, parse_move, write_move};
use forsyth::{
    Allowed, BoardShape, Color, File, History, Move, MoveKind, Piece, Position, Rank, Role, Setup, Square, SquareSet,
    Variant,
};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;

use crate::errors;

/// The python-chess square (rank × 8 + file) of a square of the 8×8 board.
fn pc_square(sq: Square) -> u8 {
    sq.rank().index() * 8 + sq.file().index()
}

/// The square of a python-chess square number; `None` past h8.
fn square(n: u8) -> Option<Square> {
    if n < 64 { Some(Square::new(File::new(n % 8)?, Rank::new(n / 8)?)) } else { None }
}

/// A set of squares as python-chess's 64-bit mask.
fn mask(set: SquareSet) -> u64 {
    set.iter().fold(0, |bits, sq| bits | 1 << pc_square(sq))
}

/// python-chess's piece type (1 pawn .. 6 king) of a role.
fn piece_type(role: Role) -> u8 {
    role as u8 + 1
}

fn role_of(piece_type: u8) -> Option<Role> {
    [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King]
        .get(usize::from(piece_type).checked_sub(1)?)
        .copied()
}

fn color(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

/// The rules a python-chess board may break that forsyth can still play exactly (the FEN reader's `allow=all`).
const ALLOWED: Allowed = Allowed::ALL_SAFE;

/// A position in python-chess's terms, with the positions before each move pushed (for `pop` and repetitions).
#[pyclass(module = "forsyth._forsyth", name = "ChessCore")]
#[derive(Clone)]
pub struct ChessCore {
    pos: Position,
    history: Vec<State>,
    chess960: bool,
    /// Whether forsyth takes the position as a legal one (possibly with allowed problems such as nine pawns).
    checked: bool,
    /// The codes of the problems forsyth finds in the placement it was given (`position.invalid-castling`, ...):
    /// python-chess's `status()` flags.
    problems: Vec<&'static str>,
}

/// A position on the stack, with what forsyth found in it.
type State = (Position, bool, Vec<&'static str>);

impl ChessCore {
    fn variant(chess960: bool) -> Variant {
        if chess960 { Variant::Chess960 } else { Variant::Standard }
    }

    /// The position of a setup: legal, or with the problems `ALLOWED` accepts, or else unchecked.
    fn make(setup: &Setup, chess960: bool) -> State {
        let variant = ChessCore::variant(chess960);
        let problems: Vec<&'static str> = match Position::from_setup(setup, variant) {
            Ok(pos) => return (pos, true, Vec::new()),
            Err(e) => e.problems.iter().map(|p| p.code()).collect(),
        };
        if let Ok((pos, _)) = Position::from_setup_allowing(setup, variant, ALLOWED) {
            return (pos, true, problems);
        }
        // The kings' problems can be allowed only by name: the library then plays the position as given (no
        // moves for a side without a king). A placement of 8x8 pieces breaks no other rule that cannot be allowed.
        let kings = "all,missing-king,too-many-kings,opposite-check,adjacent-kings".parse::<Allowed>();
        match kings.ok().and_then(|allowed| Position::from_setup_allowing(setup, variant, allowed).ok()) {
            Some((pos, _)) => (pos, false, problems),
            // Not reached for a board of standard pieces; kept as the empty board rather than a panic.
            None => (Position::from_setup_unchecked(&Setup::empty(BoardShape::Standard), variant), false, problems),
        }
    }

    fn save(&mut self) {
        self.history.push((self.pos, self.checked, std::mem::take(&mut self.problems)));
    }

    /// The python-chess number of a move of this position.
    fn encode(&self, m: Move) -> u32 {
        let from = u32::from(pc_square(m.from()));
        let mut to = u32::from(pc_square(m.to()));
        if m.is_castle() && !self.chess960 {
            // The king's destination: the c or g file of its rank.
            let kingside = m.to().file().index() > m.from().file().index();
            to = (to & !7) | if kingside { 6 } else { 2 };
        }
        let promotion = m.promotion_role().map_or(0, |r| u32::from(piece_type(r)));
        if m.is_null() { 0 } else { from | to << 6 | promotion << 12 }
    }

    /// The legal move a python-chess move number means here (castling also as king takes rook), if any.
    fn legal(&self, mv: u32) -> Option<Move> {
        let (from, to) = (mv & 63, mv >> 6 & 63);
        // Only the moves of the piece on the origin square are generated: the destination of castling differs
        // between the two ways of writing it.
        let origin = SquareSet::single(square(from as u8)?);
        self.pos.legal_moves_between(origin, SquareSet::ALL).iter().copied().find(|&m| {
            let code = self.encode(m);
            code == mv || (m.is_castle() && code & 63 == from && u32::from(pc_square(m.to())) == to && mv >> 12 == 0)
        })
    }

    fn legal_or_error(&self, py: Python<'_>, mv: u32) -> PyResult<Move> {
        self.legal(mv).ok_or_else(|| errors::illegal_move_text(py, &uci_of(mv), "not a legal move in this position"))
    }

    /// python-chess's `push` of a move that is not legal: the piece goes where the move says (python-chess plays
    /// whatever it is given), the clocks and rights follow, and the result is kept as a placement.
    fn push_raw(&mut self, mv: u32) {
        let mut setup = self.pos.to_setup();
        let (from, to) = (square((mv & 63) as u8), square((mv >> 6 & 63) as u8));
        let moving = from.and_then(|sq| setup.board.piece_at(sq));
        setup.ep_square = None;
        setup.halfmoves += 1;
        if let (Some(from), Some(to), Some(piece)) = (from, to, moving) {
            if piece.role == Role::Pawn || setup.board.piece_at(to).is_some() {
                setup.halfmoves = 0;
            }
            if piece.role == Role::Pawn && from.rank().index().abs_diff(to.rank().index()) == 2 {
                setup.ep_square = Square::from_index((from.index() + to.index()) / 2);
            }
            let placed = role_of((mv >> 12) as u8).map_or(piece, |role| Piece { color: piece.color, role });
            setup.board.set(from, None);
            setup.board.set(to, Some(placed));
            setup.castling_rooks.remove(from);
            setup.castling_rooks.remove(to);
            if piece.role == Role::King {
                let rank = if piece.color.is_white() { 0 } else { 7 };
                for file in 0..8 {
                    if let Some(sq) = File::new(file).zip(Rank::new(rank)).map(|(f, r)| Square::new(f, r)) {
                        setup.castling_rooks.remove(sq);
                    }
                }
            }
        }
        if setup.turn == Color::Black {
            setup.fullmoves += 1;
        }
        setup.turn = !setup.turn;
        let (pos, checked, problems) = ChessCore::make(&setup, self.chess960);
        self.save();
        self.pos = pos;
        self.checked = checked;
        self.problems = problems;
    }

    fn game_history(&self) -> History {
        let mut positions = self.history.iter().map(|(pos, _, _)| pos).chain([&self.pos]);
        let mut history = History::new(positions.next().unwrap_or(&self.pos));
        positions.for_each(|pos| history.push(pos));
        history
    }
}

/// The UCI text of a python-chess move number (for messages).
fn uci_of(mv: u32) -> String {
    let name = |n: u32| square(n as u8).map_or_else(|| "??".to_string(), |sq| sq.to_string());
    let promotion = role_of((mv >> 12) as u8).map_or(String::new(), |r| r.char().to_ascii_lowercase().to_string());
    format!("{}{}{promotion}", name(mv & 63), name(mv >> 6 & 63))
}

#[pymethods]
impl ChessCore {
    /// The position of a FEN (all six fields); `ValueError` (forsyth's `FenError`) when it is no FEN.
    #[new]
    #[pyo3(signature = (fen, chess960 = false))]
    fn new(py: Python<'_>, fen: &str, chess960: bool) -> PyResult<ChessCore> {
        let parsed = Fen::parse(fen).map_err(|e| errors::fen_syntax(py, fen, &e))?;
        if parsed.setup.board.shape() != BoardShape::Standard {
            return Err(PyValueError::new_err(format!("'{fen}' is not a FEN of an 8x8 board")));
        }
        let (pos, checked, problems) = ChessCore::make(&parsed.setup, chess960);
        Ok(ChessCore { pos, history: Vec::new(), chess960, checked, problems })
    }

    /// Whether forsyth takes the position as a legal one.
    #[getter]
    fn checked(&self) -> bool {
        self.checked
    }

    /// The codes of the problems forsyth found in the placement given (none for a position reached by legal moves).
    #[getter]
    fn problems(&self) -> Vec<&'static str> {
        self.problems.clone()
    }

    /// The FEN; `ep` is `legal`, `pseudo` (X-FEN) or `always`, `shredder` writes castling with file letters.
    #[pyo3(signature = (ep = "legal", shredder = false))]
    fn fen(&self, ep: &str, shredder: bool) -> PyResult<String> {
        let ep = ep.parse::<EpMode>().map_err(|e| PyValueError::new_err(e.to_string()))?;
        let style = if shredder { CastlingStyle::Shredder } else { CastlingStyle::XFen };
        Fen::from_position_with(&self.pos, ep).to_string_with(style).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// `True` when White is to move.
    #[getter]
    fn turn(&self) -> bool {
        self.pos.turn().is_white()
    }

    /// Half-moves since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.pos.halfmoves()
    }

    /// The number of the move being played, from 1.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.pos.fullmoves()
    }

    /// The en-passant square after a double step (python-chess's `ep_square`), or `None`.
    #[getter]
    fn ep_square(&self) -> Option<u8> {
        self.pos.ep_square().map(pc_square)
    }

    /// The en-passant square when a capture there is legal, or `None`.
    fn legal_ep_square(&self) -> Option<u8> {
        self.pos.legal_ep_square().map(pc_square)
    }

    /// The rooks that keep a castling right, as a mask.
    #[getter]
    fn castling_rights(&self) -> u64 {
        mask(self.pos.castling_rooks())
    }

    /// The squares of `color`'s pieces of a piece type (1 pawn .. 6 king), or of all its pieces for 0.
    fn pieces_mask(&self, piece_type: u8, white: bool) -> u64 {
        let c = color(white);
        match role_of(piece_type) {
            Some(role) => mask(self.pos.pieces(c, role)),
            None => mask(self.pos.board().pieces().filter(|(_, p)| p.color == c).fold(
                SquareSet::default(),
                |mut set, (sq, _)| {
                    set.insert(sq);
                    set
                },
            )),
        }
    }

    /// Every piece: `(square, piece type, is white)`.
    fn piece_list(&self) -> Vec<(u8, u8, bool)> {
        self.pos.board().pieces().map(|(sq, p)| (pc_square(sq), piece_type(p.role), p.color.is_white())).collect()
    }

    /// The squares of `white`'s pieces that attack `square`.
    fn attackers(&self, white: bool, square_number: u8) -> PyResult<u64> {
        let sq = square(square_number).ok_or_else(|| PyValueError::new_err(format!("no square {square_number}")))?;
        Ok(mask(self.pos.attackers(sq, color(white))))
    }

    /// The pieces giving check.
    fn checkers(&self) -> u64 {
        mask(self.pos.checkers())
    }

    /// Every legal move, as python-chess move numbers.
    fn legal_moves(&self) -> Vec<u32> {
        self.pos.legal_moves().iter().map(|&m| self.encode(m)).collect()
    }

    /// The number of legal moves.
    fn count_legal_moves(&self) -> u64 {
        self.pos.count_legal_moves()
    }

    /// The legal move a move number means (castling also written king takes rook), normalised; `None` if illegal.
    fn legal_move(&self, mv: u32) -> Option<u32> {
        self.legal(mv).map(|m| self.encode(m))
    }

    /// Plays a move: a legal one by the rules, anything else as python-chess's `push` does (the piece moves).
    /// Returns the legal move's number as python-chess writes it (castling normalised), `None` for another move.
    fn push(&mut self, mv: u32) -> Option<u32> {
        match self.legal(mv) {
            Some(m) => {
                let code = self.encode(m);
                self.save();
                self.pos.play_unchecked(m);
                Some(code)
            }
            None if mv == 0 => {
                self.save();
                self.pos.play_unchecked(Move::NULL);
                None
            }
            None => {
                self.push_raw(mv);
                None
            }
        }
    }

    /// Takes back the last move; `IndexError` when none was pushed.
    fn pop(&mut self) -> PyResult<()> {
        let (pos, checked, problems) =
            self.history.pop().ok_or_else(|| PyIndexError::new_err("pop from empty list"))?;
        (self.pos, self.checked, self.problems) = (pos, checked, problems);
        Ok(())
    }

    /// Forgets the positions before this one (python-chess's `clear_stack`).
    fn clear_stack(&mut self) {
        self.history.clear();
    }

    /// The SAN of a legal move (with `+` or `#`); `lan` for long algebraic notation (`Ng1-f3`).
    #[pyo3(signature = (mv, lan = false))]
    fn san(&self, py: Python<'_>, mv: u32, lan: bool) -> PyResult<String> {
        if mv == 0 {
            return Ok("--".to_string());
        }
        let m = self.legal_or_error(py, mv)?;
        let style = if lan { MoveStyle::Lan } else { MoveStyle::San };
        Ok(write_move(&self.pos, m, &MoveWriteOptions::new(style)))
    }

    /// Every legal move with its SAN: `{move number: SAN}`, castling under both of its numbers (king to its
    /// destination and king takes rook), for a program that writes many moves of one position.
    fn legal_sans(&self) -> std::collections::HashMap<u32, String> {
        let options = MoveWriteOptions::new(MoveStyle::San);
        let mut sans = std::collections::HashMap::new();
        for &m in self.pos.legal_moves().iter() {
            let san = write_move(&self.pos, m, &options);
            if m.is_castle() {
                sans.insert(u32::from(pc_square(m.from())) | u32::from(pc_square(m.to())) << 6, san.clone());
            }
            sans.insert(self.encode(m), san);
        }
        sans
    }

    /// The SANs of moves played one after the other from here, each of the position it is played in.
    #[pyo3(signature = (moves, lan = false))]
    fn san_line(&self, py: Python<'_>, moves: Vec<u32>, lan: bool) -> PyResult<Vec<String>> {
        let mut here = self.clone();
        let mut line = Vec::with_capacity(moves.len());
        for mv in moves {
            line.push(here.san(py, mv, lan)?);
            let m = here.legal_or_error(py, mv)?;
            here.pos.play_unchecked(m);
        }
        Ok(line)
    }

    /// The legal move a SAN (or any notation forsyth reads) names, as a move number; forsyth's
    /// `IllegalMoveError` with its code (`move.syntax`, `move.ambiguous`, ...) otherwise.
    fn parse_san(&self, py: Python<'_>, text: &str) -> PyResult<u32> {
        parse_move(&self.pos, text, &MoveReadOptions::default())
            .map(|read| self.encode(read.mv))
            .map_err(|e| errors::illegal_move(py, &e))
    }

    /// Whether the legal move captures.
    fn is_capture(&self, py: Python<'_>, mv: u32) -> PyResult<bool> {
        let m = self.legal_or_error(py, mv)?;
        Ok(m.is_en_passant() || (!m.is_castle() && self.pos.is_occupied(m.to())))
    }

    /// Whether the legal move gives check.
    fn gives_check(&self, py: Python<'_>, mv: u32) -> PyResult<bool> {
        Ok(self.pos.gives_check(self.legal_or_error(py, mv)?))
    }

    /// The kind of a legal move: `normal`, `promotion`, `en-passant`, `castle`; `None` if it is not legal.
    fn move_kind(&self, mv: u32) -> Option<&'static str> {
        self.legal(mv).map(|m| match m.kind() {
            MoveKind::Promotion(_) => "promotion",
            MoveKind::EnPassant => "en-passant",
            MoveKind::Castle => "castle",
            _ => "normal",
        })
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.pos.is_checkmate()
    }

    /// Whether the side to move has no legal move and is not in check.
    fn is_stalemate(&self) -> bool {
        self.pos.is_stalemate()
    }

    /// Whether neither side has the material to checkmate (python-chess's rule).
    fn is_insufficient_material(&self) -> bool {
        self.pos.is_insufficient_material()
    }

    /// Whether `white`'s side lacks the material to checkmate.
    fn has_insufficient_material(&self, white: bool) -> bool {
        self.pos.has_insufficient_material(color(white))
    }

    /// Whether this position occurred `count` times among those since the stack was last cleared.
    fn is_repetition(&self, count: usize) -> bool {
        self.game_history().repetitions() >= count
    }

    /// Whether a draw by threefold repetition may be claimed (now, or with a move to a position seen twice).
    fn can_claim_threefold_repetition(&self) -> bool {
        self.game_history().can_claim_threefold(&self.pos)
    }

    /// The position's Polyglot key.
    fn zobrist(&self) -> u64 {
        self.pos.zobrist()
    }

    /// A copy, with the positions before it.
    fn copy(&self) -> ChessCore {
        self.clone()
    }

    /// A copy with no moves on its stack.
    fn root_free_copy(&self) -> ChessCore {
        ChessCore { history: Vec::new(), ..self.clone() }
    }

    /// The same position, whatever moves led to it.
    fn __eq__(&self, other: &ChessCore) -> bool {
        self.pos == other.pos
    }
}
