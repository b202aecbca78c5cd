//! `forsyth.Position` and `forsyth.Move`: a position of any variant, its legal moves, and moves read and written
//! in every notation. Everything is the library's; this file only converts.

use forsyth::diagram::{self, Diagram, explain::problem_text};
use forsyth::notation::fen::{Fen, FenPositionError};
use forsyth::notation::{MoveStyle, MoveWriteOptions, parse_move, write_move};
use forsyth::uci::Uci;
use forsyth::{Color, History, Move, Outcome, Position, Square, Variant, start};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::{errors, options};

/// A move, as UCI names it in the position it was made in (`e2e4`, `e7e8q`, castling `e1g1`, or king takes rook
/// `e1h1` in Chess960). Moves are equal when their UCI texts are.
#[pyclass(module = "forsyth", name = "Move", frozen, eq, hash, str)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PyMove {
    uci: String,
}

impl std::fmt::Display for PyMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.uci)
    }
}

impl PyMove {
    /// The legal move `m` of `pos`.
    pub fn of(pos: &Position, m: Move) -> PyMove {
        PyMove { uci: write_move(pos, m, &UCI) }
    }
}

/// UCI as the variant writes it: castling king takes rook in Chess960 and CRC.
const UCI: MoveWriteOptions = MoveWriteOptions::new(MoveStyle::Uci);

#[pymethods]
impl PyMove {
    /// A move from its UCI text; which move it is (castling, en passant) is decided when a position plays it.
    #[staticmethod]
    fn from_uci(py: Python<'_>, uci: &str) -> PyResult<PyMove> {
        let b = uci.as_bytes();
        let squares = b.get(0..2).and_then(Square::from_ascii).zip(b.get(2..4).and_then(Square::from_ascii));
        let promotion_ok = b.len() == 4 || (b.len() == 5 && b[4].is_ascii_alphabetic());
        if uci == "0000" || (squares.is_some() && promotion_ok) {
            Ok(PyMove { uci: uci.to_ascii_lowercase() })
        } else {
            Err(errors::illegal_move_text(
                py,
                uci,
                "not a move in UCI: write origin and destination squares, such as e2e4",
            ))
        }
    }

    /// The origin square (`e2`); `None` for the null move.
    #[getter(from_square)]
    fn origin(&self) -> Option<&str> {
        (self.uci != "0000").then(|| &self.uci[..2])
    }

    /// The destination square (`e4`; the king's destination when castling, except in Chess960 where it is the
    /// rook's square); `None` for the null move.
    #[getter(to_square)]
    fn destination(&self) -> Option<&str> {
        (self.uci != "0000").then(|| &self.uci[2..4])
    }

    /// The letter of the piece a pawn becomes (`q`), if it promotes.
    #[getter]
    fn promotion(&self) -> Option<&str> {
        self.uci.get(4..5)
    }

    /// The UCI text.
    fn uci(&self) -> &str {
        &self.uci
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.uci)
    }

    fn __bool__(&self) -> bool {
        self.uci != "0000"
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().getattr("from_uci")?, (slf.get().uci.clone(),)))
    }
}

