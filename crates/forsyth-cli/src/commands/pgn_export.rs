//! `forsyth pgn export`: PGN files as tables (one row per game, one per move) in Parquet, Arrow IPC, NDJSON or
//! CSV part files. The tables are built by `forsyth-arrow`, which the Python package shares.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::Instant;

use forsyth::notation::styles::MoveStyle;
use forsyth_arrow::{
    ExportError, Format, GameRecorder, PartWriter, Table, TableOptions, TableThreads, prepare_directory,
};
use serde_json::json;

use super::pgn_read::ReadArgs;
use crate::{Failure, input, stream};

/// Rows handed to the writers at a time.
const BATCH_ROWS: usize = 8192;

/// Write games as tables: one row per game and one per move, in Parquet, Arrow, NDJSON or CSV part files.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  forsyth pgn export lichess_2024-01.pgn.zst --to tables\n  \
    forsyth pgn export --jobs 2 --table moves --fen games.pgn --to out --format arrow\n  \
    forsyth pgn export --lang de --format csv partien.pgn --to csv --overwrite --json\n\n\
    Writes DIR/games/part-00000.parquet ... and DIR/moves/part-00000.parquet ... (columns: docs/export.md).\n\
    A game with an error is a row with error_code, error_line, error_column and its moves up to the error.\n\
    Part files are written under a hidden temporary name and renamed when complete. A non-empty DIR is refused\n\
    without --overwrite. Exit status 0 once the tables are written (errors in games included), 1 if they cannot be.")]
pub struct ExportArgs {
    #[command(flatten)]
    read: ReadArgs,
    /// The directory to write the tables into.
    #[arg(long, value_name = "DIR")]
    to: PathBuf,
    /// File format: parquet (zstd), arrow (IPC file, zstd), ndjson or csv.
    #[arg(long, default_value = "parquet", value_parser = format)]
    format: Format,
    /// Which tables: games, moves or both.
    #[arg(long, default_value = "both", value_parser = ["games", "moves", "both"])]
    table: String,
    /// Rows per part file (each table's own rows).
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    rows_per_file: u64,
    /// How the san and moves_san columns write moves (any notation and language, as in `pgn convert`).
    #[command(flatten)]
    moves: input::MoveWriteArgs,
    /// Fill the moves table's fen_before column.
    #[arg(long)]
    fen: bool,
    /// Fill the moves table's comment column.
    #[arg(long)]
    comments: bool,
    /// Replace the tables of an earlier export in DIR.
    #[arg(long)]
    overwrite: bool,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
}

/// Reads every input into `tables`, counting what it reads in `summary`.
fn read_inputs(
    args: &ExportArgs,
    tables: &mut TableThreads,
    options: &TableOptions,
    summary: &mut Summary,
) -> Result<(), Failure> {
    let read_options = args.read.options(false);
    for path in args.read.inputs() {
        let input = stream::open(&path)?;
        let read = input.bytes_read();
        // Games are named by their file's name, not its path: the same file gives the same ids wherever it lies.
        let source = Path::new(&path).file_name().map_or(path.clone(), |n| n.to_string_lossy().into_owned());
        tables.begin_file(&source)?;
        let jobs = reading_threads(args.read.jobs);
        // Games are recorded into the rows the tables are done with.
        let rows = tables.rows();
        stream::read_games(input, jobs, &read_options, || rows.recorder(options), GameRecorder::finish, {
            |text, row| {
                summary.games += 1;
                summary.moves += row.ply_count() as u64;
                summary.errors += u64::from(row.error().is_some());
                summary.warnings += row.warnings().len() as u64;
                tables.push(text.number, text.line, row)
            }
        })?;
        summary.bytes_read += read.load(Ordering::Relaxed);
    }
    Ok(())
}

/// The threads that read the games when the export runs on `jobs`: with several, a worker thread builds and
/// encodes the tables (about 60 % of the work), so reading takes one thread fewer than asked. With `--jobs 2` on
/// two cores, two readers beside the table threads took 1.4 times the processor time of one reader on short human
/// games and three times the memory; one reader is slower only where reading dominates (engine games
/// with long comments): BENCHMARKS.md, "Games as tables".
fn reading_threads(jobs: usize) -> usize {
    jobs.saturating_sub(1).max(1)
}

fn format(name: &str) -> Result<Format, String> {
    Format::from_name(name).ok_or_else(|| format!("unknown format '{name}' (use parquet, arrow, ndjson or csv)"))
}

/// What an export wrote.
#[derive(Default)]
struct Summary {
    games: u64,
    moves: u64,
    errors: u64,
    /// Repairs made to read the games (each in its game's `warnings` column).
    warnings: u64,
    bytes_read: u64,
}

pub fn export(args: ExportArgs) -> Result<(), Failure> {
    let started = Instant::now();
    let tables: Vec<Table> = match args.table.as_str() {
        "games" => vec![Table::Games],
        "moves" => vec![Table::Moves],
        _ => Table::ALL.to_vec(),
    };
    let options = TableOptions { notation: args.moves.options(MoveStyle::San), fen: args.fen, comments: args.comments };
    prepare_directory(&args.to, args.overwrite)?;
    let rows_per_file = usize::try_from(args.rows_per_file).unwrap_or(usize::MAX);
    let writers = tables
        .iter()
        .map(|&table| PartWriter::new(&args.to, table, args.format, rows_per_file))
        .collect::<Result<Vec<_>, ExportError>>()?;
    // With several jobs a worker thread builds and writes the tables beside the reading (on one thread fewer
    // than the jobs); on one, the calling thread does it all. The files are the same either way: each table's
    // batches are built from the games in file order.
    let workers = usize::from(args.read.jobs > 1);
    let mut tables = TableThreads::spawn(writers, workers, BATCH_ROWS, options);
    let mut summary = Summary::default();
    if let Err(failure) = read_inputs(&args, &mut tables, &options, &mut summary) {
        tables.abandon()?;
        return Err(failure);
    }
    let (files, bytes_written) = tables.finish()?;
    let seconds = started.elapsed().as_secs_f64();
    let mut out = io::stdout().lock();
    if args.json {
        let files: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        let report = json!({
            "games": summary.games,
            "moves": summary.moves,
            "errors": summary.errors,
            "warnings": summary.warnings,
            "bytes_read": summary.bytes_read,
            "bytes_written": bytes_written,
            "seconds": seconds,
            "format": args.format.name(),
            "files": files,
        });
        writeln!(out, "{report}")
    } else {
        let warnings = match summary.warnings {
            0 => String::new(),
            1 => ", 1 warning".to_string(),
            n => format!(", {n} warnings"),
        };
        writeln!(
            out,
            "{} games ({} with errors{warnings}), {} moves: {} files, {bytes_written} bytes in {} ({seconds:.1} s)",
            summary.games,
            summary.errors,
            summary.moves,
            files.len(),
            args.to.display()
        )
    }
    .or_else(stream::closed_pipe)?;
    Ok(())
}
