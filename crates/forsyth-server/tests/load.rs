//! Load and hostile input on loopback: 2,000 mixed API requests from 16 concurrent clients, then 200 hostile
//! requests; every answer as it should be, the server healthy and small afterwards. Latencies are printed (run
//! with `--nocapture`), not asserted: speed targets live in BENCHMARKS.md.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::{Answer, get, post_json, request};
use forsyth_server::Config;
use serde_json::json;

const REQUESTS: usize = 2_000;
const CLIENTS: usize = 16;
const HOSTILE: usize = 200;

const PGN: &str = "[Event \"Load\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 \
                   6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1/2-1/2\n";

/// Request `i` of the mix: what it is called, and the answer.
fn mixed(address: SocketAddr, i: usize) -> (&'static str, Answer) {
    match i % 6 {
        0 => (
            "fen",
            post_json(
                address,
                "/api/fen",
                json!({"fen": "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 6", "lang": "de"}),
            ),
        ),
        1 => (
            "fen",
            post_json(
                address,
                "/api/fen",
                json!({"fen": "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"}),
            ),
        ),
        2 => (
            "moves",
            post_json(
                address,
                "/api/moves",
                json!({"moves": "1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 4.La4 Sf6 5.0-0 Le7 6.Te1 b5 7.Lb3 d6", "input_lang": "de", "lang": "fr", "notation": "fide"}),
            ),
        ),
        3 => (
            "moves",
            post_json(
                address,
                "/api/moves",
                json!({"fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "moves": "e2e4 e8d7 e4e5", "notation": "problem"}),
            ),
        ),
        4 => ("pgn", request(address, "POST", "/api/pgn?lang=de", "application/x-chess-pgn", PGN.repeat(4).as_bytes())),
        _ if i % 12 == 5 => ("start", get(address, "/api/start?variant=crc&n=2000")),
        _ => ("start", get(address, &format!("/api/start?variant=chess960&n={}", i % 960))),
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

/// Resident memory of this process (the server and the test's clients) in KiB, from /proc.
fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).expect("VmRSS");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// A hostile request `i`: bytes no honest client sends. Answers the status, or None if no answer came.
fn hostile(address: SocketAddr, i: usize, rng: &mut fastrand::Rng) -> (String, Option<u16>) {
    let random = |rng: &mut fastrand::Rng, max: usize| -> Vec<u8> {
        let n = rng.usize(1..max);
        (0..n).map(|_| rng.u8(..)).collect()
    };
    let (what, bytes): (String, Vec<u8>) = match i % 8 {
        0 => {
            // A body over the 8 MiB limit, sent in full.
            let body = vec![b'['; (8 << 20) + 1 + rng.usize(..1000)];
            let mut bytes =
                format!("POST /api/pgn HTTP/1.1\r\nHost: {address}\r\nContent-Length: {}\r\n\r\n", body.len())
                    .into_bytes();
            bytes.extend_from_slice(&body);
            ("huge body".into(), bytes)
        }
        1 => ("random bytes instead of HTTP".into(), {
            let mut bytes = random(rng, 4000);
            bytes.extend_from_slice(b"\r\n\r\n");
            bytes
        }),
        2 => ("random bytes as JSON".into(), body("/api/fen", &random(rng, 5000), address)),
        3 => {
            let depth = rng.usize(200..200_000);
            let open = if rng.bool() { "[" } else { "{\"a\":" };
            ("deep JSON".into(), body("/api/moves", open.repeat(depth).as_bytes(), address))
        }
        4 => {
            let mut json = b"{\"fen\": \"".to_vec();
            json.extend(random(rng, 100).into_iter().map(|b| b | 0x80));
            json.extend_from_slice(b"\"}");
            ("invalid UTF-8".into(), body("/api/fen", &json, address))
        }
        5 => (
            "a FEN of 1 MB".into(),
            body("/api/fen", json!({"fen": "8/".repeat(500_000)}).to_string().as_bytes(), address),
        ),
        6 => (
            "a header of 1 MB".into(),
            format!("GET /api/health HTTP/1.1\r\nHost: {address}\r\nX-Junk: {}\r\n\r\n", "j".repeat(1 << 20))
                .into_bytes(),
        ),
        _ => (
            "50,000 moves".into(),
            body("/api/moves", json!({"moves": "Nf3 Nf6 Ng1 Ng8 ".repeat(12_500)}).to_string().as_bytes(), address),
        ),
    };
    (what, common::raw(address, bytes).map(|a| a.status))
}

fn body(path: &str, body: &[u8], address: SocketAddr) -> Vec<u8> {
    let mut bytes = format!(
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    bytes.extend_from_slice(body);
    bytes
}

#[test]
fn mixed_load_then_hostile_requests_leave_the_server_healthy_and_small() {
    let address = common::start(Config::default());
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|_| {
            let next = Arc::clone(&next);
            std::thread::spawn(move || {
                let mut timings = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= REQUESTS {
                        return timings;
                    }
                    let sent = Instant::now();
                    let (kind, answer) = mixed(address, i);
                    assert_eq!(answer.status, 200, "request {i} ({kind}): {}", answer.text());
                    let json = answer.json();
                    assert!(json.get("error").is_none_or(|e| e.is_null()) || kind == "moves", "request {i}: {json}");
                    timings.push((kind, sent.elapsed()));
                }
            })
        })
        .collect();
    let mut timings: Vec<(&str, Duration)> = clients.into_iter().flat_map(|c| c.join().unwrap()).collect();
    let wall = started.elapsed();
    assert_eq!(timings.len(), REQUESTS);
    timings.sort_by_key(|&(_, t)| t);
    println!(
        "{REQUESTS} mixed requests from {CLIENTS} clients in {:.2} s ({:.0} requests/s)",
        wall.as_secs_f64(),
        REQUESTS as f64 / wall.as_secs_f64()
    );
    for kind in ["fen", "moves", "pgn", "start"] {
        let of_kind: Vec<Duration> = timings.iter().filter(|(k, _)| *k == kind).map(|&(_, t)| t).collect();
        println!(
            "  {kind:6} {:4} requests: p50 {:6.2} ms, p99 {:6.2} ms, max {:6.2} ms",
            of_kind.len(),
            percentile(&of_kind, 0.50).as_secs_f64() * 1e3,
            percentile(&of_kind, 0.99).as_secs_f64() * 1e3,
            of_kind.last().unwrap().as_secs_f64() * 1e3
        );
    }
    let rss = rss_kib();
    println!("resident memory after the load (server and clients): {} MiB", rss >> 10);
    assert!(rss < 128 << 10, "resident memory {} MiB after the load", rss >> 10);

    let mut rng = fastrand::Rng::with_seed(20);
    let started = Instant::now();
    let mut seen = std::collections::BTreeMap::new();
    for i in 0..HOSTILE {
        let (what, status) = hostile(address, i, &mut rng);
        let status = status.unwrap_or_else(|| panic!("hostile request {i} ({what}) got no answer"));
        assert!((400..500).contains(&status), "hostile request {i} ({what}) answered {status}");
        *seen.entry((what, status)).or_insert(0) += 1;
    }
    println!("{HOSTILE} hostile requests answered 4xx in {:.2} s:", started.elapsed().as_secs_f64());
    for ((what, status), count) in seen {
        println!("  {count:3} × {what}: {status}");
    }
    assert_eq!(get(address, "/api/health").json()["status"], "ok");
    let answer = post_json(address, "/api/fen", json!({"fen": "8/8/8/4k3/8/8/8/4K3 w - - 0 1"}));
    assert_eq!(answer.json()["result"], "ok");
    let rss = rss_kib();
    println!("resident memory after the hostile requests: {} MiB", rss >> 10);
    assert!(rss < 128 << 10, "resident memory {} MiB after the hostile requests", rss >> 10);
}
