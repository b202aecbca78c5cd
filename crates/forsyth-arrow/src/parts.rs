//! Part files: a table written as `DIR/<table>/part-00000.<ext>`, `part-00001.<ext>` ... in Parquet (zstd), Arrow
//! IPC (zstd), newline-delimited JSON or CSV, each part written under a hidden temporary name and renamed once
//! complete, so that no half-written file ever stands under a final name.

use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow::array::{Array, ArrayRef, AsArray, RecordBatch, StringBuilder};
use arrow::datatypes::{DataType, Field, Schema, SchemaRef};
use arrow::error::ArrowError;
use arrow::util::display::{ArrayFormatter, FormatOptions};
use parquet::arrow::{ArrowSchemaConverter, ArrowWriter};
use parquet::basic::{Compression, ZstdLevel};
use parquet::errors::ParquetError;
use parquet::file::properties::{EnabledStatistics, WriterProperties};

use crate::tables::Table;

/// A file format for part files.
///
/// ```
/// use forsyth_arrow::Format;
/// let names: Vec<_> = Format::ALL.iter().map(|f| f.name()).collect();
/// assert_eq!(names, ["parquet", "arrow", "ndjson", "csv"]);
/// assert_eq!(Format::from_name("csv"), Some(Format::Csv));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Apache Parquet, zstd-compressed.
    Parquet,
    /// Arrow IPC file format (Feather v2), zstd-compressed.
    Arrow,
    /// Newline-delimited JSON: one object per row.
    Ndjson,
    /// CSV with a header line; the nested columns (`tags`, `nags`) as text.
    Csv,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 4] = [Format::Parquet, Format::Arrow, Format::Ndjson, Format::Csv];

    /// The format's name, which is also its files' extension.
    ///
    /// ```
    /// use forsyth_arrow::Format;
    /// assert_eq!((Format::Parquet.name(), Format::Ndjson.name()), ("parquet", "ndjson"));
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Format::Parquet => "parquet",
            Format::Arrow => "arrow",
            Format::Ndjson => "ndjson",
            Format::Csv => "csv",
        }
    }

    /// The format of this name.
    ///
    /// ```
    /// use forsyth_arrow::Format;
    /// assert_eq!(Format::from_name("parquet"), Some(Format::Parquet));
    /// assert_eq!(Format::from_name("xlsx"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name().eq_ignore_ascii_case(name))
    }
}

/// Why an export could not be written. [`ExportError::code`] is stable (docs/errors.md).
///
/// ```
/// use forsyth_arrow::{ExportError, prepare_directory};
/// let dir = std::env::temp_dir().join(format!("forsyth-arrow-doc-export-error-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("notes.txt"), "mine").unwrap();
/// let err = prepare_directory(&dir, false).unwrap_err(); // a folder with files in it, no overwrite
/// assert!(matches!(err, ExportError::NotEmpty(_)));
/// assert_eq!(err.code(), "export.not-empty");
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug)]
pub enum ExportError {
    /// The output directory holds files already (and overwriting was not asked for).
    NotEmpty(PathBuf),
    /// Creating, writing or renaming a file failed (unwritable directory, full disk ...).
    Io(PathBuf, io::Error),
    /// The Arrow or Parquet writer refused a batch.
    Encode(PathBuf, String),
}

impl ExportError {
    /// A stable identifier: `export.not-empty`, `export.io` or `export.encode`.
    ///
    /// ```
    /// use forsyth_arrow::ExportError;
    /// let error = ExportError::NotEmpty("out".into());
    /// assert_eq!(error.code(), "export.not-empty");
    /// assert!(error.to_string().contains("--overwrite"));
    /// ```
    pub const fn code(&self) -> &'static str {
        match self {
            ExportError::NotEmpty(_) => "export.not-empty",
            ExportError::Io(..) => "export.io",
            ExportError::Encode(..) => "export.encode",
        }
    }
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::NotEmpty(dir) => write!(
                f,
                "{}: the directory is not empty; choose an empty or new directory, or pass --overwrite to replace \
                 the tables in it [{}]",
                dir.display(),
                self.code()
            ),
            ExportError::Io(path, error) => write!(f, "{}: {error} [{}]", path.display(), self.code()),
            ExportError::Encode(path, error) => write!(f, "{}: {error} [{}]", path.display(), self.code()),
        }
    }
}

impl std::error::Error for ExportError {}

