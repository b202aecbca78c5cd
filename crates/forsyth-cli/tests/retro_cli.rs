//! `forsyth retract` and `forsyth retro`: the JSON shapes (docs/retro.md), the problem notation in both
//! languages, and clear errors for what the retro analysis does not support.

mod common;

use common::{forsyth, ok};
use forsyth::Position;
use forsyth::notation::fen::Fen;

const KNIGHT_F3: &str = "4k3/8/8/8/8/5N2/8/4K3 b - - 1 1";

#[test]
fn retract_json_gives_move_uci_and_a_predecessor_the_move_leads_from() {
    let out = ok(&["retract", "--json", KNIGHT_F3]);
    let list: serde_json::Value = serde_json::from_str(&out).unwrap();
    let list = list.as_array().unwrap();
    assert!(!list.is_empty());
    for entry in list {
        let mut keys: Vec<&str> = entry.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["fen", "move", "uci"]);
        let mut before: Position = Fen::parse_position(entry["fen"].as_str().unwrap(), None).unwrap();
        let mv = entry["uci"].as_str().unwrap().parse::<forsyth::uci::Uci>().unwrap().to_move(&before).unwrap();
        before.play(mv).unwrap();
        assert_eq!(Fen::from_position(&before).to_string().split(' ').next(), KNIGHT_F3.split(' ').next());
    }
    assert!(list.iter().any(|e| e["move"] == "Ng1-f3" && e["uci"] == "g1f3"));
}

#[test]
fn retract_writes_problem_notation_in_german() {
    let out = ok(&["retract", "--lang", "de", KNIGHT_F3]);
    assert!(out.lines().any(|l| l.starts_with("Sg1-f3 ")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("Sg1:f3 ")), "{out}");
    let promotion = ok(&["retract", "--lang", "de", "3Qk3/8/8/8/8/8/8/4K3 b - - 0 1"]);
    assert!(promotion.lines().any(|l| l.starts_with("Be7:d8=D+ ")), "{promotion}");
    let en_passant = ok(&["retract", "--lang", "de", "4k3/8/4P3/8/8/8/8/4K3 b - - 0 1"]);
    assert!(en_passant.lines().any(|l| l.starts_with("Bd5:e6 e.p. ")), "{en_passant}");
}

#[test]
fn retract_depth_two_nests_the_moves_before() {
    let out = ok(&["retract", "--json", "--depth", "2", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]);
    let list: serde_json::Value = serde_json::from_str(&out).unwrap();
    let first = &list.as_array().unwrap()[0];
    assert!(first["retractions"].as_array().is_some_and(|l| !l.is_empty()), "{first}");
}

#[test]
fn retro_analyse_json_shape() {
    let out = forsyth(&["retro", "analyse", "--json", "4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1"]);
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["reachable"], false);
    assert_eq!(report["reasons"][0]["code"], "retro.shut-in");
    assert_eq!(report["reasons"][0]["squares"], serde_json::json!(["a1", "b2"]));
    let fine = ok(&["retro", "analyse", "--json", KNIGHT_F3]);
    assert_eq!(fine.trim(), r#"{"reachable":true,"reasons":[]}"#);
}

#[test]
fn retro_who_names_originals_and_promoted_pawns() {
    let out = ok(&["retro", "who", "--lang", "de", "4k3/8/8/8/8/8/3PPPPP/3QK3 w - - 0 1", "d1"]);
    assert!(out.starts_with("Dd1: [Dd1] oder ein umgewandelter Bauer von der a-, b- oder c-Linie"), "{out}");
    let knight = ok(&["retro", "who", "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", "[Nb1]"]);
    assert_eq!(knight.trim(), "[Nb1]: b1 | g1");
    let wrong = forsyth(&["retro", "who", "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", "[Db1]"]);
    assert_eq!(wrong.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("write [Sb1] (or [Nb1])"));
}

