//! The invariants the `moves`, `play`, `pgn` and `problem` fuzz targets check, shared with the regression tests
//! (`tests/regressions.rs`) so that every input a fuzzer ever found is checked the same way on every change.
//! Used by `fuzz/fuzz_targets/{moves,play,pgn,problem}.rs` through `#[path]`.
#![allow(dead_code)] // each includer uses its own part

use forsyth::notation::fen::{CastlingStyle, EpMode, Fen};
use forsyth::notation::letters::{Language, Letters};
use forsyth::notation::read::{MoveReadOptions, parse_move};
use forsyth::notation::styles::{MoveStyle, MoveWriteOptions, write_move};
use forsyth::{File, Move, Position, Rank, Role, Square, Variant};

/// A byte cursor: fuzz input read as a sequence of small choices, each 0 once the input runs out.
pub struct Choices<'a>(pub &'a [u8]);

impl Choices<'_> {
    /// The next byte (0 when exhausted).
    pub fn byte(&mut self) -> u8 {
        let (&first, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        first
    }

    /// The next choice among `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        usize::from(self.byte()) % n
    }

    /// Whether anything is left.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A start position picked by the input: any variant, any Chess960 or CRC start array.
pub fn start(choices: &mut Choices) -> Position {
    let variant = Variant::ALL[choices.below(Variant::ALL.len())];
    let number = u16::from_le_bytes([choices.byte(), choices.byte()]) % 960;
    let setup = match variant {
        Variant::Chess960 => forsyth::start::chess960_setup(number),
        Variant::Crc => forsyth::start::crc_setup(number),
        _ => None,
    };
    setup.and_then(|s| Position::from_setup(&s, variant).ok()).unwrap_or_else(|| Position::new(variant))
}

/// Letter sets the move writer and reader must agree on: every language, figurines, and a custom set.
pub fn letter_sets() -> Vec<Letters> {
    let mut sets: Vec<Letters> = Language::ALL.into_iter().map(Letters::language).collect();
    sets.push(Letters::FIGURINES);
    sets.extend(Letters::custom("PCATDRXZ"));
    sets
}

/// Plays the game the input describes (each byte picks a legal move) and checks, after every ply, that
///
/// - playing never changes the position played from (copy-make is the undo), and `play` agrees with
///   `is_legal` and with the list of legal moves for a move made up from the input;
/// - the FEN of the position reads back to the same position, with the same repetition key, in every castling
///   style and en-passant mode;
/// - one legal move, written in a style and language the input picks, reads back strictly to the same move.
pub fn check_game(data: &[u8]) {
    let mut choices = Choices(data);
    let mut pos = start(&mut choices);
    let letters = letter_sets();
    let mut plies = 0;
    while !choices.is_empty() && plies < 400 {
        check_position(&pos);
        let moves = pos.legal_moves();
        check_made_up_move(&pos, &moves, &mut choices);
        if moves.is_empty() {
            return;
        }
        let m = moves[choices.below(moves.len())];
        check_written_move(
            &pos,
            m,
            letters[choices.below(letters.len())],
            MoveStyle::ALL[choices.below(MoveStyle::ALL.len())],
        );
        let before = pos;
        let mut next = pos;
        next.play(m).unwrap_or_else(|e| panic!("{}: legal move {m:?} refused: {e}", fen(&pos)));
        assert_eq!(pos, before, "playing on a copy changed the original");
        pos = next;
        plies += 1;
    }
    check_position(&pos);
}

fn fen(pos: &Position) -> String {
    Fen::from_position(pos).to_string()
}

