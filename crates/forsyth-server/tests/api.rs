//! The JSON API against a server started on 127.0.0.1 with a free port: answers, error codes and columns, limits
//! and headers.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use common::{get, post_json, request};
use forsyth_server::Config;
use serde_json::json;

fn server() -> SocketAddr {
    static ADDRESS: OnceLock<SocketAddr> = OnceLock::new();
    *ADDRESS.get_or_init(|| common::start(Config::default()))
}

#[test]
fn health_lists_what_the_page_offers_with_security_headers_and_no_cors() {
    let answer = get(server(), "/api/health");
    assert_eq!(answer.status, 200);
    let json = answer.json();
    assert_eq!(json["status"], "ok");
    assert_eq!(json["body_limit"], 8 << 20);
    assert_eq!(json["languages"].as_array().unwrap().len(), 17);
    assert_eq!(json["notations"], json!(["san", "fide", "lan", "problem", "uci"]));
    let csp = answer.header("content-security-policy").unwrap();
    assert!(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"), "{csp}");
    assert_eq!(answer.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(answer.header("access-control-allow-origin"), None);
}

#[test]
fn the_page_and_its_assets_are_served_from_the_binary() {
    let page = get(server(), "/");
    assert_eq!(page.status, 200);
    assert!(page.header("content-type").unwrap().starts_with("text/html"));
    let html = page.text();
    assert!(html.contains("<script src=\"/app.js\" defer></script>"));
    // Nothing from another host, and no inline script.
    assert!(!html.contains("http://") && !html.contains("https://") && !html.contains("<script>"));
    for (path, kind) in [("/app.js", "text/javascript"), ("/app.css", "text/css"), ("/favicon.svg", "image/svg+xml")] {
        let asset = get(server(), path);
        assert_eq!(asset.status, 200, "{path}");
        assert!(asset.header("content-type").unwrap().starts_with(kind), "{path}");
    }
}

#[test]
fn a_fen_that_is_not_one_names_its_code_column_and_field() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1";
    let json = post_json(server(), "/api/fen", json!({"fen": fen})).json();
    assert_eq!(json["result"], "error");
    assert_eq!(json["error"]["code"], "fen.castling.bad-letter");
    assert_eq!(json["error"]["column"], 50);
    assert_eq!(fen.chars().nth(49), Some('x'));
    assert_eq!(json["error"]["field"], "castling");
    // The board is drawn all the same.
    assert_eq!(json["svg"].as_str().unwrap().matches("class=\"piece\"").count(), 32);
    // The same object as `forsyth fen check --json`, which the CLI builds with the same function.
    let check = forsyth_server::report::fen_check(fen, false, None, forsyth::Allowed::NONE);
    assert_eq!(json["error"], check["error"]);
}

#[test]
fn an_illegal_position_lists_its_problems_with_the_column_of_their_field() {
    let fen = "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1";
    let json = post_json(server(), "/api/fen", json!({"fen": fen, "lang": "de"})).json();
    assert_eq!(json["result"], "invalid");
    let problem = &json["problems"][0];
    assert_eq!(problem["code"], "position.invalid-castling");
    assert_eq!(problem["column"], fen.find("KQ").unwrap() + 1);
    assert_eq!(json["explanation"]["lang"], "de");
    assert_eq!(json["explanation"]["legal"], false);
    assert_eq!(json["count"]["text"], "2+1");
}

#[test]
fn a_position_of_a_move_generator_suite_is_read_when_its_problems_are_allowed() {
    // Eight white queens and four pawns: python-chess counts 73 legal moves here (`Fen::parse_position_allowing`).
    let fen = "4k3/8/8/8/8/QQQQ4/QQQQPPPP/4K3 w - - 0 1";
    let strict = post_json(server(), "/api/fen", json!({"fen": fen})).json();
    assert_eq!(strict["result"], "invalid");
    assert_eq!(strict["problems"][0]["code"], "position.too-many-pieces");
    assert!(strict["dialects"].is_null());
    for allow in ["all", "too-many-pieces", "position.too-many-pieces"] {
        let json = post_json(server(), "/api/fen", json!({"fen": fen, "allow": allow})).json();
        assert_eq!(json["result"], "ok", "{allow}: {json}");
        assert_eq!(json["allowed"][0]["code"], "position.too-many-pieces");
        assert_eq!(json["allowed"][0]["column"], 1);
        // The same object as `forsyth fen check --json --allow`, built by the same function.
        let check = forsyth_server::report::fen_check(fen, false, None, allow.parse().unwrap());
        assert_eq!(json["allowed"][0]["message"], check["allowed"][0]["message"]);
        assert_eq!(json["dialects"]["fen"], fen);
        assert_eq!(json["svg"].as_str().unwrap().matches("class=\"piece\"").count(), 14);
    }
    // An impossible castling right, allowed, is dropped, as `fen check --repair` drops it.
    let rook = "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1";
    let castling = post_json(server(), "/api/fen", json!({"fen": rook, "allow": "all"})).json();
    assert_eq!(castling["allowed"][0]["code"], "position.invalid-castling");
    assert_eq!(castling["allowed"][0]["column"], rook.find("KQ").unwrap() + 1);
    assert_eq!(castling["dialects"]["fen"], "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    // `all` leaves out what makes move generation meaningless; an unknown code is named.
    let no_king = post_json(server(), "/api/fen", json!({"fen": "8/8/8/8/8/8/8/4K3 w - - 0 1", "allow": "all"})).json();
    assert_eq!(no_king["result"], "invalid");
    assert_eq!(no_king["problems"][0]["code"], "position.missing-king");
    let unknown = post_json(server(), "/api/fen", json!({"fen": fen, "allow": "too-many-queens"}));
    assert_eq!(unknown.status, 422);
    assert_eq!(unknown.json()["error"]["code"], "allow.unknown-code");
    assert!(unknown.json()["error"]["message"].as_str().unwrap().contains("too-many-pieces"));

    // Moves are played from it only when allowed, and the answer says what it broke.
    let refused = post_json(server(), "/api/moves", json!({"fen": fen, "moves": "e4"}));
    assert_eq!(refused.status, 422);
    assert_eq!(refused.json()["error"]["code"], "position.too-many-pieces");
    let played = post_json(server(), "/api/moves", json!({"fen": fen, "moves": "e4", "allow": "all"})).json();
    assert!(played["error"].is_null(), "{played}");
    // python-chess 1.11.2 finds Black stalemated after 1.e4 here too.
    assert_eq!(played["status"], "stalemate");
    assert_eq!(played["allowed"][0]["code"], "position.too-many-pieces");
    assert_eq!(post_json(server(), "/api/moves", json!({"moves": "e4"})).json()["allowed"], json!([]));
}

#[test]
fn a_legal_fen_is_written_in_each_dialect() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let json = post_json(server(), "/api/fen", json!({"fen": fen, "flip": true})).json();
    assert_eq!(json["result"], "ok");
    assert_eq!(json["variant"], "chess960");
    // Both agree with python-chess's Shredder-FEN and X-FEN of this position.
    assert_eq!(json["dialects"]["shredder"], fen);
    assert_eq!(json["dialects"]["xfen"], "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    assert_eq!(json["dialects"]["board"], "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR");
    assert_eq!(json["explanation"]["castling"].as_array().unwrap().len(), 4);
}

#[test]
fn a_german_score_sheet_comes_back_in_english_with_the_first_illegal_move_marked() {
    let moves = "1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 4.La4 Sf6 5.0-0 Le7 6.Lxf7";
    let json = post_json(server(), "/api/moves", json!({"moves": moves, "input_lang": "de", "lang": "en"})).json();
    assert_eq!(json["score"], "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7");
    // The position python-chess gives after these moves.
    assert_eq!(json["fen"], "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 6");
    let error = &json["error"];
    assert_eq!(
        (error["index"].as_u64(), error["number"].as_u64(), error["text"].as_str()),
        (Some(11), Some(6), Some("Lxf7"))
    );
    assert_eq!(error["code"], "move.unreachable");
    assert_eq!(error["message"], "move 11 (6.) 'Lxf7': no white bishop can reach f7 [move.unreachable]");
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 10);
    assert_eq!(moves[2]["uci"], "g1f3");
    assert_eq!(moves[8]["written"], "O-O");
}

#[test]
fn moves_in_figurines_and_problem_notation_from_a_fen() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let json = post_json(
        server(),
        "/api/moves",
        json!({"fen": fen, "moves": "e2-e4 Ke8-d7", "notation": "problem", "lang": "de"}),
    )
    .json();
    assert!(json["error"].is_null(), "{json}");
    assert_eq!(json["score"], "1.Be2-e4 Ke8-d7");
    let bad = post_json(server(), "/api/moves", json!({"fen": "8/8/8 w", "moves": "e4"}));
    assert_eq!(bad.status, 422);
    assert!(bad.json()["error"]["message"].as_str().unwrap().starts_with("invalid FEN: column"));
    let unknown = post_json(server(), "/api/moves", json!({"moves": "e4", "lang": "xx"}));
    assert_eq!(unknown.status, 422);
    assert_eq!(unknown.json()["error"]["code"], "request.lang");
}

