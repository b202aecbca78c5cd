//! Hostile input: huge comments, deep variations, huge tag values, endless lines, random bytes, invalid UTF-8,
//! FENs with thousands of ranks, a million moves. Each must end with a clear error or the right answer, in
//! bounded memory. Inputs are generated on the fly and streamed; nothing large is committed.
//!
//! Memory is measured, not timed: each case runs in a child process (this test binary, filtered to
//! [`child_process`]) that prints its peak resident set (`VmHWM`); a case is bounded when the peak at a large
//! input size exceeds the peak at a small one by far less than the extra input. `HOSTILE_SCALE=N` multiplies
//! the sizes (`scripts/hostile.sh` runs them at 1 GB). Limits and measured figures: TESTING.md.

use std::io::{BufReader, Read};
use std::process::Command;

use forsyth::Position;
use forsyth::notation::fen::Fen;
use forsyth::notation::read::{MoveReadOptions, parse_move};
use forsyth::pgn::{
    Encoding, ErrorKind, Game, GameBuilder, GameSplitter, MAX_GAME_BYTES, MAX_VARIATION_DEPTH, PgnReadOptions,
    PgnWriteOptions, Validate, read_game, write_game,
};

const MIB: u64 = 1 << 20;

/// A reader of `head`, then `body` repeated to `len` bytes, then `tail`: a huge input in constant memory.
struct Generated {
    parts: [Vec<u8>; 3],
    body_len: u64,
    part: usize,
    at: u64,
}

impl Generated {
    fn new(head: &str, body: &str, len: u64, tail: &str) -> BufReader<Generated> {
        let parts = [head.as_bytes().to_vec(), body.as_bytes().to_vec(), tail.as_bytes().to_vec()];
        BufReader::with_capacity(64 * 1024, Generated { parts, body_len: len, part: 0, at: 0 })
    }
}

impl Read for Generated {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            if self.part == 3 {
                return Ok(0);
            }
            let part = &self.parts[self.part];
            let len = if self.part == 1 { self.body_len } else { part.len() as u64 };
            if self.at >= len || part.is_empty() {
                self.part += 1;
                self.at = 0;
                continue;
            }
            let mut n = 0;
            while n < buf.len() && self.at < len {
                let from = (self.at % part.len() as u64) as usize;
                let k = (part.len() - from).min(buf.len() - n).min((len - self.at) as usize);
                buf[n..n + k].copy_from_slice(&part[from..from + k]);
                n += k;
                self.at += k as u64;
            }
            return Ok(n);
        }
    }
}

/// Splits and reads every game of a stream; returns (games, moves, errors by code).
fn read_stream(reader: impl std::io::BufRead, options: &PgnReadOptions) -> (u64, u64, Vec<&'static str>) {
    let (mut games, mut moves, mut errors) = (0, 0, Vec::new());
    for raw in GameSplitter::new(reader) {
        let report = read_game(&raw.unwrap(), options, &mut Validate);
        games += 1;
        moves += report.moves;
        errors.extend(report.error.map(|e| e.kind.code()));
    }
    (games, moves, errors)
}

fn scale() -> u64 {
    std::env::var("HOSTILE_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1)
}

/// Runs one case at `size` (bytes or count), asserting its answer. Called in the child process.
fn run_case(case: &str, size: u64) {
    let options = PgnReadOptions::default();
    match case {
        // A comment larger than a game may be: the game is refused with a clear error, the stream goes on.
        "comment" => {
            let input =
                Generated::new("[Event \"big\"]\n\n1. e4 {", "very long comment\n", size, "} e5 *\n\n1. d4 *\n");
            let (games, moves, errors) = read_stream(input, &options);
            assert_eq!((games, moves), (2, 1), "{errors:?}");
            assert_eq!(errors, ["game-too-large"]);
        }
        // A single line of movetext words with no newline and no end, as from a corrupt or hostile upload.
        "no-newline" => {
            let (games, _, errors) = read_stream(Generated::new("", "Nf3 Nf6 Ng1 Ng8 ", size, ""), &options);
            assert_eq!(games, 1);
            assert_eq!(errors, ["game-too-large"]);
        }
        // A game of `size` plies (knights back and forth): read in full, in constant memory with `Validate`.
        "million-moves" => {
            let pair = |n: u64| format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * n + 1, 2 * n + 2);
            let mut text = String::with_capacity(size as usize * 9);
            for n in 0..size / 4 {
                text.push_str(&pair(n));
            }
            text.push('*');
            let (games, moves, errors) = read_stream(text.as_bytes(), &options);
            assert_eq!((games, moves, errors.len()), (1, size / 4 * 4, 0), "{errors:?}");
        }
        // Variations nested `size` deep: past the limit, a clear error.
        "nesting" => {
            let text = format!("1. e4 {}{} *", "( 1. d4 ".repeat(size as usize), ")".repeat(size as usize));
            let report = read_game(&split_one(&text), &options, &mut Validate);
            let error = report.error.expect("too deep");
            assert_eq!(error.kind, ErrorKind::Variation);
            assert!(error.reason.contains("deep"), "{error}");
        }
        other => panic!("unknown case {other}"),
    }
}