/// The FEN of `pos` reads back, in every castling style and en-passant mode, to the same position.
pub fn check_position(pos: &Position) {
    for ep in [EpMode::Always, EpMode::Pseudo, EpMode::Legal] {
        for style in [CastlingStyle::Classic, CastlingStyle::XFen, CastlingStyle::Shredder] {
            let Ok(text) = Fen::from_position_with(pos, ep).to_string_with(style) else {
                assert_eq!(style, CastlingStyle::Classic, "only classic FEN may refuse");
                continue;
            };
            let back = Fen::parse_strict(&text)
                .unwrap_or_else(|e| panic!("own FEN '{text}' does not read: {e}"))
                .position(Some(pos.variant()))
                .unwrap_or_else(|e| panic!("own FEN '{text}' is not legal: {e}"));
            assert_eq!(back.legal_moves(), pos.legal_moves(), "{text}");
            assert_eq!(back.status(), pos.status(), "{text}");
            if ep == EpMode::Always {
                assert_eq!(back, *pos, "{text}");
                assert_eq!(back.repetition_key(), pos.repetition_key(), "{text}");
            }
        }
    }
}

/// A move made up from the input (any squares, any kind) is legal exactly when the move generator lists it, and
/// `play` refuses it, leaving the position untouched, when it is not.
fn check_made_up_move(pos: &Position, moves: &forsyth::MoveList, choices: &mut Choices) {
    let shape = pos.shape();
    let square = |c: &mut Choices| {
        let file = File::new(c.below(usize::from(shape.files())) as u8).unwrap_or(File::A);
        Square::new(file, Rank::new(c.below(8) as u8).unwrap_or(Rank::FIRST))
    };
    let (from, to) = (square(choices), square(choices));
    let m = match choices.below(6) {
        0 => Move::promotion(from, to, Role::ALL[choices.below(Role::ALL.len())]),
        1 => Move::en_passant(from, to),
        2 => Move::castle(from, to),
        _ => Move::new(from, to),
    };
    let listed = moves.contains(&m);
    assert_eq!(pos.is_legal(m), listed, "{}: is_legal({m:?})", fen(pos));
    let mut copy = *pos;
    match copy.play(m) {
        Ok(()) => assert!(listed, "{}: play accepted unlisted {m:?}", fen(pos)),
        Err(e) => {
            assert!(!listed, "{}: play refused listed {m:?}: {e}", fen(pos));
            assert_eq!(copy, *pos, "a refused move changed the position");
        }
    }
}

/// A legal move written in `style` with `letters` reads back, strictly and leniently, to the same move.
pub fn check_written_move(pos: &Position, m: Move, letters: Letters, style: MoveStyle) {
    if letters.check(pos.variant()).is_err() {
        return;
    }
    let text = write_move(pos, m, &MoveWriteOptions::new(style).with_letters(letters));
    for options in [MoveReadOptions::strict(style, letters), MoveReadOptions::with_letters(letters)] {
        let back = parse_move(pos, &text, &options)
            .unwrap_or_else(|e| panic!("{}: own {style} '{text}' ({letters}) does not read: {e}", fen(pos)));
        assert_eq!(back.mv, m, "{}: {style} '{text}' ({letters})", fen(pos));
    }
}

/// Reads arbitrary text as a move in a position and style the input picks: never a panic, and a move read is
/// legal and reads back from its own SAN.
pub fn check_move_text(data: &[u8]) {
    let mut choices = Choices(data);
    let mut pos = start(&mut choices);
    for _ in 0..choices.below(16) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[choices.below(moves.len())]);
    }
    let letters = letter_sets();
    let letters = letters[choices.below(letters.len())];
    let style = MoveStyle::ALL[choices.below(MoveStyle::ALL.len())];
    let Ok(text) = std::str::from_utf8(choices.0) else { return };
    for options in [MoveReadOptions::strict(style, letters), MoveReadOptions::with_letters(letters)] {
        let Ok(read) = parse_move(&pos, text, &options) else { continue };
        if read.mv.is_null() {
            continue;
        }
        assert!(pos.is_legal(read.mv), "{}: '{text}' read as illegal {:?}", fen(&pos), read.mv);
        check_written_move(&pos, read.mv, Letters::ENGLISH, MoveStyle::San);
    }
}

