//! Selections that do not replay a game, or stop replaying it, once the answer is known select exactly the games
//! that replaying every move selects. The reference is the selection's own full replay
//! (`GameFacts::reading_every_move`), on the corpus and on games with an illegal move added; pgn-extract is the
//! outside reference for the same selections (tests/differential/pgn_extract.sh).

mod common;

use forsyth::notation::fen::Fen;
use forsyth::notation::styles::{MoveWriteOptions, write_move};
use forsyth::pgn::{GameFacts, GameSplitter, Material, PgnReadOptions, Selection, read_game};
use forsyth::{Position, Variant};

/// Whether `game` is selected (read without error and matching), read by `facts`; and whether it was replayed to
/// its end (as many moves as the full reading found).
fn selected(selection: &Selection, facts: GameFacts<'_>, game: &[u8]) -> (bool, u64) {
    let raw = GameSplitter::new(game).next().unwrap().unwrap();
    let mut facts = facts;
    let report = read_game(&raw, &PgnReadOptions::default(), &mut facts);
    (report.error.is_none() && selection.matches(&facts), report.moves)
}

/// The games of a corpus file (at most `limit`), and each again with an unreadable move before its result.
fn games(name: &str, limit: usize) -> Vec<Vec<u8>> {
    let Some(bytes) = common::corpus(name) else { return Vec::new() };
    let mut out = Vec::new();
    for raw in GameSplitter::new(bytes.as_slice()).take(limit) {
        let raw = raw.unwrap();
        let text = String::from_utf8(raw.bytes.to_vec()).unwrap();
        let trimmed = text.trim_end();
        let result_at = trimmed.rfind(char::is_whitespace).map_or(0, |k| k + 1);
        let broken = format!("{} Zz9 {}\n", &trimmed[..result_at], &trimmed[result_at..]);
        out.push(text.into_bytes());
        out.push(broken.into_bytes());
    }
    out
}

/// Every condition selects the same games whether games rejected early are replayed or not.
fn same_selection(conditions: &[&str], games: &[Vec<u8>]) {
    for condition in conditions {
        for selection in [Selection::parse(condition).unwrap(), Selection::parse(condition).unwrap().negated()] {
            let mut kept = 0;
            for game in games {
                let (fast, _) = selected(&selection, selection.facts(), game);
                let (full, _) = selected(&selection, selection.facts().reading_every_move(), game);
                assert_eq!(fast, full, "{condition}: {}", String::from_utf8_lossy(game));
                kept += usize::from(full);
            }
            assert!(kept > 0 || games.is_empty(), "{condition} selects no game: a weak test");
        }
    }
}

/// [`same_selection`] on the first games of the corpus's TCEC sample and of its opening book.
fn same_selection_on_the_corpus(conditions: &[&str], engine_games: usize, opening_lines: usize) {
    let mut all = games("tcec-standard-sample.pgn.zst", engine_games);
    all.extend(games("openings-books.pgn.zst", opening_lines));
    same_selection(conditions, &all);
}

#[test]
fn games_rejected_by_their_tags_select_the_same_without_replaying() {
    let conditions = [
        "Result = 1-0",
        "Result = 1-0 and Plies >= 60",
        "Plies >= 60 and Result = 1-0",
        "Result = 1-0 or Plies < 20",
        "not (Result = 0-1 and Plies > 30)",
        "Player =~ \"^Stockfish\"",
        "WhiteElo >= 3500",
        "Date >= 2020.01.01 and Ends = none",
        "Event ~ tcec or material(KQ:KQ)",
        "ECO >= B00 and ECO < B99~ and Plies < 100",
    ];
    same_selection_on_the_corpus(&conditions, 150, 1500);
}

