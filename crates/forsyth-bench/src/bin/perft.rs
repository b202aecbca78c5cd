//! Perft speed: forsyth against shakmaty and cozy-chess on the same positions, in one process, one thread.
//! Every engine counts the last ply in bulk. The node counts must agree; the ratios are what matter.
//!
//! Run: `cargo run --profile dist -p forsyth-bench --bin perft [-- --quick]`

use std::time::{Duration, Instant};

use forsyth::notation::fen::Fen;
use shakmaty::{CastlingMode, Chess, fen::Fen as ShakmatyFen};

struct Case {
    name: &'static str,
    fen: &'static str,
    chess960: bool,
    depth: u32,
}

const CASES: &[Case] = &[
    Case {
        name: "start position",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        chess960: false,
        depth: 6,
    },
    Case {
        name: "Kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        chess960: false,
        depth: 5,
    },
    Case {
        name: "Chess960 middlegame",
        fen: "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        chess960: true,
        depth: 5,
    },
];

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for m in moves {
                let mut child = board.clone();
                child.play_unchecked(m);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

/// Best of `runs` timings of `f`, with its result.
fn best_of(runs: u32, mut f: impl FnMut() -> u64) -> (u64, Duration) {
    let mut best = Duration::MAX;
    let mut result = 0;
    for _ in 0..runs {
        let t = Instant::now();
        result = std::hint::black_box(f());
        best = best.min(t.elapsed());
    }
    (result, best)
}

fn mnps(nodes: u64, d: Duration) -> f64 {
    nodes as f64 / d.as_secs_f64() / 1e6
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let runs = if quick { 1 } else { 3 };
    println!("perft, one thread, bulk counting at the last ply; best of {runs} runs; M nodes/s");
    println!(
        "{:<22} {:>5} {:>12} {:>9} {:>9} {:>9} {:>12} {:>12}",
        "position", "depth", "nodes", "forsyth", "shakmaty", "cozy", "vs shakmaty", "vs cozy"
    );
    for case in CASES {
        let depth = if quick { case.depth - 1 } else { case.depth };
        let ours = Fen::parse(case.fen).expect("fen").position(None).expect("legal");
        let mode = if case.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
        let theirs: Chess = case.fen.parse::<ShakmatyFen>().expect("fen").into_position(mode).expect("legal");
        let cozy = cozy_chess::Board::from_fen(case.fen, case.chess960).expect("fen");

        let (n_ours, t_ours) = best_of(runs, || ours.perft(depth));
        let (n_shak, t_shak) = best_of(runs, || shakmaty::perft(&theirs, depth));
        let (n_cozy, t_cozy) = best_of(runs, || cozy_perft(&cozy, depth));
        assert_eq!(n_ours, n_shak, "{}: forsyth and shakmaty disagree", case.name);
        assert_eq!(n_ours, n_cozy, "{}: forsyth and cozy-chess disagree", case.name);
        let (a, b, c) = (mnps(n_ours, t_ours), mnps(n_shak, t_shak), mnps(n_cozy, t_cozy));
        println!(
            "{:<22} {:>5} {:>12} {:>9.1} {:>9.1} {:>9.1} {:>11.2}x {:>11.2}x",
            case.name,
            depth,
            n_ours,
            a,
            b,
            c,
            a / b,
            a / c
        );
    }
}