/// Makes `dir` ready for an export of `tables`: creates it, refuses it if it holds anything unless `overwrite`,
/// and with `overwrite` removes the part files of earlier exports (`<table>/part-*`) so that no stale part mixes
/// with the new ones. (A temporary `.part-*.tmp` left by a stopped export is hidden from readers, and written over
/// by the next export of that part.)
///
/// ```
/// use forsyth_arrow::prepare_directory;
/// let dir = std::env::temp_dir().join(format!("forsyth-arrow-doc-prepare-{}", std::process::id()));
/// prepare_directory(&dir, false).unwrap();
/// assert!(dir.is_dir() && std::fs::read_dir(&dir).unwrap().next().is_none()); // created, empty
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn prepare_directory(dir: &Path, overwrite: bool) -> Result<(), ExportError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |e| ExportError::Io(path, e)
    };
    fs::create_dir_all(dir).map_err(io(dir))?;
    let mut entries = fs::read_dir(dir).map_err(io(dir))?;
    if entries.next().is_none() {
        return Ok(());
    }
    if !overwrite {
        return Err(ExportError::NotEmpty(dir.to_path_buf()));
    }
    for table in Table::ALL {
        let folder = dir.join(table.name());
        let Ok(entries) = fs::read_dir(&folder) else { continue };
        for entry in entries {
            let path = entry.map_err(io(&folder))?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            if name.starts_with("part-") {
                fs::remove_file(&path).map_err(io(&path))?;
            }
        }
    }
    Ok(())
}

/// The encoder of one open part file.
enum Encoder {
    Parquet(ArrowWriter<BufWriter<File>>),
    Arrow(arrow::ipc::writer::FileWriter<BufWriter<File>>),
    Ndjson(arrow::json::LineDelimitedWriter<BufWriter<File>>),
    Csv(arrow::csv::Writer<BufWriter<File>>),
}

/// A part file being written under its temporary name; removed if dropped before [`OpenPart::close`].
struct OpenPart {
    encoder: Option<Encoder>,
    temporary: PathBuf,
    path: PathBuf,
    rows: usize,
}

impl Drop for OpenPart {
    fn drop(&mut self) {
        if self.encoder.is_some() {
            // Not completed: nothing is left behind (the error that stopped it is reported by the caller).
            self.encoder = None;
            let _ = fs::remove_file(&self.temporary);
        }
    }
}

/// Rows of a Parquet row group: large enough for good compression and fast scans, small enough to keep the
/// writer's memory (it holds a row group's encoded pages until the group is complete) far under 256 MiB.
const ROW_GROUP_ROWS: usize = 256 * 1024;

/// The Parquet writer's settings: zstd at level 1 (the fastest positive level; higher levels cost several times
/// the time for a few per cent of size, negative ones save little time and make the games table 25 % larger), and
/// per column the two pieces of work whose cost is per value: dictionary encoding only where values repeat, and
/// minimum/maximum statistics only where a query engine can use them to skip row groups and pages. None of it
/// changes the columns, their types or their values (docs/export.md, "How the Parquet files are written").
fn parquet_properties(schema: &SchemaRef, level: ZstdLevel) -> Result<WriterProperties, ParquetError> {
    let mut properties = WriterProperties::builder()
        .set_compression(Compression::ZSTD(level))
        .set_max_row_group_row_count(Some(ROW_GROUP_ROWS));
    // The settings are per leaf column: a map's keys and values, a list's items.
    for leaf in ArrowSchemaConverter::new().convert(schema)?.columns() {
        let path = leaf.path();
        let top = path.parts().first().map_or("", String::as_str);
        if WITHOUT_DICTIONARY.contains(&top) {
            properties = properties.set_column_dictionary_enabled(path.clone(), false);
        }
        if WITHOUT_STATISTICS.contains(&top) {
            properties = properties.set_column_statistics_enabled(path.clone(), EnabledStatistics::None);
        }
    }
    Ok(properties.build())
}

/// Columns written without a dictionary: those whose values rarely repeat (a game's id, number and line in the
/// games table, whole games' moves, positions, messages, comments) gain nothing from one but pay for hashing every
/// value into it until it overflows; and the numbers of the moves table (`ply`, `clock_seconds`, `eval_cp`,
/// `eval_mate`), which zstd packs as small without it. The moves table's `game_id` repeats on each of a game's
/// moves, but plain it comes out the same size: zstd finds the repeats itself.
const WITHOUT_DICTIONARY: [&str; 13] = [
    "game_id",
    "game_number",
    "line",
    "moves_uci",
    "moves_san",
    "final_fen",
    "error_message",
    "fen_before",
    "comment",
    "ply",
    "clock_seconds",
    "eval_cp",
    "eval_mate",
];