/// The same verdicts as python-chess 1.11.2's `is_repetition`, `can_claim_threefold_repetition` and
/// `is_fivefold_repetition` after these moves.
#[test]
fn the_moves_answer_says_when_a_repetition_allows_a_claim_or_ends_the_game() {
    let shuffle = |rounds: usize, extra: &str| {
        let moves = format!("{}{extra}", "Nf3 Nf6 Ng1 Ng8 ".repeat(rounds));
        post_json(server(), "/api/moves", json!({"moves": moves})).json()
    };
    // Twice round: the start position has occurred three times, so a draw may be claimed (FIDE 9.2).
    let twice = shuffle(2, "");
    assert_eq!(twice["repetition"], json!({"count": 3, "claimable": true, "fivefold": false}));
    // One move short, the next move (Ng8) would bring it back a third time: the claim is made with that move.
    let almost = shuffle(1, "Nf3 Nf6 Ng1");
    assert_eq!(almost["repetition"], json!({"count": 2, "claimable": true, "fivefold": false}));
    // Four times round: the fifth occurrence ends the game (FIDE 9.6.1).
    assert_eq!(shuffle(4, "")["repetition"], json!({"count": 5, "claimable": true, "fivefold": true}));
    let fresh = post_json(server(), "/api/moves", json!({"moves": "e4 e5"})).json();
    assert_eq!(fresh["repetition"], json!({"count": 1, "claimable": false, "fivefold": false}));
}

