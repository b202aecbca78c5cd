//! One game as the tables see it: a [`Visitor`] that keeps the main line's moves with what the moves table
//! needs (their text in two notations, check, capture, clock, evaluation, NAGs, comments), and the game row it
//! becomes once the reader is done.

use std::borrow::Cow;
use std::sync::{Arc, LazyLock, Mutex};

use forsyth::notation::Disambiguation;
use forsyth::notation::fen::Fen;
use forsyth::notation::read::names_destination_only;
use forsyth::notation::styles::{
    MoveStyle, MoveWriteOptions, write_move_into, write_move_sign_into, write_move_unsigned_into,
};
use forsyth::pgn::{
    Eval, GameReport, GameResult, PgnError, Visitor, WarningKind, comment_commands, parse_clock, parse_eval,
};
use forsyth::{Move, Position, Variant};

/// How the tables are written: how SAN is spelled, and the optional columns.
///
/// ```
/// use arrow::array::cast::as_string_array;
/// use forsyth::notation::{Language, Letters, MoveStyle, MoveWriteOptions};
/// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
/// use forsyth_arrow::{GameRecorder, Table, TableBuilder, TableOptions};
/// let german = MoveWriteOptions::new(MoveStyle::San).with_letters(Letters::language(Language::De));
/// let options = TableOptions { notation: german, ..TableOptions::default() };
/// let raw = GameSplitter::new("1. e4 e5 2. Nf3 *\n".as_bytes()).next().unwrap().unwrap();
/// let mut recorder = GameRecorder::new(&options);
/// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
/// let mut tables = TableBuilder::new("demo.pgn", &[Table::Games], 100, options);
/// let mut batches = Vec::new();
/// let mut sink = |_, batch| Ok(batches.push(batch));
/// tables.push(1, 1, &recorder.finish(report), &mut sink).unwrap();
/// tables.finish(&mut sink).unwrap();
/// let moves_san = as_string_array(batches[0].column_by_name("moves_san").unwrap());
/// assert_eq!(moves_san.value(0), "e4 e5 Sf3");
/// ```
#[derive(Copy, Clone, Debug)]
pub struct TableOptions {
    /// How the `san` and `moves_san` columns write moves (English SAN by default; any style and any of the
    /// languages `forsyth pgn convert` knows).
    pub notation: MoveWriteOptions,
    /// Fill the moves table's `fen_before` column.
    pub fen: bool,
    /// Fill the moves table's `comment` column.
    pub comments: bool,
}

impl Default for TableOptions {
    fn default() -> TableOptions {
        TableOptions { notation: MoveWriteOptions::new(MoveStyle::San), fen: false, comments: false }
    }
}

/// Tags that have a column of their own in the games table, in the columns' order, and so stay out of its `tags`
/// map. `FEN` and `SetUp` are what `start_fen` says.
pub(crate) const TAG_COLUMNS: [&str; 15] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "WhiteElo",
    "BlackElo",
    "ECO",
    "Opening",
    "TimeControl",
    "Termination",
    "FEN",
    "SetUp",
];

/// Where the games table finds the tags it reads by name in [`TAG_COLUMNS`] (the six before `Result` are the
/// roster's first six, in order; the four from `ECO` on are its `more` columns).
pub(crate) mod tag_column {
    /// `Result`.
    pub(crate) const RESULT: usize = 6;
    /// `WhiteElo`.
    pub(crate) const WHITE_ELO: usize = 7;
    /// `BlackElo`.
    pub(crate) const BLACK_ELO: usize = 8;
    /// `ECO`, then `Opening`, `TimeControl`, `Termination`.
    pub(crate) const ECO: usize = 9;
}

/// A game's tags as the games table takes them, sorted once as they are read: the first value of each tag with a
/// column ([`TAG_COLUMNS`], by index), and the other tags in file order for the `tags` map. Names and values live
/// in one string, so that a game's tags cost one allocation rather than two per tag.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tags {
    text: String,
    columns: [Option<(u32, u32)>; TAG_COLUMNS.len()],
    others: Vec<((u32, u32), (u32, u32))>,
}