/// Columns written without minimum/maximum statistics: texts no query filters by range (whole games' moves,
/// positions, messages, comments, the tags map), and the moves table's `san`, `uci`, `piece`, `is_check`,
/// `is_capture` and `nags`, whose values all occur in every row group, so that their range never lets a reader
/// skip one. Comparing every text value with the minimum and the maximum was 8 % of the export's work.
const WITHOUT_STATISTICS: [&str; 14] = [
    "moves_uci",
    "moves_san",
    "start_fen",
    "final_fen",
    "error_message",
    "tags",
    "san",
    "uci",
    "fen_before",
    "is_check",
    "is_capture",
    "piece",
    "nags",
    "comment",
];

impl OpenPart {
    fn create(path: PathBuf, schema: &SchemaRef, format: Format) -> Result<OpenPart, ExportError> {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("part");
        let temporary = path.with_file_name(format!(".{name}.tmp"));
        let file = File::create(&temporary).map_err(|e| ExportError::Io(temporary.clone(), e))?;
        let mut part = OpenPart { encoder: None, temporary, path, rows: 0 };
        let out = BufWriter::with_capacity(1 << 20, file);
        let encoder = match format {
            Format::Parquet => {
                let level = ZstdLevel::try_new(1).map_err(|e| part.encode_error(e))?;
                let properties = parquet_properties(schema, level).map_err(|e| part.encode_error(e))?;
                Encoder::Parquet(
                    ArrowWriter::try_new(out, schema.clone(), Some(properties)).map_err(|e| part.encode_error(e))?,
                )
            }
            Format::Arrow => {
                let options = arrow::ipc::writer::IpcWriteOptions::default()
                    .try_with_compression(Some(arrow::ipc::CompressionType::ZSTD))
                    .map_err(|e| part.encode_error(e))?;
                Encoder::Arrow(
                    arrow::ipc::writer::FileWriter::try_new_with_options(out, schema, options)
                        .map_err(|e| part.encode_error(e))?,
                )
            }
            Format::Ndjson => Encoder::Ndjson(arrow::json::LineDelimitedWriter::new(out)),
            Format::Csv => Encoder::Csv(arrow::csv::Writer::new(out)),
        };
        part.encoder = Some(encoder);
        Ok(part)
    }

    fn encode_error(&self, error: impl fmt::Display) -> ExportError {
        ExportError::Encode(self.temporary.clone(), error.to_string())
    }

    fn write(&mut self, batch: &RecordBatch) -> Result<(), ExportError> {
        let result = match &mut self.encoder {
            Some(Encoder::Parquet(w)) => w.write(batch).map_err(|e| e.to_string()),
            Some(Encoder::Arrow(w)) => w.write(batch).map_err(|e| e.to_string()),
            Some(Encoder::Ndjson(w)) => w.write(batch).map_err(|e| e.to_string()),
            Some(Encoder::Csv(w)) => as_text_columns(batch).and_then(|b| w.write(&b)).map_err(|e| e.to_string()),
            None => Ok(()),
        };
        self.rows += batch.num_rows();
        result.map_err(|e| ExportError::Encode(self.temporary.clone(), e))
    }

    /// Completes the file and gives it its final name; returns its size. On an error the temporary file is
    /// removed.
    fn close(self) -> Result<u64, ExportError> {
        let temporary = self.temporary.clone();
        let closed = self.complete();
        if closed.is_err() {
            let _ = fs::remove_file(&temporary);
        }
        closed
    }

    fn complete(mut self) -> Result<u64, ExportError> {
        let encode = |e: &dyn fmt::Display| ExportError::Encode(self.temporary.clone(), e.to_string());
        let out = match self.encoder.take() {
            Some(Encoder::Parquet(w)) => w.into_inner().map_err(|e| encode(&e))?,
            Some(Encoder::Arrow(mut w)) => {
                w.finish().map_err(|e| encode(&e))?;
                w.into_inner().map_err(|e| encode(&e))?
            }
            Some(Encoder::Ndjson(mut w)) => {
                w.finish().map_err(|e| encode(&e))?;
                w.into_inner()
            }
            Some(Encoder::Csv(w)) => w.into_inner(),
            None => return Ok(0),
        };
        let io = |e| ExportError::Io(self.temporary.clone(), e);
        let file = out.into_inner().map_err(|e| io(e.into_error()))?;
        file.sync_all().map_err(io)?;
        let size = file.metadata().map_err(io)?.len();
        drop(file);
        fs::rename(&self.temporary, &self.path).map_err(io)?;
        Ok(size)
    }
}

