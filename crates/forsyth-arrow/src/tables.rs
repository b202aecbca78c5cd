//! The two tables' schemas, and the builders that turn game rows into Arrow record batches.

use std::sync::Arc;

use arrow::array::{
    Array, ArrayBuilder, ArrayRef, BooleanBuilder, Float64Builder, Int32Builder, ListBuilder, MapBuilder, RecordBatch,
    StringBuilder, UInt8Builder, UInt32Builder, UInt64Builder,
};
use arrow::datatypes::{DataType, Field, Schema, SchemaRef};
use arrow::error::ArrowError;
use forsyth::pgn::{Eval, GameResult};

use crate::rows::{GameRow, TableOptions, tag_column, text};

/// Which table: one row per game, or one row per main-line move.
///
/// ```
/// use forsyth_arrow::Table;
/// assert_eq!(Table::ALL, [Table::Games, Table::Moves]);
/// assert!(Table::Games.schema().field_with_name("moves_uci").is_ok());
/// assert!(Table::Moves.schema().field_with_name("moves_uci").is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Table {
    /// One row per game.
    Games,
    /// One row per half-move of a game's main line.
    Moves,
}

impl Table {
    /// Both tables.
    pub const ALL: [Table; 2] = [Table::Games, Table::Moves];

    /// The table's name: `games` or `moves` (also its folder under an export's directory).
    ///
    /// ```
    /// use forsyth_arrow::Table;
    /// assert_eq!(Table::ALL.map(Table::name), ["games", "moves"]);
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Table::Games => "games",
            Table::Moves => "moves",
        }
    }

    /// The table of this name.
    ///
    /// ```
    /// use forsyth_arrow::Table;
    /// assert_eq!(Table::from_name("moves"), Some(Table::Moves));
    /// assert_eq!(Table::from_name("players"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Table> {
        Table::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The table's schema (documented column by column in docs/export.md).
    ///
    /// ```
    /// use forsyth_arrow::Table;
    /// let schema = Table::Moves.schema();
    /// assert_eq!(schema.field(0).name(), "game_id");
    /// assert!(schema.field_with_name("clock_seconds").is_ok());
    /// ```
    pub fn schema(self) -> SchemaRef {
        match self {
            Table::Games => games_schema(),
            Table::Moves => moves_schema(),
        }
    }
}

/// The type of the games table's `tags` column: what `MapBuilder` makes of two string builders.
fn tags_type() -> DataType {
    let entries = Field::new(
        "entries",
        DataType::Struct(
            vec![Field::new("key", DataType::Utf8, false), Field::new("value", DataType::Utf8, true)].into(),
        ),
        false,
    );
    DataType::Map(Arc::new(entries), false)
}

/// The type of the moves table's `nags` column: what `ListBuilder` makes of a `UInt8Builder`.
fn nags_type() -> DataType {
    DataType::List(Arc::new(Field::new("item", DataType::UInt8, true)))
}

/// The type of the games table's `warnings` column: what `ListBuilder` makes of a `StringBuilder`.
fn warnings_type() -> DataType {
    DataType::List(Arc::new(Field::new("item", DataType::Utf8, true)))
}

fn games_schema() -> SchemaRef {
    let text = |name: &str| Field::new(name, DataType::Utf8, true);
    Arc::new(Schema::new(vec![
        Field::new("game_id", DataType::Utf8, false),
        Field::new("source", DataType::Utf8, false),
        Field::new("game_number", DataType::UInt64, false),
        Field::new("line", DataType::UInt64, false),
        text("event"),
        text("site"),
        text("date"),
        text("round"),
        text("white"),
        text("black"),
        Field::new("result", DataType::Utf8, false),
        Field::new("white_elo", DataType::Int32, true),
        Field::new("black_elo", DataType::Int32, true),
        text("eco"),
        text("opening"),
        text("time_control"),
        text("termination"),
        text("variant"),
        text("start_fen"),
        Field::new("ply_count", DataType::UInt32, false),
        Field::new("moves_uci", DataType::Utf8, false),
        Field::new("moves_san", DataType::Utf8, false),
        text("final_fen"),
        text("error_code"),
        Field::new("error_line", DataType::UInt64, true),
        Field::new("error_column", DataType::UInt64, true),
        text("error_message"),
        Field::new("warnings", warnings_type(), false),
        Field::new("tags", tags_type(), false),
    ]))
}

