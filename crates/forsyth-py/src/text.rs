//! The functions on texts: translating move lists, explaining and drawing FENs, counting pieces.

use forsyth::diagram::{self, explain::explain as explain_fen};
use forsyth::notation::general::read_fen;
use forsyth::notation::score::{move_texts, translate as translate_moves};
use forsyth::piece_kind::PieceTable;
use forsyth::{Position, Variant};
use forsyth::{Square, Topology};
use pyo3::prelude::*;

use crate::position::PyPosition;
use crate::{errors, options};

/// Moves as one text (a game score: `1.e4 e5 2.Sf3`) or one text per move.
#[derive(FromPyObject)]
pub enum Moves {
    Score(String),
    List(Vec<String>),
}

/// Translates moves from one language and notation into another; returns the numbered game score
/// (`1.e4 e5 2.Nf3`). Raises `IllegalMoveError` naming the first move that cannot be read.
#[pyfunction]
#[pyo3(signature = (moves, from_lang = "en", to_lang = "en", style = "san", fen = None, variant = None))]
pub fn translate(
    py: Python<'_>,
    moves: Moves,
    from_lang: &str,
    to_lang: &str,
    style: &str,
    fen: Option<&str>,
    variant: Option<&str>,
) -> PyResult<String> {
    let variant = options::variant(variant)?;
    let start = match fen {
        Some(fen) => PyPosition::from_fen(py, fen, variant)?,
        None => Position::new(variant.unwrap_or(Variant::Standard)),
    };
    let texts = match &moves {
        Moves::Score(text) => move_texts([text.as_str()]),
        Moves::List(list) => move_texts(list.iter().map(String::as_str)),
    };
    let write = options::write(style, to_lang)?;
    write.letters.check(start.variant()).map_err(|e| errors::argument(e.to_string()))?;
    let mut position = start;
    let translation = translate_moves(&mut position, &texts, &options::read(Some(from_lang))?, &write);
    match translation.error {
        None => Ok(translation.score),
        Some(error) => {
            let raised = errors::illegal_move_in_list(py, &error);
            raised.value(py).setattr("translated", translation.score)?;
            Err(raised)
        }
    }
}

/// A FEN (or a board field alone) explained field by field, in English (`en`) or German (`de`).
#[pyfunction]
#[pyo3(signature = (fen, lang = "en", variant = None))]
pub fn explain(py: Python<'_>, fen: &str, lang: &str, variant: Option<&str>) -> PyResult<String> {
    let explanation = explain_fen(fen, options::lang(lang)?, options::variant(variant)?)
        .map_err(|e| errors::fen_syntax(py, fen, &e))?;
    Ok(explanation.to_string())
}

/// An SVG picture of a board; Jupyter shows it as a picture, `str()` gives the SVG text.
#[pyclass(module = "forsyth", name = "Svg", frozen, str)]
pub struct Svg {
    text: String,
}

impl std::fmt::Display for Svg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

#[pymethods]
impl Svg {
    fn _repr_svg_(&self) -> &str {
        &self.text
    }
}

/// The diagram of a FEN (or a board field alone, unknown pieces `X`/`x` allowed) as SVG: `flip` puts Black at
/// the bottom, `lastmove` (UCI, such as `e2e4`) marks two squares; a king in check is marked. `pieces` declares
/// fairy pieces as `forsyth --piece` does (`["G=grasshopper", "Z=betza:ZW"]`) and `board` names a cylinder
/// (`vertical-cylinder`, `horizontal-cylinder`, `torus`): the diagram then draws them as problem books do, with a
/// legend in `lang` (`en` or `de`).
#[pyfunction]
#[pyo3(signature = (fen, flip = false, coordinates = true, lastmove = None, caption = None, pieces = None, board = None, lang = "en"))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments, each with a default
pub fn board_svg(
    py: Python<'_>,
    fen: &str,
    flip: bool,
    coordinates: bool,
    lastmove: Option<&str>,
    caption: Option<String>,
    pieces: Option<Vec<String>>,
    board: Option<&str>,
    lang: &str,
) -> PyResult<Svg> {
    let language = diagram::sentence_language(lang).map_err(|e| errors::argument(e.to_string()))?;
    let topology = match board {
        Some(text) => text.parse::<Topology>().map_err(|e| errors::argument(e.to_string()))?,
        None => Topology::Plain,
    };
    let declarations = pieces.unwrap_or_default();
    if !declarations.is_empty() || topology != Topology::Plain {
        let mut table = PieceTable::new();
        for declaration in &declarations {
            table
                .declare_text(declaration)
                .map_err(|e| errors::argument(format!("piece '{declaration}': [{}] {e}", e.code())))?;
        }
        let pos = read_fen(fen, &table, topology)
            .map_err(|e| errors::argument(format!("invalid FEN '{fen}': [{}] {e}", e.code())))?;
        let last_move = lastmove.map(|text| uci_squares(text, |_| true)).transpose()?;
        let style = diagram::DiagramStyle {
            flip,
            coordinates,
            last_move,
            check: None,
            count: true,
            caption,
            ..Default::default()
        };
        return Ok(Svg { text: diagram::svg::general(&pos, &style, language) });
    }
    let reading = diagram::read(fen).map_err(|e| errors::fen_syntax(py, fen, &e))?;
    let shape = reading.diagram.board.shape();
    let last_move = lastmove.map(|text| uci_squares(text, |sq| shape.contains(sq))).transpose()?;
    let check = reading
        .fen
        .as_ref()
        .and_then(|fen| fen.position(None).ok())
        .filter(Position::is_check)
        .and_then(|pos| pos.king(pos.turn()));
    let style =
        diagram::DiagramStyle { flip, coordinates, last_move, check, count: true, caption, ..Default::default() };
    Ok(Svg { text: diagram::svg::svg(&reading.diagram, &style) })
}

/// The two squares of a UCI move (`e2e4`), each on the board.
fn uci_squares(text: &str, on_board: impl Fn(Square) -> bool) -> PyResult<(Square, Square)> {
    let b = text.as_bytes();
    match (b.get(0..2).and_then(Square::from_ascii), b.get(2..4).and_then(Square::from_ascii)) {
        (Some(from), Some(to)) if on_board(from) && on_board(to) => Ok((from, to)),
        _ => Err(errors::argument(format!(
            "lastmove '{text}' is not a move on this board: write origin and destination squares, such as e2e4"
        ))),
    }
}

/// The numbers of white and black pieces (pawns included) of a FEN or a board field alone, as problem
/// composers print them under a diagram (`14+14`).
#[pyfunction]
pub fn count(py: Python<'_>, fen: &str) -> PyResult<(usize, usize)> {
    let reading = diagram::read(fen).map_err(|e| errors::fen_syntax(py, fen, &e))?;
    let count = reading.diagram.count();
    Ok((count.white, count.black))
}
