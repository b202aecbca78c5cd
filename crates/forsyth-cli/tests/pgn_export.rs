//! `forsyth pgn export`: the tables it writes, read back with the Apache Arrow readers (Parquet, Arrow IPC) and
//! compared with what `forsyth pgn check` says of the same files (game and error counts) and with each other
//! (every format, one thread or two, one part file or many give the same rows); bad input and bad output
//! directories. The comparison with python-chess and DuckDB is in crates/forsyth-py/tests/test_export.py.

use std::fs::{self, File};
use std::path::{Path, PathBuf};

use arrow::array::{Array, AsArray, RecordBatch, RecordBatchReader};
use arrow::compute::concat_batches;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

mod common;
use common::{forsyth, ok};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Sample files: the examples and the PGN files of other projects' test suites (tests/differential/data/pgn).
fn samples() -> Vec<String> {
    let mut files = Vec::new();
    for dir in ["examples", "tests/differential/data/pgn/python-chess", "tests/differential/data/pgn/pychess"] {
        for entry in fs::read_dir(root().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.to_string_lossy().into_owned();
            if name.ends_with(".pgn") || name.ends_with(".pgn.zst") {
                files.push(name);
            }
        }
    }
    files.sort();
    assert!(files.len() > 30, "{files:?}");
    files
}

/// Every part file of a table, in order.
fn parts(dir: &Path, table: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir.join(table)).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files
}

/// A table's rows, from its Parquet part files.
fn read_parquet(dir: &Path, table: &str) -> RecordBatch {
    let mut batches = Vec::new();
    let mut schema = None;
    for path in parts(dir, table) {
        let reader = ParquetRecordBatchReaderBuilder::try_new(File::open(&path).unwrap()).unwrap().build().unwrap();
        schema = Some(reader.schema());
        batches.extend(reader.map(Result::unwrap));
    }
    concat_batches(&schema.unwrap(), &batches).unwrap()
}

/// A table's rows, from its Arrow IPC part files.
fn read_ipc(dir: &Path, table: &str) -> RecordBatch {
    let mut batches = Vec::new();
    let mut schema = None;
    for path in parts(dir, table) {
        let reader = arrow::ipc::reader::FileReader::try_new(File::open(&path).unwrap(), None).unwrap();
        schema = Some(reader.schema());
        batches.extend(reader.map(Result::unwrap));
    }
    concat_batches(&schema.unwrap(), &batches).unwrap()
}

fn export(dir: &Path, extra: &[&str], files: &[String]) -> serde_json::Value {
    let mut args = vec!["pgn", "export", "--json", "--to", dir.to_str().unwrap()];
    args.extend(extra);
    args.extend(files.iter().map(String::as_str));
    serde_json::from_str(&ok(&args)).unwrap()
}

fn strings(batch: &RecordBatch, column: &str) -> Vec<Option<String>> {
    let column = batch.column_by_name(column).unwrap();
    let column = column.as_string::<i32>();
    (0..column.len()).map(|i| column.is_valid(i).then(|| column.value(i).to_string())).collect()
}