fn moves_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        Field::new("game_id", DataType::Utf8, false),
        Field::new("ply", DataType::UInt32, false),
        Field::new("san", DataType::Utf8, false),
        Field::new("uci", DataType::Utf8, false),
        Field::new("fen_before", DataType::Utf8, true),
        Field::new("is_check", DataType::Boolean, false),
        Field::new("is_capture", DataType::Boolean, false),
        Field::new("piece", DataType::Utf8, true),
        Field::new("clock_seconds", DataType::Float64, true),
        Field::new("eval_cp", DataType::Int32, true),
        Field::new("eval_mate", DataType::Int32, true),
        Field::new("nags", nags_type(), false),
        Field::new("comment", DataType::Utf8, true),
    ]))
}

/// An Elo tag's value as a number; `?`, `-` or anything else that is not a whole number is null.
fn elo(value: Option<&str>) -> Option<i32> {
    value?.trim().parse().ok()
}

/// A builder's array, leaving in its place a builder with room for as much again and an eighth more: the next batch
/// is about as large, and a builder that starts empty grows by copying itself over and over.
fn take_strings(builder: &mut StringBuilder) -> ArrayRef {
    let array = builder.finish();
    let room = |n: usize| n + n / 8;
    *builder = StringBuilder::with_capacity(room(array.len()), room(array.value_data().len()));
    Arc::new(array)
}

/// [`take_strings`] for a column of numbers or booleans.
fn take<B: ArrayBuilder>(builder: &mut B, with_capacity: fn(usize) -> B) -> ArrayRef {
    let array = builder.finish();
    *builder = with_capacity(array.len() + array.len() / 8);
    array
}

/// The games table's columns being built.
struct GamesColumns {
    game_id: StringBuilder,
    source: StringBuilder,
    game_number: UInt64Builder,
    line: UInt64Builder,
    /// `event` to `black`, then `result`.
    roster: [StringBuilder; 7],
    white_elo: Int32Builder,
    black_elo: Int32Builder,
    /// `eco`, `opening`, `time_control`, `termination`.
    more: [StringBuilder; 4],
    variant: StringBuilder,
    start_fen: StringBuilder,
    ply_count: UInt32Builder,
    moves_uci: StringBuilder,
    moves_san: StringBuilder,
    final_fen: StringBuilder,
    error_code: StringBuilder,
    error_line: UInt64Builder,
    error_column: UInt64Builder,
    error_message: StringBuilder,
    warnings: ListBuilder<StringBuilder>,
    tags: MapBuilder<StringBuilder, StringBuilder>,
}

impl GamesColumns {
    fn new() -> GamesColumns {
        GamesColumns {
            game_id: StringBuilder::new(),
            source: StringBuilder::new(),
            game_number: UInt64Builder::new(),
            line: UInt64Builder::new(),
            roster: std::array::from_fn(|_| StringBuilder::new()),
            white_elo: Int32Builder::new(),
            black_elo: Int32Builder::new(),
            more: std::array::from_fn(|_| StringBuilder::new()),
            variant: StringBuilder::new(),
            start_fen: StringBuilder::new(),
            ply_count: UInt32Builder::new(),
            moves_uci: StringBuilder::new(),
            moves_san: StringBuilder::new(),
            final_fen: StringBuilder::new(),
            error_code: StringBuilder::new(),
            error_line: UInt64Builder::new(),
            error_column: UInt64Builder::new(),
            error_message: StringBuilder::new(),
            warnings: ListBuilder::new(StringBuilder::new()),
            tags: MapBuilder::new(None, StringBuilder::new(), StringBuilder::new()),
        }
    }

