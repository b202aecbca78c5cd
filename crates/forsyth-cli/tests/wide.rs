//! The 10×8 variants through the `forsyth` binary: SAN of the new pieces, castling in UCI both ways, Shredder-FEN,
//! variant inference, X-FEN's castling-type prefixes, and piece letters that would collide.
//!
//! Expected moves and FENs are Fairy-Stockfish's (pyffish 0.0.90: `legal_moves`, `get_san`, `get_fen`), except the
//! prefixes `s`/`m`, which only X-FEN defines.

mod common;
use common::{forsyth, ok};

const CAPABLANCA: &str = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
/// Capablanca's king and rooks alone on the back ranks.
const CASTLES: &str = "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1";
/// The same with the king on the e-file, as in Janus and Embassy chess.
const CASTLES_E: &str = "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1";

/// Standard error of a run that must fail with status 1.
fn refused(args: &[&str]) -> String {
    let output = forsyth(args);
    assert_eq!(output.status.code(), Some(1), "{args:?}: {}", String::from_utf8_lossy(&output.stdout));
    String::from_utf8(output.stderr).unwrap()
}

fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

#[test]
fn san_of_the_new_pieces() {
    let moves = ok(&["moves", "--notation", "san", CAPABLANCA]);
    for san in ["Na3", "Ab3", "Ad3", "Cg3", "Ci3", "Nj3", "j4"] {
        assert!(words(&moves).contains(&san), "{san} in {moves}");
    }
    let promotion =
        ok(&["moves", "--notation", "san", "--variant", "capablanca", "4k5/1P8/10/10/10/10/10/4K5 w - - 0 1"]);
    for san in ["b8=C+", "b8=A", "b8=Q+", "b8=N"] {
        assert!(words(&promotion).contains(&san), "{san} in {promotion}");
    }
}

#[test]
fn castling_in_uci_both_ways() {
    // Capablanca chess: king to its destination; CRC: king takes rook.
    let capablanca = ok(&["moves", CASTLES]);
    assert!(words(&capablanca).contains(&"f1i1") && words(&capablanca).contains(&"f1c1"), "{capablanca}");
    let crc = ok(&["moves", "--variant", "crc", CASTLES]);
    assert!(words(&crc).contains(&"f1j1") && words(&crc).contains(&"f1a1"), "{crc}");
    // play reads either spelling.
    let after = "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 b kq - 1 1";
    assert_eq!(ok(&["play", "--fen", CASTLES, "f1i1"]), after);
    assert_eq!(ok(&["play", "--fen", CASTLES, "f1j1"]), after);
    let shredder = "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 b ja - 1 1";
    assert_eq!(ok(&["play", "--variant", "crc", "--castling", "shredder", "--fen", CASTLES, "f1j1"]), shredder);
    assert_eq!(ok(&["fen", "convert", "--castling", "shredder", CAPABLANCA]), CAPABLANCA.replace("KQkq", "JAja"));
}

#[test]
fn variants_inferred_from_the_fen() {
    // By start array: Gothic's archbishop on g1 can go to f3 and h3 only in Gothic chess's array.
    let gothic = "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1";
    assert_eq!(words(&ok(&["moves", gothic])).len(), 28);
    // By the Janus letter: promotions to the Janus are written j.
    let janus = ok(&["moves", "4k5/1P8/10/10/10/10/10/4K5 w - - 0 1", "--variant", "janus"]);
    assert!(words(&janus).contains(&"b7b8j"), "{janus}");
    // By the castling-type prefix: s is Janus chess (king to i1 and b1), m Embassy chess (h1 and b1).
    let symmetric = ok(&["moves", &CASTLES_E.replace("KQkq", "sKQkq")]);
    assert!(words(&symmetric).contains(&"e1i1") && words(&symmetric).contains(&"e1b1"), "{symmetric}");
    let modern = ok(&["moves", &CASTLES_E.replace("KQkq", "mKQkq")]);
    assert!(words(&modern).contains(&"e1h1") && words(&modern).contains(&"e1b1"), "{modern}");
    assert_eq!(
        ok(&["play", "--fen", &CASTLES_E.replace("KQkq", "mKQkq"), "e1h1"]),
        "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R5RK2 b mkq - 1 1"
    );
    // Without a prefix, the king on e1 cannot castle in Capablanca chess: the rights are CRC's.
    let crc = ok(&["moves", CASTLES_E]);
    assert!(words(&crc).contains(&"e1j1") && words(&crc).contains(&"e1a1"), "{crc}");
}

#[test]
fn castling_prefixes_written_for_janus_and_embassy() {
    let janus = ok(&["play", "--variant", "janus", "e2e4"]);
    assert_eq!(janus, "rjnbkqbnjr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RJNBKQBNJR b sKQkq e3 0 1");
    let embassy = ok(&["play", "--variant", "embassy", "e2e4"]);
    assert!(embassy.ends_with(" b mKQkq e3 0 1"), "{embassy}");
    // Classic FEN has no prefix: that is how Fairy-Stockfish writes these variants.
    assert!(ok(&["play", "--variant", "embassy", "--castling", "classic", "e2e4"]).ends_with(" b KQkq e3 0 1"));
    // A FEN without the prefix gains it once the variant is known; one that contradicts the variant is refused.
    let classic = "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1";
    assert_eq!(ok(&["fen", "convert", classic]), classic.replace("KQkq", "sKQkq"));
    let message = refused(&["moves", "--variant", "capablanca", &CASTLES.replace("KQkq", "sKQkq")]);
    assert!(message.contains("castling prefix 's' (symmetric castling) is janus's, not capablanca's"), "{message}");
}

#[test]
fn letters_that_collide_are_refused() {
    let message = refused(&["moves", "--notation", "fide", "--lang", "fr", CAPABLANCA]);
    assert!(message.contains("the knight and the chancellor would both be written 'C'"), "{message}");
    // French letters with an archbishop E and a chancellor K.
    let french = ok(&["moves", "--notation", "fide", "--lang", "PCFTDREK", CAPABLANCA]);
    assert!(words(&french).contains(&"Ki3") && words(&french).contains(&"Eb3") && words(&french).contains(&"Ch3"));
    // Czech writes the knight J, like the Janus: refused in Janus chess only.
    let janus = "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1";
    assert!(refused(&["moves", "--notation", "san", "--lang", "cs", janus]).contains("written 'J'"));
    assert!(ok(&["moves", "--notation", "san", "--lang", "PJSVDKACX", janus]).contains("Xa3"));
    assert!(ok(&["moves", "--notation", "san", "--lang", "cs", CAPABLANCA]).contains("Jh3"));
}
