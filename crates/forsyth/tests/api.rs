//! The library's public types as a Rust user meets them: moves parsed without a position and resolved against
//! one (`San`, `Uci`) checked against shakmaty, an independent implementation; positions read and written as FEN
//! through `FromStr`/`Display` against shakmaty's FEN; positions in hash sets; the names of squares, files, ranks,
//! colours, roles and pieces read back from what `Display` writes; `SquareSet`'s operators against a set model.

use std::collections::{BTreeSet, HashSet};

use forsyth::notation::fen::Fen;
use forsyth::notation::letters::{Language, Letters};
use forsyth::notation::styles::{MoveStyle, MoveWriteOptions};
use forsyth::san::San;
use forsyth::uci::Uci;
use forsyth::{BoardShape, Color, File, Piece, Position, Rank, Role, Square, SquareSet, Variant};
use proptest::prelude::*;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

mod common;
use common::random_positions;

fn theirs(pos: &Position, mode: CastlingMode) -> Chess {
    let fen = pos.to_string();
    let parsed =
        shakmaty::fen::Fen::from_ascii(fen.as_bytes()).unwrap_or_else(|e| panic!("shakmaty rejects {fen}: {e}"));
    parsed.into_position(mode).unwrap_or_else(|e| panic!("shakmaty rejects {fen}: {e}"))
}

/// For every legal move: shakmaty's SAN and UCI parse into `San` and `Uci` and resolve to the move; `San` and
/// `Uci` written from the move are shakmaty's text.
fn compare_moves(variant: Variant, mode: CastlingMode, seed: u64) -> usize {
    let mut moves = 0;
    for pos in random_positions(variant, 12, seed, 20..90) {
        let chess = theirs(&pos, mode);
        for m in chess.legal_moves() {
            let san = shakmaty::san::SanPlus::from_move(chess.clone(), m).to_string();
            let uci = m.to_uci(mode).to_string();
            let ours =
                san.parse::<San>().and_then(|s| s.to_move(&pos)).unwrap_or_else(|e| panic!("{pos:?} {san}: {e}"));
            assert_eq!(uci.parse::<Uci>().and_then(|u| u.to_move(&pos)), Ok(ours), "{pos:?} {uci}");
            assert_eq!(San::from_move(&pos, ours).to_string(), san, "{pos:?}");
            assert_eq!(Uci::from_move(&pos, ours, mode == CastlingMode::Chess960).to_string(), uci, "{pos:?}");
            assert_eq!(ours.to_string().parse::<Uci>().and_then(|u| u.to_move(&pos)), Ok(ours), "{pos:?}");
            moves += 1;
        }
    }
    moves
}

#[test]
fn san_and_uci_resolve_shakmatys_moves_in_standard_chess() {
    assert!(compare_moves(Variant::Standard, CastlingMode::Standard, 0x5a1) > 10_000);
}

#[test]
fn san_and_uci_resolve_shakmatys_moves_in_chess960() {
    assert!(compare_moves(Variant::Chess960, CastlingMode::Chess960, 0x960) > 10_000);
}

#[test]
fn san_written_in_any_style_and_language_resolves_to_its_move() {
    let mut letters: Vec<Letters> = Language::ALL.into_iter().map(Letters::from).collect();
    letters.push(Letters::FIGURINES);
    for variant in [Variant::Standard, Variant::Chess960, Variant::Capablanca, Variant::Janus] {
        for pos in random_positions(variant, 3, 0xde, 20..60).into_iter().step_by(5) {
            for &m in &pos.legal_moves() {
                for style in MoveStyle::ALL {
                    for &letters in letters.iter().filter(|l| l.check(variant).is_ok()) {
                        let written = San::from_move_with(&pos, m, &MoveWriteOptions::new(style).with_letters(letters));
                        assert_eq!(written.to_move(&pos), Ok(m), "{pos:?} {written} ({style})");
                        let reread = San::parse_in(written.as_str(), letters).and_then(|s| s.to_move(&pos));
                        assert_eq!(reread, Ok(m), "{pos:?} {written} ({style})");
                    }
                }
            }
        }
    }
}

