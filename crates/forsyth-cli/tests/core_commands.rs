//! The output shapes other tools rely on: `perft`, `moves`, `play` and `chess960`/`start` (one line per
//! position or answer, as scripts read them).

mod common;
use common::{forsyth, forsyth_with_input, ok};

#[test]
fn perft_prints_the_count_last_and_divides_by_root_move() {
    assert_eq!(ok(&["perft", "3"]).lines().last(), Some("8902"));
    let divided = ok(&["perft", "--divide", "2"]);
    let lines: Vec<&str> = divided.lines().collect();
    assert_eq!(lines.len(), 21);
    assert_eq!(lines.last(), Some(&"400"));
    let sum: u64 = lines[..20].iter().map(|l| l.split_once(": ").unwrap().1.parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 400);
    assert!(lines.contains(&"e2e4: 20"));
    let capablanca = ok(&["perft", "--variant", "capablanca", "2"]);
    assert_eq!(capablanca.trim(), "784");
}

#[test]
fn moves_one_line_per_fen_with_both_castling_conventions() {
    let fens = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n";
    let (output, written) = forsyth_with_input(&["moves"], fens.as_bytes());
    written.unwrap();
    let out = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out:?}");
    let first: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(first.len(), 26);
    assert!(first.contains(&"e1g1") && first.contains(&"e1c1"));
    assert_eq!(lines[1], "", "stalemate: an empty line");
    let forced = ok(&["moves", "--uci-960", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]);
    assert!(forced.contains("e1h1") && forced.contains("e1a1") && !forced.contains("e1g1"));
    let chess960 = ok(&["moves", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]);
    assert_eq!(chess960.split_whitespace().count(), 21);
}

#[test]
fn play_prints_the_fen_or_names_the_illegal_move() {
    let fen = ok(&["play", "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"]);
    assert_eq!(fen.trim(), "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
    let out = forsyth(&["play", "--fen", "r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1", "a1a2", "a8a7", "e1g1"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("move 3 'e1g1'") && err.contains("castle through check on f1"), "{err}");
}

#[test]
fn chess960_numbers_both_ways() {
    assert_eq!(ok(&["chess960", "518"]).trim(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(ok(&["chess960", "--number", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]).trim(), "0");
    let random = ok(&["chess960"]);
    let number = ok(&["chess960", "--number", random.trim()]);
    assert!(number.trim().parse::<u16>().unwrap() < 960);
}

#[test]
fn a_hostile_fen_gets_a_short_error() {
    let fen = format!("{}8 w - - 0 1", "8/".repeat(10_000));
    let out = forsyth(&["moves", &fen]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("10001 ranks"), "{err}");
    assert!(err.len() < 500, "the message quotes the whole input: {} bytes", err.len());
}

/// Scharnagl numbers 48,000 raw CRC arrays, of which only 12,118 are legal start arrays: `--number` of
/// any other array is refused with the rule it breaks, exactly as `start N` refuses its number.
#[test]
fn crc_numbers_only_legal_start_arrays_both_ways() {
    let illegal = "nnrqbkarcb/pppppppppp/10/10/10/10/PPPPPPPPPP/NNRQBKARCB w - - 0 1";
    let by_fen = forsyth(&["start", "--variant", "crc", "--number", illegal]);
    let by_number = forsyth(&["start", "--variant", "crc", "4582"]);
    for out in [&by_fen, &by_number] {
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("CRC number 4582 is not a legal start array: a pawn is unprotected"), "{err}");
    }
    let legal = ok(&["start", "--variant", "crc", "2000"]);
    assert_eq!(ok(&["start", "--variant", "crc", "--number", &legal]), "2000");
}

/// Relaxed validation: `--allow` turns the named problems into warnings on standard error and the
/// command works on the position as given; without it the position is refused. Counts from python-chess 1.11.2,
/// which reads such positions without validating them.
#[test]
fn allow_accepts_the_problems_named_and_warns() {
    let three_rooks = "r1r1k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQ - 0 1";
    let refused = forsyth(&["perft", "--fen", three_rooks, "3"]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("Black has 1 rook more than the start array"));
    for allow in ["too-many-pieces", "position.too-many-pieces", "all", "pawn-on-back-rank,too-many-pieces"] {
        let out = forsyth(&["perft", "--allow", allow, "--fen", three_rooks, "3"]);
        assert_eq!(out.status.code(), Some(0), "--allow {allow}");
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "13990");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("forsyth: warning: ") && err.contains("allowed [position.too-many-pieces]"), "{err}");
    }
    let other = forsyth(&["perft", "--allow", "pawn-on-back-rank", "--fen", three_rooks, "1"]);
    assert_eq!(other.status.code(), Some(1), "a problem not named stays an error");

    let pawn_on_a1 = "4k3/8/8/8/8/8/8/P3K3 w K - 0 1";
    assert_eq!(ok(&["moves", "--allow", "all", pawn_on_a1]), "e1d1 e1f1 e1d2 e1e2 e1f2 a1a2");
    assert_eq!(ok(&["play", "--allow", "all", "--fen", pawn_on_a1, "a2"]), "4k3/8/8/8/8/8/P7/4K3 b - - 0 1");
    assert_eq!(ok(&["fen", "convert", "--allow", "all", pawn_on_a1]), "4k3/8/8/8/8/8/8/P3K3 w - - 0 1");
    // --repair drops an impossible en-passant square also when --allow names only another problem.
    let repaired =
        ok(&["fen", "convert", "--repair", "--allow", "too-many-pieces", &three_rooks.replace(" - 0", " e3 0")]);
    assert_eq!(repaired, three_rooks);
    let checked = ok(&["fen", "check", "--allow", "pawn-on-back-rank,invalid-castling", pawn_on_a1]);
    assert!(checked.starts_with("ok (allowed: [position.pawn-on-back-rank] pawn on a1"), "{checked}");
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["fen", "check", "--json", "--allow", "all", pawn_on_a1])).unwrap();
    assert_eq!(json["result"], "ok");
    assert_eq!(json["allowed"][1]["code"], "position.invalid-castling");

    // Problems that make move generation meaningless are not part of `all`: only their own code allows them.
    let two_kings = "4k3/8/8/8/8/8/8/K3K3 w - - 0 1";
    assert_eq!(forsyth(&["moves", "--allow", "all", two_kings]).status.code(), Some(1));
    assert_eq!(forsyth(&["moves", "--allow", "too-many-kings", two_kings]).status.code(), Some(0));
    let help = ok(&["perft", "--help"]);
    assert!(help.contains("missing-king, too-many-kings, opposite-check and adjacent-kings make move generation meaningless and are allowed only by their own code"), "{help}");
    let usage = forsyth(&["perft", "--allow", "board-shape", "1"]);
    assert_eq!(usage.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&usage.stderr).contains("'board-shape' cannot be allowed"));
}
