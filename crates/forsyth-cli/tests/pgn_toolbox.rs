//! The PGN toolbox: `pgn filter`'s conditions, duplicates, split and per-tag output; `pgn positions`; `eco`;
//! `pgn convert --add-eco --fix-tags`. Every option, and bad input. (The same selections are compared with
//! pgn-extract by tests/differential/pgn_extract.sh.)

use std::process::Output;

mod common;

fn run(args: &[&str], stdin: &str) -> Output {
    let (output, written) = common::forsyth_with_input(args, stdin.as_bytes());
    written.unwrap();
    output
}

/// Standard output of a run that must succeed.
fn ok(args: &[&str], stdin: &str) -> String {
    let out = run(args, stdin);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Standard error of a run that must fail with status 1 or 2 (it may stop before reading its input).
fn fails(args: &[&str], stdin: &str) -> String {
    let (out, _) = common::forsyth_with_input(args, stdin.as_bytes());
    assert!(matches!(out.status.code(), Some(1 | 2)), "{args:?} should fail: {:?}", out.status);
    String::from_utf8(out.stderr).unwrap()
}

/// The `Event` of each game written, in order.
fn events(pgn: &str) -> Vec<String> {
    pgn.lines().filter_map(|l| l.strip_prefix("[Event \"")?.strip_suffix("\"]")).map(str::to_string).collect()
}

/// A directory of the test's own, removed when dropped.
fn temp_dir(test: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("forsyth-toolbox-{test}-")).tempdir().unwrap()
}

/// Five games: two players, Elo ratings, dates with unknown parts, ECO codes, a mate, a stalemate, a
/// transposition and a duplicate written differently.
const GAMES: &str = r#"[Event "Tata Steel"]
[Date "2021.01.20"]
[White "Carlsen, Magnus"]
[Black "Giri, Anish"]
[Result "1-0"]
[WhiteElo "2862"]
[BlackElo "2764"]
[ECO "B90"]
[Termination "Normal"]

1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 1-0

[Event "Club"]
[Date "2019.??.??"]
[White "Anna"]
[Black "Bert"]
[Result "0-1"]
[WhiteElo "1800"]
[ECO "C20"]
[Termination "Time forfeit"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "Club"]
[Date "????.??.??"]
[White "Bert"]
[Black "Carlsen, Magnus"]
[Result "1/2-1/2"]
[ECO "D31"]

1. c4 e6 2. Nc3 d5 3. d4 1/2-1/2

[Event "Copy"]
[White "Anna"]
[Black "Bert"]
[Result "0-1"]

1. f2f3 {a comment} e7e5 (1... e6) 2. g2g4 d8h4 0-1

[Event "Stalemate"]
[SetUp "1"]
[FEN "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"]
[Result "*"]

1. Qf7 *
"#;

fn filter(options: &[&str]) -> Vec<String> {
    let mut args = vec!["pgn", "filter"];
    args.extend_from_slice(options);
    events(&ok(&args, GAMES))
}

#[test]
fn tag_comparisons_numbers_dates_and_text() {
    assert_eq!(filter(&["--where", "WhiteElo >= 2500"]), ["Tata Steel"]);
    assert_eq!(filter(&["--where", "WhiteElo < 2500"]), ["Club"]);
    assert_eq!(filter(&["--where", "BlackElo != 2764"]), Vec::<String>::new(), "a missing tag matches nothing");
    assert_eq!(filter(&["--where", "not BlackElo = 2764"]), ["Club", "Club", "Copy", "Stalemate"]);
    assert_eq!(filter(&["--where", "Date >= 2020.01.01"]), ["Tata Steel"]);
    assert_eq!(filter(&["--where", "Date < 2020"]), ["Club"], "2019.??.?? is before 2020; ????.??.?? is unknown");
    assert_eq!(filter(&["--where", "Date = 2019"]), ["Club"]);
    assert_eq!(filter(&["--where", "Event = Club and White = Bert"]), ["Club"]);
    assert_eq!(filter(&["--where", "Event = \"Tata Steel\" or White = Bert"]), ["Tata Steel", "Club"]);
    assert_eq!(filter(&["--where", "Event ~ cop", "--where", "Result = 0-1"]), ["Copy"]);
    assert_eq!(filter(&["--where", "Event =~ \"^(Tata|Copy)\""]), ["Tata Steel", "Copy"]);
    assert_eq!(filter(&["--where", "eco = B90"]), Vec::<String>::new(), "tag names are case-sensitive");
}

