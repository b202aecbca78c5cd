//! The package's exceptions: `forsyth.Error` (a `ValueError`) and one subclass per kind of input, each carrying
//! `.code`, `.line` and `.column` and the message the CLI prints.

use forsyth::notation::MoveError;
use forsyth::notation::fen::{FenError as FenSyntaxError, FenPositionError, Quoted};
use forsyth::notation::score::TranslationError;
use forsyth::pgn::PgnError as GamePgnError;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::{PyTypeInfo, create_exception};

create_exception!(forsyth, Error, PyValueError, "Base class of every error forsyth raises for bad input.");
create_exception!(forsyth, FenError, Error, "A text that is not a FEN, or a FEN of no legal position.");
create_exception!(forsyth, IllegalMoveError, Error, "A move that cannot be read or played in the position.");
create_exception!(forsyth, PgnError, Error, "A problem in a PGN game, with the line and column where it is.");

/// An exception of type `T` with `message` and the attributes every forsyth error has.
fn located<T: PyTypeInfo>(
    py: Python<'_>,
    message: String,
    code: &str,
    line: Option<u64>,
    column: Option<u64>,
) -> PyErr {
    let error = PyErr::new::<T, _>(message);
    let value = error.value(py);
    // Setting attributes on a fresh exception instance cannot fail.
    let _ = value.setattr("code", code);
    let _ = value.setattr("line", line);
    let _ = value.setattr("column", column);
    error
}

/// A FEN that cannot be read, as the CLI words it.
pub fn fen_syntax(py: Python<'_>, text: &str, error: &FenSyntaxError) -> PyErr {
    let message = format!("invalid FEN {}: [{}] {error}", Quoted(text.trim()), error.code);
    located::<FenError>(py, message, error.code, Some(1), Some(error.column as u64))
}

/// A FEN that cannot be read or describes no legal position.
pub fn fen(py: Python<'_>, text: &str, error: &FenPositionError) -> PyErr {
    match error {
        FenPositionError::Syntax(e) => fen_syntax(py, text, e),
        FenPositionError::Illegal(e) => {
            let code = e.problems.first().map_or("position.illegal", |p| p.code());
            located::<FenError>(py, format!("illegal position {}: {e}", Quoted(text.trim())), code, None, None)
        }
    }
}

/// A move that cannot be read or is not legal.
pub fn illegal_move(py: Python<'_>, error: &MoveError) -> PyErr {
    let message = format!("'{}': {} [{}]", error.text, error.reason(), error.code());
    located::<IllegalMoveError>(py, message, error.code(), None, None)
}

/// The first move of a list that cannot be played: `move 6 (3...) 'Lxe4': no black bishop can reach e4
/// [move.unreachable]`, as `forsyth translate` says it.
pub fn illegal_move_in_list(py: Python<'_>, error: &TranslationError) -> PyErr {
    located::<IllegalMoveError>(py, error.to_string(), error.code, None, None)
}

/// A move that is not legal, without a reader's error behind it (a `Move` from elsewhere).
pub fn illegal_move_text(py: Python<'_>, text: &str, reason: &str) -> PyErr {
    located::<IllegalMoveError>(py, format!("'{text}': {reason} [move.illegal]"), "move.illegal", None, None)
}

/// A problem in a game of the PGN input `name`, as `forsyth pgn check` prints it; also `.game` and `.ply`.
pub fn pgn(py: Python<'_>, name: &str, error: &GamePgnError) -> PyErr {
    let raised =
        located::<PgnError>(py, format!("{name}:{error}"), error.kind.code(), Some(error.line), Some(error.column));
    let value = raised.value(py);
    let _ = value.setattr("game", error.game);
    let _ = value.setattr("ply", error.ply);
    raised
}

/// An argument that names nothing forsyth knows (a variant, a language, a style).
pub fn argument(message: String) -> PyErr {
    PyValueError::new_err(message)
}

/// Registers the exception classes in the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("Error", py.get_type::<Error>())?;
    module.add("FenError", py.get_type::<FenError>())?;
    module.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    module.add("PgnError", py.get_type::<PgnError>())?;
    Ok(())
}