fn split_one(text: &str) -> forsyth::pgn::RawGame {
    let mut games = GameSplitter::new(text.as_bytes());
    let game = games.next().unwrap().unwrap();
    assert!(games.next().is_none());
    game
}

/// The child process: runs the case named by `HOSTILE_CASE` and prints its peak resident set.
#[test]
fn child_process() {
    let Ok(case) = std::env::var("HOSTILE_CASE") else { return };
    let size = std::env::var("HOSTILE_SIZE").unwrap().parse().unwrap();
    run_case(&case, size);
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let peak = status.lines().find_map(|l| l.strip_prefix("VmHWM:")).unwrap_or("0 kB").trim().to_string();
    println!("hostile-peak {peak}");
}

/// Peak resident set in KiB of `case` at `size`, run in a child process.
fn peak_kib(case: &str, size: u64) -> u64 {
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "child_process", "--nocapture", "--test-threads=1"])
        .env("HOSTILE_CASE", case)
        .env("HOSTILE_SIZE", size.to_string())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{case} at {size}:\n{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let peak = stdout.lines().find_map(|l| l.split("hostile-peak ").nth(1)).expect("peak printed");
    let kib = peak.trim_end_matches(" kB").trim().parse().unwrap();
    eprintln!("{case} at {size}: peak {kib} KiB");
    kib
}

/// Memory at `large` exceeds memory at `small` by less than `slack_mib`: what the input adds is bounded.
fn assert_bounded(case: &str, small: u64, large: u64, slack_mib: u64) {
    if !std::path::Path::new("/proc/self/status").exists() {
        eprintln!("no /proc: only the answers are checked");
        run_case(case, small);
        return;
    }
    let (a, b) = (peak_kib(case, small), peak_kib(case, large));
    assert!(
        b < a + slack_mib * 1024,
        "{case}: peak {a} KiB at {small}, {b} KiB at {large}: memory grows with the input"
    );
}

#[test]
fn a_huge_comment_is_refused_in_bounded_memory() {
    let s = scale();
    assert_bounded("comment", MAX_GAME_BYTES as u64 + MIB, 4 * MAX_GAME_BYTES as u64 * s, 4);
}

#[test]
fn an_endless_line_is_refused_in_bounded_memory() {
    let s = scale();
    assert_bounded("no-newline", MAX_GAME_BYTES as u64 + MIB, 8 * MAX_GAME_BYTES as u64 * s, 4);
}

#[test]
fn a_million_moves_are_read_in_bounded_memory() {
    // Validation keeps nothing per move: 1,000,000 plies need no more memory than 100,000, beyond the text.
    let small = peak_kib("million-moves", 100_000);
    let large = peak_kib("million-moves", 1_000_000);
    // The text itself (about 9 bytes a ply) is held; anything per move beyond it would show.
    assert!(large < small + 900_000 * 12 / 1024 + 4096, "{small} KiB vs {large} KiB");
}

#[test]
fn a_million_moves_build_a_game_that_writes_back() {
    let mut text = String::new();
    for n in 0..250_000 {
        text.push_str(&format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * n + 1, 2 * n + 2));
    }
    text.push('*');
    let games = Game::read_all(&text, &PgnReadOptions::default());
    let game = games[0].as_ref().unwrap();
    assert_eq!(game.moves.nodes.len(), 1_000_000);
    let mut out = String::new();
    write_game(game, &PgnWriteOptions::default(), &mut out);
    let again = Game::read_all(&out, &PgnReadOptions::default());
    assert_eq!(again[0].as_ref().unwrap().moves, game.moves);
}

#[test]
fn variations_nested_100000_deep_are_refused() {
    run_case("nesting", 100_000);
    assert_bounded("nesting", 10_000, 100_000, 8);
}