#[test]
fn players_events_results_openings_plies_endings() {
    assert_eq!(filter(&["--player", "carlsen"]), ["Tata Steel", "Club"]);
    assert_eq!(filter(&["--player-regex", "^Carlsen, M"]), ["Tata Steel", "Club"]);
    assert_eq!(filter(&["--player", "Carlsen", "--not"]), ["Club", "Copy", "Stalemate"]);
    assert_eq!(filter(&["--event", "tata"]), ["Tata Steel"]);
    assert_eq!(filter(&["--result", "0-1"]), ["Club", "Copy"]);
    assert_eq!(filter(&["--eco", "B90-B99"]), ["Tata Steel"]);
    assert_eq!(filter(&["--eco", "C20"]), ["Club"]);
    assert_eq!(filter(&["--eco", "A00-C99"]), ["Tata Steel", "Club"]);
    assert_eq!(filter(&["--plies", "4-5"]), ["Club", "Club", "Copy"]);
    assert_eq!(filter(&["--plies", "6-"]), ["Tata Steel"]);
    assert_eq!(filter(&["--plies", "-1"]), ["Stalemate"]);
    assert_eq!(filter(&["--plies", "10"]), ["Tata Steel"]);
    assert_eq!(filter(&["--ends", "mate"]), ["Club", "Copy"]);
    assert_eq!(filter(&["--ends", "stalemate"]), ["Stalemate"]);
    assert_eq!(filter(&["--termination", "time forfeit"]), ["Club"]);
    assert_eq!(filter(&["--where", "Ends = none and Plies > 0"]), ["Tata Steel", "Club"]);
}

#[test]
fn positions_and_material() {
    // The Queen's Gambit Declined position, reached by the English order in the third game.
    let qgd = "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR b KQkq - 0 3";
    assert_eq!(filter(&["--position", qgd]), ["Club"]);
    assert_eq!(filter(&["--position", "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR"]), ["Club"]);
    assert_eq!(
        filter(&["--position", "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 3"]),
        Vec::<String>::new()
    );
    let e6 = "rnbqkbnr/pppp1ppp/4p3/8/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(filter(&["--position", e6]), Vec::<String>::new(), "only in a variation");
    assert_eq!(filter(&["--position", qgd, "--position", "7k/5Q2/6K1/8/8/8/8/8"]), ["Club", "Stalemate"]);
    assert_eq!(filter(&["--material", "KQ:K"]), ["Stalemate"]);
    assert_eq!(filter(&["--material", "KQ:K", "--material-at-end"]), ["Stalemate"]);
    assert_eq!(
        filter(&["--where", "material(KQRRBBNNPPPPPPPP:KQRRBBNNPPPPPPPP) and Plies < 6"]),
        ["Club", "Club", "Copy"]
    );
    assert_eq!(
        filter(&["--material", "KQRRBBNNPPPPPPPP:KQRRBBNNPPPPPPPP", "--material-at-end"]),
        ["Club", "Club", "Copy"]
    );
}

#[test]
fn duplicates_by_moves_not_text_also_on_several_threads() {
    assert_eq!(filter(&["--dedupe"]), ["Tata Steel", "Club", "Club", "Stalemate"]);
    let temp = temp_dir("dedupe");
    let dir = temp.path();
    let dups = dir.join("dups.pgn");
    let many = GAMES.repeat(500);
    let kept = ok(&["pgn", "filter", "--jobs", "2", "--duplicates", dups.to_str().unwrap()], &many);
    assert_eq!(events(&kept), ["Tata Steel", "Club", "Club", "Stalemate"]);
    let dropped = std::fs::read_to_string(&dups).unwrap();
    assert_eq!(events(&dropped).len(), 500 * 5 - 4);
    assert_eq!(events(&dropped)[0], "Copy");
}