    fn append(&mut self, source: &str, game_id: &str, number: u64, line: u64, row: &GameRow) -> Result<(), ArrowError> {
        let tag = |column: usize| row.tags.column(column);
        self.game_id.append_value(game_id);
        self.source.append_value(source);
        self.game_number.append_value(number);
        self.line.append_value(line);
        for (column, builder) in self.roster.iter_mut().take(tag_column::RESULT).enumerate() {
            builder.append_option(tag(column));
        }
        // The Result tag, or the termination marker where the tag is missing, or `*` (unknown, as the PGN
        // standard writes it) where both are.
        let result = tag(tag_column::RESULT).or(row.result.map(GameResult::as_str)).unwrap_or("*");
        self.roster[tag_column::RESULT].append_value(result);
        self.white_elo.append_option(elo(tag(tag_column::WHITE_ELO)));
        self.black_elo.append_option(elo(tag(tag_column::BLACK_ELO)));
        for (column, builder) in (tag_column::ECO..).zip(self.more.iter_mut()) {
            builder.append_option(tag(column));
        }
        self.variant.append_option(row.variant.map(|v| v.name()));
        self.start_fen.append_option(row.start_fen.as_deref());
        self.ply_count.append_value(u32::try_from(row.moves.len()).unwrap_or(u32::MAX));
        self.moves_uci.append_value(&row.uci);
        self.moves_san.append_value(&row.san);
        self.final_fen.append_option(row.final_fen.as_deref());
        let error = row.error.as_ref();
        self.error_code.append_option(error.map(|e| e.kind.code()));
        self.error_line.append_option(error.map(|e| e.line));
        self.error_column.append_option(error.map(|e| e.column));
        self.error_message.append_option(error.map(ToString::to_string));
        for warning in &row.warnings {
            self.warnings.values().append_value(warning.code());
        }
        self.warnings.append(true);
        for (name, value) in row.tags.others() {
            self.tags.keys().append_value(name);
            self.tags.values().append_value(value);
        }
        self.tags.append(true)
    }

    fn finish(&mut self) -> Vec<ArrayRef> {
        let mut columns: Vec<ArrayRef> = vec![
            take_strings(&mut self.game_id),
            take_strings(&mut self.source),
            take(&mut self.game_number, UInt64Builder::with_capacity),
            take(&mut self.line, UInt64Builder::with_capacity),
        ];
        columns.extend(self.roster.iter_mut().map(take_strings));
        columns.push(take(&mut self.white_elo, Int32Builder::with_capacity));
        columns.push(take(&mut self.black_elo, Int32Builder::with_capacity));
        columns.extend(self.more.iter_mut().map(take_strings));
        columns.extend([
            take_strings(&mut self.variant),
            take_strings(&mut self.start_fen),
            take(&mut self.ply_count, UInt32Builder::with_capacity),
            take_strings(&mut self.moves_uci),
            take_strings(&mut self.moves_san),
            take_strings(&mut self.final_fen),
            take_strings(&mut self.error_code),
            take(&mut self.error_line, UInt64Builder::with_capacity),
            take(&mut self.error_column, UInt64Builder::with_capacity),
            take_strings(&mut self.error_message),
            Arc::new(self.warnings.finish()),
            Arc::new(self.tags.finish()),
        ]);
        columns
    }
}

/// The moves table's columns being built.
struct MovesColumns {
    game_id: StringBuilder,
    ply: UInt32Builder,
    san: StringBuilder,
    uci: StringBuilder,
    fen_before: StringBuilder,
    is_check: BooleanBuilder,
    is_capture: BooleanBuilder,
    piece: StringBuilder,
    clock_seconds: Float64Builder,
    eval_cp: Int32Builder,
    eval_mate: Int32Builder,
    nags: ListBuilder<UInt8Builder>,
    comment: StringBuilder,
}

