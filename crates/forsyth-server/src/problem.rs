//! Problems for the page's Problems tab: Popeye input or a YACPDB entry read by the library, each problem drawn as
//! problem books print it (fairy pieces turned, with a legend; the count `w+s`; the joined edges of a cylinder)
//! with its stipulation, conditions and options named and its legal moves, as `forsyth problem board` and
//! `problem check` show them.

use forsyth::Topology;
use forsyth::diagram::{self, Diagram, svg};
use forsyth::general::GeneralPosition;
use forsyth::notation::fen::Fen;
use forsyth::notation::general::{write_fen, write_general_move};
use forsyth::notation::{Language, MoveStyle, MoveWriteOptions, write_move};
use forsyth::problem::popeye::{self, PopeyeLanguage, ProblemDescription, ProblemError};
use forsyth::problem::yacpdb;
use serde_json::{Value, json};

use crate::ApiError;
use crate::api::{diagram_style, picture};

/// How a problem is shown: the language of its words, the board it is played on, the diagram flipped, how moves
/// are written.
pub struct Show {
    pub words: Language,
    pub topology: Topology,
    pub flip: bool,
    pub write: MoveWriteOptions,
    /// The style of the fairy moves (written with the problem's letters).
    pub style: MoveStyle,
}

/// A problem text read: its format (`popeye` or `yacpdb`), its problems, the language of its keywords, and the
/// YACPDB keys forsyth does not model.
pub struct Read {
    pub format: &'static str,
    pub problems: Vec<ProblemDescription>,
    pub language: PopeyeLanguage,
    pub ignored: Vec<String>,
}

/// Reads Popeye input, or a YACPDB entry when the text starts with `---` or has an `algebraic:` line (as
/// `forsyth problem` decides); the error that stops the reading is a 422 with its line and column.
pub fn read(text: &str) -> Result<Read, ApiError> {
    if crate::report::is_yacpdb(text) {
        let entry = yacpdb::parse(text).map_err(|e| ApiError::unprocessable(e.code(), format!("YACPDB entry: {e}")))?;
        Ok(Read {
            format: "yacpdb",
            problems: vec![entry.problem],
            language: PopeyeLanguage::English,
            ignored: entry.ignored,
        })
    } else {
        let language = popeye::language_of(text).unwrap_or_default();
        let problems =
            popeye::parse(text).map_err(|e| ApiError::unprocessable(e.code(), format!("Popeye input: {e}")))?;
        Ok(Read { format: "popeye", problems, language, ignored: Vec::new() })
    }
}

/// Every problem of `text` (Popeye input, or a YACPDB entry when the text starts with `---` or has an
/// `algebraic:` line, as `forsyth problem` decides), or the error that stops the reading (422, with its line and
/// column).
pub fn problems(text: &str, show: &Show) -> Result<Value, ApiError> {
    let Read { format, problems: read, language, ignored } = read(text)?;
    let problems: Vec<Value> = read.iter().enumerate().map(|(i, p)| problem(i + 1, p, language, show)).collect();
    Ok(json!({
        "format": format,
        "keywords": if language == PopeyeLanguage::German { "de" } else { "en" },
        // YACPDB keys forsyth does not model (the solution, twins, ...), named rather than dropped unseen.
        "ignored": ignored,
        "problems": problems,
    }))
}

fn problem(number: usize, p: &ProblemDescription, language: PopeyeLanguage, show: &Show) -> Value {
    let shown = if p.is_orthodox() && p.conditions.is_empty() && show.topology == Topology::Plain {
        orthodox(p, show)
    } else {
        general(p, show)
    };
    let Shown { svg, legend, fen, moves, refused } = shown;
    json!({
        "number": number,
        "authors": p.authors,
        "origin": p.origin,
        "title": p.title,
        "award": p.award,
        "remarks": p.remarks,
        "stipulation": p.stipulation,
        "conditions": p.conditions,
        "options": p.options,
        "twins": p.twins,
        "count": p.count().to_string(),
        "fairy": !p.is_orthodox(),
        "board": show.topology.name(),
        "board_words": diagram::general::topology_words(show.topology, show.words),
        "fen": fen,
        "svg": svg,
        "legend": legend,
        "legal": moves,
        // Why the moves are not listed: a condition forsyth does not play, an illegal position, ...
        "refused": refused.map(|(code, message)| json!({"code": code, "message": message})),
        "popeye": p.write(language),
        "yacpdb": yacpdb::write(p),
    })
}

struct Shown {
    svg: String,
    legend: Vec<String>,
    fen: Option<String>,
    moves: Vec<String>,
    refused: Option<(&'static str, String)>,
}

fn refusal(e: &ProblemError) -> Option<(&'static str, String)> {
    Some((e.code(), e.to_string()))
}

/// An orthodox problem on the plain board: the position Popeye reads, its moves in the page's letters.
fn orthodox(p: &ProblemDescription, show: &Show) -> Shown {
    let board = p.board().unwrap_or_else(|_| forsyth::Board::empty(forsyth::BoardShape::Standard));
    match p.position() {
        Ok(pos) => Shown {
            svg: picture(&Diagram::from_position(&pos), Some(&pos), None, show.flip),
            legend: Vec::new(),
            fen: Some(Fen::from_position(&pos).to_string()),
            moves: pos.legal_moves().iter().map(|&m| write_move(&pos, m, &show.write)).collect(),
            refused: None,
        },
        Err(e) => Shown {
            svg: picture(&Diagram::new(board), None, None, show.flip),
            legend: Vec::new(),
            fen: None,
            moves: Vec::new(),
            refused: refusal(&e),
        },
    }
}

/// A problem with fairy pieces, or on a cylinder: its general position, drawn with the legend.
fn general(p: &ProblemDescription, show: &Show) -> Shown {
    // The problem's pieces, letters and rights on the board asked for (Popeye's is plain).
    let on_board = |pos: &GeneralPosition| pos.with_topology(show.topology);
    let drawn = on_board(&p.general_board());
    let style = diagram_style(show.flip, None);
    let svg = svg::general(&drawn, &style, show.words);
    let legend = diagram::general::legend(&drawn, show.words);
    let playable = p.general_position().map_err(|e| refusal(&e)).and_then(|pos| {
        let pos = on_board(&pos);
        pos.validate().map_err(|e| Some((e.code(), e.to_string())))?;
        let moves = pos.legal_moves().map_err(|e| Some((e.code(), e.to_string())))?;
        Ok((write_fen(&pos), moves.into_iter().map(|m| write_general_move(&pos, m, show.style)).collect()))
    });
    match playable {
        Ok((fen, moves)) => Shown { svg, legend, fen: Some(fen), moves, refused: None },
        Err(refused) => Shown { svg, legend, fen: None, moves: Vec::new(), refused },
    }
}
