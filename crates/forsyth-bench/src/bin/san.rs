//! SAN speed: forsyth against shakmaty on the same positions and moves, in one process, one thread.
//!
//! - writing: the SAN with check and mate signs of every legal move (forsyth `write_san_into`, shakmaty
//!   `SanPlus::from_move` + `append_to_string`, its fastest path), each into a reused buffer;
//! - reading: the SAN text of every legal move read and resolved to the legal move (forsyth `parse_move`, shakmaty
//!   `SanPlus::from_ascii` + `San::to_move`), the texts lying one after another in one buffer as in a PGN file.
//!
//! The texts and moves of both libraries are asserted equal before timing. Positions come from seeded random games
//! in standard chess.
//!
//! Run: `cargo run --profile dist -p forsyth-bench --bin san [-- --quick]`. For a profiler, `--profile-read` and
//! `--profile-read-shakmaty` run only one library's reading over all positions, `--profile-hot` and
//! `--profile-hot-shakmaty` one position's moves over and over (no cache misses), `--profile-setup` only the
//! preparation (subtract its time).

use std::hint::black_box;
use std::time::{Duration, Instant};

use forsyth::notation::fen::Fen;
use forsyth::notation::read::{MoveReadOptions, parse_move};
use forsyth::notation::san::write_san_into;
use forsyth::uci::write_uci;
use forsyth::{Move, Position, Variant};
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Position as _};

struct Case {
    ours: Position,
    theirs: Chess,
    our_moves: Vec<Move>,
    their_moves: Vec<shakmaty::Move>,
    texts: Vec<String>,
    /// The same texts as ranges of one shared buffer, as a PGN reader meets them.
    spans: Vec<(u32, u32)>,
}

fn cases(games: usize, seed: u64) -> Vec<Case> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::new(Variant::Standard);
        for _ in 0..rng.usize(20..140) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let fen = Fen::from_position(&pos).to_string();
            let theirs: Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
                .expect("shakmaty reads our FEN")
                .into_position(CastlingMode::Standard)
                .expect("legal");
            let their_list = theirs.legal_moves();
            let mut their_moves = Vec::new();
            let mut texts = Vec::new();
            for &m in &moves {
                let uci = write_uci(&pos, m, false);
                let tm = *their_list
                    .iter()
                    .find(|t| t.to_uci(CastlingMode::Standard).to_string() == uci)
                    .expect("same legal moves");
                their_moves.push(tm);
                texts.push(SanPlus::from_move(theirs.clone(), tm).to_string());
            }
            out.push(Case { ours: pos, theirs, our_moves: moves.to_vec(), their_moves, texts, spans: Vec::new() });
            pos.play_unchecked(moves[rng.usize(0..moves.len())]);
        }
    }
    out
}

/// The best time of each of two pieces of work, run in turns (ours, theirs, ours, ...) so that a change in the
/// machine's load between runs touches both alike; and the count the first returned.
fn best_of_each(
    runs: u32,
    mut ours: impl FnMut() -> usize,
    mut theirs: impl FnMut() -> usize,
) -> (usize, Duration, Duration) {
    let (mut best_ours, mut best_theirs) = (Duration::MAX, Duration::MAX);
    let mut count = 0;
    for _ in 0..runs {
        let start = Instant::now();
        count = ours();
        best_ours = best_ours.min(start.elapsed());
        let start = Instant::now();
        theirs();
        best_theirs = best_theirs.min(start.elapsed());
    }
    (count, best_ours, best_theirs)
}

