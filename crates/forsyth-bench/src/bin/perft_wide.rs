//! 10×8 perft speed: forsyth against the Fairy-Stockfish binary on the same positions, and against forsyth's own
//! 8×8 speed. Fairy-Stockfish runs as a UCI subprocess (`go perft`), timed from the command to its node count;
//! forsyth runs in this process. Both count the last ply in bulk.
//!
//! Run: `cargo run --profile dist -p forsyth-bench --bin perft_wide [-- --quick]`
//! (needs `fairy-stockfish`: `apt-get install fairy-stockfish`; without it, only forsyth's figures are printed).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use forsyth::{Position, Variant};

const ENGINE_PATHS: [&str; 2] = ["/usr/games/fairy-stockfish", "fairy-stockfish"];

/// A running Fairy-Stockfish.
struct Engine {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: BufReader<std::process::ChildStdout>,
}

impl Engine {
    fn start() -> Option<Engine> {
        let mut child = ENGINE_PATHS.iter().find_map(|path| {
            Command::new(path).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().ok()
        })?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        let mut engine = Engine { child, input, output };
        engine.send("uci");
        engine.wait_for("uciok");
        Some(engine)
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("engine input");
        self.input.flush().expect("engine input");
    }

    /// Reads lines until one starts with `prefix`; returns it.
    fn wait_for(&mut self, prefix: &str) -> String {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line).expect("engine output") == 0 {
                panic!("fairy-stockfish ended before '{prefix}'");
            }
            if line.starts_with(prefix) {
                return line.trim().to_string();
            }
        }
    }

    fn perft(&mut self, variant: &str, depth: u32) -> (u64, Duration) {
        self.send(&format!("setoption name UCI_Variant value {variant}"));
        self.send("position startpos");
        self.send("isready");
        self.wait_for("readyok");
        let start = Instant::now();
        self.send(&format!("go perft {depth}"));
        let line = self.wait_for("Nodes searched");
        let elapsed = start.elapsed();
        let nodes = line.rsplit(' ').next().and_then(|n| n.parse().ok()).expect("node count");
        (nodes, elapsed)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

fn mnps(nodes: u64, d: Duration) -> f64 {
    nodes as f64 / d.as_secs_f64() / 1e6
}

fn forsyth_perft(variant: Variant, depth: u32) -> (u64, Duration) {
    let pos = Position::new(variant);
    let t = Instant::now();
    let n = std::hint::black_box(pos.perft(depth));
    (n, t.elapsed())
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let runs = if quick { 1 } else { 5 };
    let depth8 = if quick { 5 } else { 6 };
    let mut engine = Engine::start();
    if engine.is_none() {
        println!("fairy-stockfish not found: printing forsyth's figures only");
    }
    println!(
        "{:<12} {:>5} {:>11} {:>9} {:>9} {:>10} {:>9} {:>11}",
        "variant", "depth", "nodes", "forsyth", "fairy-sf", "vs fairy", "own 8x8", "vs own 8x8"
    );
    for (variant, name) in [
        (Variant::Capablanca, "capablanca"),
        (Variant::Gothic, "gothic"),
        (Variant::Janus, "janus"),
        (Variant::Embassy, "embassy"),
    ] {
        let depth = if quick { 4 } else { 5 };
        // 10x8 and 8x8 runs alternate, so that both see the same share of a busy machine; best of each.
        let (mut ours, mut t_ours) = (0, Duration::MAX);
        let (mut n8, mut t8) = (0, Duration::MAX);
        for _ in 0..runs {
            let (n, t) = forsyth_perft(variant, depth);
            (ours, t_ours) = (n, t_ours.min(t));
            let (n, t) = forsyth_perft(Variant::Standard, depth8);
            (n8, t8) = (n, t8.min(t));
        }
        let speed = mnps(ours, t_ours);
        let speed8 = mnps(n8, t8);
        let (theirs, vs) = match engine.as_mut() {
            Some(e) => {
                // One run for the slow engine: its time is long enough to be stable.
                let (n, t) = e.perft(name, depth);
                assert_eq!(n, ours, "{name}: forsyth and Fairy-Stockfish disagree");
                (format!("{:.1}", mnps(n, t)), format!("{:.1}x", speed / mnps(n, t)))
            }
            None => ("-".to_string(), "-".to_string()),
        };
        println!(
            "{:<12} {:>5} {:>11} {:>9.1} {:>9} {:>10} {:>9.1} {:>10.2}x",
            name,
            depth,
            ours,
            speed,
            theirs,
            vs,
            speed8,
            speed / speed8
        );
    }
    println!("M nodes/s, best of {runs}; own 8x8: start position perft {depth8}, run alternately with each variant");
}
