//! FEN speed: forsyth against shakmaty on the same 100,000 FENs, in one process, one thread.
//!
//! Read + validate: text to a legal position, every rule checked (forsyth `Fen::parse_position`, which infers the
//! variant; shakmaty `Fen` parse + `into_position::<Chess>` in Chess960 castling mode, which both the Chess960 and
//! the standard FENs need). For comparison also forsyth's two steps, `Fen::parse` + `Fen::position`, which keep the
//! `Fen` in between (and are the path for everything but a canonical standard-board FEN).
//! Write: legal position to FEN text, en-passant square after every double step, and again only when legal.
//! The FENs: the first 75,000 positions of `shared/corpus/3moves-frc.epd.zst` (Chess960, three moves in) and 25,000
//! positions from random standard games (fixed seed, FEN written with every double step's en-passant square).
//!
//! Run: `cargo run --profile dist -p forsyth-bench --bin fen [-- --quick] [--corpus PATH]`

use std::hint::black_box;
use std::process::Command;
use std::time::{Duration, Instant};

use forsyth::notation::fen::{EpMode, Fen};
use forsyth::{Position, Variant};
use shakmaty::fen::Fen as ShakmatyFen;
use shakmaty::{CastlingMode, Chess, EnPassantMode};

/// Where the corpus is found from the repository root (main or a developer's clone).
const CORPUS: [&str; 2] = ["../shared/corpus/3moves-frc.epd.zst", "../../shared/corpus/3moves-frc.epd.zst"];

fn corpus_fens(path: &str, limit: usize) -> Vec<String> {
    let out = Command::new("zstd").args(["-dc", path]).output().expect("zstd -dc (is zstd installed?)");
    assert!(out.status.success(), "zstd -dc {path} failed");
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(limit)
        .map(str::to_string)
        .collect()
}

fn random_game_fens(count: usize) -> Vec<String> {
    let mut rng = fastrand::Rng::with_seed(20_261_121);
    let mut fens = Vec::with_capacity(count);
    while fens.len() < count {
        let mut pos = Position::new(Variant::Standard);
        for _ in 0..rng.usize(10..120) {
            let moves = pos.legal_moves();
            if moves.is_empty() || fens.len() == count {
                break;
            }
            pos.play_unchecked(moves[rng.usize(..moves.len())]);
            fens.push(Fen::from_position(&pos).to_string());
        }
    }
    fens
}

/// Times `ours` and `theirs` on the same items, chunk by chunk: each chunk of 1,000 items runs `runs` times for
/// each library, alternating, and the fastest run of each chunk counts. Short alternating chunks keep a busy
/// machine's interruptions out of the comparison.
fn race<T>(
    items: &[T],
    runs: u32,
    mut ours: impl FnMut(&T) -> bool,
    mut theirs: impl FnMut(&T) -> bool,
) -> (Duration, Duration) {
    let mut total = (Duration::ZERO, Duration::ZERO);
    for chunk in items.chunks(1_000) {
        let mut best = (Duration::MAX, Duration::MAX);
        for _ in 0..runs {
            let t = Instant::now();
            let ok = chunk.iter().filter(|item| black_box(ours(item))).count();
            best.0 = best.0.min(t.elapsed());
            let t = Instant::now();
            let ok_theirs = chunk.iter().filter(|item| black_box(theirs(item))).count();
            best.1 = best.1.min(t.elapsed());
            assert_eq!((ok, ok_theirs), (chunk.len(), chunk.len()), "every item succeeds for both");
        }
        total.0 += best.0;
        total.1 += best.1;
    }
    total
}

fn report(what: &str, n: usize, (ours, theirs): (Duration, Duration)) {
    let per_s = |d: Duration| n as f64 / d.as_secs_f64();
    println!(
        "{what:<34} {:>12.0} {:>12.0} {:>9.2}x",
        per_s(ours),
        per_s(theirs),
        theirs.as_secs_f64() / ours.as_secs_f64()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let path = match args.iter().position(|a| a == "--corpus").and_then(|i| args.get(i + 1)) {
        Some(path) => path.as_str(),
        None => CORPUS.into_iter().find(|p| std::path::Path::new(p).exists()).unwrap_or(CORPUS[0]),
    };
    let runs = if quick { 2 } else { 7 };
    let mut fens = corpus_fens(path, 75_000);
    fens.extend(random_game_fens(100_000 - fens.len()));
    println!("{} FENs, one thread, fastest of {runs} alternating runs per 1,000; positions/s", fens.len());
    println!("{:<34} {:>12} {:>12} {:>10}", "work", "forsyth", "shakmaty", "ratio");

    let read_ours = |f: &String| Fen::parse_position(f, None).ok();
    let read_in_two_steps = |f: &String| Fen::parse(f).ok().and_then(|fen| fen.position(None).ok());
    let read_theirs = |f: &String| {
        let fen = ShakmatyFen::from_ascii(f.as_bytes()).ok()?;
        fen.into_position::<Chess>(CastlingMode::Chess960).ok()
    };
    let same = fens.iter().filter(|f| read_ours(f) == read_in_two_steps(f)).count();
    assert_eq!(same, fens.len(), "Fen::parse_position and Fen::parse + Fen::position disagree");
    let times = race(&fens, runs, |f| black_box(read_ours(f)).is_some(), |f| black_box(read_theirs(f)).is_some());
    report("read + validate", fens.len(), times);
    let times =
        race(&fens, runs, |f| black_box(read_in_two_steps(f)).is_some(), |f| black_box(read_theirs(f)).is_some());
    report("read + validate (parse, position)", fens.len(), times);

    let ours: Vec<Position> = fens.iter().filter_map(read_ours).collect();
    let theirs: Vec<Chess> = fens.iter().filter_map(read_theirs).collect();
    let pairs: Vec<(Position, Chess)> = ours.into_iter().zip(theirs).collect();
    for (name, ep, their_ep) in [
        ("write (ep always)", EpMode::Always, EnPassantMode::Always),
        ("write (ep legal)", EpMode::Legal, EnPassantMode::Legal),
    ] {
        // Both write X-FEN; the texts must agree.
        let differ = pairs
            .iter()
            .filter(|(a, b)| {
                Fen::from_position_with(a, ep).to_string() != ShakmatyFen::from_position(b, their_ep).to_string()
            })
            .count();
        assert_eq!(differ, 0, "forsyth and shakmaty wrote {differ} FENs differently");
        let times = race(
            &pairs,
            runs,
            |(a, _)| !black_box(Fen::from_position_with(a, ep).to_string()).is_empty(),
            |(_, b)| !black_box(ShakmatyFen::from_position(b, their_ep).to_string()).is_empty(),
        );
        report(name, fens.len(), times);
    }
}