impl MovesColumns {
    fn new() -> MovesColumns {
        MovesColumns {
            game_id: StringBuilder::new(),
            ply: UInt32Builder::new(),
            san: StringBuilder::new(),
            uci: StringBuilder::new(),
            fen_before: StringBuilder::new(),
            is_check: BooleanBuilder::new(),
            is_capture: BooleanBuilder::new(),
            piece: StringBuilder::new(),
            clock_seconds: Float64Builder::new(),
            eval_cp: Int32Builder::new(),
            eval_mate: Int32Builder::new(),
            nags: ListBuilder::new(UInt8Builder::new()),
            comment: StringBuilder::new(),
        }
    }

    /// Appends a game's moves column by column: each column's loop is short and tight, and a column that is the
    /// same on every move (`game_id`) or null on all (`fen_before` and `comment` unless asked for) is appended at once.
    fn append(&mut self, game_id: &str, row: &GameRow, options: &TableOptions) {
        let moves = &row.moves;
        let n = moves.len();
        self.game_id.append_value_n(game_id, n);
        for ply in (1..).take(n) {
            self.ply.append_value(ply);
        }
        for facts in moves {
            self.san.append_value(text(&row.san, facts.san));
        }
        for facts in moves {
            self.uci.append_value(text(&row.uci, facts.uci));
        }
        if options.fen {
            for facts in moves {
                self.fen_before.append_value(text(&row.fens, facts.fen));
            }
        } else {
            self.fen_before.append_nulls(n);
        }
        for facts in moves {
            self.is_check.append_value(facts.check);
        }
        for facts in moves {
            self.is_capture.append_value(facts.capture);
        }
        for facts in moves {
            let mut piece = [0u8; 4];
            self.piece.append_option((facts.piece != ' ').then(|| &*facts.piece.encode_utf8(&mut piece)));
        }
        for facts in moves {
            self.clock_seconds.append_option(facts.clock);
        }
        for facts in moves {
            let (cp, mate) = match facts.eval {
                // Centipawns, rounded; an evaluation beyond what 32 bits hold is saturated.
                Some(Eval::Pawns(pawns)) => (Some((pawns * 100.0).round() as i32), None),
                Some(Eval::Mate(moves)) => (None, Some(moves)),
                None => (None, None),
            };
            self.eval_cp.append_option(cp);
            self.eval_mate.append_option(mate);
        }
        for facts in moves {
            let (start, end) = facts.nags;
            self.nags.values().append_slice(row.nags.get(start as usize..end as usize).unwrap_or_default());
            self.nags.append(true);
        }
        if options.comments {
            for facts in moves {
                self.comment.append_option(facts.comment.map(|range| text(&row.comments, range)));
            }
        } else {
            self.comment.append_nulls(n);
        }
    }

    fn finish(&mut self) -> Vec<ArrayRef> {
        let nags = self.nags.finish();
        let room = |n: usize| n + n / 8;
        self.nags =
            ListBuilder::with_capacity(UInt8Builder::with_capacity(room(nags.values().len())), room(nags.len()));
        vec![
            take_strings(&mut self.game_id),
            take(&mut self.ply, UInt32Builder::with_capacity),
            take_strings(&mut self.san),
            take_strings(&mut self.uci),
            take_strings(&mut self.fen_before),
            take(&mut self.is_check, BooleanBuilder::with_capacity),
            take(&mut self.is_capture, BooleanBuilder::with_capacity),
            take_strings(&mut self.piece),
            take(&mut self.clock_seconds, Float64Builder::with_capacity),
            take(&mut self.eval_cp, Int32Builder::with_capacity),
            take(&mut self.eval_mate, Int32Builder::with_capacity),
            Arc::new(nags),
            take_strings(&mut self.comment),
        ]
    }
}