#[test]
fn san_is_parsed_before_a_position_is_known() {
    assert_eq!("Bb9".parse::<San>().unwrap_err().code(), "move.syntax");
    let knight = San::parse_in("Sbd7", Language::De).unwrap();
    let err = knight.to_move(&Position::default()).unwrap_err();
    assert_eq!(err.code(), "move.unreachable", "{err}");
    assert_eq!(
        "e2e4".parse::<Uci>().unwrap().to_move(&"8/8/8/8/8/8/8/k6K w - - 0 1".parse().unwrap()).unwrap_err().code(),
        "move.illegal"
    );
    assert_eq!("0000".parse::<Uci>(), Ok(Uci::Null));
    for bad in ["", "e2e", "e2e4e4", "e2e4k", "e2e4p", "z2e4", "e2e9"] {
        assert_eq!(bad.parse::<Uci>().unwrap_err().code(), "move.syntax", "{bad:?}");
    }
}

#[test]
fn positions_read_and_write_fen_as_shakmaty_does() {
    for (variant, mode) in [(Variant::Standard, CastlingMode::Standard), (Variant::Chess960, CastlingMode::Chess960)] {
        for pos in random_positions(variant, 10, 0xfe4, 10..80) {
            let chess = theirs(&pos, mode);
            let expected = shakmaty::fen::Fen::from_position(&chess, EnPassantMode::Always).to_string();
            let expected = if mode == CastlingMode::Chess960 { pos.to_string() } else { expected };
            assert_eq!(pos.to_string(), expected);
            // Without castling rights a Chess960 position reads as standard chess: compare the FEN.
            assert_eq!(expected.parse::<Position>().map(|p| p.to_string()), Ok(expected.clone()));
            if variant == Variant::Standard {
                assert_eq!(expected.parse::<Position>(), Ok(pos));
            }
        }
    }
}

#[test]
fn positions_hash_consistently_with_equality() {
    let positions = random_positions(Variant::Standard, 40, 0x4a5, 1..30);
    let by_position: HashSet<Position> = positions.iter().copied().collect();
    let by_fen: HashSet<String> = positions.iter().map(|p| p.to_string()).collect();
    assert_eq!(by_position.len(), by_fen.len());
    assert!(by_position.len() < positions.len(), "random games from one start share their first positions");
    // The same position by two move orders is one entry.
    let play = |moves: &[&str]| {
        let mut pos = Position::default();
        for text in moves {
            pos.play(text.parse::<San>().unwrap().to_move(&pos).unwrap()).unwrap();
        }
        pos
    };
    let seen: HashSet<Position> = [play(&["Nf3", "Nf6", "Nc3"]), play(&["Nc3", "Nf6", "Nf3"])].into_iter().collect();
    assert_eq!(seen.len(), 1);
}

#[test]
fn names_read_back_what_display_writes() {
    for sq in BoardShape::Wide.squares() {
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        assert_eq!(sq.file().to_string().parse::<File>(), Ok(sq.file()));
        assert_eq!(sq.rank().to_string().parse::<Rank>(), Ok(sq.rank()));
    }
    for color in Color::ALL {
        assert_eq!(color.to_string().parse::<Color>(), Ok(color));
        for role in Role::ALL {
            assert_eq!(role.to_string().parse::<Role>(), Ok(role));
            let piece = Piece::new(color, role);
            assert_eq!(piece.to_string().parse::<Piece>(), Ok(piece));
        }
    }
    for variant in [Variant::Standard, Variant::Chess960, Variant::Crc, Variant::Gothic, Variant::Embassy] {
        assert_eq!(variant.to_string().parse::<Variant>(), Ok(variant));
    }
    for (bad, code) in
        [("k", "name.file"), ("9", "name.rank"), ("red", "name.color"), ("x", "name.role"), ("Nn", "name.piece")]
    {
        let err = match code {
            "name.file" => bad.parse::<File>().unwrap_err(),
            "name.rank" => bad.parse::<Rank>().unwrap_err(),
            "name.color" => bad.parse::<Color>().unwrap_err(),
            "name.role" => bad.parse::<Role>().unwrap_err(),
            _ => bad.parse::<Piece>().unwrap_err(),
        };
        assert_eq!(err.code(), code);
        assert!(err.to_string().starts_with(&format!("'{bad}' is not a")), "{err}");
    }
}

