//! `forsyth pattern` and `forsyth problem`: the composers' notation translated and checked, problem descriptions
//! read, converted and drawn; every error with its column or line.

mod common;

use common::{forsyth, forsyth_with_input, ok};

/// The standard error of a command that must fail with status 1.
fn fails(args: &[&str]) -> String {
    let output = forsyth(args);
    assert_eq!(output.status.code(), Some(1), "{args:?}");
    String::from_utf8(output.stderr).unwrap()
}

#[test]
fn pattern_translates_both_ways() {
    assert_eq!(ok(&["pattern", "--input-lang", "de", "--lang", "en", "Bh2:Lg~g6:h7-h8=T"]).trim(), "Ph2:Bg~g6:h7-h8=R");
    assert_eq!(ok(&["pattern", "--input-lang", "en", "--lang", "de", "Ph2:Bg~g6:h7-h8=R"]).trim(), "Bh2:Lg~g6:h7-h8=T");
}

#[test]
fn pattern_lists_sequences_that_replay_legally() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let out = ok(&["pattern", "--lang", "en", "--fen", fen, "--max-plies", "1", "K~"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    // Each listed sequence is a game: it reads back through the PGN reader from the FEN.
    for line in lines {
        let pgn = format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{line} *\n");
        let games = forsyth::pgn::Game::read_all(&pgn, &forsyth::pgn::PgnReadOptions::default());
        assert!(games[0].is_ok(), "{line}");
    }
}

#[test]
fn pattern_errors_name_the_column() {
    let e = fails(&["pattern", "Be2-e9"]);
    assert!(e.contains("column 6"), "{e}");
    let e = fails(&["pattern", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Ke1-e3"]);
    assert!(e.contains("column 4") && e.contains("names no possible move"), "{e}");
    let e = fails(&["pattern", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "K~ & K~"]);
    assert!(e.contains("column 1") && e.contains("--game"), "{e}");
}

#[test]
fn pattern_checks_a_game() {
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/fide-sample-game-de.pgn");
    assert!(ok(&["pattern", "--game", game, "Be5:d6 e.p."]).starts_with("fits"));
    let e = fails(&["pattern", "--game", game, "[Sg1]~e4"]);
    assert!(e.contains("does not fit"), "{e}");
}

#[test]
fn problem_commands_read_convert_and_draw() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/problem.inp");
    let board = ok(&["problem", "board", file]);
    assert!(board.contains("4+2+0+1 #2 k7/p7/1K6/3N4/8/8/2P5/5Q2 w - - 0 1"), "{board}");
    let german = ok(&["problem", "convert", "--lang", "de", file]);
    assert!(german.starts_with("AnfangProblem\n") && german.contains("Weiss Kb6 Df1 Sd5 Bc2"), "{german}");
    let yaml = ok(&["problem", "convert", "--yacpdb", file]);
    assert!(yaml.contains("  white: [Kb6, Qf1, Sd5, Pc2]"), "{yaml}");
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let (de, yacpdb) = (dir.join("de.inp"), dir.join("entry.yaml"));
    std::fs::write(&de, &german).unwrap();
    std::fs::write(&yacpdb, &yaml).unwrap();
    let check = ok(&["problem", "check", de.to_str().unwrap()]);
    assert!(check.contains("4+2+0+1 #2"), "{check}");
    let check = ok(&["problem", "check", "--marked", "e4", yacpdb.to_str().unwrap()]);
    assert!(check.contains("4+2+1+0 #2"), "{check}");
    std::fs::write(dir.join("bad.inp"), "BeginProblem\nPieces White Ke1 ORd4\nEndProblem\n").unwrap();
    let e = fails(&["problem", "check", dir.join("bad.inp").to_str().unwrap()]);
    assert!(e.contains("popeye.unknown-piece") && e.contains("line 2, column 18"), "{e}");
}

/// Popeye reads Condition, Option and Twin lines only in the language of its keywords: option names are
/// translated, conditions are kept as text and so refuse a change of language.
#[test]
fn convert_translates_options_and_refuses_to_translate_conditions() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let (options, condition) = (dir.join("options.inp"), dir.join("condition.inp"));
    let problem =
        |line: &str| format!("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\n{line}\nEndProblem\n");
    std::fs::write(&options, problem("Option NoBoard")).unwrap();
    std::fs::write(&condition, problem("Condition Circe")).unwrap();
    assert!(ok(&["problem", "convert", "--lang", "de", options.to_str().unwrap()]).contains("\nOption OhneBrett\n"));
    assert!(ok(&["problem", "convert", "--lang", "en", options.to_str().unwrap()]).contains("\nOption NoBoard\n"));
    let e = fails(&["problem", "convert", "--lang", "de", condition.to_str().unwrap()]);
    assert!(e.contains("--lang en"), "{e}");
}

/// A FEN's castling rights and en-passant square become Popeye's options; its side to move must be the one the
/// stipulation lets begin.
#[test]
fn convert_from_a_fen_states_castling_en_passant_and_who_begins() {
    let fen = "r3k2r/8/8/8/3Pp3/8/8/R3K2R b Kk d3 0 1";
    let out = ok(&["problem", "convert", "--fen", fen, "--stipulation", "h#2"]);
    assert!(out.contains("\nOption NoCastling a1a8 EnPassant d2d3d4\n"), "{out}");
    let e = fails(&["problem", "convert", "--fen", fen, "--stipulation", "#2"]);
    assert!(e.contains("Black to move") && e.contains("h#2"), "{e}");
}

#[test]
fn a_pattern_without_moves_holds_or_not_in_a_position() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(ok(&["pattern", "--fen", start, "Sg1 & ~Sf3 & [Ta8]"]), "holds");
    assert!(fails(&["pattern", "--fen", start, "Sf3 | Ke2"]).contains("does not hold"));
}

