//! PGN: parse and validate every move of a file, forsyth against pgn-reader + shakmaty, on the same bytes in
//! the same process.
//!
//! `cargo run --profile dist -p forsyth-bench --bin pgn -- FILE.pgn[.zst] [ROUNDS] [--tokens] [--only forsyth|forsyth-2|pgn-reader]`
//!
//! `--tokens` also times reading the tokens alone, every move passed over unresolved (pgn-reader: a visitor that
//! takes no move), which splits each side's time into tokens and moves.
//!
//! `--only` runs one side once and prints its counts, for profilers (`valgrind --tool=callgrind` counts
//! instructions deterministically where wall time on a busy machine does not).
//!
//! The file is unpacked into memory first, so that both libraries read the same bytes and no decompression is
//! timed. forsyth runs `forsyth pgn check`'s work (`pgn::Reader`): find every game, read every token, resolve and
//! play every move (variations too), on one thread and on two. pgn-reader + shakmaty runs its `validate`
//! example's work: parse every token, resolve and play every main-line SAN move (pgn-reader skips variations
//! unless asked).

use std::io::Read;
use std::time::{Duration, Instant};

use forsyth::pgn::{self, Validate};

#[path = "../pgn_reader_anchor.rs"]
mod pgn_reader_anchor;

/// What one run found: games, games with an error, moves (forsyth only).
#[derive(Debug, Default, PartialEq, Eq)]
struct Counts {
    games: u64,
    errors: u64,
}

/// Passes over every move unread: what reading the tokens alone costs.
struct TokensOnly;

impl pgn::Visitor for TokensOnly {
    fn wants_moves(&mut self) -> bool {
        false
    }
}

fn forsyth_tokens(bytes: &[u8]) -> Counts {
    forsyth_read(bytes, 1, || TokensOnly)
}

fn pgn_reader_tokens(bytes: &[u8]) -> Counts {
    let (games, errors) = pgn_reader_anchor::tokens(bytes).expect("reading from memory");
    Counts { games, errors }
}

fn forsyth_validate(bytes: &[u8], jobs: usize) -> Counts {
    forsyth_read(bytes, jobs, || Validate)
}

/// Reads every game of `bytes` on `jobs` threads into visitors made by `visitor`, counting games and errors.
fn forsyth_read<V: pgn::Visitor>(bytes: &[u8], jobs: usize, visitor: impl Fn() -> V + Sync) -> Counts {
    let mut counts = Counts::default();
    pgn::Reader::from_bytes(bytes)
        .jobs(jobs)
        .visit(
            visitor,
            |_, report| report.error.is_some(),
            |_, broken| {
                counts.games += 1;
                counts.errors += u64::from(broken);
                Ok(())
            },
        )
        .expect("reading from memory");
    counts
}

fn pgn_reader_validate(bytes: &[u8]) -> Counts {
    let (games, errors) = pgn_reader_anchor::validate(bytes).expect("reading from memory");
    Counts { games, errors }
}

/// Runs each contender once per round, in turns, `rounds` times, and keeps each one's best time and last result:
/// a change in the machine's load between rounds then touches all of them alike.
fn best_in_turns(rounds: usize, contenders: &mut [&mut dyn FnMut() -> Counts]) -> Vec<(Duration, Counts)> {
    let mut best: Vec<(Duration, Counts)> = contenders.iter().map(|_| (Duration::MAX, Counts::default())).collect();
    for _ in 0..rounds {
        for (run, (time, counts)) in contenders.iter_mut().zip(&mut best) {
            let start = Instant::now();
            *counts = run();
            *time = (*time).min(start.elapsed());
        }
    }
    best
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let tokens = args.iter().any(|a| a == "--tokens");
    let only =
        args.iter().position(|a| a == "--only").map(|i| args.get(i + 1).expect("--only forsyth|forsyth-2|pgn-reader"));
    let mut args = args.iter().filter(|a| !a.starts_with("--") && Some(*a) != only);
    let path = args.next().expect("usage: pgn FILE.pgn[.zst] [ROUNDS] [--only forsyth|forsyth-2|pgn-reader]");
    let rounds: usize = args.next().map_or(3, |r| r.parse().expect("ROUNDS is a number"));
    let file = std::fs::read(path).expect("readable file");
    let bytes = if path.ends_with(".zst") {
        let mut out = Vec::new();
        zstd::Decoder::new(file.as_slice()).expect("zstd").read_to_end(&mut out).expect("zstd");
        out
    } else {
        file
    };
    match only.map(String::as_str) {
        Some("forsyth") => return println!("forsyth: {:?}", forsyth_validate(&bytes, 1)),
        Some("forsyth-2") => return println!("forsyth, 2 threads: {:?}", forsyth_validate(&bytes, 2)),
        Some("pgn-reader") => return println!("pgn-reader: {:?}", pgn_reader_validate(&bytes)),
        Some(other) => panic!("--only takes forsyth, forsyth-2 or pgn-reader, not {other}"),
        None => {}
    }
    let mib = bytes.len() as f64 / (1024.0 * 1024.0);
    println!("{path}: {mib:.1} MiB, best of {rounds} rounds taken in turns");

    if tokens {
        let results = best_in_turns(rounds, &mut [&mut || pgn_reader_tokens(&bytes), &mut || forsyth_tokens(&bytes)]);
        let [(reference, _), (forsyth, _)] = &results[..] else { unreachable!("two contenders") };
        let ms = |time: &Duration| time.as_secs_f64() * 1e3;
        println!("tokens only (moves passed over): pgn-reader {:.1} ms, forsyth {:.1} ms", ms(reference), ms(forsyth));
    }
    let results = best_in_turns(
        rounds,
        &mut [&mut || pgn_reader_validate(&bytes), &mut || forsyth_validate(&bytes, 1), &mut || {
            forsyth_validate(&bytes, 2)
        }],
    );
    let [(reference_time, reference), (one_time, one), (two_time, two)] = &results[..] else {
        unreachable!("three contenders")
    };
    assert_eq!(one, two, "one and two threads find the same");
    let reference_time = *reference_time;

    let line = |name: &str, time: Duration, counts: &Counts| {
        let seconds = time.as_secs_f64();
        println!(
            "{name:<32} {:>8.1} ms {:>8.1} MiB/s {:>10.0} games/s  {} games, {} with errors  {:.2}x",
            seconds * 1e3,
            mib / seconds,
            counts.games as f64 / seconds,
            counts.games,
            counts.errors,
            reference_time.as_secs_f64() / seconds
        );
    };
    line("pgn-reader 0.29 + shakmaty 0.30", reference_time, reference);
    line("forsyth, 1 thread", *one_time, one);
    line("forsyth, --jobs 2", *two_time, two);
}
