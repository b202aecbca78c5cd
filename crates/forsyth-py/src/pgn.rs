//! `forsyth.pgn`: games read from PGN files (plain or compressed) or file objects into plain Python objects.
//! Reading runs on a thread of its own (and `jobs` workers), outside the lock on Python; the iterator waits for
//! the next game with the lock released.

use std::io::{self, BufRead, BufReader, Read};
use std::path::PathBuf;
use std::sync::Mutex;

use forsyth::pgn::{
    self, Annotation, Encoding, Eval, Game, GameResult, Games, Line, PgnReadOptions, Reader, Validate,
    comment_commands, parse_clock, parse_eval,
};
use forsyth::{Position, notation::write_san};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::position::{PyMove, PyPosition};
use crate::{errors, options};

/// A Python file object (binary or text) read as bytes, the lock on Python taken for each read.
struct PyFile {
    file: Py<PyAny>,
    /// Bytes of a text chunk not handed on yet (a `str` of n characters may encode to more than n bytes).
    pending: Vec<u8>,
}

impl Read for PyFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            Python::attach(|py| -> PyResult<()> {
                let chunk = self.file.bind(py).call_method1("read", (buf.len().max(1 << 16),))?;
                if let Ok(bytes) = chunk.cast::<PyBytes>() {
                    self.pending.extend_from_slice(bytes.as_bytes());
                } else {
                    self.pending.extend_from_slice(chunk.extract::<String>()?.as_bytes());
                }
                Ok(())
            })
            .map_err(io::Error::other)?;
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// A path (plain or compressed) or a file object, opened for reading games, and the name errors give it.
pub(crate) fn open(source: &Bound<'_, PyAny>) -> PyResult<(Box<dyn BufRead + Send>, String)> {
    if let Ok(path) = source.extract::<PathBuf>() {
        let reader = pgn::open_path(&path).map_err(|e| PyOSError::new_err(e.to_string()))?;
        return Ok((reader, path.display().to_string()));
    }
    if !source.hasattr("read")? {
        return Err(errors::argument("read_games takes a path or a file object".to_string()));
    }
    let name = source.getattr("name").and_then(|n| n.str()).map_or("<file>".to_string(), |n| n.to_string());
    let file = PyFile { file: source.clone().unbind(), pending: Vec::new() };
    let reader = pgn::decompress(BufReader::with_capacity(pgn::INPUT_BUFFER, file))
        .map_err(|e| PyOSError::new_err(e.to_string()))?;
    Ok((reader, name))
}

/// Reading options from the Python arguments: `encoding` is `None` (UTF-8, else Latin-1, game by game),
/// `utf-8` or `latin-1`; `lang` the piece letters of the moves (English if `None`); `allow` the problems of a FEN
/// tag's position to accept, as `forsyth pgn check --allow` takes them (`"pawn-on-back-rank,too-many-pawns"`,
/// `"all"`; none if `None`); a game with an error is kept up to the error.
pub(crate) fn read_options(
    encoding: Option<&str>,
    lang: Option<&str>,
    allow: Option<&str>,
) -> PyResult<PgnReadOptions> {
    let encoding = match encoding.map(|e| e.to_ascii_lowercase().replace('_', "-")) {
        None => Encoding::Auto,
        Some(e) if e == "auto" => Encoding::Auto,
        Some(e) if e == "utf-8" || e == "utf8" => Encoding::Utf8,
        Some(e) if e == "latin-1" || e == "latin1" || e == "iso-8859-1" => Encoding::Latin1,
        Some(e) => return Err(errors::argument(format!("unknown encoding '{e}' (use utf-8, latin-1 or None)"))),
    };
    Ok(PgnReadOptions { encoding, keep_broken: true, moves: options::read(lang)?, allow: options::allowed(allow)? })
}

/// Games of a PGN input, in file order.
#[pyclass(module = "forsyth.pgn", name = "GameIterator")]
pub struct GameIterator {
    games: Mutex<Games>,
    name: String,
}

#[pymethods]
impl GameIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PyGame>> {
        let found = py.detach(|| self.games.lock().ok().and_then(|mut games| games.next()));
        match found {
            None => Ok(None),
            Some(Err(e)) => Err(PyOSError::new_err(format!("{}: {e}", self.name))),
            Some(Ok(read)) => {
                let errors =
                    read.error.iter().map(|e| errors::pgn(py, &self.name, e).into_value(py).into_any()).collect();
                let warnings = read.warnings.iter().map(|w| PgnWarning::new(&self.name, w)).collect();
                Ok(Some(PyGame { game: read.game, number: read.number, line: read.line, errors, warnings }))
            }
        }
    }
}