impl Tags {
    /// No tags, the buffers kept.
    fn clear(&mut self) {
        self.text.clear();
        self.columns = Default::default();
        self.others.clear();
    }

    fn push(&mut self, name: &str, value: &str) {
        let start = offset(self.text.len());
        self.text.push_str(value);
        let value_at = (start, offset(self.text.len()));
        match TAG_COLUMNS.iter().position(|&column| column == name) {
            Some(column) => {
                self.columns[column].get_or_insert(value_at);
            }
            // (A second tag of a column's name is dropped, as the column keeps the first.)
            None if self.others().any(|(other, _)| other == name) => {
                // A map's keys are unique: Parquet readers refuse a map that repeats one (DuckDB's "Map keys must be
                // unique" for the whole file), and JSON objects should not. The first value stays, as in a column
                // and in `Game::tag`; a name should not appear twice in a game (PGN standard §8.1).
                self.text.truncate(start as usize);
            }
            None => {
                self.text.push_str(name);
                self.others.push(((value_at.1, offset(self.text.len())), value_at));
            }
        }
    }

    /// The value of the first tag of column `column` of [`TAG_COLUMNS`].
    pub(crate) fn column(&self, column: usize) -> Option<&str> {
        self.columns[column].map(|range| text(&self.text, range))
    }

    /// The other tags, names and values, in file order.
    pub(crate) fn others(&self) -> impl Iterator<Item = (&str, &str)> {
        self.others.iter().map(|&(name, value)| (text(&self.text, name), text(&self.text, value)))
    }
}

/// The part of `text` a range of offsets points at.
pub(crate) fn text(text: &str, (start, end): (u32, u32)) -> &str {
    text.get(start as usize..end as usize).unwrap_or_default()
}

/// The standard start position and its FEN: most games start there, and its FEN is written once.
static STANDARD_START: LazyLock<(Position, String)> =
    LazyLock::new(|| (Position::default(), Fen::from_position(&Position::default()).to_string()));

/// What the moves table keeps of one main-line move; its texts live in the game's shared strings.
#[derive(Clone, Debug)]
pub(crate) struct MoveFacts {
    pub san: (u32, u32),
    pub uci: (u32, u32),
    pub fen: (u32, u32),
    pub comment: Option<(u32, u32)>,
    pub nags: (u32, u32),
    pub piece: char,
    pub check: bool,
    pub capture: bool,
    pub clock: Option<f64>,
    pub eval: Option<Eval>,
}

/// A [`Visitor`] that records a game for the tables: its tags, and its main line with each move's facts.
/// Variations are read (and checked) but not kept.
///
/// ```
/// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
/// use forsyth_arrow::{GameRecorder, TableOptions};
/// let text = "[White \"Anna\"]\n\n1. e4 {[%clk 0:03:00]} e5 (1... c5) 2. Nf3 1-0\n";
/// let raw = GameSplitter::new(text.as_bytes()).next().unwrap().unwrap();
/// let options = TableOptions::default();
/// let mut recorder = GameRecorder::new(&options);
/// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
/// let row = recorder.finish(report);
/// assert_eq!(row.moves_uci(), "e2e4 e7e5 g1f3");
/// assert_eq!(row.ply_count(), 3);
/// ```
#[derive(Clone, Debug)]
pub struct GameRecorder<'o> {
    options: &'o TableOptions,
    tags: Tags,
    start: Option<Position>,
    /// The main line's position before its last move, and that move: the position after it is needed only at
    /// the end (`final_fen`), so it is played once there rather than after every move.
    last: Option<(Position, Move)>,
    /// The last move's SAN still lacks the sign (`+`, `#`) that the position after it decides: the reader plays
    /// the move anyway, and the next move's position (or the final one) is that position.
    unsigned: bool,
    /// How deep inside variations the reader is; 0 on the main line.
    depth: u32,
    san: String,
    uci: String,
    fens: String,
    comments: String,
    nags: Vec<u8>,
    moves: Vec<MoveFacts>,
    result: Option<GameResult>,
}

