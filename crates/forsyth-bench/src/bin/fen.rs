//! FEN speed: forsyth against shakmaty on the same 100,000 FENs, in one process, one thread.
//!
//! Read + validate: text to a legal position (forsyth `Fen::parse` + `Fen::position`, shakmaty `Fen` parse +
//! `into_position::<Chess>` in Chess960 castling mode, which both the Chess960 and the standard FENs need).
//! Write: legal position to FEN text, en-passant square after every double step, and again only when legal.
//! The FENs: the first 75,000 positions of `shared/corpus/3moves-frc.epd.zst` (Chess960, three moves in) and 25,000
//! positions from random standard games (fixed seed, FEN written with every double step's en-passant square).
//!
//! Run: `cargo run --release -p forsyth-bench --bin fen [-- --quick] [--corpus PATH]`

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

/// Best of `runs` timings of `f`, with its result.
fn best_of<T>(runs: u32, mut f: impl FnMut() -> T) -> (T, Duration) {
    let mut best = Duration::MAX;
    let mut result = None;
    for _ in 0..runs {
        let t = Instant::now();
        let r = black_box(f());
        best = best.min(t.elapsed());
        result = Some(r);
    }
    (result.expect("at least one run"), best)
}

fn report(what: &str, n: usize, ours: Duration, theirs: Duration) {
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
    let runs = if quick { 1 } else { 5 };
    let mut fens = corpus_fens(path, 75_000);
    fens.extend(random_game_fens(100_000 - fens.len()));
    println!("{} FENs, one thread, best of {runs} runs; positions/s", fens.len());
    println!("{:<34} {:>12} {:>12} {:>10}", "work", "forsyth", "shakmaty", "ratio");

    // PARTS
    if args.iter().any(|a| a == "--parts") {
        for _ in 0..3 {
            let (_, a) = best_of(3, || fens.iter().filter(|f| black_box(Fen::parse(f)).is_ok()).count());
            let parsed: Vec<Fen> = fens.iter().map(|f| Fen::parse(f).unwrap()).collect();
            let (_, b) = best_of(3, || parsed.iter().filter(|f| black_box(f.position(None)).is_ok()).count());
            let (_, b2) = best_of(3, || {
                parsed
                    .iter()
                    .filter(|f| {
                        black_box(forsyth::Position::from_setup_unchecked(&f.setup, Variant::Chess960))
                            .turn()
                            .is_white()
                    })
                    .count()
            });
            let (_, c) =
                best_of(3, || fens.iter().filter(|f| black_box(ShakmatyFen::from_ascii(f.as_bytes())).is_ok()).count());
            let sp: Vec<ShakmatyFen> = fens.iter().map(|f| ShakmatyFen::from_ascii(f.as_bytes()).unwrap()).collect();
            let (_, d) = best_of(3, || {
                sp.iter()
                    .filter(|f| black_box((*f).clone().into_position::<Chess>(CastlingMode::Chess960)).is_ok())
                    .count()
            });
            println!("parse {:?} position {:?} (unchecked {:?}) | shakmaty parse {:?} position {:?}", a, b, b2, c, d);
        }
        return;
    }
    // Timed without keeping the positions (a vector of 100,000 positions would time the allocator too).
    let read_ours = |f: &String| Fen::parse(f).ok().and_then(|fen| fen.position(None).ok());
    let read_theirs = |f: &String| {
        let fen = ShakmatyFen::from_ascii(f.as_bytes()).ok()?;
        fen.into_position::<Chess>(CastlingMode::Chess960).ok()
    };
    let (n_ours, t_ours) = best_of(runs, || fens.iter().filter(|f| black_box(read_ours(f)).is_some()).count());
    let (n_theirs, t_theirs) = best_of(runs, || fens.iter().filter(|f| black_box(read_theirs(f)).is_some()).count());
    assert_eq!((n_ours, n_theirs), (fens.len(), fens.len()), "every FEN is legal for both");
    let ours: Vec<Position> = fens.iter().filter_map(read_ours).collect();
    let theirs: Vec<Chess> = fens.iter().filter_map(read_theirs).collect();
    report("read + validate", fens.len(), t_ours, t_theirs);

    for (name, ep, their_ep) in [
        ("write (ep always)", EpMode::Always, EnPassantMode::Always),
        ("write (ep legal)", EpMode::Legal, EnPassantMode::Legal),
    ] {
        let (written, t_ours) =
            best_of(runs, || ours.iter().map(|p| Fen::from_position_with(p, ep).to_string()).collect::<Vec<_>>());
        let (their_written, t_theirs) = best_of(runs, || {
            theirs.iter().map(|p| ShakmatyFen::from_position(p, their_ep).to_string()).collect::<Vec<_>>()
        });
        // Both write X-FEN; the texts must agree.
        let differ = written.iter().zip(&their_written).filter(|(a, b)| a != b).count();
        assert_eq!(differ, 0, "forsyth and shakmaty wrote {differ} FENs differently");
        report(name, fens.len(), t_ours, t_theirs);
    }
}