#[test]
fn pgn_games_come_with_tags_errors_where_they_are_and_converted_text() {
    let pgn = "[Event \"a\"]\n[White \"Anna\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n";
    let answer = request(server(), "POST", "/api/pgn?lang=de&notation=san", "application/x-chess-pgn", pgn.as_bytes());
    assert_eq!(answer.status, 200);
    let json = answer.json();
    assert_eq!((json["count"].as_u64(), json["valid"].as_u64()), (Some(2), Some(1)));
    assert_eq!(json["games"][0]["tags"][1], json!(["White", "Anna"]));
    let error = &json["games"][1]["error"];
    assert_eq!((error["line"].as_u64(), error["column"].as_u64(), error["ply"].as_u64()), (Some(8), Some(13), Some(3)));
    assert_eq!(error["code"], "illegal-move");
    assert!(json["converted"].as_str().unwrap().contains("1. e4 e5 2. Sf3 Sc6 1-0"));
    // Latin-1 is read too (encoding auto).
    let latin1 = b"[Event \"M\xfcnchen\"]\n\n1. e4 *\n";
    let json = request(server(), "POST", "/api/pgn", "text/plain", latin1).json();
    assert_eq!(json["games"][0]["tags"][0], json!(["Event", "München"]));
}

#[test]
fn pgn_repairs_are_reported_as_warnings_and_fen_tags_read_as_allowed() {
    // A Result tag that disagrees with the marker, and a FEN tag with eight white queens (a move-generator suite's
    // position): the first is read with a warning, the second is an error unless allowed.
    let pgn = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n\n\
               [Event \"b\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/QQQQ4/QQQQPPPP/4K3 w - - 0 1\"]\n\n1. e4 *\n";
    let strict = request(server(), "POST", "/api/pgn", "application/x-chess-pgn", pgn.as_bytes()).json();
    assert_eq!(
        (strict["count"].as_u64(), strict["valid"].as_u64(), strict["warnings"].as_u64()),
        (Some(2), Some(1), Some(1))
    );
    let warning = &strict["games"][0]["warnings"][0];
    assert_eq!(warning["code"], "result-mismatch");
    assert_eq!((warning["line"].as_u64(), warning["column"].as_u64()), (Some(4), Some(10)));
    assert_eq!(
        warning["message"],
        "4:10: game 1 '0-1': warning: the Result tag says 1-0, the game ends with 0-1; read as 1-0 [result-mismatch]"
    );
    // The tag's result is written in both places.
    assert!(strict["converted"].as_str().unwrap().contains("1. e4 e5 1-0"), "{strict}");
    assert_eq!(strict["games"][1]["error"]["code"], "bad-fen");
    assert_eq!(strict["games"][1]["warnings"], json!([]));

    let allowed = request(server(), "POST", "/api/pgn?allow=all", "application/x-chess-pgn", pgn.as_bytes()).json();
    assert_eq!((allowed["valid"].as_u64(), allowed["warnings"].as_u64()), (Some(2), Some(3)));
    assert_eq!(allowed["games"][1]["warnings"][0]["code"], "fen-allowed");
    assert_eq!(allowed["games"][1]["warnings"][0]["line"], 8);
    // 1. e4 stalemates Black there (as python-chess finds it), which `*` does not say: the rules make it a draw.
    assert_eq!(allowed["games"][1]["warnings"][1]["code"], "result-contradicts-position");
    let unknown = request(server(), "POST", "/api/pgn?allow=queens", "application/x-chess-pgn", pgn.as_bytes());
    assert_eq!(unknown.status, 422);
    assert_eq!(unknown.json()["error"]["code"], "allow.unknown-code");
}

#[test]
fn start_positions_by_number_and_at_random() {
    let json = get(server(), "/api/start?variant=chess960&n=518").json();
    assert_eq!(json["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let json = get(server(), "/api/start?variant=crc&n=2000").json();
    assert_eq!(json["fen"], "aqnbncbrkr/pppppppppp/10/10/10/10/PPPPPPPPPP/AQNBNCBRKR w KQkq - 0 1");
    let random = get(server(), "/api/start?variant=chess960").json();
    assert!(random["number"].as_u64().unwrap() < 960);
    let bad = get(server(), "/api/start?variant=chess960&n=960");
    assert_eq!(bad.status, 422);
    // The message `forsyth start 960` gives.
    assert_eq!(bad.json()["error"]["message"], "960 is not a chess960 number (use 0 to 959)");
    let illegal = get(server(), "/api/start?variant=crc&n=29").json();
    assert_eq!(illegal["error"]["code"], "start.illegal-array");
    assert_eq!(get(server(), "/api/start?n=five").json()["error"]["code"], "start.bad-number");
    assert_eq!(get(server(), "/api/start?variant=standard").status, 422);
}

#[test]
fn malformed_requests_get_400_with_the_reason() {
    let answer = request(server(), "POST", "/api/fen", "application/json", b"{\"fen\": ");
    assert_eq!(answer.status, 400);
    let message = answer.json()["error"]["message"].as_str().unwrap().to_string();
    assert!(message.starts_with("malformed JSON: EOF while parsing") && message.contains("column 8"), "{message}");
    let answer = request(server(), "POST", "/api/fen", "application/json", b"{\"fen\": \"\xff\"}");
    assert_eq!(answer.status, 400);
    let message = answer.json()["error"]["message"].as_str().unwrap().to_string();
    assert!(message.contains("UTF-8"), "{message}");
    let answer = post_json(server(), "/api/fen", json!({"fenn": "8/8/8/8/8/8/8/8"}));
    assert_eq!(answer.status, 400);
    assert!(answer.json()["error"]["message"].as_str().unwrap().contains("unknown field `fenn`"));
    let deep = "[".repeat(100_000);
    assert_eq!(request(server(), "POST", "/api/moves", "application/json", deep.as_bytes()).status, 400);
    let answer = get(server(), "/etc/passwd");
    assert_eq!(answer.status, 404);
    assert_eq!(answer.json()["error"]["code"], "request.not-found");
    assert_eq!(get(server(), "/api/fen").status, 405);
}

#[test]
fn bodies_over_the_limit_get_413_in_json() {
    let address = common::start(Config { body_limit: 1000, ..Config::default() });
    let answer = request(address, "POST", "/api/pgn", "text/plain", &vec![b'a'; 5000]);
    assert_eq!(answer.status, 413);
    assert_eq!(answer.json()["error"]["code"], "request.too-large");
    // Without a length, the body is cut while it is read.
    let mut chunked =
        format!("POST /api/pgn HTTP/1.1\r\nHost: {address}\r\nTransfer-Encoding: chunked\r\n\r\n").into_bytes();
    for _ in 0..10 {
        chunked.extend_from_slice(b"1f4\r\n");
        chunked.extend_from_slice(&[b'a'; 500]);
        chunked.extend_from_slice(b"\r\n");
    }
    chunked.extend_from_slice(b"0\r\n\r\n");
    let answer = common::raw(address, chunked).unwrap();
    assert_eq!(answer.status, 413);
    assert_eq!(answer.json()["error"]["code"], "request.too-large");
    assert_eq!(get(address, "/api/health").status, 200);
}

#[test]
fn pages_of_other_sites_are_refused() {
    let address = server();
    let foreign = format!(
        "POST /api/fen HTTP/1.1\r\nHost: {address}\r\nOrigin: http://evil.example\r\nConnection: close\r\n\
         Content-Type: text/plain\r\nContent-Length: 9\r\n\r\n{{\"fen\":1}}"
    );
    let answer = common::raw(address, foreign.into_bytes()).unwrap();
    assert_eq!(answer.status, 403);
    assert_eq!(answer.json()["error"]["code"], "request.cross-origin");
    let own =
        format!("GET /api/health HTTP/1.1\r\nHost: {address}\r\nOrigin: http://{address}\r\nConnection: close\r\n\r\n");
    assert_eq!(common::raw(address, own.into_bytes()).unwrap().status, 200);
}

#[test]
fn slow_requests_and_slow_clients_time_out() {
    let address = common::start(Config {
        request_timeout: Duration::from_millis(300),
        header_timeout: Duration::from_millis(300),
        ..Config::default()
    });
    // A body that never comes: 408 once the request time is up.
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(stream, "POST /api/fen HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{{\"fen\"").unwrap();
    let started = Instant::now();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(5));
    // Headers that never end: the connection is closed.
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(stream, "GET /api/health HTTP/1.1\r\nHost: x\r\n").unwrap();
    let started = Instant::now();
    let mut rest = Vec::new();
    let _ = stream.read_to_end(&mut rest);
    assert!(started.elapsed() < Duration::from_secs(5), "the slow client was not cut off");
    assert!(!String::from_utf8_lossy(&rest).contains("200 OK"));
    assert_eq!(get(address, "/api/health").status, 200);
}

#[test]
fn the_board_endpoint_draws_declared_fairy_pieces_and_cylinders() {
    let request = json!({
        "fen": "8/4k3/8/8/8/8/4P3/G3K3 w - - 0 1",
        "pieces": ["G=grasshopper"],
        "board": "torus",
        "lang": "de",
    });
    let answer = post_json(server(), "/api/board", request);
    assert_eq!(answer.status, 200);
    let json = answer.json();
    assert_eq!(json["count"]["text"], "3+1");
    assert!(json["legend"][0].as_str().unwrap().starts_with("G = Grashüpfer"), "{json}");
    let svg = json["svg"].as_str().unwrap();
    assert!(svg.contains("data-piece=\"G\" transform=\"rotate(180 "), "{svg}");
    assert_eq!(svg.matches("class=\"wrap files\"").count(), 2);
    assert_eq!(svg.matches("class=\"wrap ranks\"").count(), 2);
    // Without declarations it is the orthodox diagram of /api/fen.
    let plain = post_json(server(), "/api/board", json!({"fen": "4k3/8/8/8/8/8/4P3/4K3"})).json();
    assert_eq!((plain["count"]["text"].as_str(), plain["legend"].as_array().map(Vec::len)), (Some("2+1"), Some(0)));
    // A bad declaration or board is refused with its code.
    for (request, code) in [
        (json!({"fen": "4k3/8/8/8/8/8/8/4K3", "pieces": ["K=camel"]}), "piece.declaration.king"),
        (json!({"fen": "4k3/8/8/8/8/8/8/4K3", "board": "sphere"}), "request.board"),
        (json!({"fen": "4k3/8/8/8/8/8/8/G3K3", "pieces": ["G=orphan"]}), "piece.unknown-name"),
    ] {
        let answer = post_json(server(), "/api/board", request);
        assert_eq!(answer.status, 422);
        assert_eq!(answer.json()["error"]["code"], code);
    }
}

/// The legal moves of `/api/moves`, sorted by UCI.
fn legal_ucis(json: &serde_json::Value) -> Vec<String> {
    let mut ucis: Vec<String> =
        json["legal"].as_array().unwrap().iter().map(|m| m["uci"].as_str().unwrap().to_string()).collect();
    ucis.sort();
    ucis
}

fn legal_move<'a>(json: &'a serde_json::Value, uci: &str) -> &'a serde_json::Value {
    json["legal"].as_array().unwrap().iter().find(|m| m["uci"] == uci).unwrap_or_else(|| panic!("no {uci} in {json}"))
}