/// One game, read: everything both tables need of it.
///
/// ```
/// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
/// use forsyth_arrow::{GameRecorder, TableOptions};
/// let options = TableOptions::default();
/// let raw = GameSplitter::new("[White \"A\"]\n\n1. e4 e5 2. Nf3 *\n".as_bytes()).next().unwrap().unwrap();
/// let mut recorder = GameRecorder::new(&options);
/// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
/// let row = recorder.finish(report);
/// assert_eq!((row.moves_uci(), row.ply_count(), row.error().is_none()), ("e2e4 e7e5 g1f3", 3, true));
/// ```
#[derive(Clone, Debug)]
pub struct GameRow {
    pub(crate) tags: Tags,
    pub(crate) variant: Option<Variant>,
    pub(crate) start_fen: Option<Cow<'static, str>>,
    pub(crate) final_fen: Option<String>,
    pub(crate) result: Option<GameResult>,
    pub(crate) san: String,
    pub(crate) uci: String,
    pub(crate) fens: String,
    pub(crate) comments: String,
    pub(crate) nags: Vec<u8>,
    pub(crate) moves: Vec<MoveFacts>,
    pub(crate) error: Option<PgnError>,
    /// What was repaired to read the game, in file order (none for nearly every game: no allocation then).
    pub(crate) warnings: Vec<WarningKind>,
}

impl GameRow {
    /// The main line in UCI, moves separated by spaces (the `moves_uci` column).
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
    /// use forsyth_arrow::{GameRecorder, TableOptions};
    /// let options = TableOptions::default();
    /// let text = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n";
    /// let raw = GameSplitter::new(text.as_bytes()).next().unwrap().unwrap();
    /// let mut recorder = GameRecorder::new(&options);
    /// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
    /// let row = recorder.finish(report);
    /// assert_eq!(row.moves_uci(), "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1"); // castling as the king's move
    /// ```
    pub fn moves_uci(&self) -> &str {
        &self.uci
    }

    /// Half-moves of the main line read (up to the error in a broken game).
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
    /// use forsyth_arrow::{GameRecorder, TableOptions};
    /// let options = TableOptions::default();
    /// let raw = GameSplitter::new("1. e4 e5 2. Ke3 d5 *\n".as_bytes()).next().unwrap().unwrap();
    /// let mut recorder = GameRecorder::new(&options);
    /// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
    /// let row = recorder.finish(report);
    /// assert_eq!(row.ply_count(), 2); // the moves before the illegal 2. Ke3
    /// ```
    pub fn ply_count(&self) -> usize {
        self.moves.len()
    }

    /// The error that stopped reading the game, if any.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
    /// use forsyth_arrow::{GameRecorder, TableOptions};
    /// let options = TableOptions::default();
    /// let raw = GameSplitter::new("1. e4 e5 2. Ke3 *\n".as_bytes()).next().unwrap().unwrap();
    /// let mut recorder = GameRecorder::new(&options);
    /// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
    /// let row = recorder.finish(report);
    /// let error = row.error().unwrap();
    /// assert_eq!((error.kind.code(), error.line, error.column), ("illegal-move", 1, 13));
    /// ```
    pub fn error(&self) -> Option<&PgnError> {
        self.error.as_ref()
    }

    /// What was repaired to read the game (the `warnings` column), in file order.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, WarningKind, read_game};
    /// use forsyth_arrow::{GameRecorder, TableOptions};
    /// let options = TableOptions::default();
    /// let raw = GameSplitter::new("1. e4 e5 1–0\n".as_bytes()).next().unwrap().unwrap();
    /// let mut recorder = GameRecorder::new(&options);
    /// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
    /// let row = recorder.finish(report);
    /// // A result written with an en dash.
    /// assert_eq!(row.warnings(), [WarningKind::ResultForm]);
    /// ```
    pub fn warnings(&self) -> &[WarningKind] {
        &self.warnings
    }

    /// The bytes of text it adds to the games table (tags, both move lists) and to the moves table (the moves,
    /// their positions and comments when asked for).
    pub(crate) fn text_bytes(&self) -> (usize, usize) {
        let moves = self.san.len() + self.uci.len();
        (self.tags.text.len() + moves, moves + self.fens.len() + self.comments.len())
    }

