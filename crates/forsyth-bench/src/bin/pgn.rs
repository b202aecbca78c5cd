//! PGN: parse and validate every move of a file, forsyth against pgn-reader + shakmaty, on the same bytes in
//! the same process.
//!
//! `cargo run --release -p forsyth-bench --bin pgn -- FILE.pgn[.zst] [ROUNDS] [--only forsyth|forsyth-2|pgn-reader]`
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
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use forsyth::pgn::{self, Validate};
use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

/// What one run found: games, games with an error, moves (forsyth only).
#[derive(Debug, Default, PartialEq, Eq)]
struct Counts {
    games: u64,
    errors: u64,
}

fn forsyth_validate(bytes: &[u8], jobs: usize) -> Counts {
    let mut counts = Counts::default();
    pgn::Reader::from_bytes(bytes)
        .jobs(jobs)
        .visit(
            || Validate,
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

/// pgn-reader's `validate` example, counting instead of printing.
struct Validator;

impl Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, Option<Chess>> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<bool> {
        if name == b"FEN" {
            let Ok(fen) = Fen::from_ascii(value.as_bytes()) else { return ControlFlow::Break(false) };
            let Ok(pos) = fen.into_position(CastlingMode::Chess960) else { return ControlFlow::Break(false) };
            tags.replace(pos);
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<bool, Chess> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn begin_variation(&mut self, _movetext: &mut Chess) -> ControlFlow<bool, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn san(&mut self, movetext: &mut Chess, san_plus: SanPlus) -> ControlFlow<bool> {
        match san_plus.san.to_move(movetext) {
            Ok(m) => {
                movetext.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _movetext: Chess) -> bool {
        true
    }
}

fn pgn_reader_validate(bytes: &[u8]) -> Counts {
    let mut reader = Reader::new(bytes);
    let mut counts = Counts::default();
    while let Some(ok) = reader.read_game(&mut Validator).expect("reading from memory") {
        counts.games += 1;
        counts.errors += u64::from(!ok);
    }
    counts
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
