//! The solver's properties on random sparse positions, each checked against a plain search written here from the
//! definitions alone (no table, no ordering, no shortcut): the keys of direct and self play are the first moves
//! after which every defence is answered; every help and series solution replays to the goal; and the fast
//! orthodox path and the general path (fairy pieces, cylinders) give the same solutions on orthodox problems.
//! Popeye's solutions are the other reference (tests/popeye_solutions.rs).

use std::collections::BTreeSet;

use forsyth::notation::general::read_fen;
use forsyth::piece_kind::PieceTable;
use forsyth::problem::solve::{Limits, SolveOptions, SolvePosition, Verdict, solve};
use forsyth::problem::stipulation::Stipulation;
use forsyth::{Board, BoardShape, Color, Move, Piece, Position, Role, Setup, Square, Topology, Variant};
use proptest::prelude::*;

/// A legal position with both kings and a few other pieces, from a seed; `None` when the pieces drawn make an
/// illegal position.
fn sparse_position(seed: u64, pieces: usize, turn: Color) -> Option<Position> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut board = Board::empty(BoardShape::Standard);
    let mut free: Vec<Square> = BoardShape::Standard.squares().collect();
    rng.shuffle(&mut free);
    let mut put = |piece: Piece, board: &mut Board| {
        let at = free.iter().position(|sq| piece.role != Role::Pawn || !matches!(sq.rank().index(), 0 | 7))?;
        board.set(free.remove(at), Some(piece));
        Some(())
    };
    put(Piece::new(Color::White, Role::King), &mut board)?;
    put(Piece::new(Color::Black, Role::King), &mut board)?;
    let roles = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn, Role::Pawn];
    for i in 0..pieces {
        let color = if i % 3 == 2 { Color::Black } else { Color::White };
        put(Piece::new(color, roles[rng.usize(..roles.len())]), &mut board)?;
    }
    let setup = Setup { board, turn, ..Setup::empty(BoardShape::Standard) };
    Position::from_setup(&setup, Variant::Standard).ok()
}

fn after(pos: &Position, m: Move) -> Position {
    let mut next = *pos;
    next.play_unchecked(m);
    next
}

/// Direct mate within `n` moves, by the definition: some move mates, or leaves the defender moves that all
/// allow a mate within `n - 1`.
fn mates_within(pos: &Position, n: u32) -> bool {
    pos.legal_moves().into_iter().any(|m| {
        let next = after(pos, m);
        let replies = next.legal_moves();
        if replies.is_empty() {
            return next.is_check();
        }
        n > 1 && replies.into_iter().all(|d| mates_within(&after(&next, d), n - 1))
    })
}

/// Self mate within `n` moves: some move after which every reply mates the attacker, or leads on to a selfmate
/// within `n - 1`; a defender without moves is not forced to mate.
fn self_mates_within(pos: &Position, n: u32) -> bool {
    pos.legal_moves().into_iter().any(|m| {
        let next = after(pos, m);
        let replies = next.legal_moves();
        !replies.is_empty()
            && replies.into_iter().all(|d| {
                let reply = after(&next, d);
                reply.is_checkmate() || (n > 1 && self_mates_within(&reply, n - 1))
            })
    })
}

fn first_moves(pos: &Position, works: impl Fn(&Position) -> bool) -> BTreeSet<String> {
    pos.legal_moves().into_iter().filter(|&m| works(&after(pos, m))).map(|m| m.to_string()).collect()
}

fn keys(pos: &Position, stipulation: &str) -> (BTreeSet<String>, Verdict) {
    let stipulation: Stipulation = stipulation.parse().unwrap();
    let solution = solve(pos, &stipulation, &SolveOptions::default()).unwrap();
    assert!(solution.finished);
    (solution.keys.iter().map(|k| k.mv.to_string()).collect(), solution.verdict())
}

/// Every helpmate in exactly `plies` half moves from `pos` (the side to move begins), by the definition.
fn helpmates(pos: &Position, plies: u32, line: &mut Vec<String>, out: &mut BTreeSet<Vec<String>>) {
    for m in pos.legal_moves() {
        let next = after(pos, m);
        line.push(m.to_string());
        if plies == 1 {
            if next.is_checkmate() {
                out.insert(line.clone());
            }
        } else if !next.is_checkmate() {
            helpmates(&next, plies - 1, line, out);
        }
        line.pop();
    }
}