    /// The bytes its buffers hold room for (what a [`RowPool`] keeps of it).
    fn buffer_bytes(&self) -> usize {
        let Tags { text, others, .. } = &self.tags;
        text.capacity()
            + others.capacity() * std::mem::size_of::<((u32, u32), (u32, u32))>()
            + self.san.capacity()
            + self.uci.capacity()
            + self.fens.capacity()
            + self.comments.capacity()
            + self.nags.capacity()
            + self.moves.capacity() * std::mem::size_of::<MoveFacts>()
    }
}

/// Rows done with, whose buffers the next games are recorded into ([`GameRecorder::reusing`]): a game then
/// allocates nothing. [`TableThreads`](crate::TableThreads) gives back the rows its tables are done with; at most
/// [`RowPool::MOST`] wait. Clones share one pool.
///
/// ```
/// use forsyth::pgn::Reader;
/// use forsyth_arrow::{Format, GameRecorder, PartWriter, Table, TableOptions, TableThreads};
/// let dir = tempfile::tempdir().unwrap();
/// let writers = Table::ALL.iter().map(|&table| PartWriter::new(dir.path(), table, Format::Ndjson, 1000).unwrap());
/// let options = TableOptions::default();
/// let mut tables = TableThreads::spawn(writers.collect(), 0, 1000, options);
/// let rows = tables.rows();
/// assert_eq!(rows.len(), 0);
/// let file = "1. e4 e5 2. Nf3 *\n\n".repeat(100);
/// Reader::from_bytes(file.as_bytes())
///     .visit(|| rows.recorder(&options), GameRecorder::finish, |text, row| tables.push(text.number, text.line, row))
///     .unwrap();
/// // The tables are done with the first games: their rows wait for the next ones.
/// assert!(rows.len() > 0);
/// tables.finish().unwrap();
/// ```
#[derive(Clone, Debug, Default)]
pub struct RowPool(Arc<Mutex<Vec<GameRow>>>);

impl RowPool {
    /// The most rows that wait in a pool: a chunk of games handed over.
    pub const MOST: usize = 512;

    /// The largest row kept, in bytes of its buffers (short games take about 3 KiB): a pool holds at most 16 MiB,
    /// and the rows of long games are freed, as rows were before there was a pool.
    pub const LARGEST_ROW: usize = 32 << 10;

    /// The rows waiting.
    ///
    /// ```
    /// use forsyth::pgn::Reader;
    /// use forsyth_arrow::{Format, GameRecorder, PartWriter, Table, TableOptions, TableThreads};
    /// let dir = tempfile::tempdir().unwrap();
    /// let writers = vec![PartWriter::new(dir.path(), Table::Games, Format::Csv, 1000).unwrap()];
    /// let options = TableOptions::default();
    /// let mut tables = TableThreads::spawn(writers, 0, 1000, options);
    /// let rows = tables.rows();
    /// assert_eq!(rows.len(), 0);
    /// let file = "1. e4 *\n\n".repeat(100);
    /// Reader::from_bytes(file.as_bytes())
    ///     .visit(|| rows.recorder(&options), GameRecorder::finish, |text, row| {
    ///         tables.push(text.number, text.line, row)
    ///     })
    ///     .unwrap();
    /// assert!(rows.len() > 0 && rows.len() <= 100);
    /// tables.finish().unwrap();
    /// ```
    pub fn len(&self) -> usize {
        self.0.lock().map_or(0, |rows| rows.len())
    }

    /// Whether no row waits.
    ///
    /// ```
    /// use forsyth_arrow::RowPool;
    /// let pool = RowPool::default();
    /// assert!(pool.is_empty() && pool.clone().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A recorder for the next game, into a row of the pool if one waits.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
    /// use forsyth_arrow::{RowPool, TableOptions};
    /// let options = TableOptions::default();
    /// // An empty pool gives a recorder with buffers of its own.
    /// let mut recorder = RowPool::default().recorder(&options);
    /// let raw = GameSplitter::new("1. d4 d5 *\n".as_bytes()).next().unwrap().unwrap();
    /// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
    /// assert_eq!(recorder.finish(report).moves_uci(), "d2d4 d7d5");
    /// ```
    pub fn recorder<'o>(&self, options: &'o TableOptions) -> GameRecorder<'o> {
        match self.0.lock().ok().and_then(|mut rows| rows.pop()) {
            Some(row) => GameRecorder::reusing(options, row),
            None => GameRecorder::new(options),
        }
    }

    /// Keeps `rows` no larger than [`RowPool::LARGEST_ROW`] for later games, up to [`RowPool::MOST`] in all (the
    /// others are dropped).
    pub(crate) fn give_back(&self, rows: impl IntoIterator<Item = GameRow>) {
        let Ok(mut pool) = self.0.lock() else { return };
        let room = Self::MOST.saturating_sub(pool.len());
        pool.extend(rows.into_iter().filter(|row| row.buffer_bytes() <= Self::LARGEST_ROW).take(room));
    }
}