/// The CSV writer takes only flat columns: `tags` becomes a JSON object's text, a list (`nags`, `warnings`) its
/// values separated by spaces.
fn as_text_columns(batch: &RecordBatch) -> Result<RecordBatch, ArrowError> {
    let schema = batch.schema();
    let mut fields = Vec::with_capacity(schema.fields().len());
    let mut columns = Vec::with_capacity(schema.fields().len());
    for (field, column) in schema.fields().iter().zip(batch.columns()) {
        let text: Option<ArrayRef> = match field.data_type() {
            DataType::Map(..) => {
                let map = column.as_map();
                let mut out = StringBuilder::new();
                for row in 0..map.len() {
                    let entries = map.value(row);
                    let (keys, values) = (entries.column(0).as_string::<i32>(), entries.column(1).as_string::<i32>());
                    let object: serde_json::Map<String, serde_json::Value> = (0..keys.len())
                        .map(|i| (keys.value(i).to_string(), serde_json::Value::from(values.value(i))))
                        .collect();
                    out.append_value(serde_json::Value::Object(object).to_string());
                }
                Some(Arc::new(out.finish()))
            }
            DataType::List(_) => {
                let list = column.as_list::<i32>();
                let mut out = StringBuilder::new();
                for row in 0..list.len() {
                    let values = list.value(row);
                    let values = ArrayFormatter::try_new(values.as_ref(), &FormatOptions::default())?;
                    let words: Vec<String> =
                        (0..list.value_length(row)).map(|i| values.value(i as usize).to_string()).collect();
                    out.append_value(words.join(" "));
                }
                Some(Arc::new(out.finish()))
            }
            _ => None,
        };
        match text {
            Some(text) => {
                fields.push(Field::new(field.name(), DataType::Utf8, false));
                columns.push(text);
            }
            None => {
                fields.push(field.as_ref().clone());
                columns.push(column.clone());
            }
        }
    }
    RecordBatch::try_new(Arc::new(Schema::new(fields)), columns)
}

/// Writes one table's batches into part files of at most `rows_per_file` rows each.
///
/// ```
/// use forsyth_arrow::{Format, PartWriter, Table};
/// let dir = std::env::temp_dir().join(format!("forsyth-arrow-doc-part-writer-{}", std::process::id()));
/// let writer = PartWriter::new(&dir, Table::Moves, Format::Csv, 1000).unwrap();
/// assert_eq!((writer.table(), writer.folder()), (Table::Moves, dir.join("moves").as_path()));
/// let (files, _size) = writer.finish().unwrap();
/// assert_eq!(files.len(), 1); // a table without rows still gets one part, for its schema
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub struct PartWriter {
    table: Table,
    folder: PathBuf,
    schema: SchemaRef,
    format: Format,
    rows_per_file: usize,
    open: Option<OpenPart>,
    written: Vec<PathBuf>,
    bytes: u64,
}

impl PartWriter {
    /// A writer of `table` into `dir/<table>/` (created if needed).
    ///
    /// ```
    /// use forsyth_arrow::{Format, PartWriter, Table};
    /// let dir = tempfile::tempdir().unwrap();
    /// let writer = PartWriter::new(&dir.path().join("out"), Table::Games, Format::Parquet, 1000).unwrap();
    /// assert!(dir.path().join("out/games").is_dir());
    /// # drop(writer);
    /// ```
    pub fn new(dir: &Path, table: Table, format: Format, rows_per_file: usize) -> Result<PartWriter, ExportError> {
        let folder = dir.join(table.name());
        fs::create_dir_all(&folder).map_err(|e| ExportError::Io(folder.clone(), e))?;
        Ok(PartWriter {
            table,
            folder,
            schema: table.schema(),
            format,
            rows_per_file: rows_per_file.max(1),
            open: None,
            written: Vec::new(),
            bytes: 0,
        })
    }

    /// The table this writer writes.
    ///
    /// ```
    /// use forsyth_arrow::{Format, PartWriter, Table};
    /// let dir = tempfile::tempdir().unwrap();
    /// assert_eq!(PartWriter::new(dir.path(), Table::Moves, Format::Arrow, 10).unwrap().table(), Table::Moves);
    /// ```
    pub fn table(&self) -> Table {
        self.table
    }