fn rate(count: usize, time: Duration) -> f64 {
    count as f64 / time.as_secs_f64() / 1e6
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let (games, rounds, runs) = if quick { (100, 2, 2) } else { (400, 5, 7) };
    let mut cases = cases(games, 2024);
    let mut buffer = String::new();
    for c in &mut cases {
        for text in &c.texts {
            let start = buffer.len() as u32;
            buffer.push_str(text);
            c.spans.push((start, buffer.len() as u32));
            buffer.push(' ');
        }
    }
    let buffer = buffer.as_str();
    let total: usize = cases.iter().map(|c| c.texts.len()).sum();
    // Both libraries agree on every text and move before anything is timed.
    let options = MoveReadOptions::default();
    let mut buf = String::new();
    for c in &cases {
        for (i, &m) in c.our_moves.iter().enumerate() {
            buf.clear();
            write_san_into(&c.ours, m, &mut buf);
            assert_eq!(buf, c.texts[i]);
            assert_eq!(parse_move(&c.ours, &c.texts[i], &options).expect("reads").mv, m);
        }
    }
    println!("{} positions, {} legal moves, {} rounds, best of {}", cases.len(), total, rounds, runs);
    let forsyth_read = |cases: &[Case], rounds: usize| {
        let mut n = 0;
        for _ in 0..rounds {
            for c in cases {
                for &(a, b) in &c.spans {
                    let text = &buffer[a as usize..b as usize];
                    n += black_box(parse_move(&c.ours, text, &options).is_ok()) as usize;
                }
            }
        }
        n
    };
    let shakmaty_read = |cases: &[Case], rounds: usize| {
        let mut n = 0;
        for _ in 0..rounds {
            for c in cases {
                for &(a, b) in &c.spans {
                    let text = &buffer[a as usize..b as usize];
                    let m = SanPlus::from_ascii(text.as_bytes()).ok().and_then(|s| s.san.to_move(&c.theirs).ok());
                    n += black_box(m.is_some()) as usize;
                }
            }
        }
        n
    };
    // For a profiler: one library's reading only, over all positions or over one position's moves again and
    // again (the CPU cost without cache misses).
    let hot = std::slice::from_ref(&cases[cases.len() / 2]);
    for (flag, cases, rounds, read) in [
        ("--profile-read", &cases[..], rounds * 20, &forsyth_read as &dyn Fn(&[Case], usize) -> usize),
        ("--profile-read-shakmaty", &cases[..], rounds * 20, &shakmaty_read),
        ("--profile-hot", hot, 1_500_000, &forsyth_read),
        ("--profile-hot-shakmaty", hot, 1_500_000, &shakmaty_read),
    ] {
        if std::env::args().any(|a| a == flag) {
            println!("{}", read(cases, rounds));
            return;
        }
    }
    if std::env::args().any(|a| a == "--profile-setup") {
        return;
    }

    let write = |cases: &[Case], ours: bool| {
        let mut n = 0;
        let mut buf = String::with_capacity(16);
        for _ in 0..rounds {
            for c in cases {
                for (&m, &theirs) in c.our_moves.iter().zip(&c.their_moves) {
                    buf.clear();
                    if ours {
                        write_san_into(&c.ours, m, &mut buf);
                    } else {
                        SanPlus::from_move(c.theirs.clone(), theirs).append_to_string(&mut buf);
                    }
                    n += black_box(buf.len()) & 1 | 1;
                }
            }
        }
        n
    };
    let (n, ours_write, theirs_write) = best_of_each(runs, || write(&cases, true), || write(&cases, false));
    let (_, ours_read, theirs_read) =
        best_of_each(runs, || forsyth_read(&cases, rounds), || shakmaty_read(&cases, rounds));
    println!("| work | forsyth M moves/s | shakmaty 0.30.1 M moves/s | forsyth / shakmaty |");
    println!("|---|---|---|---|");
    for (name, ours, theirs) in
        [("SAN writing (with +/#)", ours_write, theirs_write), ("SAN reading + resolving", ours_read, theirs_read)]
    {
        println!(
            "| {name} | {:.2} | {:.2} | {:.2}× |",
            rate(n, ours),
            rate(n, theirs),
            theirs.as_secs_f64() / ours.as_secs_f64()
        );
    }
}