/// What `Position(fen, variant, allow)` is called with to make a position again (pickling).
type PositionArguments = (String, &'static str, Option<String>);

/// A chess position of any variant forsyth plays: legal, unless made with `allow`; with the moves pushed to reach it
/// (python-chess's move stack), for `pop` and repetitions.
#[pyclass(module = "forsyth", name = "Position", eq)]
#[derive(Clone)]
pub struct PyPosition {
    pub pos: Position,
    /// The position before each move pushed, and the move.
    history: Vec<(Position, Move)>,
}

/// Positions are equal when they are the same position, whatever moves led to them (as python-chess compares
/// boards).
impl PartialEq for PyPosition {
    fn eq(&self, other: &PyPosition) -> bool {
        self.pos == other.pos
    }
}

impl Eq for PyPosition {}

impl PyPosition {
    /// `pos` with no moves pushed.
    pub fn at(pos: Position) -> PyPosition {
        PyPosition { pos, history: Vec::new() }
    }

    /// `moves` played from `start`, each on the move stack.
    pub fn after(start: Position, moves: impl IntoIterator<Item = Move>) -> PyPosition {
        let mut played = PyPosition::at(start);
        for mv in moves {
            played.play(mv);
        }
        played
    }

    /// Plays a legal move and keeps it on the move stack.
    fn play(&mut self, mv: Move) {
        self.history.push((self.pos, mv));
        self.pos.play_unchecked(mv);
    }

    /// The positions of the game so far, for the repetition rules: those before each move pushed, and this one.
    /// (python-chess counts only back to the last irreversible move; positions before a capture, a pawn move or a
    /// lost castling right can never come back, so counting them all gives the same answer.)
    fn game_history(&self) -> History {
        let mut positions = self.history.iter().map(|(pos, _)| pos).chain([&self.pos]);
        let mut history = History::new(positions.next().unwrap_or(&self.pos));
        positions.for_each(|pos| history.push(pos));
        history
    }

    /// The position's outcome, counting a fivefold repetition as a draw (FIDE 9.6.1).
    fn outcome_with_repetitions(&self) -> Option<Outcome> {
        self.pos.outcome().or_else(|| self.is_repetition(5).then_some(Outcome::Draw))
    }
}

impl PyPosition {
    /// Reads a FEN into a position (of `variant`, or the one the FEN implies).
    pub fn from_fen(py: Python<'_>, fen: &str, variant: Option<Variant>) -> PyResult<Position> {
        Fen::parse_position(fen, variant).map_err(|e| errors::fen(py, fen, &e))
    }

    /// The legal move a `Move` or a text (any notation, English letters) means here.
    fn resolve(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<Move> {
        if let Ok(m) = mv.cast::<PyMove>() {
            let uci = &m.get().uci;
            return uci.parse::<Uci>().and_then(|u| u.to_move(&self.pos)).map_err(|e| errors::illegal_move(py, &e));
        }
        let text: String = mv.extract()?;
        self.read(py, &text, None)
    }

    fn read(&self, py: Python<'_>, text: &str, lang: Option<&str>) -> PyResult<Move> {
        let options = options::read(lang)?;
        parse_move(&self.pos, text, &options).map(|read| read.mv).map_err(|e| errors::illegal_move(py, &e))
    }
}

#[pymethods]
impl PyPosition {
    /// The start position of `variant` (standard chess by default), or the position of a FEN (its variant
    /// inferred from the board unless given). `allow` names the rules a FEN may break, as `forsyth fen check
    /// --allow` takes them (`"too-many-pawns,pawn-on-back-rank"`, or `"all"` for every problem after which moves
    /// are still generated exactly): the position is then taken as given.
    #[new]
    #[pyo3(signature = (fen = None, variant = None, allow = None))]
    fn new(py: Python<'_>, fen: Option<&str>, variant: Option<&str>, allow: Option<&str>) -> PyResult<PyPosition> {
        let variant = options::variant(variant)?;
        let allowed = options::allowed(allow)?;
        let pos = match fen {
            // (With nothing allowed, this is `Fen::parse_position`.)
            Some(fen) => {
                let (pos, _problems) =
                    Fen::parse_position_allowing(fen, variant, allowed).map_err(|e| errors::fen(py, fen, &e))?;
                pos
            }
            None => Position::new(variant.unwrap_or_default()),
        };
        Ok(PyPosition::at(pos))
    }

    /// The Chess960 start position numbered `n` (0 to 959; 518 is the classical array).
    #[classmethod]
    fn from_chess960(_cls: &Bound<'_, PyType>, n: u16) -> PyResult<PyPosition> {
        start_position("chess960", Some(n))
    }

    /// The FEN: `ep` is when the en-passant square is written (`legal` like python-chess, `pseudo` as X-FEN,
    /// `always` as the PGN standard); `castling` is `xfen`, `shredder` or `classic`.
    #[pyo3(signature = (ep = "legal", castling = "xfen"))]
    fn fen(&self, py: Python<'_>, ep: &str, castling: &str) -> PyResult<String> {
        let fen = Fen::from_position_with(&self.pos, options::ep(ep)?);
        fen.to_string_with(options::castling(castling)?).map_err(|e| {
            let error = errors::argument(e.to_string());
            let _ = error.value(py).setattr("code", e.code);
            error
        })
    }

    /// The variant's name (`standard`, `chess960`, `capablanca`, ...).
    #[getter]
    fn variant(&self) -> &'static str {
        self.pos.variant().name()
    }

    /// `True` when White is to move (as python-chess's `chess.WHITE`).
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

    /// Every legal move.
    #[getter]
    fn legal_moves(&self) -> Vec<PyMove> {
        self.pos.legal_moves().iter().map(|&m| PyMove::of(&self.pos, m)).collect()
    }

    /// Plays a legal move: a `Move`, or a text in any notation.
    fn push(&mut self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = self.resolve(py, mv)?;
        self.play(m);
        Ok(())
    }

    /// Takes back the last move pushed and returns it; `IndexError` if none was.
    fn pop(&mut self) -> PyResult<PyMove> {
        let (before, mv) = self.history.pop().ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        self.pos = before;
        Ok(PyMove::of(&before, mv))
    }

    /// The last move pushed; `IndexError` if none was.
    fn peek(&self) -> PyResult<PyMove> {
        let (before, mv) = self.history.last().ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))?;
        Ok(PyMove::of(before, *mv))
    }

    /// The moves pushed, first to last.
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        self.history.iter().map(|(before, mv)| PyMove::of(before, *mv)).collect()
    }

    /// The position before the first move pushed (a copy, with no moves).
    fn root(&self) -> PyPosition {
        PyPosition::at(self.history.first().map_or(self.pos, |(root, _)| *root))
    }

    /// Whether this position has occurred `count` times (3 by default) in the moves pushed, this one included; as
    /// python-chess's, it does not look at a repetition the next move could make.
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: usize) -> bool {
        self.game_history().repetitions() >= count
    }

    /// Whether this position has occurred five times: the game is drawn (FIDE 9.6.1).
    fn is_fivefold_repetition(&self) -> bool {
        self.is_repetition(5)
    }

    /// Whether the side to move may claim a draw by threefold repetition (FIDE 9.2): this position has occurred
    /// three times, or a legal move leads to one that has occurred twice.
    fn can_claim_threefold_repetition(&self) -> bool {
        self.game_history().can_claim_threefold(&self.pos)
    }

    /// Reads a move in any notation (SAN, FIDE, long, problem, UCI, figurines) in the piece letters of `lang`
    /// and plays it; returns the move.
    #[pyo3(signature = (text, lang = "en"))]
    fn push_san(&mut self, py: Python<'_>, text: &str, lang: &str) -> PyResult<PyMove> {
        let m = self.read(py, text, Some(lang))?;
        let played = PyMove::of(&self.pos, m);
        self.play(m);
        Ok(played)
    }

    /// The move in a style: `san`, `fide`, `long`, `problem`, `figurine` or `uci`, in the letters of `lang`.
    #[pyo3(signature = (mv, lang = "en", style = "san"))]
    fn san(&self, py: Python<'_>, mv: &Bound<'_, PyAny>, lang: &str, style: &str) -> PyResult<String> {
        let options = options::write(style, lang)?;
        let m = self.resolve(py, mv)?;
        Ok(write_move(&self.pos, m, &options))
    }

    /// The move in UCI.
    fn uci(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<String> {
        let m = self.resolve(py, mv)?;
        Ok(write_move(&self.pos, m, &UCI))
    }

    /// Reads a move leniently, in any notation (letters of `lang`, English if not given), without playing it.
    #[pyo3(signature = (text, lang = None))]
    fn parse_move(&self, py: Python<'_>, text: &str, lang: Option<&str>) -> PyResult<PyMove> {
        let m = self.read(py, text, lang)?;
        Ok(PyMove::of(&self.pos, m))
    }

    /// Whether a move (a `Move` or a text in any notation) is legal here; `False` also for a text that names no move.
    fn is_legal(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> bool {
        self.resolve(py, mv).is_ok()
    }

    /// Whether a legal move captures (en passant included; castling never does).
    fn is_capture(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = self.resolve(py, mv)?;
        Ok(m.is_en_passant() || (!m.is_castle() && self.pos.is_occupied(m.to())))
    }

    /// Whether a legal move gives check.
    fn gives_check(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = self.resolve(py, mv)?;
        let mut after = self.pos;
        after.play_unchecked(m);
        Ok(after.is_check())
    }

    /// Whether a legal move castles.
    fn is_castling(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.resolve(py, mv)?.is_castle())
    }

    /// Whether a legal move takes en passant.
    fn is_en_passant(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.resolve(py, mv)?.is_en_passant())
    }

    /// The square of `color`'s king (`True` for White), or `None`.
    fn king(&self, color: bool) -> Option<String> {
        self.pos.king(if color { Color::White } else { Color::Black }).map(|sq| sq.to_string())
    }

    /// Every piece on the board: square name to FEN letter (`{"e1": "K", ...}`).
    fn piece_map(&self) -> std::collections::HashMap<String, String> {
        self.pos.board().pieces().map(|(sq, piece)| (sq.to_string(), piece.char().to_string())).collect()
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

    /// Whether neither side has the material to ever checkmate (python-chess's rule: a lone king, a king and a
    /// knight against at most queens, or bishops all on one colour with no pawns or knights).
    fn is_insufficient_material(&self) -> bool {
        self.pos.is_insufficient_material()
    }

    /// Whether `color` (`True` for White, as python-chess's `chess.WHITE`) lacks the material to ever checkmate.
    fn has_insufficient_material(&self, color: bool) -> bool {
        self.pos.has_insufficient_material(if color { Color::White } else { Color::Black })
    }

    /// Whether the game is over: checkmate, stalemate, insufficient material, the 75-move rule, or a fivefold
    /// repetition among the moves pushed (as python-chess's `is_game_over()`).
    fn is_game_over(&self) -> bool {
        self.outcome_with_repetitions().is_some()
    }

    /// The piece on `square` (`"e4"`) as its FEN letter (`"N"` a white knight, `"p"` a black pawn), or `None`.
    /// Raises `ValueError` for a text that names no square of the board.
    fn piece_at(&self, square: &str) -> PyResult<Option<String>> {
        let on_board = square.parse::<Square>().ok().filter(|&sq| self.pos.shape().contains(sq));
        let square = on_board.ok_or_else(|| errors::argument(format!("'{square}' is not a square of this board")))?;
        Ok(self.pos.piece_at(square).map(|piece| piece.char().to_string()))
    }

    /// The result if the game is over (`1-0`, `0-1`, `1/2-1/2`; see `is_game_over`), else `None`.
    fn outcome(&self) -> Option<&'static str> {
        self.outcome_with_repetitions().map(Outcome::pgn)
    }

    /// The leaf nodes of the move tree `depth` plies deep (the lock on Python is released meanwhile).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = self.pos;
        py.detach(move || pos.perft(depth))
    }

    /// What keeps a FEN from being a legal position, as `(code, text)` pairs in `lang` (`en` or `de`); empty for
    /// a legal one. Raises `FenError` for a text that is no FEN.
    #[staticmethod]
    #[pyo3(signature = (fen, variant = None, lang = "en"))]
    fn problems(py: Python<'_>, fen: &str, variant: Option<&str>, lang: &str) -> PyResult<Vec<(&'static str, String)>> {
        let parsed = Fen::parse(fen).map_err(|e| errors::fen_syntax(py, fen, &e))?;
        let lang = options::lang(lang)?;
        Ok(match parsed.position(options::variant(variant)?) {
            Ok(_) => Vec::new(),
            Err(e) => e.problems.iter().map(|p| (p.code(), problem_text(p, lang))).collect(),
        })
    }

    /// A copy.
    fn copy(&self) -> PyPosition {
        self.clone()
    }

    fn __copy__(&self) -> PyPosition {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyPosition {
        self.clone()
    }

    /// Pickled as the arguments that make the root position again, and the moves pushed (in UCI) as the state
    /// `__setstate__` plays.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, PositionArguments, Vec<String>)> {
        let this = slf.borrow();
        let moves = this.move_stack().into_iter().map(|m| m.uci).collect();
        let root = this.root();
        let fen = root.fen(slf.py(), "always", "xfen")?;
        let variant = root.pos.variant();
        // A position made with `allow` is made again with the rules it breaks allowed.
        let allow = match Fen::parse_position(&fen, Some(variant)) {
            Err(FenPositionError::Illegal(e)) => {
                Some(e.problems.iter().map(|p| p.code()).collect::<Vec<_>>().join(","))
            }
            _ => None,
        };
        Ok((slf.get_type(), (fen, variant.name(), allow), moves))
    }

    /// Plays the moves a pickle keeps (in UCI), each on the move stack.
    fn __setstate__(&mut self, py: Python<'_>, moves: Vec<String>) -> PyResult<()> {
        for uci in moves {
            let mv = uci.parse::<Uci>().and_then(|u| u.to_move(&self.pos)).map_err(|e| errors::illegal_move(py, &e))?;
            self.play(mv);
        }
        Ok(())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("Position('{}', variant='{}')", self.fen(py, "legal", "xfen")?, self.variant()))
    }

    /// The board in text.
    fn __str__(&self) -> String {
        diagram::text::ascii(&Diagram::from_position(&self.pos), &diagram::DiagramStyle::default())
    }

    /// The board as an SVG picture (Jupyter shows it).
    fn _repr_svg_(&self) -> String {
        let style = diagram::DiagramStyle {
            check: self.pos.is_check().then(|| self.pos.king(self.pos.turn())).flatten(),
            ..Default::default()
        };
        diagram::svg::svg(&Diagram::from_position(&self.pos), &style)
    }
}

/// The start position of `variant`: numbered `n` in Chess960 (0-959) and CRC, the variant's own otherwise; a
/// random one of Chess960 or CRC when `n` is `None`.
#[pyfunction]
#[pyo3(signature = (variant = "standard", n = None))]
pub fn start_position(variant: &str, n: Option<u16>) -> PyResult<PyPosition> {
    let variant = options::variant(Some(variant))?.unwrap_or_default();
    let setup = match variant {
        Variant::Chess960 => start::chess960_setup(n.unwrap_or_else(start::random_chess960)),
        Variant::Crc => start::crc_setup(n.unwrap_or_else(start::random_crc)),
        _ if n.is_some() => {
            return Err(errors::argument(format!(
                "{} has one start position: numbers are for chess960 and crc",
                variant.name()
            )));
        }
        _ => return Ok(PyPosition::at(Position::new(variant))),
    }
    .ok_or_else(|| errors::argument(format!("no {} start position numbered {}", variant.name(), n.unwrap_or(0))))?;
    let pos = Position::from_setup(&setup, variant).map_err(|e| errors::argument(e.to_string()))?;
    Ok(PyPosition::at(pos))
}