/// Appends `text` written by `write` to `out`, after a space if `out` is not empty, and returns where it lies.
fn push_word(out: &mut String, write: impl FnOnce(&mut String)) -> (u32, u32) {
    if !out.is_empty() {
        out.push(' ');
    }
    let start = out.len();
    write(out);
    (offset(start), offset(out.len()))
}

/// A byte offset inside one game's strings: a game is at most `forsyth::pgn::MAX_GAME_BYTES` long, and what is
/// written of it a small multiple of that.
fn offset(at: usize) -> u32 {
    u32::try_from(at).unwrap_or(u32::MAX)
}

impl<'o> GameRecorder<'o> {
    /// A recorder for one game.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
    /// use forsyth_arrow::{GameRecorder, TableOptions};
    /// let options = TableOptions::default();
    /// let raw = GameSplitter::new("[Round \"1\"]\n\n1. e4 *\n".as_bytes()).next().unwrap().unwrap();
    /// let mut recorder = GameRecorder::new(&options);
    /// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
    /// let row = recorder.finish(report);
    /// assert_eq!((row.moves_uci(), row.ply_count()), ("e2e4", 1));
    /// ```
    pub fn new(options: &'o TableOptions) -> GameRecorder<'o> {
        // Room for 32 half-moves: short games (an opening book's 16) never grow, and small blocks are what the
        // allocator recycles fastest, also when a row is freed on another thread than the one that made it. Room
        // for 128 cost `--jobs 2` a quarter more processor time on short games; none cost one thread 9 %.
        GameRecorder {
            san: String::with_capacity(8 * 32),
            uci: String::with_capacity(6 * 32),
            moves: Vec::with_capacity(32),
            ..GameRecorder::empty(options)
        }
    }

    /// A recorder with no buffers yet.
    fn empty(options: &'o TableOptions) -> GameRecorder<'o> {
        GameRecorder {
            options,
            tags: Tags::default(),
            start: None,
            last: None,
            unsigned: false,
            depth: 0,
            san: String::new(),
            uci: String::new(),
            fens: String::new(),
            comments: String::new(),
            nags: Vec::new(),
            moves: Vec::new(),
            result: None,
        }
    }

    /// A recorder for one game that records into the buffers of `row`, a row done with: a game no longer than it
    /// allocates nothing (see [`RowPool`]).
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
    /// use forsyth_arrow::{GameRecorder, TableOptions};
    /// let options = TableOptions::default();
    /// let read = |recorder: GameRecorder<'_>, text: &str| {
    ///     let raw = GameSplitter::new(text.as_bytes()).next().unwrap().unwrap();
    ///     let mut recorder = recorder;
    ///     let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
    ///     recorder.finish(report)
    /// };
    /// let first = read(GameRecorder::new(&options), "[White \"A\"]\n\n1. e4 e5 2. Nf3 *\n");
    /// let second = read(GameRecorder::reusing(&options, first), "1. d4 *\n");
    /// assert_eq!((second.moves_uci(), second.ply_count()), ("d2d4", 1));
    /// ```
    pub fn reusing(options: &'o TableOptions, row: GameRow) -> GameRecorder<'o> {
        let GameRow { mut tags, mut san, mut uci, mut fens, mut comments, mut nags, mut moves, .. } = row;
        tags.clear();
        san.clear();
        uci.clear();
        fens.clear();
        comments.clear();
        nags.clear();
        moves.clear();
        GameRecorder { tags, san, uci, fens, comments, nags, moves, ..GameRecorder::empty(options) }
    }

    /// The game row, once the reader has read the game.
    ///
    /// ```
    /// use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};
    /// use forsyth_arrow::{GameRecorder, TableOptions};
    /// let options = TableOptions::default();
    /// let raw = GameSplitter::new("1. e4 {best} e5 $2 *\n".as_bytes()).next().unwrap().unwrap();
    /// let mut recorder = GameRecorder::new(&options);
    /// let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
    /// let row = recorder.finish(report);
    /// assert_eq!((row.moves_uci(), row.error().is_none(), row.warnings().len()), ("e2e4 e7e5", true, 0));
    /// ```
    pub fn finish(mut self, report: GameReport) -> GameRow {
        let (start_fen, final_fen) = match self.start {
            Some(start) => {
                let mut end = start;
                if let Some((before, mv)) = self.last {
                    end = before;
                    end.play_unchecked(mv);
                }
                self.sign_last_move(&end);
                let (standard, standard_fen) = &*STANDARD_START;
                let start_fen = if start == *standard {
                    Cow::Borrowed(standard_fen.as_str())
                } else {
                    Cow::Owned(Fen::from_position(&start).to_string())
                };
                (Some(start_fen), Some(Fen::from_position(&end).to_string()))
            }
            None => (None, None),
        };
        GameRow {
            tags: self.tags,
            variant: self.start.map(|s| s.variant()),
            start_fen,
            final_fen,
            result: self.result,
            san: self.san,
            uci: self.uci,
            fens: self.fens,
            comments: self.comments,
            nags: self.nags,
            moves: self.moves,
            error: report.error.map(|e| *e),
            warnings: report.warnings.iter().map(|w| w.kind).collect(),
        }
    }
}

impl GameRecorder<'_> {
    /// Completes the last move's text with the sign the position after it (`after`) gives it, and its check.
    fn sign_last_move(&mut self, after: &Position) {
        if !std::mem::take(&mut self.unsigned) {
            return;
        }
        if let (Some((_, mv)), Some(facts)) = (self.last, self.moves.last_mut()) {
            facts.check = write_move_sign_into(mv, after, &self.options.notation, &mut self.san);
            facts.san.1 = offset(self.san.len());
        }
    }
}

impl Visitor for GameRecorder<'_> {
    fn tag(&mut self, name: &str, value: &str) {
        self.tags.push(name, value);
    }

    fn begin_movetext(&mut self, start: &Position) {
        self.start = Some(*start);
        self.last = None;
        self.unsigned = false;
    }

    fn play(&mut self, before: &Position, mv: Move) {
        self.play_written(before, mv, "");
    }

    fn play_written(&mut self, before: &Position, mv: Move, written: &str) {
        if self.depth > 0 {
            return;
        }
        // `before` is the position after the main line's previous move.
        self.sign_last_move(before);
        // A piece move read from its piece and destination alone is the only one of its kind there.
        let origin = names_destination_only(written).then_some(Disambiguation::None);
        let san = push_word(&mut self.san, |out| {
            write_move_unsigned_into(before, mv, &self.options.notation, origin, out);
        });
        let uci =
            push_word(&mut self.uci, |out| write_move_into(before, mv, &MoveWriteOptions::new(MoveStyle::Uci), out));
        let fen = if self.options.fen {
            push_word(&mut self.fens, |out| {
                use std::fmt::Write;
                let _ = write!(out, "{}", Fen::from_position(before));
            })
        } else {
            (0, 0)
        };
        // A null move `--` moves no piece.
        let piece = before
            .piece_at(mv.from())
            .filter(|_| !mv.is_null())
            .map_or(' ', |p| before.variant().role_char(p.role).to_ascii_uppercase());
        let capture = !mv.is_null() && (mv.is_en_passant() || (!mv.is_castle() && before.piece_at(mv.to()).is_some()));
        self.last = Some((*before, mv));
        self.unsigned = true;
        let nags = offset(self.nags.len());
        self.moves.push(MoveFacts {
            san,
            uci,
            fen,
            comment: None,
            nags: (nags, nags),
            piece,
            // Set with the sign, once the position after the move is known.
            check: false,
            capture,
            clock: None,
            eval: None,
        });
    }

    fn nag(&mut self, nag: u8) {
        if self.depth > 0 {
            return;
        }
        if let Some(last) = self.moves.last_mut() {
            self.nags.push(nag);
            last.nags.1 = offset(self.nags.len());
        }
    }

    fn comment(&mut self, text: &str) {
        if self.depth > 0 {
            return;
        }
        let Some(last) = self.moves.last_mut() else { return };
        for command in comment_commands(text) {
            match command.name {
                "clk" => last.clock = parse_clock(command.args).or(last.clock),
                "eval" => last.eval = parse_eval(command.args).or(last.eval),
                _ => {}
            }
        }
        if self.options.comments {
            // Two comments after one move read as one, separated by a space.
            let start = match last.comment {
                Some((start, _)) => {
                    self.comments.push(' ');
                    start
                }
                None => offset(self.comments.len()),
            };
            self.comments.push_str(text);
            last.comment = Some((start, offset(self.comments.len())));
        }
    }

    fn begin_variation(&mut self) {
        self.depth += 1;
    }

    fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn result(&mut self, result: GameResult) {
        self.result = Some(result);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use forsyth::pgn::{GameSplitter, PgnReadOptions, read_game};

    fn record(recorder: GameRecorder<'_>, text: &str) -> GameRow {
        let raw = GameSplitter::new(text.as_bytes()).next().unwrap().unwrap();
        let mut recorder = recorder;
        let report = read_game(&raw, &PgnReadOptions::default(), &mut recorder);
        recorder.finish(report)
    }

    #[test]
    fn a_pool_keeps_small_rows_up_to_its_most_and_records_into_them() {
        let options = TableOptions { fen: true, comments: true, ..TableOptions::default() };
        let pool = RowPool::default();
        let long = "[Event \"e\"]\n[Opening \"o\"]\n\n1. e4 {a} e5 $1 2. Nf3 Nc6 3. Bb5 a6 1-0\n";
        let row = record(pool.recorder(&options), long);
        let mut large = row.clone();
        large.comments.reserve(RowPool::LARGEST_ROW);
        pool.give_back([large]);
        assert_eq!(pool.len(), 0, "a long game's row is freed");
        pool.give_back(std::iter::repeat_n(row.clone(), RowPool::MOST + 3));
        assert_eq!(pool.len(), RowPool::MOST);
        // A row of the pool records the next game as a fresh recorder does: nothing of the game before is left.
        let short = "[White \"w\"]\n\n1. d4 {b} *\n";
        let reused = record(pool.recorder(&options), short);
        assert_eq!(pool.len(), RowPool::MOST - 1);
        let fresh = record(GameRecorder::new(&options), short);
        assert_eq!(format!("{reused:?}"), format!("{fresh:?}"));
        assert!(reused.moves.capacity() >= row.moves.len() && reused.san.capacity() >= row.san.len());
    }

    #[test]
    fn the_named_tag_columns_name_their_tags() {
        assert_eq!(TAG_COLUMNS[tag_column::RESULT], "Result");
        assert_eq!(TAG_COLUMNS[tag_column::WHITE_ELO], "WhiteElo");
        assert_eq!(TAG_COLUMNS[tag_column::BLACK_ELO], "BlackElo");
        assert_eq!(TAG_COLUMNS[tag_column::ECO..tag_column::ECO + 4], ["ECO", "Opening", "TimeControl", "Termination"]);
    }

    #[test]
    fn tags_keep_the_first_of_each_name_in_order() {
        let mut tags = Tags::default();
        let pairs = [("White", "Anna"), ("Eco", "A07"), ("White", "Bob"), ("Annotator", "C"), ("Eco", "B"), ("E", "x")];
        for (name, value) in pairs {
            tags.push(name, value);
        }
        assert_eq!(tags.column(4), Some("Anna"));
        assert_eq!(tags.column(tag_column::RESULT), None);
        assert_eq!(tags.others().collect::<Vec<_>>(), [("Eco", "A07"), ("Annotator", "C"), ("E", "x")]);
    }
}