/// Builds record batches of one or both tables from game rows, a batch of a table each time it holds
/// `batch_rows` rows or [`TableBuilder::BATCH_BYTES`] of text (a game's moves are never split across two batches).
///
/// ```
/// use forsyth::pgn::Reader;
/// use forsyth_arrow::{GameRecorder, Table, TableBuilder, TableOptions};
/// let options = TableOptions::default();
/// let mut tables = TableBuilder::new("demo.pgn", &[Table::Games, Table::Moves], 1024, options);
/// let mut batches = Vec::new();
/// let file = "1. e4 e5 2. Nf3 *\n\n1. d4 d5 *\n";
/// Reader::from_bytes(file.as_bytes()).visit(|| GameRecorder::new(&options),
///     GameRecorder::finish, |text, row| {
///         tables.push(text.number, text.line, &row, &mut |table, batch| { batches.push((table, batch)); Ok(()) })
///     }).unwrap();
/// tables.finish(&mut |table, batch| { batches.push((table, batch)); Ok(()) }).unwrap();
/// assert_eq!(batches[0].1.num_rows(), 2);
/// assert_eq!(batches[1].1.num_rows(), 5);
/// ```
pub struct TableBuilder {
    source: String,
    options: TableOptions,
    batch_rows: usize,
    game_id: String,
    games: Option<(GamesColumns, Filled)>,
    moves: Option<(MovesColumns, Filled)>,
}

/// What a table's columns hold since its last batch.
#[derive(Clone, Copy, Default)]
struct Filled {
    rows: usize,
    text_bytes: usize,
}

/// What receives finished batches; its error stops the reading.
///
/// ```
/// use arrow::array::RecordBatch;
/// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
/// use forsyth_arrow::{BatchSink, GameRecorder, Table, TableBuilder, TableOptions};
/// let options = TableOptions::default();
/// let raw = GameSplitter::new("1. e4 e5 *\n".as_bytes()).next().unwrap().unwrap();
/// let mut recorder = GameRecorder::new(&options);
/// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
/// let row = recorder.finish(report);
/// let mut rows = Vec::new();
/// let sink: &mut BatchSink<'_> = &mut |table: Table, batch: RecordBatch| Ok(rows.push((table, batch.num_rows())));
/// let mut tables = TableBuilder::new("demo.pgn", &Table::ALL, 100, options);
/// tables.push(1, 1, &row, sink).unwrap();
/// tables.finish(sink).unwrap();
/// assert_eq!(rows, [(Table::Games, 1), (Table::Moves, 2)]);
/// ```
pub type BatchSink<'a> = dyn FnMut(Table, RecordBatch) -> std::io::Result<()> + 'a;

impl TableBuilder {
    /// The text a batch holds at most (about; a batch ends after the game that reaches it). Rows of engine games
    /// run to kilobytes (both move lists, in the games table): a batch of `batch_rows` of them would be tens of
    /// megabytes, encoded all at once — for a collection of a few thousand games, the whole games table encoded
    /// only as the export ends, with nothing left to read beside it.
    pub const BATCH_BYTES: usize = 1 << 20;

    /// Builds `tables` for the games of the file named `source` (its name goes into `game_id`).
    ///
    /// ```
    /// use arrow::array::cast::as_string_array;
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
    /// use forsyth_arrow::{GameRecorder, Table, TableBuilder, TableOptions};
    /// let options = TableOptions::default();
    /// let raw = GameSplitter::new("1. e4 *\n".as_bytes()).next().unwrap().unwrap();
    /// let mut recorder = GameRecorder::new(&options);
    /// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
    /// let row = recorder.finish(report);
    /// let mut batches = Vec::new();
    /// let mut tables = TableBuilder::new("demo.pgn", &[Table::Moves], 100, options);
    /// tables.push(7, 40, &row, &mut |table, batch| Ok(batches.push((table, batch)))).unwrap();
    /// tables.finish(&mut |table, batch| Ok(batches.push((table, batch)))).unwrap();
    /// // Only the moves table; the game's id is the file's name and the game's number.
    /// assert_eq!((batches.len(), batches[0].0), (1, Table::Moves));
    /// assert_eq!(as_string_array(batches[0].1.column_by_name("game_id").unwrap()).value(0), "demo.pgn:7");
    /// ```
    pub fn new(source: &str, tables: &[Table], batch_rows: usize, options: TableOptions) -> TableBuilder {
        TableBuilder {
            source: source.to_string(),
            options,
            batch_rows: batch_rows.max(1),
            game_id: String::new(),
            games: tables.contains(&Table::Games).then(|| (GamesColumns::new(), Filled::default())),
            moves: tables.contains(&Table::Moves).then(|| (MovesColumns::new(), Filled::default())),
        }
    }