/// Reads arbitrary bytes as a PGN file: never a panic; every game read without error writes PGN that reads back
/// to the same moves, annotations and result, and writing that again gives the same text.
pub fn check_pgn(data: &[u8]) {
    use forsyth::pgn::{
        Encoding, Game, GameBuilder, GameSplitter, PgnReadOptions, PgnWriteOptions, read_game, write_game,
    };
    let encoding =
        [Encoding::Auto, Encoding::Utf8, Encoding::Latin1][usize::from(data.first().copied().unwrap_or(0) % 3)];
    // Strict, relaxed, and every problem allowed that a position can be built with (`PgnReadOptions::allow`).
    let allow = match data.first().copied().unwrap_or(0) / 3 % 3 {
        0 => forsyth::Allowed::NONE,
        1 => forsyth::Allowed::ALL_SAFE,
        _ => "all,missing-king,too-many-kings,opposite-check,adjacent-kings".parse().expect("every allowable code"),
    };
    let options = PgnReadOptions { encoding, keep_broken: data.len() % 2 == 1, allow, ..PgnReadOptions::default() };
    // Games lent from a small reader buffer are the games the iterator copies out of the whole input.
    let capacity = 1 + usize::from(data.get(1).copied().unwrap_or(0) % 64);
    let mut lent = Vec::new();
    let mut games = GameSplitter::new(std::io::BufReader::with_capacity(capacity, data));
    while let Some(game) = games.next_text() {
        let game = game.expect("reading from memory cannot fail");
        lent.push((game.bytes.to_vec(), game.number, game.line, game.column, game.offset, game.oversized));
    }
    let copied: Vec<_> = GameSplitter::new(data)
        .map(|g| g.expect("reading from memory cannot fail"))
        .map(|g| (g.bytes, g.number, g.line, g.column, g.offset, g.oversized))
        .collect();
    assert_eq!(lent, copied, "lent and copied games differ (reader buffer of {capacity} bytes)");
    check_one_pass_reading(data, &options, capacity);
    for raw in GameSplitter::new(data) {
        let raw = raw.expect("reading from memory cannot fail");
        let mut builder = GameBuilder::default();
        let report = read_game(&raw, &options, &mut builder);
        if report.error.is_some() && !options.keep_broken {
            continue;
        }
        let game = builder.finish();
        let mut text = String::new();
        write_game(&game, &PgnWriteOptions::default(), &mut text);
        let again = Game::read_all(&text, &PgnReadOptions { allow, ..PgnReadOptions::default() });
        assert_eq!(again.len(), 1, "own PGN is not one game:\n{text}");
        let again = again[0].as_ref().unwrap_or_else(|e| panic!("own PGN does not read: {e}\n{text}"));
        // The writer may re-flow a comment's whitespace (export format wraps lines); nothing else may change.
        assert!(
            comments_reflowed(again.moves.clone()) == comments_reflowed(game.moves.clone()),
            "the game differs after writing:\n{text}"
        );
        assert_eq!(again.start, game.start, "{text}");
        let mut twice = String::new();
        write_game(again, &PgnWriteOptions::default(), &mut twice);
        assert_eq!(twice, text, "writing is not stable");
    }
}

/// Everything a visitor is told, in order, as text.
#[derive(Default)]
pub struct Events(pub Vec<String>);

impl forsyth::pgn::Visitor for Events {
    fn tag(&mut self, name: &str, value: &str) {
        self.0.push(format!("tag {name}={value}"));
    }
    fn begin_movetext(&mut self, start: &Position) {
        self.0.push(format!("start {}", Fen::from_position(start)));
    }
    fn play(&mut self, before: &Position, mv: Move) {
        self.0.push(format!("play {} {}", Fen::from_position(before), mv));
    }
    fn nag(&mut self, nag: u8) {
        self.0.push(format!("nag {nag}"));
    }
    fn comment(&mut self, text: &str) {
        self.0.push(format!("comment {text}"));
    }
    fn draw_offer(&mut self) {
        self.0.push("draw offer".to_string());
    }
    fn begin_variation(&mut self) {
        self.0.push("(".to_string());
    }
    fn end_variation(&mut self) {
        self.0.push(")".to_string());
    }
    fn escape(&mut self, line: &str) {
        self.0.push(format!("escape {line}"));
    }
    fn result(&mut self, result: forsyth::pgn::GameResult) {
        self.0.push(format!("result {}", result.as_str()));
    }
}