/// Reads every game of a path (`.zst`, `.gz`, `.bz2` decompressed) or file object, on `jobs` threads; yields
/// `Game` objects in file order. A game with an error is kept up to the error, the error in `Game.errors`.
#[pyfunction]
#[pyo3(signature = (source, jobs = 1, encoding = None, lang = None, allow = None))]
pub fn read_games(
    source: &Bound<'_, PyAny>,
    jobs: usize,
    encoding: Option<&str>,
    lang: Option<&str>,
    allow: Option<&str>,
) -> PyResult<GameIterator> {
    let (reader, name) = open(source)?;
    let options = read_options(encoding, lang, allow)?;
    let games = Reader::new(reader).jobs(jobs).options(options).games();
    Ok(GameIterator { games: Mutex::new(games), name })
}

/// What checking a PGN input found.
#[pyclass(module = "forsyth.pgn", name = "CheckReport", frozen, get_all)]
pub struct CheckReport {
    /// Games read.
    games: u64,
    /// Moves read, in main lines and variations.
    moves: u64,
    /// One `PgnError` per game with an error, in file order.
    errors: Vec<Py<PyAny>>,
    /// What was repaired to read the games, in file order.
    warnings: Vec<PgnWarning>,
}

#[pymethods]
impl CheckReport {
    fn __repr__(&self) -> String {
        format!(
            "CheckReport(games={}, moves={}, errors={}, warnings={})",
            self.games,
            self.moves,
            self.errors.len(),
            self.warnings.len()
        )
    }
}

/// Something repaired in a game that was read nonetheless, or doubtful in it (a `Result` tag that disagrees with
/// the termination marker, a tag value without its closing quote, a result the final position contradicts, ...): its `code`
/// (`result-mismatch`, ...), where it is, and `str()` as `forsyth pgn check` prints it.
#[pyclass(module = "forsyth.pgn", name = "PgnWarning", frozen, get_all, skip_from_py_object)]
#[derive(Clone)]
pub struct PgnWarning {
    /// The stable code of what was repaired.
    code: &'static str,
    /// 1-based line in the file.
    line: u64,
    /// 1-based column, in characters.
    column: u64,
    /// 1-based number of the game in the file.
    game: u64,
    /// The text repaired, as written.
    token: String,
    /// What was wrong and what it was read as.
    reason: String,
    /// The whole line `forsyth pgn check` prints: `FILE:LINE:COLUMN: game G 'TOKEN': warning: reason [code]`.
    message: String,
}

impl PgnWarning {
    fn new(name: &str, warning: &pgn::PgnWarning) -> PgnWarning {
        PgnWarning {
            code: warning.kind.code(),
            line: warning.line,
            column: warning.column,
            game: warning.game,
            token: warning.token.clone(),
            reason: warning.reason.clone(),
            message: format!("{name}:{warning}"),
        }
    }
}

#[pymethods]
impl PgnWarning {
    fn __str__(&self) -> &str {
        &self.message
    }

    fn __repr__(&self) -> String {
        format!("PgnWarning({:?})", self.message)
    }
}

/// Checks every move of every game of a path or file object (as `forsyth pgn check`), keeping nothing but the
/// counts and the errors; the lock on Python is released while reading.
#[pyfunction]
#[pyo3(signature = (source, jobs = 1, encoding = None, lang = None, allow = None))]
pub fn check(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    jobs: usize,
    encoding: Option<&str>,
    lang: Option<&str>,
    allow: Option<&str>,
) -> PyResult<CheckReport> {
    let (reader, name) = open(source)?;
    let options = read_options(encoding, lang, allow)?;
    let (mut games, mut moves, mut found, mut repaired) = (0, 0, Vec::new(), Vec::new());
    py.detach(|| {
        Reader::new(reader).jobs(jobs).options(options).visit(
            || Validate,
            |_, report| report,
            |_, report| {
                games += 1;
                moves += report.moves;
                found.extend(report.error);
                repaired.extend(report.warnings.iter().map(|w| PgnWarning::new(&name, w)));
                Ok(())
            },
        )
    })
    .map_err(|e| PyOSError::new_err(format!("{name}: {e}")))?;
    let errors = found.iter().map(|e| errors::pgn(py, &name, e).into_value(py).into_any()).collect();
    Ok(CheckReport { games, moves, errors, warnings: repaired })
}

/// A game read from PGN.
#[pyclass(module = "forsyth.pgn", name = "Game", frozen)]
pub struct PyGame {
    game: Game,
    number: u64,
    line: u64,
    errors: Vec<Py<PyAny>>,
    warnings: Vec<PgnWarning>,
}