#[test]
fn a_game_rejected_by_its_tags_is_not_replayed_unless_asked() {
    let selection = Selection::parse("Result = 1-0 and Plies > 2").unwrap();
    let game = b"[Result \"0-1\"]\n\n1. e4 e5 2. Ke3 Qh4 0-1\n";
    let raw = GameSplitter::new(&game[..]).next().unwrap().unwrap();
    let report = read_game(&raw, &PgnReadOptions::default(), &mut selection.facts());
    assert_eq!((report.error, report.moves), (None, 4));
    let report = read_game(&raw, &PgnReadOptions::default(), &mut selection.facts().reading_every_move());
    assert_eq!(report.error.map(|e| (e.kind.code(), e.ply)), Some(("illegal-move", Some(3))));
    // Selected by its tags, the game is replayed and its illegal move is an error.
    let selection = Selection::parse("Result = 0-1 or Plies > 2").unwrap();
    assert!(read_game(&raw, &PgnReadOptions::default(), &mut selection.facts()).error.is_some());
}

/// A seeded random game of `variant` as PGN (SAN, tags for the variant and start), and its positions.
fn random_pgn(variant: Variant, rng: &mut fastrand::Rng, broken: bool) -> (String, Vec<Position>) {
    let start = common::random_start(variant, rng);
    let plies = rng.usize(10..90);
    let positions: Vec<Position> = common::random_game(start, rng, common::any_move).take(plies + 1).collect();
    let mut text = String::new();
    if variant != Variant::Standard {
        text += &format!("[Variant \"{}\"]\n[SetUp \"1\"]\n[FEN \"{}\"]\n", variant.name(), Fen::from_position(&start));
    }
    text += "[Result \"*\"]\n\n";
    for pair in positions.windows(2) {
        let mv = pair[0].legal_moves().into_iter().find(|&mv| pair[0].after(mv).ok().as_ref() == Some(&pair[1]));
        text += &write_move(&pair[0], mv.unwrap(), &MoveWriteOptions::default());
        text.push(' ');
    }
    if broken {
        text += "Zz9 ";
    }
    text += "*\n";
    (text, positions)
}

/// The board part of a position's FEN.
fn board_fen(position: &Position) -> String {
    Fen::from_position(position).to_string().split(' ').next().unwrap().to_string()
}

#[test]
fn stopping_once_a_position_or_material_is_out_of_reach_selects_the_same() {
    let mut rng = fastrand::Rng::with_seed(21);
    let mut stopped_early = 0;
    let mut selected_games = 0;
    for round in 0..400 {
        let variant = [Variant::Standard, Variant::Standard, Variant::Chess960, Variant::Capablanca][round % 4];
        let (game, positions) = random_pgn(variant, &mut rng, round % 5 == 0);
        let (_, others) = random_pgn(variant, &mut rng, false);
        // A position of this game (late in it: every earlier one must still reach it), one of another game (the
        // same variant, mostly out of reach), the material of each.
        let own = &positions[rng.usize(positions.len() / 2..positions.len())];
        let other = &others[rng.usize(0..others.len().min(8))];
        let material = |p: &Position| Material::of(&p.board()).to_string();
        let conditions = [
            format!("position(\"{}\")", Fen::from_position(own)),
            format!("position({})", board_fen(own)),
            format!("position({})", board_fen(other)),
            format!("position(\"{}\", {})", Fen::from_position(other), board_fen(own)),
            format!("position({}) and Plies > 30", board_fen(other)),
            format!("position({}) or Plies > 40", board_fen(other)),
            format!("material({})", material(own)),
            format!("material({})", material(other)),
            format!("final_material({}) and not position({})", material(own), board_fen(other)),
        ];
        for condition in &conditions {
            for selection in [Selection::parse(condition).unwrap(), Selection::parse(condition).unwrap().negated()] {
                let (fast, _) = selected(&selection, selection.facts(), game.as_bytes());
                let (full, _) = selected(&selection, selection.facts().reading_every_move(), game.as_bytes());
                assert_eq!(fast, full, "{condition}:\n{game}");
                selected_games += usize::from(full);
                let raw = GameSplitter::new(game.as_bytes()).next().unwrap().unwrap();
                let mut facts = selection.facts();
                read_game(&raw, &PgnReadOptions::default(), &mut facts);
                stopped_early += usize::from(facts.plies() + 1 < positions.len() as u32);
            }
        }
        assert!(
            selected(
                &Selection::parse(&conditions[0]).unwrap(),
                Selection::parse(&conditions[0]).unwrap().facts(),
                game.as_bytes()
            )
            .0 || round % 5 == 0,
            "a game reaches its own positions: {}\n{game}",
            conditions[0]
        );
    }
    // Not a vacuous test: both paths select games, and the fast one stops early in many.
    assert!(selected_games > 1000 && stopped_early > 1000, "{selected_games} selected, {stopped_early} stopped early");
}