/// One game as a reader hands it on: its text and place, what the visitor was told, and the report.
pub type ReadGame = ((Vec<u8>, u64, u64, u64, u64, bool), Vec<String>, forsyth::pgn::GameReport);

/// `pgn::Reader` on one thread (games read straight from the stream, their ends found as they are read), in blocks
/// on several threads, and `for_each_game` on two threads hand on exactly what cutting the stream with
/// `GameSplitter` and reading each game with `read_game` gives: the same games, texts, numbers, lines and offsets,
/// visitor events and reports, whatever the reader's buffer size.
/// Returns the games, for the caller's own checks.
pub fn check_one_pass_reading(data: &[u8], options: &forsyth::pgn::PgnReadOptions, capacity: usize) -> Vec<ReadGame> {
    use forsyth::pgn::{GameSplitter, LineEnds, Reader, read_game};
    // (Every reader reads text whose lines end with carriage returns alone as `LineEnds` hands it on.)
    let reference: Vec<ReadGame> = GameSplitter::new(LineEnds::new(data))
        .map(|raw| {
            let raw = raw.expect("reading from memory cannot fail");
            let mut events = Events::default();
            let report = read_game(&raw, options, &mut events);
            kept(&raw.text(), events.0, report)
        })
        .collect();
    let one_pass = |reader: &mut (dyn std::io::BufRead + Send)| {
        games_read(Reader::new(reader), options).expect("reading from memory cannot fail")
    };
    // Blocks small enough to fall everywhere in small inputs, a few dozen in large ones.
    let block = (1 + capacity % 40).max(data.len() / 64);
    let jobs = 2 + capacity % 3;
    let in_blocks = games_read(Reader::from_bytes(data).jobs(jobs).block_bytes(block), options)
        .expect("reading from memory cannot fail");
    // The splitter's games handed to work on several threads, as `for_each_game` does.
    let mut on_threads = Vec::new();
    forsyth::pgn::for_each_game(
        std::io::BufReader::with_capacity(capacity, data),
        2,
        |game| {
            let mut events = Events::default();
            let report = read_game(game, options, &mut events);
            (events, report)
        },
        |game, (events, report)| {
            on_threads.push(kept(&game, events.0, report));
            Ok(())
        },
    )
    .expect("reading from memory cannot fail");
    for (name, games) in [
        ("whole input", one_pass(&mut &data[..])),
        ("for_each_game on two threads", on_threads),
        ("small buffer", one_pass(&mut std::io::BufReader::with_capacity(capacity, data))),
        ("blocks on several threads", in_blocks),
    ] {
        assert_eq!(games.len(), reference.len(), "{name} (buffer of {capacity} bytes): number of games");
        for (one, cut) in games.iter().zip(&reference) {
            assert_eq!(one, cut, "{name} (buffer of {capacity} bytes): read in one pass, cut first");
        }
    }
    reference
}

/// Every game `reader` hands on, read with `options`, kept as [`check_one_pass_reading`] keeps them.
pub fn games_read<R: std::io::BufRead + Send>(
    reader: forsyth::pgn::Reader<R>,
    options: &forsyth::pgn::PgnReadOptions,
) -> std::io::Result<Vec<ReadGame>> {
    let mut games = Vec::new();
    reader.options(options.clone()).visit(
        Events::default,
        |e, r| (e.0, r),
        |game, (events, report)| {
            games.push(kept(&game, events, report));
            Ok(())
        },
    )?;
    Ok(games)
}

