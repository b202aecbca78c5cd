//! Differential tests against shakmaty, an independent implementation: along seeded random games in standard
//! chess and Chess960, the legal move sets, check, game end and Polyglot keys must agree in every position.

use std::collections::BTreeSet;

use forsyth::notation::fen::Fen;
use forsyth::uci::{Uci, write_uci};
use forsyth::{Position, Variant, start};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _, fen::Fen as ShakmatyFen};

fn shakmaty_position(fen: &str, mode: CastlingMode) -> Chess {
    fen.parse::<ShakmatyFen>().unwrap().into_position(mode).unwrap()
}

fn our_moves(pos: &Position, chess960: bool) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|&m| write_uci(pos, m, chess960)).collect()
}

fn their_moves(pos: &Chess, mode: CastlingMode) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|m| m.to_uci(mode).to_string()).collect()
}

/// Plays `games` random games of up to `plies` plies from `start_fen(game)` and compares every position.
fn compare_random_games(games: u64, plies: usize, variant: Variant, start_fen: impl Fn(u64) -> String) -> usize {
    let chess960 = variant == Variant::Chess960;
    let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    let mut positions = 0;
    for game in 0..games {
        let mut rng = fastrand::Rng::with_seed(0xf0f5 + game);
        let fen = start_fen(game);
        let mut ours = Fen::parse(&fen).unwrap().position(Some(variant)).unwrap();
        let mut theirs = shakmaty_position(&fen, mode);
        for ply in 0..plies {
            positions += 1;
            let context = || format!("game {game} ply {ply}: {:?}", ours);
            let expected = their_moves(&theirs, mode);
            assert_eq!(our_moves(&ours, chess960), expected, "{}", context());
            assert_eq!(ours.is_check(), theirs.is_check(), "{}", context());
            assert_eq!(ours.is_checkmate(), theirs.is_checkmate(), "{}", context());
            assert_eq!(ours.is_stalemate(), theirs.is_stalemate(), "{}", context());
            assert_eq!(ours.is_insufficient_material(), theirs.is_insufficient_material(), "{}", context());
            if !chess960 {
                let key: Zobrist64 = theirs.zobrist_hash(EnPassantMode::PseudoLegal);
                assert_eq!(ours.zobrist(), key.0, "{}", context());
            }
            if expected.is_empty() {
                break;
            }
            let legal = theirs.legal_moves();
            let chosen = legal[rng.usize(..legal.len())];
            let text = chosen.to_uci(mode).to_string();
            let m = text
                .parse::<Uci>()
                .and_then(|uci| uci.to_move(&ours))
                .unwrap_or_else(|e| panic!("{}: {text}: {e}", context()));
            ours.play(m).unwrap();
            theirs.play_unchecked(chosen);
        }
    }
    positions
}

#[test]
fn standard_random_games_agree_with_shakmaty() {
    let n = compare_random_games(60, 200, Variant::Standard, |_| Variant::Standard.start_fen().to_string());
    assert!(n > 5000, "only {n} positions compared");
}

#[test]
fn chess960_random_games_agree_with_shakmaty() {
    let n = compare_random_games(80, 160, Variant::Chess960, |game| {
        let setup = start::chess960_setup(((game * 389) % 960) as u16).unwrap();
        // Shredder-FEN castling letters name the rooks exactly; shakmaty reads them.
        let pos = Position::from_setup(&setup, Variant::Chess960).unwrap();
        let fen = Fen::from_position(&pos).to_string();
        let board = fen.split(' ').next().unwrap().to_string();
        let back: String = board.rsplit('/').next().unwrap().to_string();
        let king = back.find('K').unwrap();
        let files: Vec<char> =
            back.char_indices().filter(|&(_, c)| c == 'R').map(|(i, _)| (b'a' + i as u8) as char).collect();
        let (q, k) = (files[0], files[1]);
        assert!(q < (b'a' + king as u8) as char);
        format!("{board} w {}{}{}{} - 0 1", k.to_ascii_uppercase(), q.to_ascii_uppercase(), k, q)
    });
    assert!(n > 5000, "only {n} positions compared");
}

#[test]
fn polyglot_start_key() {
    assert_eq!(Position::new(Variant::Standard).zobrist(), 0x463b_9618_1691_fc9c);
}

/// Relaxed validation: positions with too much material or a check no single move can give, which shakmaty reads
/// with its `ignore_too_much_material` and `ignore_impossible_check` flags. Along seeded random games from each,
/// the legal move sets and check agree in every position.
#[test]
fn relaxed_positions_agree_with_shakmaty() {
    let fens = [
        "r1r1k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQ - 0 1",
        "4k3/8/8/8/8/QQQQ4/QQQQPPPP/4K3 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/P1P5/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/pppppppp/8/8/8/R7/RRRRRRRR/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/1b6/5n2/8/r3K3 w - - 0 1",
        "4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1",
        "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",
        "qqqqqqqk/qqq5/8/8/8/8/PPPPPPPP/R3K2R w KQ - 0 1",
    ];
    let mode = CastlingMode::Standard;
    let mut positions = 0;
    for (i, fen) in fens.iter().enumerate() {
        let (start, warnings) = Fen::parse_position_allowing(fen, None, forsyth::Allowed::ALL_SAFE).unwrap();
        assert!(!warnings.is_empty(), "{fen}: a legal position");
        let theirs_start = fen
            .parse::<ShakmatyFen>()
            .unwrap()
            .into_position::<Chess>(mode)
            .or_else(shakmaty::PositionError::ignore_too_much_material)
            .or_else(shakmaty::PositionError::ignore_impossible_check)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        for game in 0..20 {
            let mut rng = fastrand::Rng::with_seed(0x5e1a + 100 * i as u64 + game);
            let (mut ours, mut theirs) = (start, theirs_start.clone());
            for ply in 0..80 {
                positions += 1;
                let expected = their_moves(&theirs, mode);
                assert_eq!(our_moves(&ours, false), expected, "{fen} game {game} ply {ply}: {ours:?}");
                assert_eq!(ours.is_check(), theirs.is_check(), "{fen} game {game} ply {ply}");
                if expected.is_empty() {
                    break;
                }
                let legal = theirs.legal_moves();
                let chosen = legal[rng.usize(..legal.len())];
                let uci: forsyth::uci::Uci = chosen.to_uci(mode).to_string().parse().unwrap();
                ours.play(uci.to_move(&ours).unwrap()).unwrap();
                theirs.play_unchecked(chosen);
            }
        }
    }
    assert!(positions > 5000, "only {positions} positions compared");
}