    /// Adds the game numbered `number` in its file, whose text starts on `line`; hands on the batches that are
    /// full.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
    /// use forsyth_arrow::{GameRecorder, Table, TableBuilder, TableOptions};
    /// let options = TableOptions::default();
    /// let raw = GameSplitter::new("1. e4 *\n".as_bytes()).next().unwrap().unwrap();
    /// let mut recorder = GameRecorder::new(&options);
    /// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
    /// let row = recorder.finish(report);
    /// let mut sizes = Vec::new();
    /// let mut sink = |_, batch: arrow::array::RecordBatch| Ok(sizes.push(batch.num_rows()));
    /// // Batches of two rows: the second game fills the first batch.
    /// let mut tables = TableBuilder::new("demo.pgn", &[Table::Games], 2, options);
    /// for number in 1..=3 {
    ///     tables.push(number, 1, &row, &mut sink).unwrap();
    /// }
    /// tables.finish(&mut sink).unwrap();
    /// assert_eq!(sizes, [2, 1]);
    /// ```
    pub fn push(&mut self, number: u64, line: u64, row: &GameRow, sink: &mut BatchSink<'_>) -> std::io::Result<()> {
        use std::fmt::Write;
        self.game_id.clear();
        let _ = write!(self.game_id, "{}:{number}", self.source);
        let (games_text, moves_text) = row.text_bytes();
        if let Some((columns, filled)) = &mut self.games {
            columns.append(&self.source, &self.game_id, number, line, row).map_err(std::io::Error::other)?;
            filled.rows += 1;
            filled.text_bytes += games_text;
        }
        if let Some((columns, filled)) = &mut self.moves {
            columns.append(&self.game_id, row, &self.options);
            filled.rows += row.moves.len();
            filled.text_bytes += moves_text;
        }
        self.flush(false, sink)
    }

    /// Hands on what is left.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
    /// use forsyth_arrow::{GameRecorder, Table, TableBuilder, TableOptions};
    /// let options = TableOptions::default();
    /// let raw = GameSplitter::new("1. e4 e5 *\n".as_bytes()).next().unwrap().unwrap();
    /// let mut recorder = GameRecorder::new(&options);
    /// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
    /// let row = recorder.finish(report);
    /// let mut tables = TableBuilder::new("demo.pgn", &[Table::Moves], 100, options);
    /// let mut handed = 0;
    /// tables.push(1, 1, &row, &mut |_, _| Ok(handed += 1)).unwrap();
    /// assert_eq!(handed, 0); // two rows of a hundred: the batch is not full
    /// tables.finish(&mut |_, batch| Ok(handed += batch.num_rows())).unwrap();
    /// assert_eq!(handed, 2);
    /// ```
    pub fn finish(mut self, sink: &mut BatchSink<'_>) -> std::io::Result<()> {
        self.flush(true, sink)
    }