/// A game as the readers are compared on it. Of a game over the size limit, each keeps whatever part of its text
/// it had when the game passed the limit, which depends on its buffer: that text is not compared.
fn kept(game: &forsyth::pgn::GameText<'_>, events: Vec<String>, report: forsyth::pgn::GameReport) -> ReadGame {
    let bytes = if game.oversized { Vec::new() } else { game.bytes.to_vec() };
    ((bytes, game.number, game.line, game.column, game.offset, game.oversized), events, report)
}

/// `line` with the whitespace in every comment collapsed to single spaces.
fn comments_reflowed(mut line: forsyth::pgn::Line) -> forsyth::pgn::Line {
    use forsyth::pgn::Annotation;
    let reflow = |annotations: &mut Vec<Annotation>| {
        for annotation in annotations.iter_mut() {
            match annotation {
                Annotation::Comment(text) => *text = text.split_whitespace().collect::<Vec<_>>().join(" "),
                Annotation::Variation(variation) => *variation = comments_reflowed(std::mem::take(variation)),
                _ => {}
            }
        }
    };
    reflow(&mut line.intro);
    for node in &mut line.nodes {
        reflow(&mut node.annotations);
    }
    line
}

/// Problem descriptions: no Popeye input and no YACPDB entry may panic; what is read is written in English and
/// German keywords and as a YACPDB entry, and each reads back to the same problem.
pub fn check_problem(data: &[u8]) {
    use forsyth::problem::popeye::{self, PopeyeLanguage};
    use forsyth::problem::yacpdb;
    // Any bytes: UTF-8, or Latin-1 as Popeye's older inputs are.
    let decoded = popeye::decode(data);
    let text: &str = &decoded;
    let mut problems = popeye::parse(text).unwrap_or_default();
    if let Ok(entry) = yacpdb::parse(text) {
        problems.push(entry.problem);
    }
    // Any line may be a stipulation: one read writes as a text that reads back to it.
    for line in text.lines().take(64) {
        if let Ok(stipulation) = line.parse::<forsyth::problem::stipulation::Stipulation>() {
            let written = stipulation.to_string();
            assert_eq!(written.parse().ok(), Some(stipulation), "{line:?} wrote {written:?}");
        }
    }
    for problem in problems {
        let _ = problem.position();
        let _ = problem.general_position();
        let _ = problem.count();
        // The solver's reading of the problem's options never panics, whatever they say.
        let _ = forsyth::problem::solve::SolveOptions::default().read_popeye(&problem.options);
        if let Some(Ok(stipulation)) =
            problem.stipulation.as_deref().map(str::parse::<forsyth::problem::stipulation::Stipulation>)
        {
            let written = stipulation.to_string();
            assert_eq!(written.parse().ok(), Some(stipulation), "{written:?}");
        }
        // A twin is kept as text in the language of its input, and Popeye reads it only in that language (a line of
        // an English twin may start with a German keyword: `w` abbreviates `WeiteresProblem`): a problem with
        // twins is written back in its own language only, as `problem convert` does.
        let source = popeye::language_of(text).unwrap_or_default();
        let languages = [PopeyeLanguage::English, PopeyeLanguage::German];
        for language in languages.into_iter().filter(|&l| problem.twins.is_empty() || l == source) {
            let written = problem.write(language);
            let again = popeye::parse(&written).expect("written Popeye input reads back");
            assert_eq!(again.len(), 1);
            assert_eq!(again[0].pieces, problem.pieces, "{written}");
            assert_eq!(again[0].stipulation, problem.stipulation);
        }
        let entry = yacpdb::parse(&yacpdb::write(&problem)).expect("a written YACPDB entry reads back");
        assert_eq!(entry.problem.pieces, problem.pieces);
        assert_eq!(entry.problem.authors, problem.authors);
    }
}
