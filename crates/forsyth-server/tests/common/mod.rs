//! A server started for a test on 127.0.0.1 with a free port, and a small HTTP/1.1 client that can also send
//! bytes no real client would.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use forsyth_server::Config;

/// Starts a server with `config` on a thread of its own; answers its address once it accepts connections.
pub fn start(config: Config) -> SocketAddr {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        runtime.block_on(async move {
            let (listener, address) = forsyth_server::bind("127.0.0.1", 0).await.unwrap();
            sender.send(address).unwrap();
            forsyth_server::serve(listener, config).await.unwrap();
        });
    });
    receiver.recv_timeout(Duration::from_secs(10)).expect("the server starts")
}

/// An answer: status, headers (lower-case names), body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Sends `bytes` as they are on a new connection (on a thread of their own, so that a server answering before it
/// has read them all is heard) and reads the answer until the server closes the connection.
pub fn raw(address: SocketAddr, bytes: Vec<u8>) -> Option<Answer> {
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut writer = stream.try_clone().unwrap();
    let sending = std::thread::spawn(move || {
        // The server may close before everything is sent (413): that is its right.
        // The write side stays open: a server takes a half-closed connection for a client gone.
        let _ = writer.write_all(&bytes);
    });
    let mut answer = Vec::new();
    let mut chunk = [0u8; 65536];
    loop {
        match stream.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => answer.extend_from_slice(&chunk[..n]),
            Err(_) => break,
        }
    }
    let _ = sending.join();
    parse(&answer)
}

/// One request with `Connection: close`.
pub fn request(address: SocketAddr, method: &str, path: &str, content_type: &str, body: &[u8]) -> Answer {
    let mut bytes = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nContent-Type: {content_type}\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    bytes.extend_from_slice(body);
    raw(address, bytes).unwrap_or_else(|| panic!("no answer to {method} {path}"))
}

pub fn get(address: SocketAddr, path: &str) -> Answer {
    request(address, "GET", path, "text/plain", b"")
}

pub fn post_json(address: SocketAddr, path: &str, json: serde_json::Value) -> Answer {
    request(address, "POST", path, "application/json", json.to_string().as_bytes())
}

/// Parses an HTTP/1.1 answer (a body by Content-Length, chunked, or up to the end).
fn parse(bytes: &[u8]) -> Option<Answer> {
    let end = bytes.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&bytes[..end]).ok()?;
    let mut lines = head.split("\r\n");
    let status = lines.next()?.split(' ').nth(1)?.parse().ok()?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = bytes[end + 4..].to_vec();
    if headers.iter().any(|(n, v)| n == "transfer-encoding" && v.contains("chunked")) {
        body = dechunk(&body);
    }
    Some(Answer { status, headers, body })
}

fn dechunk(mut bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(line_end) = bytes.windows(2).position(|w| w == b"\r\n") {
        let size =
            usize::from_str_radix(std::str::from_utf8(&bytes[..line_end]).unwrap_or("0").trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        let start = line_end + 2;
        out.extend_from_slice(&bytes[start..(start + size).min(bytes.len())]);
        bytes = &bytes[(start + size + 2).min(bytes.len())..];
    }
    out
}