#[test]
fn the_tables_hold_every_game_that_check_counts_and_every_move() {
    let dir = tempfile::tempdir().unwrap();
    let files = samples();
    let summary = export(dir.path(), &[], &files);
    // `pgn check` counts games and errors on its own: its last line is "N games, M valid, K with errors".
    let mut args = vec!["pgn", "check"];
    args.extend(files.iter().map(String::as_str));
    let checked = forsyth(&args);
    let last = String::from_utf8(checked.stdout).unwrap().lines().last().unwrap().to_string();
    let numbers: Vec<u64> = last.split([' ', ',']).filter_map(|w| w.parse().ok()).collect();
    let games = read_parquet(dir.path(), "games");
    assert_eq!(games.num_rows() as u64, numbers[0], "{last}");
    assert_eq!(summary["games"], numbers[0]);
    let errors = strings(&games, "error_code").iter().filter(|c| c.is_some()).count();
    assert_eq!(errors as u64, numbers[2], "{last}");
    assert_eq!(summary["errors"], numbers[2]);
    assert!(errors > 0, "the samples include broken games");
    // A broken game keeps its place: error line and column set, with its moves up to the error.
    let lines = games.column_by_name("error_line").unwrap();
    assert_eq!(lines.null_count(), games.num_rows() - errors);

    // The moves table, grouped by game, gives each game's ply_count moves and, joined, its moves_uci.
    let moves = read_parquet(dir.path(), "moves");
    assert_eq!(summary["moves"], moves.num_rows() as u64);
    let (ids, uci) = (strings(&moves, "game_id"), strings(&moves, "uci"));
    let plies = moves.column_by_name("ply").unwrap().as_primitive::<arrow::datatypes::UInt32Type>();
    let mut by_game = std::collections::HashMap::<String, Vec<(u32, String)>>::new();
    for i in 0..moves.num_rows() {
        by_game.entry(ids[i].clone().unwrap()).or_default().push((plies.value(i), uci[i].clone().unwrap()));
    }
    let counts = games.column_by_name("ply_count").unwrap().as_primitive::<arrow::datatypes::UInt32Type>();
    for ((id, line), count) in strings(&games, "game_id").into_iter().zip(strings(&games, "moves_uci")).zip(counts) {
        let played = by_game.remove(&id.unwrap()).unwrap_or_default();
        assert_eq!(played.len() as u32, count.unwrap());
        assert!(played.iter().enumerate().all(|(i, (ply, _))| *ply as usize == i + 1));
        let joined: Vec<String> = played.into_iter().map(|(_, m)| m).collect();
        assert_eq!(joined.join(" "), line.unwrap());
    }
    assert!(by_game.is_empty(), "moves without a game");
}

#[test]
fn every_format_and_thread_count_and_part_size_gives_the_same_rows() {
    let files = samples();
    let base = tempfile::tempdir().unwrap();
    let one = base.path().join("one");
    export(&one, &["--fen", "--comments"], &files);
    let (games, moves) = (read_parquet(&one, "games"), read_parquet(&one, "moves"));

    let two = base.path().join("two");
    export(&two, &["--fen", "--comments", "--jobs", "2", "--rows-per-file", "100"], &files);
    assert!(parts(&two, "moves").len() > 5);
    assert!(parts(&two, "moves").iter().all(|p| p.file_name().unwrap().to_str().unwrap().starts_with("part-")));
    assert_eq!(read_parquet(&two, "games"), games);
    assert_eq!(read_parquet(&two, "moves"), moves);
    // The same parts byte for byte on one thread (where everything is encoded on the calling thread) as on two
    // (where each table is built and encoded on a thread of its own) and on three (two of them reading blocks
    // ahead).
    let single = base.path().join("single");
    export(&single, &["--fen", "--comments", "--jobs", "1", "--rows-per-file", "100"], &files);
    let three = base.path().join("three");
    export(&three, &["--fen", "--comments", "--jobs", "3", "--rows-per-file", "100"], &files);
    for other in [&two, &three] {
        for table in ["games", "moves"] {
            let names =
                |dir: &Path| parts(dir, table).iter().map(|p| p.file_name().unwrap().to_owned()).collect::<Vec<_>>();
            assert_eq!(names(&single), names(other), "{table}");
            for (a, b) in parts(&single, table).iter().zip(parts(other, table)) {
                assert!(fs::read(a).unwrap() == fs::read(&b).unwrap(), "{} differs", b.display());
            }
        }
    }

    let ipc = base.path().join("ipc");
    export(&ipc, &["--fen", "--comments", "--format", "arrow"], &files);
    assert_eq!(read_ipc(&ipc, "games"), games);
    assert_eq!(read_ipc(&ipc, "moves"), moves);

    // NDJSON: one object per row, read back with arrow-json against the table's schema.
    let json = base.path().join("json");
    export(&json, &["--fen", "--comments", "--format", "ndjson"], &files);
    for (table, expected) in [("games", &games), ("moves", &moves)] {
        let mut batches = Vec::new();
        for path in parts(&json, table) {
            let reader = arrow::json::ReaderBuilder::new(expected.schema())
                .build(std::io::BufReader::new(File::open(path).unwrap()))
                .unwrap();
            batches.extend(reader.map(Result::unwrap));
        }
        assert_eq!(&concat_batches(&expected.schema(), &batches).unwrap(), expected, "{table}");
    }

    // CSV: a header and one record per row, the flat columns as they are.
    let csv = base.path().join("csv");
    export(&csv, &["--fen", "--comments", "--format", "csv", "--table", "games"], &files);
    assert!(!csv.join("moves").exists());
    let mut rows = 0;
    for path in parts(&csv, "games") {
        let mut reader = arrow::csv::ReaderBuilder::new(std::sync::Arc::new(arrow::datatypes::Schema::new(
            games
                .schema()
                .fields()
                .iter()
                .map(|f| arrow::datatypes::Field::new(f.name(), arrow::datatypes::DataType::Utf8, true))
                .collect::<Vec<_>>(),
        )))
        .with_header(true)
        .build(File::open(path).unwrap())
        .unwrap();
        for batch in reader.by_ref() {
            let batch = batch.unwrap();
            // CSV cannot tell an empty text (a game without moves) from a missing one.
            let text = |v: Vec<Option<String>>| v.into_iter().map(Option::unwrap_or_default).collect::<Vec<_>>();
            let expected = strings(&games, "moves_uci")[rows..rows + batch.num_rows()].to_vec();
            assert_eq!(text(strings(&batch, "moves_uci")), text(expected));
            rows += batch.num_rows();
        }
    }
    assert_eq!(rows, games.num_rows());
}