    fn flush(&mut self, all: bool, sink: &mut BatchSink<'_>) -> std::io::Result<()> {
        let batch_rows = self.batch_rows;
        let full = |filled: &Filled| {
            filled.rows > 0 && (all || filled.rows >= batch_rows || filled.text_bytes >= Self::BATCH_BYTES)
        };
        if let Some((columns, filled)) = &mut self.games
            && full(filled)
        {
            *filled = Filled::default();
            let batch = RecordBatch::try_new(Table::Games.schema(), columns.finish()).map_err(std::io::Error::other)?;
            sink(Table::Games, batch)?;
        }
        if let Some((columns, filled)) = &mut self.moves
            && full(filled)
        {
            *filled = Filled::default();
            let batch = RecordBatch::try_new(Table::Moves.schema(), columns.finish()).map_err(std::io::Error::other)?;
            sink(Table::Moves, batch)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use forsyth::pgn::Reader;

    use crate::GameRecorder;

    /// Builds the tables of `text` in batches of `batch_rows` rows; the rows of each batch, by table.
    fn batch_rows(text: &str, batch_rows: usize, options: TableOptions) -> Vec<(Table, usize)> {
        let mut tables = TableBuilder::new("t.pgn", &Table::ALL, batch_rows, options);
        let mut batches = Vec::new();
        let mut sink = |table, batch: RecordBatch| {
            batches.push((table, batch.num_rows()));
            Ok(())
        };
        Reader::from_bytes(text.as_bytes())
            .visit(
                || GameRecorder::new(&options),
                GameRecorder::finish,
                |game, row| tables.push(game.number, game.line, &row, &mut sink),
            )
            .unwrap();
        tables.finish(&mut sink).unwrap();
        batches
    }

    #[test]
    fn a_batch_ends_at_the_game_whose_text_reaches_the_bound() {
        // Each game's row holds its moves twice (SAN and UCI) and its tags: a long line of knight moves makes
        // a row of some 7 KiB, so that the bound is reached long before the rows are.
        let shuffle = "Nf3 Nf6 Ng1 Ng8 ".repeat(100);
        let game = format!("[Event \"long\"]\n\n{shuffle}*\n\n");
        let text = game.repeat(400);
        let options = TableOptions::default();
        let games_batches: Vec<usize> = batch_rows(&text, 1 << 20, options)
            .into_iter()
            .filter(|(t, _)| *t == Table::Games)
            .map(|(_, n)| n)
            .collect();
        let row_bytes = {
            let one = batch_rows(&game, 1, options);
            assert_eq!(one, [(Table::Games, 1), (Table::Moves, 400)]);
            let mut bytes = None;
            Reader::from_bytes(game.as_bytes())
                .visit(
                    || GameRecorder::new(&options),
                    GameRecorder::finish,
                    |_, row| {
                        bytes = Some(row.text_bytes().0);
                        Ok(())
                    },
                )
                .unwrap();
            bytes.unwrap()
        };
        let per_batch = TableBuilder::BATCH_BYTES.div_ceil(row_bytes);
        assert!(per_batch < 400, "the bound is reached before the file ends ({row_bytes} bytes a row)");
        assert_eq!(games_batches.iter().sum::<usize>(), 400, "every game in a batch: {games_batches:?}");
        assert_eq!(games_batches.len(), 400usize.div_ceil(per_batch), "{games_batches:?}");
        let (last, full) = games_batches.split_last().unwrap();
        assert!(full.iter().all(|&n| n == per_batch), "{games_batches:?}, {per_batch} a batch");
        assert_eq!(*last, 400 - full.len() * per_batch);
        // Games without moves reach the bound in the games table only: the moves table gets no empty batch.
        let tags_only = format!("[Event \"{}\"]\n\n*\n\n", "e".repeat(600 << 10)).repeat(3);
        assert_eq!(batch_rows(&tags_only, 1 << 20, options), [(Table::Games, 2), (Table::Games, 1)]);
        // Short games fill a batch by its rows, as before.
        let short = "[Event \"s\"]\n\n1. e4 *\n\n".repeat(10);
        assert_eq!(
            batch_rows(&short, 4, options),
            [
                (Table::Games, 4),
                (Table::Moves, 4),
                (Table::Games, 4),
                (Table::Moves, 4),
                (Table::Games, 2),
                (Table::Moves, 2)
            ]
        );
    }
}