fn solved_lines<P: SolvePosition>(pos: &P, stipulation: &str) -> BTreeSet<Vec<String>> {
    let stipulation: Stipulation = stipulation.parse().unwrap();
    let solution = solve(pos, &stipulation, &SolveOptions::default()).unwrap();
    assert!(solution.finished);
    solution
        .lines
        .iter()
        .map(|line| {
            let mut at = pos.clone();
            let mut moves = Vec::new();
            for &m in &line.moves {
                moves.push(at.uci(m));
                at = at.after(m);
            }
            moves
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn the_keys_of_direct_mates_are_the_moves_after_which_every_defence_is_answered(seed in any::<u64>(), pieces in 1usize..4) {
        let Some(pos) = sparse_position(seed, pieces, Color::White) else { return Ok(()) };
        for n in 1..=2 {
            let expected = first_moves(&pos, |next| {
                let replies = next.legal_moves();
                if replies.is_empty() {
                    return next.is_check();
                }
                n > 1 && replies.into_iter().all(|d| mates_within(&after(next, d), n - 1))
            });
            let (found, verdict) = keys(&pos, &format!("#{n}"));
            prop_assert_eq!(&found, &expected, "{} #{}", pos, n);
            let want = match expected.len() { 0 => Verdict::NoSolution, 1 => Verdict::Sound, _ => Verdict::Cooked };
            prop_assert_eq!(verdict, want);
        }
    }

    #[test]
    fn the_keys_of_selfmates_force_every_reply_to_mate(seed in any::<u64>(), pieces in 1usize..4) {
        let Some(pos) = sparse_position(seed, pieces, Color::White) else { return Ok(()) };
        for n in 1..=2 {
            let expected = first_moves(&pos, |next| {
                let replies = next.legal_moves();
                !replies.is_empty() && replies.into_iter().all(|d| {
                    let reply = after(next, d);
                    reply.is_checkmate() || (n > 1 && self_mates_within(&reply, n - 1))
                })
            });
            prop_assert_eq!(keys(&pos, &format!("s#{n}")).0, expected, "{} s#{}", pos, n);
        }
    }

    #[test]
    fn helpmates_are_every_line_that_mates(seed in any::<u64>(), pieces in 1usize..4) {
        let Some(pos) = sparse_position(seed, pieces, Color::Black) else { return Ok(()) };
        // h#2 lists the solutions in one move too, as Popeye does.
        let mut expected = BTreeSet::new();
        helpmates(&pos, 2, &mut Vec::new(), &mut expected);
        helpmates(&pos, 4, &mut Vec::new(), &mut expected);
        prop_assert_eq!(solved_lines(&pos, "h#2"), expected, "{}", pos);
    }

}

proptest! {
    // The general path is the slower one: fewer cases.
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn the_fast_path_and_the_general_path_agree(seed in any::<u64>(), pieces in 1usize..4, black in any::<bool>()) {
        let turn = if black { Color::Black } else { Color::White };
        let Some(pos) = sparse_position(seed, pieces, turn) else { return Ok(()) };
        let general = read_fen(&pos.to_string(), &PieceTable::new(), Topology::Plain).unwrap();
        let stipulations: &[&str] = if black { &["h#2", "h=2", "ser-h#2"] } else { &["#2", "s#2", "r#2", "h#1.5", "ser-#2", "=2"] };
        for s in stipulations {
            let stipulation: Stipulation = s.parse().unwrap();
            let options = SolveOptions { tries: true, variations: true, ..SolveOptions::default() };
            let fast = solve(&pos, &stipulation, &options).unwrap();
            let slow = solve(&general, &stipulation, &options).unwrap();
            let fast_keys: BTreeSet<String> = fast.keys.iter().map(|k| pos.uci(k.mv)).collect();
            let slow_keys: BTreeSet<String> = slow.keys.iter().map(|k| general.uci(k.mv)).collect();
            prop_assert_eq!(fast_keys, slow_keys, "{} {}", pos, s);
            prop_assert_eq!(fast.tries.len(), slow.tries.len(), "{} {}", pos, s);
            prop_assert_eq!(solved_lines(&pos, s), solved_lines(&general, s), "{} {}", pos, s);
        }
    }
}

#[test]
fn every_solution_replays_to_the_goal() {
    // A helpmate with many solutions; each line, replayed with the move generator, ends in mate.
    let pos: Position = "7k/p7/5K2/8/8/8/8/6R1 b - - 0 1".parse().unwrap();
    let lines = solved_lines(&pos, "h#3");
    assert_eq!(lines.len(), 1355); // Popeye 4.104 prints 1,355 lines (1,338 in three moves, 17 in two)
    for line in lines {
        let mut at = pos;
        for uci in &line {
            let m: forsyth::uci::Uci = uci.parse().unwrap();
            at.play(m.to_move(&at).unwrap()).unwrap();
        }
        assert!(at.is_checkmate(), "{line:?}");
    }
}

#[test]
fn a_search_stops_at_its_limits_and_says_so() {
    // Forty queens would take a solver for ever to disprove a mate in 999; the node limit stops it at once.
    let pos: Position = "k7/8/8/8/8/8/8/K7 w - - 0 1".parse().unwrap();
    let stipulation: Stipulation = "#999".parse().unwrap();
    let options =
        SolveOptions { limits: Limits { max_nodes: Some(50_000), ..Limits::default() }, ..SolveOptions::default() };
    let solution = solve(&pos, &stipulation, &options).unwrap();
    assert!(!solution.finished);
    assert_eq!(solution.verdict(), Verdict::Unfinished);
    assert!(solution.nodes < 200_000, "{}", solution.nodes);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// `Position::gives_check`, which the solver asks of every move, against playing the move: along random games
    /// of every variant forsyth plays on its fast cores.
    #[test]
    fn gives_check_is_what_playing_the_move_shows(seed in any::<u64>(), variant in 0usize..4) {
        let variant = [Variant::Standard, Variant::Chess960, Variant::Capablanca, Variant::Janus][variant];
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut pos = Position::new(variant);
        for _ in 0..rng.usize(0..80) {
            let moves = pos.legal_moves();
            for &m in &moves {
                prop_assert_eq!(pos.gives_check(m), after(&pos, m).is_check(), "{} {}", pos, m);
            }
            let Some(&m) = moves.get(rng.usize(..moves.len().max(1))) else { break };
            pos.play_unchecked(m);
        }
    }
}
