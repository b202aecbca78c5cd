//! How long one core takes to see what another wrote: two threads hand a flag back and forth through one cache
//! line, and the mean round trip is printed (nanoseconds; the median of five rounds of 100,000 trips), after the
//! load average where the system tells it: the host's state, which the benchmark scripts print before and after.
//!
//! Why it is here: a virtual machine's host can move its processors from one minute to the next, and this latency
//! shows where they are (on the project machine about 50 or about 450 ns). `pgn export --jobs 2` is a quarter
//! slower in the slow state (BENCHMARKS.md, "The machine and how to read the figures"). Run it beside a `--jobs` measurement
//! to know which machine the figures come from: `cargo run --profile dist -p forsyth-bench --bin core_to_core`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

const TRIPS: u32 = 100_000;
const ROUNDS: usize = 5;

/// The mean round trip of `TRIPS` hand-overs between this thread and another, in nanoseconds.
fn round_trip_ns() -> f64 {
    // `true`: the other thread's turn.
    let turn = Arc::new(AtomicBool::new(false));
    let other = {
        let turn = turn.clone();
        std::thread::spawn(move || {
            for _ in 0..TRIPS {
                while !turn.load(Ordering::Acquire) {
                    std::hint::spin_loop();
                }
                turn.store(false, Ordering::Release);
            }
        })
    };
    let start = Instant::now();
    for _ in 0..TRIPS {
        turn.store(true, Ordering::Release);
        while turn.load(Ordering::Acquire) {
            std::hint::spin_loop();
        }
    }
    let elapsed = start.elapsed();
    other.join().expect("the other thread ends after its trips");
    elapsed.as_nanos() as f64 / f64::from(TRIPS)
}

fn main() {
    let mut rounds: Vec<f64> = (0..ROUNDS).map(|_| round_trip_ns()).collect();
    rounds.sort_by(f64::total_cmp);
    let shown: Vec<String> = rounds.iter().map(|ns| format!("{ns:.0}")).collect();
    let load = std::fs::read_to_string("/proc/loadavg").ok();
    let load = load.as_deref().map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "));
    let load = load.map_or(String::new(), |l| format!("load average: {l}; "));
    println!("{load}core-to-core round trip: {:.0} ns (rounds: {} ns)", rounds[ROUNDS / 2], shown.join(", "));
}
