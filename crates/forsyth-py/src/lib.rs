//! The Python package `forsyth`: a thin shell over the library. Positions and moves (`position`), texts
//! (`text`), PGN (`pgn`), PGN as Arrow tables (`tables`), the exceptions (`errors`) and the `forsyth` command
//! (`cli`); the Python side (`python/forsyth`) re-exports them with type stubs.

mod chess;
mod cli;
mod errors;
mod options;
mod pgn;
mod position;
mod tables;
mod text;

use pyo3::prelude::*;

/// The native module, `forsyth._forsyth`.
#[pymodule]
fn _forsyth(module: &Bound<'_, PyModule>) -> PyResult<()> {
    // The Python package's version is the crate's (the workspace's), as `forsyth --version` prints it.
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(module)?;
    module.add_class::<chess::ChessCore>()?;
    module.add_class::<position::PyPosition>()?;
    module.add_class::<position::PyMove>()?;
    module.add_class::<text::Svg>()?;
    module.add_function(wrap_pyfunction!(position::start_position, module)?)?;
    module.add_function(wrap_pyfunction!(text::translate, module)?)?;
    module.add_function(wrap_pyfunction!(text::explain, module)?)?;
    module.add_function(wrap_pyfunction!(text::board_svg, module)?)?;
    module.add_function(wrap_pyfunction!(text::count, module)?)?;
    module.add_class::<pgn::PyGame>()?;
    module.add_class::<pgn::Node>()?;
    module.add_class::<pgn::GameIterator>()?;
    module.add_class::<pgn::CheckReport>()?;
    module.add_class::<pgn::PgnWarning>()?;
    module.add_function(wrap_pyfunction!(pgn::read_games, module)?)?;
    module.add_function(wrap_pyfunction!(pgn::check, module)?)?;
    module.add_function(wrap_pyfunction!(tables::to_arrow, module)?)?;
    module.add_function(wrap_pyfunction!(cli::main, module)?)?;
    Ok(())
}
