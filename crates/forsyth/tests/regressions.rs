//! Every input a fuzzer ever found that broke an invariant, replayed on every change.
//!
//! `tests/regressions/<target>/<name>` holds the raw bytes, as libFuzzer saved them (`fuzz/artifacts/<target>/`);
//! each is checked with the same function as its fuzz target (see `fuzz/fuzz_targets/` and TESTING.md).

mod fen_check;
mod invariants;

use std::path::Path;

fn replay(target: &str, check: impl Fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions").join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else { return 0 };
    let mut paths: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
    paths.sort();
    for path in &paths {
        let data = std::fs::read(path).unwrap();
        eprintln!("replaying {}", path.display());
        check(&data);
    }
    paths.len()
}

#[test]
fn fen_inputs() {
    replay("fen", |data| {
        if let Ok(text) = std::str::from_utf8(data) {
            fen_check::check_text(text);
        }
    });
}

#[test]
fn move_inputs() {
    replay("moves", invariants::check_move_text);
}

#[test]
fn play_inputs() {
    replay("play", invariants::check_game);
}

#[test]
fn pgn_inputs() {
    replay("pgn", invariants::check_pgn);
}

#[test]
fn problem_inputs() {
    assert!(replay("problem", invariants::check_problem) > 0);
}

#[test]
fn the_invariants_hold_on_seeded_random_inputs() {
    // The fuzz targets' checks, exercised on inputs from a fixed seed so that they run (and could fail) in every
    // `cargo test`, not only under the fuzzer.
    let mut rng = fastrand::Rng::with_seed(8);
    for _ in 0..60 {
        let data: Vec<u8> = (0..rng.usize(0..300)).map(|_| rng.u8(..)).collect();
        invariants::check_game(&data);
        invariants::check_move_text(&data);
        invariants::check_pgn(&data);
    }
    for file in ["../../examples/chess960-xfen-game.pgn", "../../examples/fide-sample-game-de.pgn"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        invariants::check_pgn(&std::fs::read(&path).unwrap());
    }
}