#[test]
fn fairy_problems_are_drawn_checked_and_converted() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let file = dir.join("fairy.inp");
    let text = "BeginProblem\nPieces\nWhite Kc1 Ga3 Nh4\nBlack Ke8\nStipulation ~1\nEndProblem\n";
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap();
    let board = ok(&["problem", "board", path]);
    assert!(board.contains("G = grasshopper") && board.contains("drawn as inverted queen"), "{board}");
    assert!(board.contains("I = nightrider"), "{board}");
    let check = ok(&["problem", "check", path]);
    assert!(check.contains("3+1 ~1 4k3/8/8/8/7I/G7/8/2K5 w - - 0 1 (pieces G=grasshopper I=nightrider)"), "{check}");
    // The FEN and its declarations make the same problem again.
    let again = ok(&[
        "problem",
        "convert",
        "--piece",
        "G=grasshopper",
        "--piece",
        "I=nightrider",
        "--stipulation",
        "~1",
        "--fen",
        "4k3/8/8/8/7I/G7/8/2K5 w - - 0 1",
    ]);
    assert_eq!(again.trim_end(), text.trim_end());
    let german = ok(&["problem", "convert", "--lang", "de", path]);
    assert!(german.contains("Weiss Kc1 Ga3 Nh4"), "{german}");
    // A condition forsyth plays is checked under it; one it cannot play is named, and the problem is not checked.
    std::fs::write(&file, text.replace("EndProblem", "Condition Circe\nEndProblem")).unwrap();
    assert!(ok(&["problem", "check", path]).contains("(conditions Circe)"));
    std::fs::write(&file, text.replace("EndProblem", "Condition Isardam\nEndProblem")).unwrap();
    let e = fails(&["problem", "check", path]);
    assert!(e.contains("not playable"), "{e}");
    let out = forsyth(&["problem", "check", path]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("[problem.condition]") && stdout.contains("'Isardam'"), "{stdout}");
    let e = fails(&["problem", "convert", "--piece", "Z=betza:Z", "--fen", "4k3/8/8/8/8/Z7/8/2K5 w - - 0 1"]);
    assert!(e.contains("problem.no-popeye-code"), "{e}");
}

/// Neutral pieces and attributes are drawn with the lines Popeye prints under its board (`Royal d4`), the problem is
/// refused by name for checking, and a Latin-1 file reads as Popeye reads it.
#[test]
fn attributes_are_listed_under_the_board_and_latin_1_is_read() {
    let text = b"AnfangProblem\nAutor M\xfcller\nSteine Weiss Ke1 Weiss Koeniglich Sd4 Schwarz Ke8 Neutral Bd5e4\nForderung #2\nEndeProblem\n";
    let (output, _) = forsyth_with_input(&["problem", "board", "-"], text);
    let out = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{out}");
    assert!(out.contains("\nKoeniglich d4\n") && out.contains("\nNeutral d5 e4\n"), "{out}");
    assert!(out.contains("[problem.attribute]"), "{out}");
    let (output, _) = forsyth_with_input(&["problem", "convert", "--lang", "de", "-"], text);
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        out.contains("Autor Müller\n") && out.contains("Weiss Koeniglich Sd4\nSchwarz Ke8\nNeutral Bd5 Be4\n"),
        "{out}"
    );
}