    /// The folder its part files go into (`dir/<table>/`).
    ///
    /// ```
    /// use forsyth_arrow::{Format, PartWriter, Table};
    /// let dir = tempfile::tempdir().unwrap();
    /// let writer = PartWriter::new(dir.path(), Table::Games, Format::Ndjson, 10).unwrap();
    /// assert_eq!(writer.folder(), dir.path().join("games"));
    /// ```
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// Writes a batch, starting new part files as the old ones fill up.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
    /// use forsyth_arrow::{Format, GameRecorder, PartWriter, Table, TableBuilder, TableOptions};
    /// let options = TableOptions::default();
    /// let raw = GameSplitter::new("1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n".as_bytes()).next().unwrap().unwrap();
    /// let mut recorder = GameRecorder::new(&options);
    /// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
    /// let row = recorder.finish(report);
    /// let mut batches = Vec::new();
    /// let mut tables = TableBuilder::new("demo.pgn", &[Table::Moves], 100, options);
    /// tables.push(1, 1, &row, &mut |_, batch| Ok(batches.push(batch))).unwrap();
    /// tables.finish(&mut |_, batch| Ok(batches.push(batch))).unwrap();
    /// // Five moves, at most two rows a file: three part files.
    /// let dir = tempfile::tempdir().unwrap();
    /// let mut writer = PartWriter::new(dir.path(), Table::Moves, Format::Csv, 2).unwrap();
    /// writer.write(&batches[0]).unwrap();
    /// let (files, _) = writer.finish().unwrap();
    /// assert_eq!(files.len(), 3);
    /// assert!(files[2].ends_with("moves/part-00002.csv"));
    /// ```
    pub fn write(&mut self, batch: &RecordBatch) -> Result<(), ExportError> {
        let mut offset = 0;
        while offset < batch.num_rows() {
            let part = match &mut self.open {
                Some(part) => part,
                None => {
                    let number = self.written.len();
                    let path = self.folder.join(format!("part-{number:05}.{}", self.format.name()));
                    self.open.insert(OpenPart::create(path, &self.schema, self.format)?)
                }
            };
            let room = self.rows_per_file - part.rows;
            let take = room.min(batch.num_rows() - offset);
            part.write(&batch.slice(offset, take))?;
            offset += take;
            if part.rows >= self.rows_per_file {
                self.close_part()?;
            }
        }
        Ok(())
    }

    fn close_part(&mut self) -> Result<(), ExportError> {
        if let Some(part) = self.open.take() {
            let path = part.path.clone();
            self.bytes += part.close()?;
            self.written.push(path);
        }
        Ok(())
    }

    /// Completes the last part file; returns the files written and their total size. A table without rows
    /// still gets one (empty) part, so that readers find its schema.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
    /// use forsyth_arrow::{Format, GameRecorder, PartWriter, Table, TableBuilder, TableOptions};
    /// let options = TableOptions::default();
    /// let raw = GameSplitter::new("1. e4 e5 *\n".as_bytes()).next().unwrap().unwrap();
    /// let mut recorder = GameRecorder::new(&options);
    /// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
    /// let row = recorder.finish(report);
    /// let dir = tempfile::tempdir().unwrap();
    /// let mut writer = PartWriter::new(dir.path(), Table::Moves, Format::Ndjson, 1000).unwrap();
    /// let mut tables = TableBuilder::new("demo.pgn", &[Table::Moves], 100, options);
    /// tables.push(1, 1, &row, &mut |_, batch| writer.write(&batch).map_err(std::io::Error::other)).unwrap();
    /// tables.finish(&mut |_, batch| writer.write(&batch).map_err(std::io::Error::other)).unwrap();
    /// let (files, bytes) = writer.finish().unwrap();
    /// let text = std::fs::read_to_string(&files[0]).unwrap();
    /// assert_eq!((text.lines().count(), text.len() as u64), (2, bytes));
    /// ```
    pub fn finish(mut self) -> Result<(Vec<PathBuf>, u64), ExportError> {
        if self.written.is_empty() && self.open.is_none() {
            let empty = RecordBatch::new_empty(self.schema.clone());
            let path = self.folder.join(format!("part-00000.{}", self.format.name()));
            let mut part = OpenPart::create(path, &self.schema, self.format)?;
            part.write(&empty)?;
            self.open = Some(part);
        }
        self.close_part()?;
        Ok((std::mem::take(&mut self.written), self.bytes))
    }
}
