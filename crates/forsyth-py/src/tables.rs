//! `forsyth.pgn.to_arrow`: a table of a PGN input (`games` or `moves`, built by `forsyth-arrow`) handed to
//! pyarrow as a `RecordBatchReader` through the Arrow C stream interface, without copying. The batches are read
//! on a thread of their own, a couple ahead of the Python code that takes them.

use arrow::ffi_stream::FFI_ArrowArrayStream;
use forsyth::pgn::PgnReadOptions;
use forsyth_arrow::{Table, TableOptions, TableStream};
use pyo3::exceptions::{PyImportError, PyModuleNotFoundError};
use pyo3::prelude::*;

use crate::errors::argument;
use crate::options;
use crate::pgn::{open, read_options};

/// Reads a path (`.zst`, `.gz`, `.bz2` decompressed) or file object into one table, `games` or `moves` (columns:
/// docs/export.md), as a `pyarrow.RecordBatchReader` of batches of `batch_rows` rows (fewer where they come to more
/// than a mebibyte of text, as long engine games do; the last has what is left). A game with an error
/// is a row with its error columns. `style`/`lang` choose how the `san` columns are written.
#[pyfunction]
#[pyo3(signature = (source, table = "games", batch_rows = 65536, jobs = 1, encoding = None, lang = None, style = "san", san_lang = "en", fen = false, comments = false, allow = None))]
#[allow(clippy::too_many_arguments)]
pub fn to_arrow<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    table: &str,
    batch_rows: usize,
    jobs: usize,
    encoding: Option<&str>,
    lang: Option<&str>,
    style: &str,
    san_lang: &str,
    fen: bool,
    comments: bool,
    allow: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let pyarrow = import_pyarrow(py)?;
    let table =
        Table::from_name(table).ok_or_else(|| argument(format!("unknown table '{table}' (use games or moves)")))?;
    if batch_rows == 0 {
        return Err(argument("batch_rows must be at least 1".to_string()));
    }
    let read = PgnReadOptions { keep_broken: false, ..read_options(encoding, lang, allow)? };
    let options = TableOptions { notation: options::write(style, san_lang)?, fen, comments };
    let (reader, name) = open(source)?;
    // Games are named by their file's name, as `forsyth pgn export` names them.
    let source_name =
        std::path::Path::new(&name).file_name().map_or(name.clone(), |n| n.to_string_lossy().into_owned());
    let stream = TableStream::spawn(reader, source_name, table, batch_rows, jobs, read, options);
    let mut exported = Box::new(FFI_ArrowArrayStream::new(Box::new(stream)));
    // pyarrow moves the stream out of the struct (leaving it released, so dropping it afterwards does nothing).
    let address = std::ptr::from_mut::<FFI_ArrowArrayStream>(&mut exported).addr();
    let reader = pyarrow.getattr("RecordBatchReader")?.call_method1("_import_from_c", (address,))?;
    drop(exported);
    Ok(reader)
}

/// pyarrow, which only `to_arrow` needs and the package leaves optional (the extra `forsyth[arrow]`). Imported before
/// any game is read, so that without it nothing starts; the error says what to install, its cause why the import
/// failed.
fn import_pyarrow(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    py.import("pyarrow").map_err(|e| {
        if !e.is_instance_of::<PyImportError>(py) {
            return e;
        }
        let error = PyModuleNotFoundError::new_err(format!(
            "forsyth.pgn.to_arrow needs pyarrow, which could not be imported ({}): \
             pip install 'forsyth[arrow]' (or pip install pyarrow)",
            e.value(py)
        ));
        // The exception's `name`, as Python's own import error sets it.
        let _ = error.value(py).setattr("name", "pyarrow");
        error.set_cause(py, Some(e));
        error
    })
}
