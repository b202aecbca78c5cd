//! `forsyth serve`: the server starts on the address asked for, says where, and answers; an address it cannot
//! bind is an error that names it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

#[test]
fn serve_prints_its_address_and_answers_there() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_forsyth"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let address = line
        .strip_prefix("forsyth serves http://")
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    assert!(address.starts_with("127.0.0.1:"), "{address}");
    let mut stream = TcpStream::connect(&address).unwrap();
    write!(stream, "GET /api/health HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(answer.contains(r#""status":"ok""#), "{answer}");
}

#[test]
fn an_address_that_cannot_be_bound_is_an_error() {
    let output = Command::new(env!("CARGO_BIN_EXE_forsyth"))
        .args(["serve", "--host", "203.0.113.7", "--port", "1"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("forsyth: cannot listen on 203.0.113.7:1: "), "{stderr}");
}