#[pymethods]
impl PyGame {
    /// The tag pairs, in file order.
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let headers = PyDict::new(py);
        for (name, value) in &self.game.tags {
            if !headers.contains(name)? {
                headers.set_item(name, value)?;
            }
        }
        Ok(headers)
    }

    /// The 1-based number of the game in its file.
    #[getter]
    fn number(&self) -> u64 {
        self.number
    }

    /// The line the game starts on.
    #[getter]
    fn line(&self) -> u64 {
        self.line
    }

    /// The errors found (at most one: reading stops at the first, keeping the game up to it).
    #[getter]
    fn errors(&self, py: Python<'_>) -> Vec<Py<PyAny>> {
        self.errors.iter().map(|e| e.clone_ref(py)).collect()
    }

    /// What was repaired to read the game, in file order (`PgnWarning` objects).
    #[getter]
    fn warnings(&self) -> Vec<PgnWarning> {
        self.warnings.clone()
    }

    /// The termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), if the game has one.
    #[getter]
    fn result(&self) -> Option<&'static str> {
        self.game.result.map(GameResult::as_str)
    }

    /// The position before the first move.
    fn board(&self) -> PyPosition {
        PyPosition::at(self.game.start)
    }

    /// The position after the last move of the main line, with the main line on its move stack.
    fn end(&self) -> PyPosition {
        PyPosition::after(self.game.start, self.game.moves.nodes.iter().map(|node| node.mv))
    }

    /// The moves of the main line.
    fn mainline_moves(&self) -> Vec<PyMove> {
        let mut pos = self.game.start;
        let mut moves = Vec::with_capacity(self.game.moves.nodes.len());
        for node in &self.game.moves.nodes {
            moves.push(PyMove::of(&pos, node.mv));
            pos.play_unchecked(node.mv);
        }
        moves
    }

    /// The main line as `Node` objects, each with its SAN, comments, NAGs, variations, clock and evaluation.
    fn mainline(&self) -> Vec<Node> {
        nodes(&self.game.moves, self.game.start)
    }

    /// Comments before the first move.
    #[getter]
    fn comments(&self) -> Vec<String> {
        comments(&self.game.moves.intro)
    }

    /// The game in PGN export format, as `forsyth pgn convert --keep-broken` writes it (a game with an error ends
    /// with the text that was not read, in a comment), without the blank line that separates games in a file.
    fn __str__(&self) -> String {
        let mut out = String::new();
        pgn::write_game(&self.game, &pgn::PgnWriteOptions::default(), &mut out);
        out.truncate(out.trim_end().len());
        out
    }

    fn __repr__(&self) -> String {
        let tag = |name| self.game.tag(name).unwrap_or("?");
        format!("<Game #{} {} vs. {} ({} moves)>", self.number, tag("White"), tag("Black"), self.game.moves.nodes.len())
    }
}

fn comments(annotations: &[Annotation]) -> Vec<String> {
    annotations
        .iter()
        .filter_map(|a| match a {
            Annotation::Comment(text) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// The nodes of a line played from `start`.
fn nodes(line: &Line, start: Position) -> Vec<Node> {
    let mut pos = start;
    let mut out = Vec::with_capacity(line.nodes.len());
    for node in &line.nodes {
        let comments = comments(&node.annotations);
        let (mut clock, mut eval, mut mate) = (None, None, None);
        for command in comments.iter().flat_map(|c| comment_commands(c)) {
            match command.name {
                "clk" => clock = parse_clock(command.args).or(clock),
                "eval" => match parse_eval(command.args) {
                    Some(Eval::Pawns(pawns)) => eval = Some(pawns),
                    Some(Eval::Mate(moves)) => mate = Some(moves),
                    None => {}
                },
                _ => {}
            }
        }
        let variations = node
            .annotations
            .iter()
            .filter_map(|a| match a {
                Annotation::Variation(variation) => Some(nodes(variation, pos)),
                _ => None,
            })
            .collect();
        let nags = node
            .annotations
            .iter()
            .filter_map(|a| match a {
                Annotation::Nag(nag) => Some(u32::from(*nag)),
                _ => None,
            })
            .collect();
        out.push(Node {
            mv: PyMove::of(&pos, node.mv),
            san: if node.mv.is_null() { "--".to_string() } else { write_san(&pos, node.mv) },
            comments,
            nags,
            variations,
            clock,
            eval,
            mate,
        });
        pos.play_unchecked(node.mv);
    }
    out
}

/// A move of a game with what follows it.
#[pyclass(module = "forsyth.pgn", name = "Node", frozen, get_all)]
#[derive(Clone)]
pub struct Node {
    /// The move.
    #[pyo3(name = "move")]
    mv: PyMove,
    /// The move in SAN.
    san: String,
    /// Comments after the move, comment commands (`[%clk ...]`) left in.
    comments: Vec<String>,
    /// Numeric annotation glyphs (`$1`, or `!` as read).
    nags: Vec<u32>,
    /// Alternatives to this move, each a list of nodes.
    variations: Vec<Vec<Node>>,
    /// Seconds left on the clock after the move (`[%clk 1:30:00]`).
    clock: Option<f64>,
    /// The evaluation in pawns from White's side (`[%eval 0.25]`).
    eval: Option<f64>,
    /// Mate in this many moves (`[%eval #-3]`: negative when Black mates).
    mate: Option<i32>,
}

#[pymethods]
impl Node {
    fn __repr__(&self) -> String {
        format!("<Node {}>", self.san)
    }
}
