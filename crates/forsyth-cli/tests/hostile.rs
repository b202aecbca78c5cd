//! Hostile standard input through the binary: an endless line, invalid UTF-8, random bytes. Each ends with exit
//! status 1 and a message, never a panic (status 101) or a line read into memory whole. The full-size cases are
//! in `scripts/hostile.sh` (see TESTING.md).

use std::process::Output;

mod common;

fn forsyth(args: &[&str], stdin: &[u8]) -> Output {
    // forsyth may stop reading early (that is the point): a broken pipe here is expected.
    common::forsyth_with_input(args, stdin).0
}

#[test]
fn a_line_without_end_is_refused_by_every_fen_command() {
    let line = vec![b'8'; 3 << 20];
    for command in [&["fen", "check"][..], &["moves"], &["count"]] {
        let out = forsyth(command, &line);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{command:?}: {stderr}");
        assert!(stderr.contains("line 1 of standard input is longer than 1 MiB"), "{command:?}: {stderr}");
    }
}

#[test]
fn invalid_utf8_and_random_bytes_are_errors_not_panics() {
    let out = forsyth(&["fen", "check"], b"8/8/8/8/8/8/8/8 w - - 0 1\n\xff\xfe\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2 of standard input is not UTF-8"));
    let mut rng = fastrand::Rng::with_seed(7);
    let bytes: Vec<u8> = (0..1 << 16).map(|_| rng.u8(..)).collect();
    for command in [&["fen", "check"][..], &["moves"], &["pgn", "check"], &["count"]] {
        let out = forsyth(command, &bytes);
        assert_eq!(out.status.code(), Some(1), "{command:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
}

/// Standard input is read a line at a time, never held whole: the lines before a refused one are answered.
#[test]
fn lines_before_a_refused_line_are_answered() {
    let mut input = b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n\n".to_vec();
    input.extend(vec![b'8'; 3 << 20]);
    for (command, answer) in [(&["fen", "check"][..], "ok\n"), (&["fen", "convert"], "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n")]
    {
        let out = forsyth(command, &input);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{command:?}: {stderr}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), answer, "{command:?}");
        assert!(stderr.contains("line 3 of standard input is longer than 1 MiB"), "{command:?}: {stderr}");
    }
}

/// Lines that cross the reader's 64 KiB buffer, Windows line ends, blank lines and a last line without its line
/// break are all read whole: one answer per FEN.
#[test]
fn every_line_is_read_whole_across_buffers_and_line_ends() {
    let fens = ["4k3/8/8/8/8/8/8/4K3 w - - 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"];
    let mut input = Vec::new();
    let count = 5_000;
    for i in 0..count {
        input.extend_from_slice(fens[i % 2].as_bytes());
        input.extend_from_slice(if i % 3 == 0 { b"\r\n" } else { b"\n" });
        if i % 7 == 0 {
            input.extend_from_slice(b"  \n");
        }
    }
    input.truncate(input.len() - 1);
    let out = forsyth(&["fen", "convert"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let written = String::from_utf8(out.stdout).unwrap();
    let expected: Vec<&str> = (0..count).map(|i| fens[i % 2]).collect();
    assert_eq!(written.lines().collect::<Vec<_>>(), expected);
}
