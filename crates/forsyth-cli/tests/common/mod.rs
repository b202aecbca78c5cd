//! Running the `forsyth` binary from the integration tests (`mod common;`).
#![allow(dead_code)] // each test file uses its own part

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs forsyth with `args` and an empty standard input.
pub fn forsyth(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_forsyth")).args(args).output().expect("the forsyth binary runs")
}

/// Standard output of a run that must exit with status 0, without the line break(s) at its end.
pub fn ok(args: &[&str]) -> String {
    let output = forsyth(args);
    assert_eq!(output.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap().trim_end().to_string()
}

/// Runs forsyth with `args` and `stdin` as its standard input, and says whether all of `stdin` could be written:
/// forsyth may stop reading early, and whether that is a failure is the caller's to say.
pub fn forsyth_with_input(args: &[&str], stdin: &[u8]) -> (Output, std::io::Result<()>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_forsyth"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the forsyth binary runs");
    let mut input = child.stdin.take().expect("a pipe to standard input");
    // Written from a thread of its own: forsyth answers as it reads, so its output must be drained meanwhile.
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || input.write_all(&stdin));
    let output = child.wait_with_output().expect("forsyth's output");
    (output, writer.join().expect("the writer thread"))
}
