//! SAN against shakmaty, an independent implementation: for every legal move of thousands of positions from
//! seeded random games, in standard chess and Chess960, forsyth writes the same SAN (with `+`/`#`) and reads
//! shakmaty's SAN back to the same move.

use forsyth::Variant;
use forsyth::notation::fen::Fen;
use forsyth::notation::read::{MoveReadOptions, parse_move};
use forsyth::notation::san::write_san;
use forsyth::uci::write_uci;
use shakmaty::{CastlingMode, Chess, Position as _};

mod common;
use common::random_positions;

fn compare(variant: Variant, games: usize, seed: u64) -> usize {
    let mut checked = 0;
    for pos in random_positions(variant, games, seed, 20..160) {
        let fen = Fen::from_position(&pos).to_string();
        let theirs: Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Chess960)
            .unwrap_or_else(|e| panic!("shakmaty rejects {fen}: {e}"));
        let their_moves = theirs.legal_moves();
        assert_eq!(pos.legal_moves().len(), their_moves.len(), "{fen}");
        for m in pos.legal_moves() {
            let uci = write_uci(&pos, m, true);
            let tm = their_moves
                .iter()
                .find(|t| t.to_uci(CastlingMode::Chess960).to_string() == uci)
                .unwrap_or_else(|| panic!("{fen}: shakmaty has no {uci}"));
            let expected = shakmaty::san::SanPlus::from_move(theirs.clone(), *tm).to_string();
            assert_eq!(write_san(&pos, m), expected, "{fen} {uci}");
            let read =
                parse_move(&pos, &expected, &MoveReadOptions::default()).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(read.mv, m, "{fen} {expected}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn san_matches_shakmaty_in_standard_chess() {
    assert!(compare(Variant::Standard, 60, 4) > 100_000);
}

#[test]
fn san_matches_shakmaty_in_chess960() {
    assert!(compare(Variant::Chess960, 60, 960) > 100_000);
}

/// `legal_moves_of` (reverse attacks) lists exactly the legal moves of that role to that square.
#[test]
fn legal_moves_of_agrees_with_the_generator() {
    for (variant, seed) in
        [(Variant::Standard, 7), (Variant::Chess960, 8), (Variant::Capablanca, 9), (Variant::Janus, 10)]
    {
        // Shorter games on 10×8 boards, whose positions have more squares and pieces to check.
        let plies = if variant.shape() == forsyth::BoardShape::Standard { 20..160 } else { 20..120 };
        for pos in random_positions(variant, 20, seed, plies) {
            let all = pos.legal_moves();
            for sq in pos.shape().squares() {
                for role in forsyth::Role::ALL {
                    let mut expected: Vec<_> = all
                        .iter()
                        .copied()
                        .filter(|m| m.to() == sq && pos.piece_at(m.from()).is_some_and(|p| p.role == role))
                        .collect();
                    let mut got = pos.legal_moves_of(role, sq).to_vec();
                    expected.sort_by_key(|m| format!("{m:?}"));
                    got.sort_by_key(|m| format!("{m:?}"));
                    assert_eq!(got, expected, "{} {role} {sq}", Fen::from_position(&pos));
                }
            }
        }
    }
}
