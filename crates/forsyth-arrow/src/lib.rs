//! PGN games as Apache Arrow tables: one row per game (`games`) and one row per main-line move (`moves`), built
//! from the library's streaming PGN reader in bounded memory, and written as part files in Parquet, Arrow IPC,
//! NDJSON or CSV with the Apache Arrow crates. The CLI's `forsyth pgn export` and the Python package's
//! `forsyth.pgn.to_arrow` both build on it; docs/export.md documents every column.
//!
//! A broken game is a row like any other, with its error in `error_code`, `error_line`, `error_column` and
//! `error_message`, and its moves up to the error.
//!
//! ```
//! use forsyth::pgn::Reader;
//! use forsyth_arrow::{GameRecorder, Table, TableBuilder, TableOptions};
//! let options = TableOptions::default();
//! let mut tables = TableBuilder::new("demo.pgn", &[Table::Games], 100, options);
//! let mut games = Vec::new();
//! let file = "[White \"A\"]\n\n1. e4 e5 2. Ke3 *\n";
//! Reader::from_bytes(file.as_bytes()).visit(|| GameRecorder::new(&options), GameRecorder::finish,
//!     |text, row| tables.push(text.number, text.line, &row, &mut |_, batch| { games.push(batch); Ok(()) }))
//!     .unwrap();
//! tables.finish(&mut |_, batch| { games.push(batch); Ok(()) }).unwrap();
//! let batch = &games[0];
//! let code = batch.column_by_name("error_code").unwrap();
//! let code = arrow::array::cast::as_string_array(code);
//! assert_eq!(code.value(0), "illegal-move");
//! ```

// Every `pub` item can be reached from outside (and has an example, run as a doctest: forsyth's
// `tests/public_examples.rs`); what only the crate uses says so with `pub(crate)`.
#![warn(missing_docs, unreachable_pub)]

mod parts;
mod rows;
mod stream;
mod tables;
mod threads;

pub use parts::{ExportError, Format, PartWriter, prepare_directory};
pub use rows::{GameRecorder, GameRow, RowPool, TableOptions};
pub use stream::TableStream;
pub use tables::{BatchSink, Table, TableBuilder};
pub use threads::TableThreads;