#[test]
fn a_non_empty_directory_is_refused_unless_overwrite_replaces_its_tables() {
    let dir = tempfile::tempdir().unwrap();
    let to = dir.path().to_str().unwrap();
    fs::write(dir.path().join("notes.txt"), "mine").unwrap();
    let example = root().join("examples/chess960-xfen-game.pgn");
    let example = example.to_str().unwrap();
    let refused = forsyth(&["pgn", "export", example, "--to", to]);
    assert_eq!(refused.status.code(), Some(1));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(message.contains("not empty") && message.contains("--overwrite"), "{message}");
    assert!(!dir.path().join("games").exists());

    // An earlier export's many parts are replaced, not mixed with the new ones; other files stay.
    ok(&["pgn", "export", example, "--to", to, "--overwrite", "--rows-per-file", "1"]);
    assert_eq!(parts(dir.path(), "moves").len(), 21);
    ok(&["pgn", "export", example, "--to", to, "--overwrite"]);
    assert_eq!(parts(dir.path(), "moves").len(), 1);
    assert_eq!(read_parquet(dir.path(), "moves").num_rows(), 21);
    assert!(dir.path().join("notes.txt").exists());
}

#[test]
fn an_unwritable_directory_is_a_clear_error_and_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    // A file where the directory should be: nothing can be created under it, whoever runs the test.
    let blocker = dir.path().join("file");
    fs::write(&blocker, "").unwrap();
    let to = blocker.join("tables");
    let example = root().join("examples/chess960-xfen-game.pgn");
    let output = forsyth(&["pgn", "export", example.to_str().unwrap(), "--to", to.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains(&to.display().to_string()) && message.contains("[export.io]"), "{message}");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn a_full_disk_stops_the_export_with_exit_1_and_no_file_under_a_final_name() {
    // /dev/full fails every write with "No space left on device"; a part file's temporary name pointing there
    // (a symbolic link) makes the writer meet a full disk.
    if !Path::new("/dev/full").exists() {
        return;
    }
    // On one thread the part is encoded where the games are read; on two, on its table's thread.
    for jobs in ["1", "2"] {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("games")).unwrap();
        std::os::unix::fs::symlink("/dev/full", dir.path().join("games/.part-00000.parquet.tmp")).unwrap();
        let files = samples();
        let mut args = vec!["pgn", "export", "--overwrite", "--jobs", jobs, "--to", dir.path().to_str().unwrap()];
        args.extend(files.iter().map(String::as_str));
        let output = forsyth(&args);
        assert_eq!(output.status.code(), Some(1), "--jobs {jobs}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains("No space left on device"), "--jobs {jobs}: {message}");
        assert!(!dir.path().join("games/part-00000.parquet").exists());
        // The unfinished part is removed too.
        assert!(fs::symlink_metadata(dir.path().join("games/.part-00000.parquet.tmp")).is_err());
    }
}

#[test]
fn unreadable_input_and_bad_options_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let to = dir.path().join("t");
    let missing = forsyth(&["pgn", "export", "no-such-file.pgn", "--to", to.to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no-such-file.pgn"));
    let usage = forsyth(&["pgn", "export", "x.pgn", "--to", "t", "--format", "xlsx"]);
    assert_eq!(usage.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&usage.stderr).contains("parquet, arrow, ndjson or csv"));
}

#[test]
fn moves_are_written_in_the_language_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let example = root().join("examples/chess960-xfen-game.pgn");
    export(dir.path(), &["--lang", "de", "--table", "moves"], &[example.to_string_lossy().into_owned()]);
    let moves = read_parquet(dir.path(), "moves");
    let san = strings(&moves, "san");
    // The same moves `pgn convert --lang de` writes.
    let converted = ok(&["pgn", "convert", "--lang", "de", example.to_str().unwrap()]);
    for san in san.iter().flatten() {
        assert!(converted.contains(san.as_str()), "{san}");
    }
    assert!(san.iter().flatten().any(|s| s.starts_with('L') || s.starts_with('S')), "{san:?}");
}