fn square() -> impl Strategy<Value = Square> {
    (0u8..10, 0u8..8).prop_map(|(f, r)| Square::new(File::new(f).unwrap(), Rank::new(r).unwrap()))
}

proptest! {
    #[test]
    fn square_set_operators_are_set_operations(
        a in prop::collection::btree_set(square(), 0..40),
        b in prop::collection::btree_set(square(), 0..40),
    ) {
        let (x, y): (SquareSet, SquareSet) = (a.iter().copied().collect(), b.iter().copied().collect());
        let all: BTreeSet<Square> = BoardShape::Wide.squares().collect();
        let set = |s: SquareSet| s.into_iter().collect::<BTreeSet<Square>>();
        prop_assert_eq!(set(x & y), a.intersection(&b).copied().collect());
        prop_assert_eq!(set(x | y), a.union(&b).copied().collect());
        prop_assert_eq!(set(x ^ y), a.symmetric_difference(&b).copied().collect());
        prop_assert_eq!(set(!x), all.difference(&a).copied().collect());
        prop_assert_eq!((!x).len(), 80 - a.len());
        let mut z = x;
        z &= y;
        z |= x;
        z ^= y;
        prop_assert_eq!(z, (x & y | x) ^ y);
    }
}

/// FENs of random standard and Chess960 games, some edited the ways lenient reading notes (castling order and
/// repeats, leading zeros, move number 0, missing fields) or validation refuses (a king dropped).
fn edited_fens() -> Vec<String> {
    let mut rng = fastrand::Rng::with_seed(0xca);
    let mut out = Vec::new();
    for variant in [Variant::Standard, Variant::Chess960] {
        for pos in random_positions(variant, 20, 0xca, 1..40) {
            let fen = pos.to_string();
            let fields: Vec<&str> = fen.split(' ').collect();
            let edited = match rng.u8(0..8) {
                0 => fields.iter().rev().skip(1).rev().copied().collect::<Vec<_>>().join(" "),
                1 => fen.replacen(" KQ", " QK", 1),
                2 => fen.replacen(" K", " KK", 1),
                3 => format!("{} {} {} {} 0{} {}", fields[0], fields[1], fields[2], fields[3], fields[4], fields[5]),
                4 => format!("{} {} {} {} {} 0", fields[0], fields[1], fields[2], fields[3], fields[4]),
                5 => fen.replacen('K', "1", 1),
                _ => fen.clone(),
            };
            out.push(edited);
        }
    }
    out
}

#[test]
fn canonical_fast_path_agrees_with_the_two_steps_and_notes_nothing() {
    let (mut fast, mut general) = (0, 0);
    for text in edited_fens() {
        for variant in [None, Some(Variant::Chess960)] {
            let Some(result) = Fen::parse_canonical_position(&text, variant) else {
                general += 1;
                continue;
            };
            fast += 1;
            let (fen, notes) = Fen::parse_lenient(&text).unwrap();
            assert_eq!(notes, [], "{text}");
            assert!(Fen::parse_strict(&text).is_ok(), "{text}");
            assert_eq!(result, fen.position(variant), "{text}");
        }
    }
    assert!(fast > 100 && general > 30, "fast {fast}, general {general}");
}
