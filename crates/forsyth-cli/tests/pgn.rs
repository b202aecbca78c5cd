//! `forsyth pgn`: exit codes, error lines, compressed input, standard input, `--jobs`, filters.

use std::io::Write;
use std::path::Path;
use std::process::Output;

mod common;

fn forsyth(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let (output, written) = common::forsyth_with_input(args, stdin.unwrap_or_default());
    // A usage error (status 2) stops forsyth before it reads its input: the input may then find the pipe closed
    // (it did once, on a loaded machine). Any other run reads all of it.
    if output.status.code() != Some(2) {
        written.unwrap();
    }
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn example(name: &str) -> String {
    format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A directory of the test's own, removed when dropped.
fn temp_dir(test: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("forsyth-pgn-{test}-")).tempdir().unwrap()
}

/// A file of many games: the examples, in English, repeated, with broken games among them.
fn mixed_games() -> String {
    let chess960_game = std::fs::read_to_string(example("chess960-xfen-game.pgn")).unwrap();
    let mut out = String::new();
    for i in 0..300 {
        out.push_str(&chess960_game);
        out.push('\n');
        out.push_str(&format!("[Event \"g{i}\"]\n\n1. e4 e5 2. Nf3 {{c}} Nc6 (2... d6) 3. Bb5 a6 1/2-1/2\n\n"));
        if i % 7 == 0 {
            out.push_str(&format!("[Event \"broken {i}\"]\n\n1. e4 e5 2. Ke3 *\n\n"));
        }
    }
    out
}

#[test]
fn check_reports_each_error_with_file_line_column_and_a_summary() {
    let temp = temp_dir("check");
    let dir = temp.path();
    let path = dir.join("games.pgn");
    std::fs::write(&path, "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap();
    let out = forsyth(&["pgn", "check", path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines[0].starts_with(&format!("{}:7:13: game 2, ply 3 '2. Ke3': ", path.display())), "{}", lines[0]);
    assert!(lines[0].ends_with("position before: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"));
    assert_eq!(lines[1], "2 games, 1 valid, 1 with errors");

    let ok = forsyth(&["pgn", "check", &example("chess960-xfen-game.pgn")], None);
    assert_eq!(ok.status.code(), Some(0), "{}", text(&ok.stdout));
    let ok = forsyth(&["pgn", "check", "--input-lang", "de", &example("fide-sample-game-de.pgn")], None);
    assert_eq!(ok.status.code(), Some(0), "{}", text(&ok.stdout));
    assert_eq!(text(&ok.stdout), "1 games, 1 valid, 0 with errors\n");
}

#[test]
fn check_json_says_what_the_text_lines_say_one_object_per_line() {
    let temp = temp_dir("check-json");
    let path = temp.path().join("games.pgn");
    // Broken games among good ones, and repairs: a Result tag the marker contradicts, a result with an en dash.
    let mut games = mixed_games();
    games.push_str("[Event \"r\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n\n[Event \"s\"]\n\n1. d4 d5 1\u{2013}0\n");
    std::fs::write(&path, games).unwrap();
    let path = path.to_str().unwrap();
    for jobs in ["1", "2"] {
        let plain = forsyth(&["pgn", "check", "--jobs", jobs, path], None);
        let json = forsyth(&["pgn", "check", "--json", "--jobs", jobs, path], None);
        assert_eq!((plain.status.code(), json.status.code()), (Some(1), Some(1)));
        // The text's problem lines, without the hints under some of them, and its summary.
        let plain = text(&plain.stdout);
        let mut problems: Vec<&str> = plain.lines().filter(|l| !l.starts_with("  hint: ")).collect();
        let summary = problems.pop().unwrap();
        let json = text(&json.stdout);
        let objects: Vec<serde_json::Value> = json.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let (last, found) = objects.split_last().unwrap();
        assert_eq!(found.len(), problems.len());
        for (object, line) in found.iter().zip(&problems) {
            assert_eq!(format!("{}:{}", object["file"].as_str().unwrap(), object["message"].as_str().unwrap()), *line);
            let kind = if line.contains(": warning: ") { "warning" } else { "error" };
            assert_eq!(object["kind"], kind);
            assert!(line.contains(&format!("[{}]", object["code"].as_str().unwrap())), "{line}");
            assert!(
                line.starts_with(&format!("{path}:{}:{}: game {}", object["line"], object["column"], object["game"]))
            );
        }
        let numbers: Vec<u64> = summary.split([' ', ',']).filter_map(|w| w.parse().ok()).collect();
        assert_eq!(summary, "645 games, 602 valid, 43 with errors, 2 warnings");
        assert_eq!(
            (last["kind"].as_str(), last["games"].as_u64(), last["valid"].as_u64(), last["errors"].as_u64()),
            (Some("summary"), Some(numbers[0]), Some(numbers[1]), Some(numbers[2]))
        );
        assert_eq!(last["warnings"].as_u64(), Some(numbers[3]));
    }
}

#[test]
fn convert_german_to_english_and_back() {
    let out =
        forsyth(&["pgn", "convert", "--input-lang", "de", "--lang", "en", &example("fide-sample-game-de.pgn")], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let english = text(&out.stdout);
    assert!(english.contains("\n1. e4 e5 2. Nf3 Nf6 3. d4 exd4 4. e5 Ne4 5. Qxd4 d5 6. exd6 Nxd6 7. Bg5 Nc6 8.\n"));
    assert!(english.contains("Qe3+ Be7 9. Nbd2 O-O 10. O-O-O Re8 11. Kb1 (=) *\n"), "{english}");
    let back = forsyth(&["pgn", "convert", "--notation", "fide", "--lang", "de"], Some(english.as_bytes()));
    let german = text(&back.stdout);
    assert!(
        german.contains("1. e4 e5 2. Sf3 Sf6 3. d4 exd4 4. e5 Se4 5. Dxd4 d5 6. exd6 e.p. Sxd6 7. Lg5"),
        "{german}"
    );
    assert!(german.contains("0-0 10. 0-0-0 Te8 11. Kb1 (=) *"), "{german}");
}

/// An en-passant capture that gives check is written `fxe3 e.p.+` in FIDE algebraic and `Bf4:e3 e.p.+` in problem
/// notation, German letters; reading either back with `--input-lang de` gives the game converted.
#[test]
fn an_en_passant_capture_giving_check_converts_to_german_and_back() {
    let game = "[FEN \"4k3/8/8/8/5p2/8/4PK2/8 w - - 0 1\"]\n\n1. e4 fxe3+ 2. Kxe3 *\n";
    for (notation, written) in
        [("fide", "1. e4 fxe3 e.p.+ 2. Kxe3 *"), ("problem", "1. Be2-e4 Bf4:e3 e.p.+ 2. Kf2:e3 *")]
    {
        let out = forsyth(&["pgn", "convert", "--lang", "de", "--notation", notation], Some(game.as_bytes()));
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let german = text(&out.stdout);
        assert!(german.contains(written), "{german}");
        let back = forsyth(&["pgn", "convert", "--input-lang", "de"], Some(german.as_bytes()));
        assert_eq!(back.status.code(), Some(0), "{notation}: {}", text(&back.stderr));
        assert!(text(&back.stdout).contains("1. e4 fxe3+ 2. Kxe3 *"), "{}", text(&back.stdout));
    }
}

#[test]
fn compressed_files_and_stdin_read_the_same() {
    let temp = temp_dir("compressed");
    let dir = temp.path();
    let plain = mixed_games();
    let paths = [dir.join("g.pgn"), dir.join("g.pgn.zst"), dir.join("g.pgn.gz"), dir.join("g.pgn.bz2")];
    std::fs::write(&paths[0], &plain).unwrap();
    std::fs::write(&paths[1], zstd::encode_all(plain.as_bytes(), 3).unwrap()).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(plain.as_bytes()).unwrap();
    std::fs::write(&paths[2], gz.finish().unwrap()).unwrap();
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    bz.write_all(plain.as_bytes()).unwrap();
    std::fs::write(&paths[3], bz.finish().unwrap()).unwrap();
    let run = |path: &Path| text(&forsyth(&["pgn", "convert", path.to_str().unwrap()], None).stdout);
    let expected = run(&paths[0]);
    assert_eq!(expected.matches("[Event ").count(), 600);
    for path in &paths[1..] {
        assert!(run(path) == expected, "{}", path.display());
    }
    let from_stdin = forsyth(&["pgn", "convert", "-"], Some(plain.as_bytes()));
    assert!(text(&from_stdin.stdout) == expected);
    let stderr = text(&from_stdin.stderr);
    assert_eq!(stderr.lines().filter(|l| l.starts_with("-:")).count(), 43, "{stderr}");
}

#[test]
fn jobs_keep_the_input_order() {
    let plain = mixed_games();
    let one = forsyth(&["pgn", "convert", "--jobs", "1"], Some(plain.as_bytes()));
    let two = forsyth(&["pgn", "convert", "--jobs", "2"], Some(plain.as_bytes()));
    assert!(one.stdout == two.stdout);
    assert_eq!(one.stderr, two.stderr);
    let check = forsyth(&["pgn", "check", "-j", "2"], Some(plain.as_bytes()));
    assert_eq!(check.status.code(), Some(1));
    assert!(text(&check.stdout).ends_with("643 games, 600 valid, 43 with errors\n"));
}

#[test]
fn keep_broken_keeps_the_games_with_errors() {
    let input = "1. e4 e5 2. Ke3 Nc6 *\n";
    let out = forsyth(&["pgn", "convert", "--keep-broken"], Some(input.as_bytes()));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("1. e4 e5 {forsyth: not read after the error: Ke3 Nc6 *} *"),
        "{}",
        text(&out.stdout)
    );
    let skipped = forsyth(&["pgn", "convert"], Some(input.as_bytes()));
    assert_eq!(text(&skipped.stdout), "");
}

#[test]
fn filter_by_variant_and_by_tag() {
    let plain = mixed_games();
    let chess960 = forsyth(&["pgn", "filter", "--variant", "chess960"], Some(plain.as_bytes()));
    let kept = text(&chess960.stdout);
    assert_eq!(kept.matches("[Event ").count(), 300);
    assert_eq!(kept.matches("SmirfGUI").count(), 300);
    // X-FEN's filter: standard games are those without a FEN tag.
    let standard = forsyth(&["pgn", "filter", "--tag", "FEN="], Some(plain.as_bytes()));
    let kept = text(&standard.stdout);
    assert_eq!(kept.matches("[Event \"g").count(), 300);
    assert!(!kept.contains("FEN"));
    let by_event = forsyth(&["pgn", "filter", "--tag", "Event=g7", "--variant", "standard"], Some(plain.as_bytes()));
    assert_eq!(text(&by_event.stdout), "[Event \"g7\"]\n\n1. e4 e5 2. Nf3 {c} Nc6 (2... d6) 3. Bb5 a6 1/2-1/2\n\n");
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(forsyth(&["pgn", "convert", "--notation", "morse"], Some(b"")).status.code(), Some(2));
    assert_eq!(forsyth(&["pgn", "check", "--encoding", "ebcdic"], Some(b"")).status.code(), Some(2));
    let missing = forsyth(&["pgn", "check", "/nonexistent/file.pgn"], None);
    assert_eq!(missing.status.code(), Some(1));
    assert!(text(&missing.stderr).contains("/nonexistent/file.pgn"));
}

#[test]
fn repairs_are_warning_lines_that_leave_the_game_valid_and_convert_writes_one_result() {
    let game = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n";
    let out = forsyth(&["pgn", "check", "-"], Some(game.as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert_eq!(
        text(&out.stdout),
        "-:4:10: game 1 '0-1': warning: the Result tag says 1-0, the game ends with 0-1; read as 1-0 \
         [result-mismatch]\n1 games, 1 valid, 0 with errors, 1 warning\n"
    );
    let out = forsyth(&["pgn", "convert", "-"], Some(game.as_bytes()));
    assert_eq!(out.status.code(), Some(0));
    let written = text(&out.stdout);
    assert!(written.contains("[Result \"1-0\"]") && written.ends_with("1. e4 e5 1-0\n\n"), "{written}");
    assert!(text(&out.stderr).contains("[result-mismatch]"), "{}", text(&out.stderr));
}

/// The library's messages name no flag; the CLI adds the flag that helps, on a line of its own.
#[test]
fn encoding_errors_and_repaired_fen_tags_come_with_the_flag_that_helps() {
    let latin1 = b"[Event \"M\xfcnchen\"]\n\n1. e4 *\n";
    let forced = forsyth(&["pgn", "check", "--encoding", "utf8"], Some(latin1));
    let said = format!("{}{}", text(&forced.stdout), text(&forced.stderr));
    assert_eq!(forced.status.code(), Some(1), "{said}");
    assert!(said.contains("not valid UTF-8 (if the file is Latin-1, read it as Latin-1) [encoding]"), "{said}");
    assert!(said.contains("\n  hint: read the file with --encoding latin1 if it is Latin-1\n"), "{said}");

    let game = "[Event \"a\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w KQ - 0 1\"]\n\n1. Kd2 *\n";
    let repaired = forsyth(&["pgn", "check"], Some(game.as_bytes()));
    let said = format!("{}{}", text(&repaired.stdout), text(&repaired.stderr));
    assert_eq!(repaired.status.code(), Some(0), "{said}");
    assert!(said.contains("[fen-repaired]"), "{said}");
    assert!(said.contains("\n  hint: `forsyth fen check --repair` drops the same from a FEN\n"), "{said}");
}

/// `--allow` reads a game whose FEN tag breaks rules it names, with a warning line, in every `pgn` command; without
/// it, the error comes with a hint that names the flag.
#[test]
fn allow_reads_a_fen_tag_that_breaks_the_rules_it_names() {
    let game =
        "[SetUp \"1\"]\n[FEN \"ppppkppp/pppppppp/pppppppp/pppppppp/8/8/8/RNBQKBNR w KQ - 0 1\"]\n\n1. Ke2 e4 *\n";
    let refused = forsyth(&["pgn", "check"], Some(game.as_bytes()));
    let said = format!("{}{}", text(&refused.stdout), text(&refused.stderr));
    assert_eq!(refused.status.code(), Some(1), "{said}");
    assert!(
        said.contains(
            "[bad-fen]\n  hint: where the FEN is well formed and breaks only rules of the position, `--allow"
        ),
        "{said}"
    );
    for jobs in ["1", "2"] {
        let read = forsyth(&["pgn", "check", "--allow", "all", "--jobs", jobs], Some(game.as_bytes()));
        let said = format!("{}{}", text(&read.stdout), text(&read.stderr));
        assert_eq!(read.status.code(), Some(0), "{said}");
        assert!(said.contains(":2:1: game 1 'ppppkppp/"), "{said}");
        assert!(
            said.contains("[fen-allowed]") && said.contains("1 games, 1 valid, 0 with errors, 1 warning"),
            "{said}"
        );
    }
    let uci = forsyth(&["pgn", "convert", "--allow", "all", "--notation", "uci"], Some(game.as_bytes()));
    assert_eq!(uci.status.code(), Some(0), "{}", text(&uci.stderr));
    assert!(text(&uci.stdout).contains("1. e1e2 e5e4 *"), "{}", text(&uci.stdout));
    let unknown = forsyth(&["pgn", "check", "--allow", "too-many-rooks"], Some(game.as_bytes()));
    assert_eq!(unknown.status.code(), Some(2), "{}", text(&unknown.stderr));
}

/// A file of pgn-extract's test suite, kept unchanged in the library's test data (its README there).
fn pgn_extract_file(path: &str) -> String {
    format!("{}/../forsyth/tests/data/pgn-extract/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// A game's Result tag, termination marker, PlyCount tag and main line in UCI.
type ResultAndMoves = (Option<String>, Option<&'static str>, Option<String>, Vec<String>);

/// The games of a PGN text as [`ResultAndMoves`], read by the library.
fn results_and_moves(pgn: &str) -> Vec<ResultAndMoves> {
    use forsyth::pgn::{Game, PgnReadOptions};
    Game::read_all(pgn, &PgnReadOptions::default())
        .into_iter()
        .map(|game| {
            let game = game.unwrap();
            let mut pos = game.start;
            let moves = game.moves.nodes.iter().map(|node| {
                let uci = forsyth::uci::write_uci(&pos, node.mv, false);
                pos.play_unchecked(node.mv);
                uci
            });
            let moves: Vec<String> = moves.collect();
            let tag = |name: &str| game.tag(name).map(str::to_string);
            (tag("Result"), game.result.map(|r| r.as_str()), tag("PlyCount"), moves)
        })
        .collect()
}

/// pgn-extract's tests of the options `pgn convert` and `pgn filter` share with it, on its own files: its
/// expected outputs hold the games forsyth writes or keeps. `--fixresulttags` sets the Result tag and the marker
/// from a mate on the board (test-fixresulttags), `--plycount` adds the main line's plies (test-plycount), and
/// `--selectonly`, `--skipmatching`, `--stopafter` count the matching games (their inputs are copies of
/// `fischer.pgn`); `-d` writes the duplicates `--dedupe` leaves out, and `-#` files of so many games.
#[test]
fn pgn_extract_tests_of_the_same_options() {
    let cases: [(&str, &[&str], &str, &str); 5] = [
        (
            "test-fixresulttags: --fixresulttags",
            &["convert", "--fix-tags", "Result"],
            "infiles/test-fixresulttags-in.pgn",
            "outfiles/test-fixresulttags-out.pgn",
        ),
        (
            "test-plycount: --plycount",
            &["convert", "--fix-tags", "PlyCount"],
            "infiles/test-plycount.pgn",
            "outfiles/test-plycount-out.pgn",
        ),
        (
            "test-selectonly: -TpPetrosian --selectonly 2,3",
            &["filter", "--where", "Player =~ \"^Petrosian\"", "--select-only", "2,3"],
            "infiles/fischer.pgn",
            "outfiles/test-selectonly-out.pgn",
        ),
        (
            "test-skipmatching: -TpKeres --skipmatching 1,2",
            &["filter", "--where", "Player =~ \"^Keres\"", "--skip-matching", "1,2"],
            "infiles/fischer.pgn",
            "outfiles/test-skipmatching-out.pgn",
        ),
        (
            "test-stopafter: -TpPetrosian --stopafter 1",
            &["filter", "--where", "Player =~ \"^Petrosian\"", "--stop-after", "1"],
            "infiles/fischer.pgn",
            "outfiles/test-stopafter-out.pgn",
        ),
    ];
    for (test, options, input, output) in cases {
        let mut args = vec!["pgn"];
        args.extend(options);
        let input = pgn_extract_file(input);
        args.push(&input);
        let out = forsyth(&args, None);
        assert_eq!(out.status.code(), Some(0), "{test}: {}", text(&out.stderr));
        let expected = std::fs::read_to_string(pgn_extract_file(output)).unwrap();
        let expected = results_and_moves(&expected);
        assert!(!expected.is_empty(), "{test}");
        assert_eq!(results_and_moves(&text(&out.stdout)), expected, "{test}");
    }

    // test-duplicates: `-d` writes the second and later copies of a game, in file order, to a file of their own.
    let dir = temp_dir("pgn-extract-duplicates");
    let dupes = dir.path().join("dupes.pgn");
    let (fischer, petrosian) = (pgn_extract_file("infiles/fischer.pgn"), pgn_extract_file("infiles/petrosian.pgn"));
    let args = ["pgn", "filter", "--dedupe", "--duplicates", dupes.to_str().unwrap(), &fischer, &petrosian];
    let out = forsyth(&args, None);
    assert_eq!(out.status.code(), Some(0), "test-duplicates: {}", text(&out.stderr));
    let expected = results_and_moves(&std::fs::read_to_string(pgn_extract_file("outfiles/test-d-dupes.pgn")).unwrap());
    assert!(!expected.is_empty());
    assert_eq!(results_and_moves(&std::fs::read_to_string(&dupes).unwrap()), expected, "test-duplicates");

    // test-hash: `-#20` writes the games into files of 20, `1.pgn`, `2.pgn`, ...
    let parts = dir.path().join("parts");
    let input = pgn_extract_file("infiles/test-hash.pgn");
    let args = ["pgn", "filter", "--split", "20", "--output-dir", parts.to_str().unwrap(), &input];
    let out = forsyth(&args, None);
    assert_eq!(out.status.code(), Some(0), "test-hash: {}", text(&out.stderr));
    let mut written: Vec<String> =
        std::fs::read_dir(&parts).unwrap().map(|entry| entry.unwrap().file_name().into_string().unwrap()).collect();
    written.sort();
    assert_eq!(written, ["1.pgn", "2.pgn"], "test-hash");
    for name in written {
        let expected = std::fs::read_to_string(pgn_extract_file(&format!("outfiles/{name}"))).unwrap();
        let ours = std::fs::read_to_string(parts.join(&name)).unwrap();
        assert_eq!(results_and_moves(&ours), results_and_moves(&expected), "test-hash: {name}");
    }
}