#[test]
fn stopping_early_on_the_corpus_selects_the_same() {
    // Openings every line of the book reaches or leaves early: 1. d4 Nf6, 1. e4 e5 2. Nf3 Nc6, and a pawn structure.
    let conditions = [
        "position(\"rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2\")",
        "position(r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R)",
        "position(rnbqkbnr/pp2pppp/8/2pp4/3P4/8/PPP1PPPP/RNBQKBNR, rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR)",
        "material(KQRRBBNNPPPPPPP:KQRRBBNNPPPPPPP) and Result = 1/2-1/2",
    ];
    same_selection_on_the_corpus(&conditions, 40, 3000);
}

/// A file of pgn-extract's test suite (`data/pgn-extract/`, unchanged: see its README).
fn pgn_extract_file(path: &str) -> Vec<u8> {
    let full = format!("{}/tests/data/pgn-extract/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// What tells games apart whoever writes them: the start, the main line in UCI, the result, and the Seven Tag
/// Roster's players, date and round (pgn-extract writes the roster's `?` where a tag is missing).
fn game_key(game: &forsyth::pgn::Game) -> String {
    let tag = |name: &str, missing: &str| game.tag(name).unwrap_or(missing).to_string();
    let mut pos = game.start;
    let mut moves = Vec::new();
    for node in &game.moves.nodes {
        moves.push(forsyth::uci::write_uci(&pos, node.mv, false));
        pos.play_unchecked(node.mv);
    }
    let result = game.result.map_or("*", |r| r.as_str());
    format!(
        "{} | {} | {} | {} | {} | {result} | {}",
        Fen::from_position(&game.start),
        tag("White", "?"),
        tag("Black", "?"),
        tag("Date", "????.??.??"),
        tag("Round", "?"),
        moves.join(" ")
    )
}

/// Every game of a file, read without error.
fn pgn_extract_games(path: &str) -> Vec<(Vec<u8>, forsyth::pgn::Game)> {
    let bytes = pgn_extract_file(path);
    GameSplitter::new(bytes.as_slice())
        .map(|raw| {
            let raw = raw.unwrap();
            let mut builder = forsyth::pgn::GameBuilder::default();
            let report = read_game(&raw, &PgnReadOptions::default(), &mut builder);
            assert_eq!(report.error, None, "{path}");
            (raw.bytes.to_vec(), builder.finish())
        })
        .collect()
}

/// The selections of pgn-extract's test suite that forsyth's conditions state: the games forsyth selects from
/// each test's input are the games of pgn-extract's expected output, in the same order. pgn-extract's `-b` counts
/// moves (a game of N plies has (N+1)/2), `-p` plies; `-Td` matches the year, `-Tw`, `-Tb`, `-Tp` a name's start;
/// `-x` and a tag file's `FEN` lines match positions reached in the main line.
/// Differences are in TESTING.md ("Other projects' test data").
#[test]
fn pgn_extract_selections() {
    // (the Makefile's target and pgn-extract's flags, input, pgn-extract's expected output, forsyth's condition)
    let cases = [
        ("test-bl45: -bl45", "fischer.pgn", "test-bl45-out.pgn", "Plies >= 89"),
        ("test-bu45: -bu45", "fischer.pgn", "test-bu45-out.pgn", "Plies <= 90"),
        ("test-bu30: -b30", "fischer.pgn", "test-b30-out.pgn", "Plies >= 59 and Plies <= 60"),
        ("test-pl90: -pl90", "fischer.pgn", "test-pl90-out.pgn", "Plies >= 90"),
        ("test-pu90: -pu90", "fischer.pgn", "test-pu90-out.pgn", "Plies <= 90"),
        ("test-pu60: -p60", "fischer.pgn", "test-p60-out.pgn", "Plies = 60"),
        ("test-TT: -Td1970", "fischer.pgn", "test-TTd-out.pgn", "Date = 1970"),
        ("test-TT: -Td1960 -Td1962", "fischer.pgn", "test-TTdd-out.pgn", "Date = 1960 or Date = 1962"),
        ("test-TT: -TbPetrosian", "fischer.pgn", "test-TTb-out.pgn", "Black =~ \"^Petrosian\""),
        ("test-TT: -TpPetrosian", "fischer.pgn", "test-TTp-out.pgn", "Player =~ \"^Petrosian\""),
        ("test-TT: -Tr0-1", "fischer.pgn", "test-TTr-out.pgn", "Result = 0-1"),
        ("test-TT: -TwFischer", "fischer.pgn", "test-TTw-out.pgn", "White =~ \"^Fischer\""),
        ("test-n: -TpFischer -o", "petrosian.pgn", "test-n-matched.pgn", "Player =~ \"^Fischer\""),
        ("test-n: -TpFischer -n", "petrosian.pgn", "test-n-unmatched.pgn", "not Player =~ \"^Fischer\""),
        (
            "test-t: -ttaglist.txt",
            "test-t.pgn",
            "test-t-out.pgn",
            "White =~ \"^Fischer\" and Black =~ \"^Petrosian\" and Date = 1970",
        ),
        // reltags.txt: `TimeControl >= "180"` compares the time of `180+5`, which forsyth compares as text only; a
        // `<>` test holds for a game without the tag, as `not ... =` does in forsyth.
        (
            "test-reltags: -treltags.txt",
            "bots.pgn",
            "test-reltags-out.pgn",
            "TimeControl =~ \"^(18[0-9]|19[0-9]|[2-9][0-9][0-9]|[0-9]{4,})[+]\" and WhiteElo >= 800 and WhiteElo <= 899 \
             and BlackElo >= 800 and BlackElo <= 899 and not BlackTitle = BOT and not WhiteTitle = BOT",
        ),
        ("test-checkmate: --checkmate", "test-checkmate.pgn", "test-checkmate-out.pgn", "Ends = mate"),
        ("test-stalemate: --stalemate", "test-stalemate.pgn", "test-stalemate-out.pgn", "Ends = stalemate"),
        ("test-fifty: --fifty", "test-fifty.pgn", "test-fifty-out.pgn", "fifty()"),
        ("test-repetition: --repetition", "test-repetition.pgn", "test-repetition-out.pgn", "repetition()"),
        ("test-promotion: (no flag)", "test-promotion-in.pgn", "test-promotion-out.pgn", "Plies >= 0"),
        (
            "test-promotion: --underpromotion",
            "test-promotion-in.pgn",
            "test-underpromotion-out.pgn",
            "underpromotion()",
        ),
        ("test-setup: --nosetuptags", "test-setup-in.pgn", "test-nosetup-out.pgn", "not SetUp = 1"),
        ("test-setup: --onlysetuptags", "test-setup-in.pgn", "test-onlysetup-out.pgn", "SetUp = 1"),
    ];
    // Positions: `FEN "..."` lines of a tag file, any of which a game must reach, and the position a line of
    // moves reaches (`-x`), the line read as movetext.
    let fens = String::from_utf8(pgn_extract_file("infiles/test-tFEN.txt")).unwrap();
    let fens: Vec<&str> = fens.lines().filter_map(|line| line.strip_prefix("FEN ")).collect();
    let line = String::from_utf8(pgn_extract_file("infiles/xvars.txt")).unwrap();
    let line = &forsyth::pgn::Game::read_all(&format!("{} *", line.trim()), &PgnReadOptions::default())[0];
    let mut end = line.as_ref().unwrap().start;
    for node in &line.as_ref().unwrap().moves.nodes {
        end.play_unchecked(node.mv);
    }
    let reached = format!("position(\"{}\")", Fen::from_position(&end));
    let computed = [
        (
            "test-t: the FEN lines of test-tFEN.txt",
            "fischer.pgn",
            "test-tFEN-out.pgn",
            format!("position({})", fens.join(", ")),
        ),
        ("test-x: -xxvars.txt", "najdorf.pgn", "test-x-out.pgn", reached.clone()),
        ("test-x: -xxvars.txt -n", "najdorf.pgn", "test-xn-out.pgn", format!("not {reached}")),
    ];
    let cases = cases.iter().map(|&(test, input, output, condition)| (test, input, output, condition.to_string()));
    for (test, input, output, condition) in cases.chain(computed) {
        let condition = condition.as_str();
        // A tag file's every criterion is in the condition that states it.
        if let Some((_, file)) = test.split_once(" -t") {
            let criteria = String::from_utf8(pgn_extract_file(&format!("infiles/{file}"))).unwrap();
            for name in criteria.lines().filter_map(|line| line.split_whitespace().next()) {
                assert!(condition.contains(name), "{test}: {name} is not in {condition}");
            }
        }
        let selection = Selection::parse(condition).unwrap_or_else(|e| panic!("{test}: {e}"));
        let games = pgn_extract_games(&format!("infiles/{input}"));
        let kept: Vec<String> = games
            .iter()
            .filter(|(bytes, _)| selected(&selection, selection.facts(), bytes).0)
            .map(|(_, game)| game_key(game))
            .collect();
        let expected: Vec<String> =
            pgn_extract_games(&format!("outfiles/{output}")).iter().map(|(_, game)| game_key(game)).collect();
        assert!(!expected.is_empty(), "{test}: pgn-extract keeps no game, a weak test");
        assert_eq!(kept, expected, "{test}: {condition}");
    }
}

/// pgn-extract's `--markmatches` comments of its `--fifty`, `--seventyfive` and `--repetition` tests stand after
/// every main-line move from which the rule applies: forsyth finds the rule applying after exactly those moves
/// (fifty moves by each side without a capture or a pawn move, FIDE Laws 9.3; seventy-five, 9.6.2; the position
/// there for the third time, 9.2), and
/// pgn-extract keeps every game of the input where it does.
#[test]
fn pgn_extract_marks_where_a_rule_applies() {
    use forsyth::History;
    use forsyth::pgn::Annotation;

    type Applies = fn(&forsyth::Position, &History) -> bool;
    let cases: [(&str, &str, &str, &str, Applies); 3] = [
        ("test-fifty: --fifty --markmatches FIFTY", "test-fifty.pgn", "test-fifty-out.pgn", "FIFTY", |pos, _| {
            pos.can_claim_fifty_moves()
        }),
        (
            "test-seventyfive: --seventyfive --markmatches SEVENTYFIVE",
            "test-seventyfive.pgn",
            "test-seventyfive-out.pgn",
            "SEVENTYFIVE",
            |pos, _| pos.status() == forsyth::Status::SeventyFiveMoves,
        ),
        (
            "test-repetition: --repetition --markmatches REPEAT",
            "test-repetition.pgn",
            "test-repetition-out.pgn",
            "REPEAT",
            |_, history| history.is_threefold(),
        ),
    ];
    for (test, input, output, mark, applies) in cases {
        // The plies after which the rule applies, by forsyth and by pgn-extract's marks.
        let by_forsyth = |game: &forsyth::pgn::Game| {
            let mut pos = game.start;
            let mut history = History::new(&pos);
            let mut plies = Vec::new();
            for (ply, node) in game.moves.nodes.iter().enumerate() {
                pos.play_unchecked(node.mv);
                history.push(&pos);
                if applies(&pos, &history) {
                    plies.push(ply + 1);
                }
            }
            plies
        };
        let marked = |game: &forsyth::pgn::Game| {
            let plies = game.moves.nodes.iter().enumerate();
            plies
                .filter(|(_, node)| node.annotations.contains(&Annotation::Comment(mark.to_string())))
                .map(|(ply, _)| ply + 1)
                .collect::<Vec<_>>()
        };
        let expected: Vec<(String, Vec<usize>)> = pgn_extract_games(&format!("outfiles/{output}"))
            .iter()
            .map(|(_, game)| (game_key(game), marked(game)))
            .collect();
        let found: Vec<(String, Vec<usize>)> = pgn_extract_games(&format!("infiles/{input}"))
            .iter()
            .map(|(_, game)| (game_key(game), by_forsyth(game)))
            .filter(|(_, plies)| !plies.is_empty())
            .collect();
        assert!(expected.iter().all(|(_, plies)| !plies.is_empty()), "{test}: a game without marks");
        assert_eq!(found, expected, "{test}");
    }
}