#[test]
fn moves_by_hand_come_with_the_squares_that_make_them() {
    // Chess960, the king on f1 and the rook on h1: python-chess 1.11.2 lists these moves, castling as f1h1.
    let json = post_json(server(), "/api/moves", json!({"fen": "4k3/8/8/8/8/8/8/5K1R w H - 0 1", "moves": ""})).json();
    let python_chess = [
        "f1e1", "f1e2", "f1f2", "f1g1", "f1g2", "f1h1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8",
    ];
    assert_eq!(legal_ucis(&json), python_chess);
    // g1, where the king castles to, is also a plain king step: castling is the king put on the rook.
    assert_eq!(legal_move(&json, "f1h1")["drop"], json!(["h1"]));
    assert_eq!(legal_move(&json, "f1g1")["drop"], json!(["g1"]));
    assert_eq!(legal_move(&json, "f1h1")["written"], "O-O");
    // Standard chess: the king put on g1 or on the rook castles.
    let json = post_json(server(), "/api/moves", json!({"fen": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "moves": ""}));
    let json = json.json();
    assert_eq!(legal_move(&json, "e1h1")["drop"], json!(["g1", "h1"]));
    assert_eq!(legal_move(&json, "e1a1")["drop"], json!(["a1", "c1"]));
    // A pawn on the seventh rank: four moves to b8, one per piece (python-chess: b7b8q, b7b8r, b7b8b, b7b8n),
    // named in the page's language.
    let request = json!({"fen": "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "moves": "", "words": "de", "lang": "de"});
    let json = post_json(server(), "/api/moves", request).json();
    let to_b8: Vec<(String, String, String)> = json["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "b7")
        .map(|m| {
            (
                m["uci"].as_str().unwrap().into(),
                m["promotion_name"].as_str().unwrap().into(),
                m["written"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(
        to_b8,
        [
            ("b7b8q".into(), "Dame".into(), "b8=D+".into()),
            ("b7b8r".into(), "Turm".into(), "b8=T+".into()),
            ("b7b8b".into(), "Läufer".into(), "b8=L".into()),
            ("b7b8n".into(), "Springer".into(), "b8=S".into()),
        ]
    );
    for m in json["legal"].as_array().unwrap().iter().filter(|m| m["from"] == "b7") {
        assert_eq!(m["drop"], json!(["b8"]));
    }
}

#[test]
fn the_moves_answer_says_the_rules_verdict_and_gives_the_line_as_pgn() {
    // Scholar's mate; python-chess 1.11.2 gives this FEN and is_checkmate().
    let request = json!({"moves": "1.e4 e5 2.Dh5 Sc6 3.Lc4 Sf6 4.Dxf7", "input_lang": "de", "words": "de"});
    let json = post_json(server(), "/api/moves", request).json();
    assert_eq!(json["fen"], "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
    assert_eq!((json["status"].as_str(), json["status_text"].as_str()), (Some("checkmate"), Some("Schwarz ist matt")));
    assert_eq!(json["legal"], json!([]));
    let pgn = json["pgn"].as_str().unwrap();
    assert!(
        pgn.contains("[Result \"1-0\"]") && pgn.ends_with("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"),
        "{pgn}"
    );
    // From a Chess960 start: the tags that set it up.
    let fen = "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11";
    let json = post_json(server(), "/api/moves", json!({"fen": fen, "moves": "e1g1 g5f3"})).json();
    // python-chess 1.11.2 (chess960): O-O Nxf3+ and this FEN.
    assert_eq!(json["score"], "11.O-O Nxf3+");
    assert_eq!(json["fen"], "rn2k1r1/ppp1pp1p/3p2p1/5b2/P7/2N2n2/1PPPPP2/2BN1RKR w kq - 0 12");
    let pgn = json["pgn"].as_str().unwrap();
    assert!(pgn.contains("[Variant \"Chess960\"]") && pgn.contains(&format!("[FEN \"{fen}\"]")), "{pgn}");
    assert!(pgn.contains("11. O-O Nxf3+ *"), "{pgn}");
}

#[test]
fn every_diagram_has_ids_of_its_own() {
    let fen = "rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3";
    let ids = |svg: &str| -> Vec<String> {
        svg.split("id=\"").skip(1).map(|rest| rest.split('"').next().unwrap().to_string()).collect()
    };
    let first = post_json(server(), "/api/fen", json!({"fen": fen})).json();
    let second = post_json(server(), "/api/fen", json!({"fen": fen})).json();
    let (first, second) = (ids(first["svg"].as_str().unwrap()), ids(second["svg"].as_str().unwrap()));
    assert!(first.iter().any(|id| id.ends_with("-check")), "{first:?}");
    assert!(first.iter().all(|id| !second.contains(id)), "{first:?} {second:?}");
}

#[test]
fn a_board_with_unknown_pieces_is_a_diagram_explained() {
    let json = post_json(server(), "/api/fen", json!({"fen": "4k3/8/8/8/8/8/8/X3K3 w - - 0 1"})).json();
    assert_eq!((json["result"].as_str(), json["diagram_only"].as_bool()), (Some("error"), Some(true)));
    assert_eq!(json["error"]["code"], "fen.board.unknown-piece");
    assert_eq!(json["explanation"]["count"]["text"], "2+1");
    assert!(json["svg"].as_str().unwrap().contains("data-piece=\"X\""));
    let other = post_json(server(), "/api/fen", json!({"fen": "4k3/8/8/8/8/8/8/4K3 w KQkx - 0 1"})).json();
    assert_eq!(other["diagram_only"], false);
}

const CLUB: &str = "[Event \"Club\"]\n[White \"Anna\"]\n[Result \"1-0\"]\n\n\
    1. e4 {[%clk 0:03:00] a fine start} e5 $1 (1... c5 2. Nf3 (2. c3 d5) d6) 2. Nf3 {[%clk 0:02:58] [%eval -0.3]} Nc6 1-0\n\n\
    [White \"Cleo\"]\n\n1. e4 e5 2. Ke3 *\n\n[White \"Dora\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1-0\n";

fn game(number: u64) -> common::Answer {
    request(server(), "POST", &format!("/api/game?number={number}&lang=de"), "application/x-chess-pgn", CLUB.as_bytes())
}

#[test]
fn one_game_of_a_file_comes_as_a_tree_of_positions() {
    let json = game(1).json();
    let nodes = json["nodes"].as_array().unwrap();
    let node = |id: &serde_json::Value| &nodes[id.as_u64().unwrap() as usize];
    let main: Vec<&str> =
        json["main"]["moves"].as_array().unwrap().iter().map(|id| node(id)["written"].as_str().unwrap()).collect();
    assert_eq!(main, ["e4", "e5", "Sf3", "Sc6"]);
    let e4 = node(&json["main"]["moves"][0]);
    assert_eq!((e4["clock"].as_f64(), e4["comments"].clone()), (Some(180.0), json!(["a fine start"])));
    assert_eq!(e4["fen"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let e5 = node(&json["main"]["moves"][1]);
    assert_eq!(e5["nags"], json!([{"nag": 1, "glyph": "!"}]));
    // The variation 1... c5 is played from the position after 1. e4, and its own variation 2. c3 after 1... c5.
    let c5 = node(&e5["variations"][0]["moves"][0]);
    assert_eq!((c5["written"].as_str(), c5["prev"].clone()), (Some("c5"), e4["id"].clone()));
    let nf3 = node(&e5["variations"][0]["moves"][1]);
    let c3 = node(&nf3["variations"][0]["moves"][0]);
    assert_eq!(
        (c3["written"].as_str(), c3["prev"].clone(), c3["ply"].as_u64()),
        (Some("c3"), c5["id"].clone(), Some(3))
    );
    assert_eq!(node(&c3["next"])["written"], "d5");
    let sf3 = node(&json["main"]["moves"][2]);
    assert_eq!(
        (sf3["clock"].as_f64(), sf3["eval"].clone(), sf3["comments"].clone()),
        (Some(178.0), json!({"pawns": -0.3}), json!([]))
    );
    assert!(json["pgn"].as_str().unwrap().contains("2. Nf3 {[%clk 0:02:58] [%eval -0.3]} 2... Nc6 1-0"));
    // Game 2 holds the moves before its error, which stands after 1... e5.
    let json = game(2).json();
    let error = &json["error"];
    assert_eq!((error["code"].as_str(), error["place"].as_str()), (Some("illegal-move"), Some("move")));
    let nodes = json["nodes"].as_array().unwrap();
    assert_eq!(nodes[error["after"].as_u64().unwrap() as usize]["written"], "e5");
    // Game 3's result warning stands at the end of its main line.
    let json = game(3).json();
    let warning = &json["warnings"][0];
    assert_eq!((warning["code"].as_str(), warning["place"].as_str()), (Some("result-mismatch"), Some("end")));
    assert_eq!(json["nodes"][warning["after"].as_u64().unwrap() as usize]["written"], "d5");
    // There is no game 4.
    let answer = game(4);
    assert_eq!((answer.status, answer.json()["error"]["code"].as_str()), (422, Some("request.no-game")));
}

#[test]
fn a_picture_sent_as_pgn_is_not_a_text_file() {
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x01\x80";
    for path in ["/api/pgn", "/api/game?number=1"] {
        let answer = request(server(), "POST", path, "application/x-chess-pgn", png);
        assert_eq!(answer.status, 422, "{path}");
        let json = answer.json();
        assert_eq!(json["error"]["code"], "request.not-text");
        assert!(json["error"]["message"].as_str().unwrap().starts_with("not a text file: the byte 0x00 at offset 8"));
    }
    // Latin-1 is text.
    let answer = request(server(), "POST", "/api/pgn", "application/x-chess-pgn", b"[Site \"K\xf6ln\"]\n\n1. e4 *\n");
    assert_eq!(answer.json()["games"][0]["tags"][0][1], "Köln");
}

#[test]
fn problems_are_drawn_with_their_legend_and_legal_moves() {
    let text = "BeginProblem\nPieces White Kc1 Ga3 Nh4 Black Ke8\nStipulation ~1\nEndProblem\n";
    let json = post_json(server(), "/api/problem", json!({"text": text, "notation": "lan"})).json();
    assert_eq!(json["format"], "popeye");
    let p = &json["problems"][0];
    assert_eq!(
        (p["count"].as_str(), p["fairy"].as_bool(), p["fen"].as_str()),
        (Some("3+1"), Some(true), Some("4k3/8/8/8/7I/G7/8/2K5 w - - 0 1"))
    );
    assert!(p["legend"][0].as_str().unwrap().starts_with("G = grasshopper"), "{p}");
    // Popeye 4.104 (`py fairy.inp` with this text) plays these 14 moves, its nightrider N forsyth's I; the
    // grasshopper on a3 has no hurdle to hop over.
    let popeye = [
        "Kc1-b1", "Kc1-b2", "Kc1-c2", "Kc1-d1", "Kc1-d2", "Nh4-b1", "Nh4-b7", "Nh4-d2", "Nh4-d6+", "Nh4-f3", "Nh4-f5",
        "Nh4-f8", "Nh4-g2", "Nh4-g6",
    ];
    let mut legal: Vec<String> =
        p["legal"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().replace('I', "N")).collect();
    legal.sort();
    assert_eq!(legal, popeye);
    // On a torus the rook on a1 checks the king on e8 across the joined edge: drawn, its moves not listed.
    let text = "BeginProblem\nPieces White Ke1 Ra1 Black Ke8\nStipulation #2\nEndProblem\n";
    let json = post_json(server(), "/api/problem", json!({"text": text, "board": "torus"})).json();
    let p = &json["problems"][0];
    assert_eq!(p["refused"]["code"], "general.opponent-in-check");
    assert_eq!(p["svg"].as_str().unwrap().matches("class=\"wrap ").count(), 4);
    // A condition forsyth plays is played; one it does not play is named, and nothing is played by rules it would
    // change.
    let text = "BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nCondition Circe\nEndProblem\n";
    let p = &post_json(server(), "/api/problem", json!({"text": text})).json()["problems"][0];
    assert_eq!((p["conditions"].clone(), p["legal"].as_array().map(Vec::len)), (json!(["Circe"]), Some(5)));
    let text = "BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nCondition Isardam\nEndProblem\n";
    let p = &post_json(server(), "/api/problem", json!({"text": text})).json()["problems"][0];
    assert_eq!(
        (p["conditions"].clone(), p["refused"]["code"].as_str()),
        (json!(["Isardam"]), Some("problem.condition"))
    );
    // A YACPDB entry, with the keys forsyth does not model named.
    let entry = "---\nstipulation: \"#2\"\nalgebraic:\n  white: [Kd2, Sc3]\n  black: [Ke8, Pd6]\nsolution: x\n";
    let json = post_json(server(), "/api/problem", json!({"text": entry})).json();
    assert_eq!((json["format"].as_str(), json["ignored"].clone()), (Some("yacpdb"), json!(["solution"])));
    assert_eq!(json["problems"][0]["fen"], "4k3/8/3p4/8/8/2N5/3K4/8 w - - 0 1");
    // Input that is not Popeye's: 422 with its line and column.
    let answer =
        post_json(server(), "/api/problem", json!({"text": "BeginProblem\nPieces White Kd2 ORc3\nEndProblem"}));
    assert_eq!((answer.status, answer.json()["error"]["code"].as_str()), (422, Some("popeye.unknown-piece")));
    assert!(answer.json()["error"]["message"].as_str().unwrap().starts_with("Popeye input: line 2, column 18:"));
}

#[test]
fn a_problem_is_solved_as_popeye_solves_it() {
    // Popeye 4.104 on this input: 1.Kb6-c7 ! and 1.Kb6-a6 !, nothing else.
    let text = "BeginProblem\nPieces White Kb6 Qf1 Sd5 Pc2 Black Ka8 Pa7\nStipulation #2\nEndProblem\n";
    let answer = post_json(server(), "/api/solve", json!({"text": text, "problem": 1, "time_limit": 10}));
    assert_eq!(answer.status, 200);
    let json = answer.json();
    let results = json["results"].as_array().unwrap();
    assert_eq!(results.len(), 1);
    let keys: Vec<&str> =
        results[0]["solutions"].as_array().unwrap().iter().map(|k| k["uci"].as_str().unwrap()).collect();
    assert_eq!((keys, results[0]["verdict"].as_str()), (vec!["b6a6", "b6c7"], Some("cooked")));
    assert_eq!(results[0]["exchanged"], false);
    assert!(json["solution"].as_str().unwrap().contains("1.Kb6-c7!"), "{json}");
    let german = post_json(server(), "/api/solve", json!({"text": text, "lang": "de"})).json();
    assert!(german["solution"].as_str().unwrap().contains("1.Kb6-c7!"), "{german}");
    assert!(german["results"][0]["text"].as_str().unwrap().contains("nebenlösig"), "{german}");
}

#[test]
fn a_solve_request_is_bounded_and_its_errors_named() {
    let text = "BeginProblem\nPieces White Ke1 Ra1 Black Ke8\nStipulation #2\nCondition Isardam\nEndProblem\n";
    let answer = post_json(server(), "/api/solve", json!({"text": text}));
    assert_eq!((answer.status, answer.json()["error"]["code"].as_str()), (422, Some("problem.condition")));
    let answer = post_json(server(), "/api/solve", json!({"text": text, "problem": 2}));
    assert_eq!((answer.status, answer.json()["error"]["code"].as_str()), (422, Some("request.no-problem")));
    let answer = post_json(server(), "/api/solve", json!({"text": text, "time_limit": 100000}));
    assert_eq!((answer.status, answer.json()["error"]["code"].as_str()), (422, Some("request.time-limit")));
    // A search longer than its limit answers within it, marked unfinished.
    let long = "BeginProblem\nPieces White Ka1 Qd1 Rh1 Bc1 Sb1 Pa2b2c2 Black Ke8 Qd8 Ra8 Sg8 Pa7b7c7\nStipulation #6\nEndProblem\n";
    let started = std::time::Instant::now();
    let answer = post_json(server(), "/api/solve", json!({"text": long, "time_limit": 1}));
    assert_eq!(answer.status, 200);
    assert_eq!(answer.json()["results"][0]["finished"], false);
    assert!(started.elapsed().as_secs_f64() < 30.0, "took {:?}", started.elapsed());
}