#[test]
fn games_rejected_by_their_tags_are_not_replayed_unless_check_all() {
    // The second game's third move is illegal; its tags already reject it for --result 1-0 (as pgn-extract, which
    // does not replay it either). --check-all replays every game and reports it; a selection it passes reports it.
    let games = format!("{GAMES}\n[Event \"Broken\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Ke3 Qh4 0-1\n");
    assert_eq!(events(&ok(&["pgn", "filter", "--result", "1-0"], &games)), ["Tata Steel"]);
    assert_eq!(events(&ok(&["pgn", "filter", "--result", "1-0", "--plies", "2-"], &games)), ["Tata Steel"]);
    for options in [vec!["--result", "1-0", "--check-all"], vec!["--result", "0-1"], vec!["--result", "1-0", "--not"]] {
        let mut args = vec!["pgn", "filter"];
        args.extend_from_slice(&options);
        let out = run(&args, &games);
        assert_eq!(out.status.code(), Some(1), "{options:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains("game 6, ply 3") && stderr.contains("illegal-move"), "{options:?}: {stderr}");
        assert!(!events(&String::from_utf8(out.stdout).unwrap()).contains(&"Broken".to_string()));
    }
}

#[test]
fn stop_after_n_games_kept() {
    assert_eq!(filter(&["--stop-after", "2"]), ["Tata Steel", "Club"]);
    assert_eq!(filter(&["--result", "0-1", "--stop-after", "1"]), ["Club"]);
    assert_eq!(filter(&["--dedupe", "--stop-after", "4"]), ["Tata Steel", "Club", "Club", "Stalemate"]);
    // The games after the last one kept are not read: a broken game there is not reported.
    let games = format!("{GAMES}\n[Event \"Broken\"]\n\n1. e4 e5 2. Ke3 *\n");
    assert_eq!(events(&ok(&["pgn", "filter", "--stop-after", "5"], &games)).len(), 5);
    assert_eq!(events(&ok(&["pgn", "filter", "--stop-after", "2", "--jobs", "2"], &games.repeat(300))).len(), 2);
    let error = fails(&["pgn", "filter", "--stop-after", "0"], GAMES);
    assert!(error.contains("--stop-after"), "{error}");
}

#[test]
fn select_only_and_skip_matching_count_the_games_kept() {
    // The events of GAMES in order: Tata Steel, Club, Club, Copy, Stalemate (Copy repeats a game's moves).
    assert_eq!(filter(&["--select-only", "2:3,5"]), ["Club", "Club", "Stalemate"]);
    assert_eq!(filter(&["--selectonly", "1-2"]), ["Tata Steel", "Club"]);
    assert_eq!(filter(&["--skip-matching", "1,3:4"]), ["Club", "Stalemate"]);
    // Counted after --dedupe: the copy is not a kept game.
    assert_eq!(filter(&["--dedupe", "--select-only", "4"]), ["Stalemate"]);
    // Reading stops after the last game named: a broken game after it is not reported.
    let games = format!("{GAMES}\n[Event \"Broken\"]\n\n1. e4 e5 2. Ke3 *\n");
    assert_eq!(events(&ok(&["pgn", "filter", "--select-only", "5"], &games)), ["Stalemate"]);
    for (ranges, says) in [("3,1", "comes before 3"), ("4:2", "write 2:4"), ("0", "from 1"), ("x", "not a game number")]
    {
        let error = fails(&["pgn", "filter", "--select-only", ranges], GAMES);
        assert!(error.contains(says), "{ranges}: {error}");
    }
    let error = fails(&["pgn", "filter", "--select-only", "1", "--skip-matching", "2"], GAMES);
    assert!(error.contains("cannot be used with"), "{error}");
}

#[test]
fn split_and_one_file_per_tag_value() {
    let temp = temp_dir("split");
    let dir = temp.path();
    ok(&["pgn", "filter", "--split", "2", "--output-dir", dir.to_str().unwrap()], GAMES);
    let read = |name: &str| events(&std::fs::read_to_string(dir.join(name)).unwrap());
    assert_eq!(read("1.pgn"), ["Tata Steel", "Club"]);
    assert_eq!(read("2.pgn"), ["Club", "Copy"]);
    assert_eq!(read("3.pgn"), ["Stalemate"]);
    assert!(!dir.join("4.pgn").exists());

    let temp = temp_dir("by");
    let dir = temp.path();
    ok(&["pgn", "filter", "--by", "White", "--output-dir", dir.to_str().unwrap()], GAMES);
    let read = |name: &str| events(&std::fs::read_to_string(dir.join(name)).unwrap());
    assert_eq!(read("Anna.pgn"), ["Club", "Copy"]);
    assert_eq!(read("Carlsen_ Magnus.pgn"), ["Tata Steel"]);
    assert_eq!(read("unknown.pgn"), ["Stalemate"]);
    // A value that would leave the directory stays in it.
    let temp = temp_dir("by-escape");
    let dir = temp.path();
    ok(&["pgn", "filter", "--by", "Event", "--output-dir", dir.to_str().unwrap()], "[Event \"../x\"]\n\n1. e4 *\n");
    assert!(dir.join("_x.pgn").exists());
}

#[test]
fn malformed_conditions_are_errors_with_the_column() {
    let cases = [
        (vec!["--where", "WhiteElo >= "], "column 13", "select.expected-value"),
        (vec!["--where", "WhiteElo 2500"], "column 10", "select.syntax"),
        (vec!["--where", "(Plies > 3"], "column 11", "select.syntax"),
        (vec!["--player-regex", "("], "", "select.bad-regex"),
        (vec!["--position", "8/8/8/8/8/8/8/8 w - - 0 1"], "", "select.bad-fen"),
        (vec!["--position", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"], "", "select.bad-fen"),
        (vec!["--material", "KQKR"], "", "select.bad-material"),
        (vec!["--where", "elo(3)"], "column 1", "select.unknown-test"),
    ];
    for (options, column, code) in cases {
        let mut args = vec!["pgn", "filter"];
        args.extend_from_slice(&options);
        let error = fails(&args, GAMES);
        assert!(error.contains(column) && error.contains(code), "{options:?}: {error}");
    }
    for (option, value) in
        [("--eco", "B9"), ("--eco", "Z00-Z99"), ("--plies", "many"), ("--ends", "draw"), ("--result", "2-0")]
    {
        let error = fails(&["pgn", "filter", option, value], GAMES);
        assert!(error.contains(option), "{option} {value}: {error}");
    }
    let error = fails(&["pgn", "filter", "--split", "0"], GAMES);
    assert!(error.contains("--split"), "{error}");
    let error = fails(&["pgn", "filter", "--output-dir", "somewhere"], GAMES);
    assert!(error.contains("--output-dir"), "{error}");
}

#[test]
fn positions_one_fen_or_epd_per_mainline_position() {
    let game = "1. e4 {c} (1. d4 d5) e5 2. Nf3 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    let fens = ok(&["pgn", "positions"], game);
    let lines: Vec<&str> = fens.lines().collect();
    assert_eq!(lines.len(), 6, "{fens}");
    assert_eq!(lines[0], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(lines[3], "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    let epd = ok(&["pgn", "positions", "--epd", "--ep", "legal", "--numbered", "--no-start"], game);
    assert_eq!(
        epd.lines().collect::<Vec<_>>(),
        [
            "1\t1\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -",
            "1\t2\trnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
            "1\t3\trnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq -",
            "2\t1\trnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -",
        ]
    );
    let out = run(&["pgn", "positions"], "1. e4 e4 *\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("ply 2"));
}

#[test]
fn eco_names_positions_and_lines() {
    let najdorf = "B90\tSicilian Defense: Najdorf Variation\n";
    assert_eq!(
        ok(
            &["eco", "1.", "e4", "c5", "2.", "Nf3", "d6", "3.", "d4", "cxd4", "4.", "Nxd4", "Nf6", "5.", "Nc3", "a6"],
            ""
        ),
        najdorf
    );
    assert_eq!(ok(&["eco", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6"], ""), najdorf);
    assert_eq!(ok(&["eco", "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6"], ""), najdorf);
    let all = ok(&["eco", "--all", "c4", "e6", "Nc3", "d5", "d4"], "");
    assert_eq!(all.lines().last(), Some("5\tD31\tQueen's Gambit Declined: Queen's Knight Variation"));
    assert!(fails(&["eco", "e4", "e4"], "").contains("ply 2 'e4'"));
    assert!(fails(&["eco", "8/8/8/8/8/8/8/8"], "").contains("no king"));
    assert!(
        fails(&["eco", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"], "").contains("names no opening")
    );
}

#[test]
fn convert_adds_eco_and_fixes_tags() {
    let game = "[Event \"x\"]\n[Result \"*\"]\n[ECO \"A00\"]\n\n1. c4 e6 2. Nc3 d5 3. d4 *\n\n\
                [Event \"y\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n";
    let out = ok(&["pgn", "convert", "--add-eco", "--fix-tags", "PlyCount,Result"], game);
    let first = out.split("\n\n[Event").next().unwrap();
    assert!(first.contains("[ECO \"D31\"]") && !first.contains("A00"), "{out}");
    assert!(first.contains("[Opening \"Queen's Gambit Declined\"]"), "{out}");
    assert!(first.contains("[Variation \"Queen's Knight Variation\"]"), "{out}");
    assert!(first.contains("[PlyCount \"5\"]") && first.contains("[Result \"*\"]"), "{out}");
    assert!(out.contains("[Result \"0-1\"]") && out.contains("Qh4# 0-1"), "the mate decides: {out}");
    assert!(out.contains("[PlyCount \"4\"]"), "{out}");
    let error = fails(&["pgn", "convert", "--fix-tags", "Elo"], game);
    assert!(error.contains("--fix-tags"), "{error}");
}