/// Moves written otherwise than SAN writes them: needless origins (`Ng1f3`, `Nfe4`, `Rfe8`), long algebraic,
/// `exd6e.p.`, castling with zeros, check and mate signs missing or wrong, a promotion without `=`.
const NON_CANONICAL: &str = "[Event \"Non-canonical SAN\"]\n[Result \"*\"]\n\n\
    1. e2-e4 e5 2. Ng1f3 Ng8-f6 3. d4 e5xd4 4. e5 Nfe4 5. Qd1xd4 d5 6. exd6e.p. Nxd6 7. Bg5 Nbc6 8. Qe3 Be7+ \
    9. Nbd2 0-0 10. O-O-O Rfe8 11. Kb1 *\n\n\
    [Event \"Mate without its sign\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 1-0\n\n\
    [Event \"Promotion without its sign\"]\n[SetUp \"1\"]\n[FEN \"7k/P7/8/8/8/8/8/K7 w - - 0 1\"]\n[Result \"*\"]\n\n\
    1. a8Q Kh8g7 2. Qa8b7 *\n";

/// Each game's moves as `pgn convert` writes them: the movetext's words without move numbers, draw offers and
/// results, one list per game.
fn converted_moves(text: &str) -> Vec<Vec<String>> {
    let mut games = vec![Vec::new()];
    let movetext = text.lines().filter(|line| !line.starts_with('['));
    for word in movetext.flat_map(str::split_whitespace) {
        if ["*", "1-0", "0-1", "1/2-1/2"].contains(&word) {
            games.push(Vec::new());
        } else if !(word.trim_end_matches('.').bytes().all(|b| b.is_ascii_digit()) || word == "(=)") {
            games.last_mut().unwrap().push(word.to_string());
        }
    }
    games.pop();
    games
}

