//! `forsyth translate`, `moves --notation` and `play --input-lang` as users run them, against the FIDE Laws' sample game
//! and the German problem-chess conventions' problem notation, and their exit statuses.

mod common;
use common::{forsyth, ok};

const FIDE_SAMPLE_GAME: &str = "1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Se4 5.Dxd4 d5 6.exd6 e.p. Sxd6 7.Lg5 Sc6 8.De3+ Le7 \
                              9.Sbd2 0-0 10.0-0-0 Te8 11.Kb1 (=)";

#[test]
fn fide_appendix_game_translates_back_to_itself_and_into_english() {
    assert_eq!(
        ok(&["translate", "--input-lang", "de", "--notation", "fide", "--lang", "de", FIDE_SAMPLE_GAME]),
        FIDE_SAMPLE_GAME
    );
    let english = ok(&["translate", "--input-lang", "de", FIDE_SAMPLE_GAME]);
    assert!(english.starts_with("1.e4 e5 2.Nf3 Nf6 3.d4 exd4 4.e5 Ne4 5.Qxd4 d5 6.exd6 Nxd6"), "{english}");
    // English SAN back to German FIDE.
    let back = ok(&["translate", "--notation", "fide", "--lang", "de", &english]);
    assert_eq!(back, FIDE_SAMPLE_GAME);
}

#[test]
fn problem_conventions_moves_in_problem_notation() {
    assert_eq!(
        ok(&["translate", "--notation", "problem", "--lang", "de", "e4", "c5", "Nf3"]),
        "1.Be2-e4 Bc7-c5 2.Sg1-f3"
    );
    assert_eq!(
        ok(&["play", "--input-lang", "de", "Be2-e4", "Bc7-c5", "Sg1-f3"]),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
}

#[test]
fn moves_in_every_notation() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    let fide = ok(&["moves", "--notation", "fide", "--lang", "de", fen]);
    assert!(fide.contains("exd6 e.p."), "{fide}");
    let problem = ok(&["moves", "--notation", "problem", "--lang", "de", fen]);
    assert!(problem.contains("Be5:d6 e.p."), "{problem}");
    let figurine = ok(&["moves", "--notation", "san", "--figurine", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]);
    assert!(figurine.contains("♖a2") && figurine.contains("O-O-O"), "{figurine}");
    let letters = ok(&["moves", "--notation", "lan", "--letters", "BSLTDK", "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"]);
    assert!(letters.contains("Sg1-f3"), "{letters}");
}

#[test]
fn exit_statuses() {
    // An illegal move: status 1, named with its index and number; what came before is printed.
    let output = forsyth(&["translate", "--input-lang", "de", "1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Sf4"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "1.e4 e5 2.Nf3 Nf6 3.d4 exd4 4.e5");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("move 8 (4...) 'Sf4': no black knight can reach f4"), "{stderr}");
    // Letters that clash with a 10×8 piece: status 1.
    let capablanca = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    assert_eq!(forsyth(&["moves", "--notation", "san", "--lang", "es", capablanca]).status.code(), Some(1));
    // An unknown language: usage error.
    assert_eq!(forsyth(&["translate", "--lang", "xx", "e4"]).status.code(), Some(2));
    assert_eq!(forsyth(&["play", "e4", "e5", "Nf6"]).status.code(), Some(1));
}