#[test]
fn variations_nested_to_the_limit_read_write_compare_and_drop() {
    // Every recursive walk of the tree (writer, clone, equality, drop) must survive the deepest game the reader
    // accepts, on a test thread's ordinary stack.
    let depth = MAX_VARIATION_DEPTH;
    let text = format!("1. e4 {}{} *", "( 1. d4 ".repeat(depth), ")".repeat(depth));
    let games = Game::read_all(&text, &PgnReadOptions::default());
    let game = games[0].as_ref().unwrap_or_else(|e| panic!("{e}"));
    let mut out = String::new();
    write_game(game, &PgnWriteOptions::default(), &mut out);
    let again = Game::read_all(&out, &PgnReadOptions::default());
    // (Not assert_eq: a failure would print the whole tree.)
    assert!(again[0].as_ref().unwrap().moves == game.moves, "the deep game does not write back");
    let copy = game.clone();
    drop(games);
    drop(copy);
}

#[test]
fn a_megabyte_tag_value_is_read_intact() {
    let value: String = (0..MIB).map(|i| if i % 1000 == 999 { '"' } else { 'x' }).collect();
    let escaped = forsyth::pgn::escape_tag_value(&value);
    let text = format!("[Event \"{escaped}\"]\n[White \"{}\"]\n\n1. e4 *\n", "\\\\".repeat(MIB as usize / 2));
    let games = Game::read_all(&text, &PgnReadOptions::default());
    let game = games[0].as_ref().unwrap();
    assert_eq!(game.tag("Event"), Some(value.as_str()));
    assert_eq!(game.tag("White").map(str::len), Some(MIB as usize / 2));
    let mut builder = GameBuilder::default();
    assert!(read_game(&split_one(&text), &PgnReadOptions::default(), &mut builder).error.is_none());
}

#[test]
fn random_bytes_and_invalid_utf8_give_errors_not_panics() {
    let mut rng = fastrand::Rng::with_seed(2026);
    let pos = Position::default();
    for round in 0..200 {
        let len = if round % 50 == 0 { 1 << 16 } else { rng.usize(0..400) };
        // Bytes from a PGN-ish alphabet half the time, so that the readers get past their first check.
        let alphabet = b"[]{}()\"\\;%$!?+#=-/.0123456789abcdefghKQRBNPxO \n\r\t\xc3\xa9\xff\xfe\xbd";
        let bytes: Vec<u8> = (0..len)
            .map(|_| if round % 2 == 0 { rng.u8(..) } else { alphabet[rng.usize(0..alphabet.len())] })
            .collect();
        for encoding in [Encoding::Auto, Encoding::Utf8, Encoding::Latin1] {
            let options = PgnReadOptions { encoding, ..PgnReadOptions::default() };
            for raw in GameSplitter::new(&bytes[..]) {
                let raw = raw.unwrap();
                let mut builder = GameBuilder::default();
                let report = read_game(&raw, &options, &mut builder);
                if let Some(error) = report.error {
                    assert!(!error.to_string().is_empty());
                } else {
                    let mut out = String::new();
                    write_game(&builder.finish(), &PgnWriteOptions::default(), &mut out);
                }
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        for line in text.lines().take(50) {
            if let Err(e) = Fen::parse(line) {
                assert!(!e.to_string().is_empty());
            }
            let _ = parse_move(&pos, line, &MoveReadOptions::default());
        }
    }
    // Invalid UTF-8 read strictly is an encoding error that says where.
    let raw = split_one_bytes(b"[Event \"caf\xe9\"]\n\n1. e4 *\n");
    let error =
        read_game(&raw, &PgnReadOptions { encoding: Encoding::Utf8, ..PgnReadOptions::default() }, &mut Validate)
            .error
            .unwrap();
    assert_eq!((error.kind.code(), error.line, error.column), ("encoding", 1, 12), "{error}");
}

fn split_one_bytes(bytes: &[u8]) -> forsyth::pgn::RawGame {
    GameSplitter::new(bytes).next().unwrap().unwrap()
}

#[test]
fn a_fen_of_ten_thousand_ranks_is_refused_clearly() {
    for board in ["8/".repeat(9_999) + "8", "1".repeat(10_000), "K".repeat(10_000) + "/8", "/".repeat(10_000)] {
        let text = format!("{board} w - - 0 1");
        let error = Fen::parse(&text).unwrap_err();
        let message = error.to_string();
        assert!(message.len() < 400, "the error quotes too much: {} bytes", message.len());
    }
    let ranks = "8/".repeat(9_999) + "8";
    let error = Fen::parse(&format!("{ranks} w - - 0 1")).unwrap_err();
    assert!(error.to_string().contains("rank"), "{error}");
}