/// The export writes each move anew from the position (copying nothing of how the file wrote it), exactly as
/// `pgn convert` does with the same options: in SAN, FIDE, long algebraic and problem notation, in English, German
/// and figurines, from English input in non-canonical forms and from German input (`--input-lang de`), on one
/// thread and on two.
#[test]
fn the_moves_are_written_as_pgn_convert_writes_them_whatever_the_input_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let english = dir.path().join("non-canonical.pgn");
    fs::write(&english, NON_CANONICAL).unwrap();
    let german = root().join("examples/fide-sample-game-de.pgn");
    let inputs = [(english.to_str().unwrap(), "en"), (german.to_str().unwrap(), "de")];
    let styles: [&[&str]; 7] = [
        &[],
        &["--lang", "de", "--notation", "fide"],
        &["--notation", "fide", "--double-plus-mate", "--capture", ":"],
        &["--figurine"],
        &["--notation", "problem", "--lang", "de"],
        &["--notation", "lan"],
        &["--notation", "uci"],
    ];
    for (file, language) in inputs {
        for (i, style) in styles.iter().enumerate() {
            let mut convert = vec!["pgn", "convert", "--input-lang", language, file];
            convert.extend(*style);
            let expected = converted_moves(&ok(&convert));
            assert!(!expected.is_empty() && expected.iter().all(|moves| moves.len() >= 3), "{expected:?}");
            let to = dir.path().join(format!("{language}-{i}"));
            let jobs = if i % 2 == 0 { "1" } else { "2" };
            let mut export_args =
                vec!["--input-lang", language, "--format", "ndjson", "--table", "games", "--jobs", jobs];
            export_args.extend(*style);
            export(&to, &export_args, &[file.to_string()]);
            let written = fs::read_to_string(to.join("games/part-00000.ndjson")).unwrap();
            let exported: Vec<Vec<String>> = written
                .lines()
                .map(|row| {
                    let row: serde_json::Value = serde_json::from_str(row).unwrap();
                    row["moves_san"].as_str().unwrap().split_whitespace().map(str::to_string).collect()
                })
                .collect();
            assert_eq!(exported, expected, "{file} {style:?}");
        }
    }
}

/// Each game's `warnings` (codes, in file order) as the games table holds them.
fn warning_codes(batch: &RecordBatch) -> Vec<Vec<String>> {
    let lists = batch.column_by_name("warnings").unwrap().as_list::<i32>();
    (0..lists.len())
        .map(|row| {
            let codes = lists.value(row);
            let codes = codes.as_string::<i32>();
            (0..codes.len()).map(|i| codes.value(i).to_string()).collect()
        })
        .collect()
}

#[test]
fn what_was_repaired_to_read_a_game_is_in_its_warnings_column() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("repaired.pgn");
    // A Result tag that disagrees with the marker; a tag value without its closing quote and a result with an en
    // dash; a FEN tag's impossible castling right; and a game with nothing to repair.
    let text = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n\n\
                [Event \"b]\n[Result \"1-0\"]\n\n1. d4 d5 1\u{2013}0\n\n\
                [Event \"c\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w KQ - 0 1\"]\n\n1. O-O *\n\n\
                [Event \"d\"]\n\n1. c4 *\n";
    fs::write(&input, text).unwrap();
    let input = input.to_str().unwrap().to_string();
    // `pgn check` prints one line per repair: the table holds the same codes, game by game.
    let checked = String::from_utf8(forsyth(&["pgn", "check", &input]).stdout).unwrap();
    let printed: Vec<&str> = checked.lines().filter(|l| l.contains(": warning: ")).collect();
    let expected = vec![vec!["result-mismatch"], vec!["tag-quote", "result-form"], vec!["fen-repaired"], vec![]];
    assert_eq!(printed.len(), 4, "{checked}");
    for (line, code) in printed.iter().zip(expected.iter().flatten()) {
        assert!(line.ends_with(&format!("[{code}]")), "{line}");
    }
    for jobs in ["1", "2"] {
        let out = dir.path().join(format!("tables-{jobs}"));
        let summary = export(&out, &["--jobs", jobs], std::slice::from_ref(&input));
        assert_eq!(
            (summary["games"].as_u64(), summary["errors"].as_u64(), summary["warnings"].as_u64()),
            (Some(4), Some(0), Some(4))
        );
        assert_eq!(warning_codes(&read_parquet(&out, "games")), expected);
        // The repaired values are those the warnings name: the Result tag's result.
        assert_eq!(strings(&read_parquet(&out, "games"), "result")[0].as_deref(), Some("1-0"));
    }
    // CSV writes a list as its values separated by spaces.
    let csv = dir.path().join("csv");
    export(&csv, &["--format", "csv", "--table", "games"], std::slice::from_ref(&input));
    let written = fs::read_to_string(&parts(&csv, "games")[0]).unwrap();
    assert!(written.lines().next().unwrap().contains(",warnings,"), "{written}");
    assert!(written.contains(",tag-quote result-form,"), "{written}");
}
