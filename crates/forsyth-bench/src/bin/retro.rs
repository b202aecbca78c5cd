//! Retro analysis speed: all retractions of middlegame positions (plain un-moves, un-captures, un-promotions, en
//! passant, castling, each with its legal predecessor), and the static "why this position cannot happen" report.
//!
//! The positions: plies 30 to 80 of the games of `shared/corpus/tcec-standard-sample.pgn.zst` (engine games: real
//! middlegames, with material off the board so that un-captures and un-promotions come into play), every 3rd ply,
//! up to 20,000 positions; from random games (fixed seed, plies 30 to 80) when the corpus is absent. Then the same for
//! Chess960: plies 30 to 80 of random games from random arrays (no corpus of Chess960 middlegames is at hand); and
//! the same for Capablanca chess (10×8), plies 30 to 80 of random games.
//!
//! Run: `cargo run --profile dist -p forsyth-bench --bin retro [-- --quick] [--corpus PATH]`

use std::hint::black_box;
use std::time::{Duration, Instant};

use forsyth::pgn::{GameBuilder, GameSplitter, PgnReadOptions, read_game};
use forsyth::retro;
use forsyth::{Position, Variant};

const CORPUS: [&str; 2] =
    ["../shared/corpus/tcec-standard-sample.pgn.zst", "../../shared/corpus/tcec-standard-sample.pgn.zst"];

fn corpus_positions(path: &str, limit: usize) -> Vec<Position> {
    let bytes = zstd::decode_all(std::fs::read(path).expect("read the corpus").as_slice()).expect("zstd");
    let mut out = Vec::new();
    for raw in GameSplitter::new(bytes.as_slice()) {
        let Ok(raw) = raw else { continue };
        let mut builder = GameBuilder::default();
        if read_game(&raw, &PgnReadOptions::default(), &mut builder).error.is_some() {
            continue;
        }
        let game = builder.finish();
        if game.start.variant() != Variant::Standard {
            continue;
        }
        let mut pos = game.start;
        for (ply, node) in game.moves.nodes.iter().enumerate().take(80) {
            if pos.play(node.mv).is_err() {
                break;
            }
            if ply >= 30 && ply % 3 == 0 {
                out.push(pos);
            }
        }
        if out.len() >= limit {
            break;
        }
    }
    out.truncate(limit);
    out
}

fn random_positions(variant: Variant, limit: usize) -> Vec<Position> {
    let mut rng = fastrand::Rng::with_seed(20_261_123);
    let mut out = Vec::new();
    while out.len() < limit {
        let mut pos = match variant {
            Variant::Chess960 => {
                let setup = forsyth::start::chess960_setup(rng.u16(0..960)).expect("a Chess960 number");
                Position::from_setup(&setup, variant).expect("a Chess960 array is legal")
            }
            _ => Position::new(variant),
        };
        for ply in 0..80 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.usize(..moves.len())]);
            if ply >= 30 {
                out.push(pos);
            }
        }
    }
    out.truncate(limit);
    out
}

/// The best of `runs` passes over the positions, per position.
fn time(positions: &[Position], runs: u32, mut work: impl FnMut(&Position) -> usize) -> (Duration, usize) {
    let mut best = Duration::MAX;
    let mut total = 0;
    for _ in 0..runs {
        let t = Instant::now();
        total = positions.iter().map(|p| black_box(work(black_box(p)))).sum();
        best = best.min(t.elapsed());
    }
    (best / positions.len() as u32, total)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let given = args.iter().position(|a| a == "--corpus").and_then(|i| args.get(i + 1)).cloned();
    let limit = if quick { 2_000 } else { 20_000 };
    let path = given.or_else(|| CORPUS.iter().find(|p| std::path::Path::new(p).exists()).map(|p| p.to_string()));
    let (positions, source) = match path {
        Some(path) => (corpus_positions(&path, limit), path),
        None => (random_positions(Variant::Standard, limit), "random games".to_string()),
    };
    let runs = if quick { 2 } else { 5 };
    measure("", &positions, &format!("from {source}"), runs);
    measure("Chess960 ", &random_positions(Variant::Chess960, limit), "of random games", runs);
    measure("Capablanca ", &random_positions(Variant::Capablanca, limit), "of random games", runs);
}

/// Times the retractions and the static report over `positions` and prints both, each line starting with `label`.
fn measure(label: &str, positions: &[Position], source: &str, runs: u32) {
    let (per, count) = time(positions, runs, |p| retro::retractions(p).map_or(0, |r| r.len()));
    println!(
        "{label}retractions: {} positions {source}: {:.2} µs per position ({:.1} retractions each)",
        positions.len(),
        per.as_secs_f64() * 1e6,
        count as f64 / positions.len() as f64
    );
    let (per, impossible) = time(positions, runs, |p| retro::analyse(p).map_or(0, |r| usize::from(!r.reachable())));
    println!("{label}static report: {:.2} µs per position ({impossible} called impossible)", per.as_secs_f64() * 1e6);
}
