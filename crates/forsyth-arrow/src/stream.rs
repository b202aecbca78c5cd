//! A table as a stream of record batches, read on a thread of its own: what the Python package hands to
//! pyarrow through the Arrow C stream interface.

use std::io::{self, BufRead};
use std::sync::mpsc::{Receiver, sync_channel};

use arrow::array::{RecordBatch, RecordBatchReader};
use arrow::datatypes::SchemaRef;
use arrow::error::ArrowError;
use forsyth::pgn::{PgnReadOptions, Reader};

use crate::rows::{GameRecorder, TableOptions};
use crate::tables::{Table, TableBuilder};

/// Batches read ahead of the consumer: memory stays bounded whatever the input's size.
const AHEAD: usize = 2;

/// The record batches of one table of a PGN stream, in file order, read on a thread of its own.
///
/// ```
/// use arrow::array::RecordBatchReader;
/// use forsyth::pgn::PgnReadOptions;
/// use forsyth_arrow::{Table, TableOptions, TableStream};
/// let file = "1. e4 e5 *\n\n1. d4 *\n".repeat(10);
/// let stream = TableStream::spawn(Box::new(std::io::Cursor::new(file)), "demo.pgn".into(), Table::Moves, 4,
///     1, PgnReadOptions::default(), TableOptions::default());
/// assert_eq!(stream.schema().field(1).name(), "ply");
/// let rows: usize = stream.map(|batch| batch.unwrap().num_rows()).sum();
/// assert_eq!(rows, 30);
/// ```
pub struct TableStream {
    schema: SchemaRef,
    batches: Receiver<Result<RecordBatch, ArrowError>>,
}

impl TableStream {
    /// Starts reading `reader` (its games numbered as in the file named `source`) into batches of `table` of
    /// about `batch_rows` rows, on `jobs` threads.
    ///
    /// ```
    /// use forsyth::pgn::PgnReadOptions;
    /// use forsyth_arrow::{Table, TableOptions, TableStream};
    /// let file = "1. e4 e5 *\n\n".repeat(10);
    /// let stream = TableStream::spawn(Box::new(std::io::Cursor::new(file)), "demo.pgn".into(), Table::Games, 4,
    ///     2, PgnReadOptions::default(), TableOptions::default());
    /// // Ten games in batches of four rows.
    /// let sizes: Vec<usize> = stream.map(|batch| batch.unwrap().num_rows()).collect();
    /// assert_eq!(sizes, [4, 4, 2]);
    /// ```
    pub fn spawn(
        reader: Box<dyn BufRead + Send>,
        source: String,
        table: Table,
        batch_rows: usize,
        jobs: usize,
        read: PgnReadOptions,
        options: TableOptions,
    ) -> TableStream {
        let (send, batches) = sync_channel(AHEAD);
        std::thread::spawn(move || {
            let mut tables = TableBuilder::new(&source, &[table], batch_rows, options);
            let closed = || io::Error::from(io::ErrorKind::BrokenPipe);
            let mut sink = |_: Table, batch: RecordBatch| send.send(Ok(batch)).map_err(|_| closed());
            let result = Reader::new(reader)
                .jobs(jobs.max(1))
                .options(read)
                .visit(
                    || GameRecorder::new(&options),
                    GameRecorder::finish,
                    |text, row| tables.push(text.number, text.line, &row, &mut sink),
                )
                .and_then(|()| tables.finish(&mut sink));
            if let Err(error) = result
                && error.kind() != io::ErrorKind::BrokenPipe
            {
                let _ = send.send(Err(ArrowError::IoError(format!("{source}: {error}"), error)));
            }
        });
        TableStream { schema: table.schema(), batches }
    }
}

impl Iterator for TableStream {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.batches.recv().ok()
    }
}

impl RecordBatchReader for TableStream {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}
