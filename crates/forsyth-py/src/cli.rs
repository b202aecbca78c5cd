//! The `forsyth` command a pip install puts on the path (`forsyth.__main__`, `python -m forsyth`): the command
//! line of the `forsyth_cli` library, the one the Rust binary runs, so that both take the same arguments and print
//! the same output.

use std::ffi::OsString;
use std::io::Write;

use pyo3::prelude::*;

/// Runs the `forsyth` command line with `argv` (the program's name first, as `sys.argv`) and returns its exit
/// status (0 success, 1 invalid input, 2 a usage error). Output goes to the process's standard output and error
/// directly, not through `sys.stdout`. The lock on Python is released while the command runs.
#[pyfunction]
pub fn main(py: Python<'_>, argv: Vec<OsString>) -> i32 {
    py.detach(move || {
        let status = forsyth_cli::run(argv);
        // A Rust program flushes standard output when `main` returns; inside Python nothing would, and a last line
        // without a newline would be lost. A reader that has gone away is no error (as in `forsyth_cli::run`).
        let _ = std::io::stdout().flush();
        status
    })
}