#[test]
fn unsupported_input_is_refused_with_a_code() {
    for (fen, code) in [
        ("4k3/8/8/8/8/8/8/4K2X w - - 0 1", "retro.unknown-piece"),
        ("4k3/8/8/8/8/8/8/4K1G1 w - - 0 1", "retro.unsupported-piece"),
        ("4k3/8/8/8/8/8/8/4KK2 w - - 0 1", "retro.invalid-position"),
        ("4k3/8/8/8/8/8/8/4K1A1 w - - 0 1", "retro.unsupported-piece"),
    ] {
        let out = forsyth(&["retract", fen]);
        assert_eq!(out.status.code(), Some(1), "{fen}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(code), "{fen}: {err}");
    }
    // 10×8 positions: the Capablanca array, inferred from the back rank.
    let wide = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w - - 0 1";
    assert!(ok(&["retract", wide]).contains("Nh6-i8"));
    assert!(ok(&["retro", "analyse", wide]).starts_with("no reason found"));
    assert!(ok(&["retro", "who", wide, "h1"]).starts_with("Ch1: [Ch1]\n"));
}

#[test]
fn retract_takes_back_chess960_castling_from_the_array_the_castling_rights_tell() {
    // Black keeps the rights of its rooks on h8 and a8 with its king on b8 (Shredder-FEN `ha`): in Chess960 both
    // arrays mirror each other, so White's king started on b1 and its king-side rook on h1.
    let fen = "rk5r/8/8/8/8/8/8/5RK1 b ha - 0 1";
    let out = ok(&["retract", "--json", fen]);
    let list: serde_json::Value = serde_json::from_str(&out).unwrap();
    let castlings: Vec<&serde_json::Value> = list.as_array().unwrap().iter().filter(|e| e["move"] == "0-0").collect();
    assert_eq!(castlings.len(), 1, "{out}");
    let mut before: Position = Fen::parse_position(castlings[0]["fen"].as_str().unwrap(), None).unwrap();
    assert_eq!(before.variant(), forsyth::Variant::Chess960);
    assert_eq!(before.king(forsyth::Color::White), Some(forsyth::Square::B1));
    let mv = castlings[0]["uci"].as_str().unwrap().parse::<forsyth::uci::Uci>().unwrap().to_move(&before).unwrap();
    before.play(mv).unwrap();
    assert_eq!(Fen::from_position(&before).to_string().split(' ').next(), fen.split(' ').next());
    // With no castling right left on the board the FEN reads as standard chess, unless Chess960 is asked for.
    let bare = "4k3/8/8/8/8/8/8/5RK1 b - - 0 1";
    let count = |args: &[&str]| ok(args).lines().filter(|l| l.starts_with("0-0")).count();
    assert_eq!(count(&["retract", bare]), 1);
    assert!(count(&["retract", "--variant", "chess960", bare]) > 10);
    // A 10×8 variant asked of an 8×8 board: the board's shape is the problem.
    let out = forsyth(&["retro", "analyse", "--variant", "capablanca", bare]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("position.board-shape"));
}

#[test]
fn retract_takes_back_castling_by_each_wide_variants_geometry() {
    // The king on b1 beside its rook on c1: in Janus chess queen-side castling from e1 and a1; in Capablanca chess
    // (king to c1) not; in Embassy chess (king to b1, rook to c1, from e1) too.
    let board = "4k5/10/10/10/10/10/10/1KR7 b - - 0 1";
    for (variant, castlings) in [("janus", 1), ("embassy", 1), ("capablanca", 0), ("gothic", 0)] {
        let out = ok(&["retract", "--json", "--variant", variant, board]);
        let list: serde_json::Value = serde_json::from_str(&out).unwrap();
        let found: Vec<&serde_json::Value> = list.as_array().unwrap().iter().filter(|e| e["move"] == "0-0-0").collect();
        assert_eq!(found.len(), castlings, "{variant}: {out}");
        for entry in found {
            let variant: forsyth::Variant = variant.parse().unwrap();
            let mut before = Fen::parse_position(entry["fen"].as_str().unwrap(), Some(variant)).unwrap();
            assert_eq!(before.king(forsyth::Color::White), Some(forsyth::Square::E1));
            let uci = entry["uci"].as_str().unwrap().parse::<forsyth::uci::Uci>().unwrap();
            before.play(uci.to_move(&before).unwrap()).unwrap();
            assert_eq!(Fen::from_position(&before).to_string().split(' ').next(), board.split(' ').next());
        }
    }
}

#[test]
fn retro_who_in_chess960_knows_the_array_from_castling_rights() {
    // Black's rights (h8, b8, king g8) tell White's array: rooks on b1 and h1, king on g1.
    let fen = "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R2N1KR w HBhb - 0 1";
    let rook = ok(&["retro", "who", "--json", fen, "b1"]);
    let rook: serde_json::Value = serde_json::from_str(&rook).unwrap();
    assert_eq!(rook["origins"], serde_json::json!([{"original": "b1"}]), "{rook}");
    // The knight on e1: the array may have had a knight on a1, c1, d1, e1 or f1 (not b1, g1, h1, told by the rights).
    let knight = ok(&["retro", "who", "--json", fen, "e1"]);
    let knight: serde_json::Value = serde_json::from_str(&knight).unwrap();
    let origins: Vec<&str> =
        knight["origins"].as_array().unwrap().iter().filter_map(|o| o["original"].as_str()).collect();
    assert_eq!(origins, ["a1", "c1", "d1", "e1", "f1"], "{knight}");
    // [Nc1] names a knight's start square the rights do not tell: the knight on e1 may be it.
    assert_eq!(ok(&["retro", "who", fen, "[Nc1]"]).trim(), "[Nc1]: e1");
    // b1 held a rook in this array.
    let out = forsyth(&["retro", "who", fen, "[Nb1]"]);
    assert_eq!(out.status.code(), Some(1));
}
