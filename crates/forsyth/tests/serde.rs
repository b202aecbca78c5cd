//! The `serde` feature: values travel as their text and read back to the same value; errors as their code and
//! message. Run with `cargo test -p forsyth-chess --features serde --test serde`.
#![cfg(feature = "serde")]

use forsyth::notation::fen::Fen;
use forsyth::san::San;
use forsyth::uci::Uci;
use forsyth::{BoardShape, Color, Move, Piece, Position, Role, Square, Variant};
use serde::Serialize;
use serde::de::DeserializeOwned;

mod common;
use common::random_positions;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug + std::fmt::Display>(value: T) {
    let json = serde_json::to_string(&value).unwrap();
    assert_eq!(json, serde_json::to_string(&value.to_string()).unwrap(), "{value:?} is its text");
    assert_eq!(serde_json::from_str::<T>(&json).unwrap(), value, "{json}");
}

#[test]
fn names_travel_as_their_text() {
    for sq in BoardShape::Wide.squares() {
        round_trip(sq);
        round_trip(sq.file());
        round_trip(sq.rank());
    }
    for color in Color::ALL {
        round_trip(color);
        for role in Role::ALL {
            round_trip(role);
            round_trip(Piece::new(color, role));
        }
    }
    for variant in [Variant::Standard, Variant::Chess960, Variant::Capablanca, Variant::Janus] {
        round_trip(variant);
    }
    assert_eq!(serde_json::to_string(&Square::E4).unwrap(), "\"e4\"");
    assert!(serde_json::from_str::<Square>("\"k9\"").unwrap_err().to_string().contains("not a square name"));
}

#[test]
fn positions_and_moves_travel_as_fen_and_uci() {
    for pos in random_positions(Variant::Chess960, 5, 0x5e, 10..60).into_iter().chain(random_positions(
        Variant::Capablanca,
        3,
        0x5e,
        10..60,
    )) {
        let json = serde_json::to_string(&pos).unwrap();
        let back: Position = serde_json::from_str(&json).unwrap();
        assert_eq!(back.to_string(), pos.to_string());
        // The variant a FEN was made in is not in its text: the setup travels.
        let fen = Fen::from_position(&pos);
        let back: Fen = serde_json::from_str(&serde_json::to_string(&fen).unwrap()).unwrap();
        assert_eq!(back.setup, fen.setup);
        for &m in &pos.legal_moves() {
            let uci: Uci = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
            assert_eq!(uci.to_move(&pos), Ok(m), "{pos:?}");
        }
    }
    let m = "Bb5"
        .parse::<San>()
        .unwrap()
        .to_move(&"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".parse().unwrap())
        .unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"f1b5\"");
    assert_eq!(serde_json::to_string(&Move::NULL).unwrap(), "\"0000\"");
    round_trip("Nbd7".parse::<San>().unwrap());
}

#[test]
fn errors_travel_as_code_and_message() {
    let cases: Vec<(serde_json::Value, &str, String)> = vec![
        {
            let e = "Nf6".parse::<San>().unwrap().to_move(&Position::default()).unwrap_err();
            (serde_json::to_value(&e).unwrap(), e.code(), e.to_string())
        },
        {
            let e = "8/8/8 w".parse::<Position>().unwrap_err();
            (serde_json::to_value(&e).unwrap(), e.code(), e.to_string())
        },
        {
            let e = "x".parse::<Role>().unwrap_err();
            (serde_json::to_value(&e).unwrap(), e.code(), e.to_string())
        },
        {
            let e = "shogi".parse::<Variant>().unwrap_err();
            (serde_json::to_value(&e).unwrap(), e.code(), e.to_string())
        },
    ];
    for (json, code, message) in cases {
        assert_eq!(json, serde_json::json!({ "code": code, "message": message }));
    }
}
