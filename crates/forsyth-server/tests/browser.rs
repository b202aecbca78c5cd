//! The page in a real browser: Debian's Chromium driven over WebDriver (chromedriver) against a server started on
//! 127.0.0.1 with a free port. Run by `scripts/test-web.sh`, which installs both; ignored by a plain `cargo test`,
//! which has no browser to count on. Screenshots of every screen at 375 and 1280 px are saved under
//! `target/browser-screenshots/`.

mod common;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use forsyth_server::Config;

/// chromedriver on a free port, ended when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    fn start() -> Driver {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let binary = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".to_string());
        let child = Command::new(&binary)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {binary} ({e}): run scripts/test-web.sh, which installs it"));
        Driver { child, port }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn browser(driver: &Driver) -> Client {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_string());
    let capabilities = serde_json::json!({
        "goog:chromeOptions": {
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900", "--hide-scrollbars", "--lang=en-US"],
        }
    });
    let capabilities: serde_json::Map<String, serde_json::Value> = capabilities.as_object().unwrap().clone();
    let url = format!("http://127.0.0.1:{}", driver.port);
    let started = Instant::now();
    loop {
        match ClientBuilder::rustls().expect("TLS setup").capabilities(capabilities.clone()).connect(&url).await {
            Ok(client) => return client,
            Err(e) if started.elapsed() > Duration::from_secs(20) => panic!("no WebDriver session: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

/// Waits until the text of `css` satisfies `ok`; answers that text.
async fn wait_text(client: &Client, css: &str, ok: impl Fn(&str) -> bool) -> String {
    let started = Instant::now();
    let mut last = String::new();
    while started.elapsed() < Duration::from_secs(15) {
        if let Ok(element) = client.find(Locator::Css(css)).await
            && let Ok(text) = element.text().await
        {
            if ok(&text) {
                return text;
            }
            last = text;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("'{css}' never showed the text expected; last: {last:?}");
}

/// Waits until the value of the input `css` satisfies `ok`.
async fn wait_value(client: &Client, css: &str, ok: impl Fn(&str) -> bool) -> String {
    let started = Instant::now();
    let mut last = String::new();
    while started.elapsed() < Duration::from_secs(15) {
        if let Ok(element) = client.find(Locator::Css(css)).await
            && let Ok(Some(value)) = element.prop("value").await
        {
            if ok(&value) {
                return value;
            }
            last = value;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("'{css}' never held the value expected; last: {last:?}");
}

async fn click(client: &Client, css: &str) {
    client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("no '{css}': {e}")).click().await.unwrap();
}

async fn type_into(client: &Client, css: &str, text: &str) {
    let element = client.find(Locator::Css(css)).await.unwrap();
    element.clear().await.unwrap();
    element.send_keys(text).await.unwrap();
}

async fn select(client: &Client, css: &str, value: &str) {
    client.find(Locator::Css(css)).await.unwrap().select_by_value(value).await.unwrap();
}

fn screenshot_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/browser-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Saves the whole page at 375 px (a phone) and 1280 px (a laptop) wide, then goes back to 1280.
async fn screenshots(client: &Client, name: &str) {
    for width in [375u32, 1280] {
        client.set_window_size(width, 900).await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        let height = client.execute("return document.documentElement.scrollHeight", vec![]).await.unwrap();
        let height = height.as_u64().unwrap_or(900).clamp(600, 4000) as u32;
        // The window's frame takes some of its height: leave room so that nothing at the bottom is cut.
        client.set_window_size(width, height + 200).await.unwrap();
        client.execute("window.scrollTo(0, 0)", vec![]).await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        let overflow = client
            .execute("return document.documentElement.scrollWidth - document.documentElement.clientWidth", vec![])
            .await
            .unwrap();
        assert!(overflow.as_i64().unwrap_or(0) <= 1, "{name} at {width} px is wider than the window by {overflow}");
        let png = client.screenshot().await.unwrap();
        std::fs::write(screenshot_dir().join(format!("{name}-{width}.png")), png).unwrap();
    }
    client.set_window_size(1280, 900).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromium-driver: run scripts/test-web.sh"]
async fn the_page_in_a_real_browser() {
    let address: SocketAddr = common::start(Config::default());
    let driver = Driver::start();
    let client = browser(&driver).await;
    // The screens run as a task of their own so that the browser is closed even when one fails (killing the
    // driver alone would leave the browser running).
    let outcome = tokio::spawn(screens(client.clone(), address)).await;
    let _ = client.close().await;
    drop(driver);
    if let Err(failure) = outcome {
        std::panic::resume_unwind(failure.into_panic());
    }
}

async fn screens(client: Client, address: SocketAddr) {
    client.goto(&format!("http://{address}/")).await.unwrap();

    // Position: a FEN with an error gets the column marked.
    wait_text(&client, "#fen-status", |t| t.starts_with("Valid position")).await;
    type_into(&client, "#fen-input", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1").await;
    click(&client, "#fen-go").await;
    let marked = wait_text(&client, "#fen-marked mark", |t| t == "x").await;
    assert_eq!(marked, "x");
    let column = client.find(Locator::Css("#fen-marked mark")).await.unwrap().attr("data-column").await.unwrap();
    assert_eq!(column.as_deref(), Some("50"));
    wait_text(&client, "#fen-status", |t| t.contains("column 50 (castling)")).await;
    screenshots(&client, "position-error").await;
    // A position of a move-generator suite (eight queens) is refused, and read once its problems are allowed.
    type_into(&client, "#fen-input", "4k3/8/8/8/8/QQQQ4/QQQQPPPP/4K3 w - - 0 1").await;
    click(&client, "#fen-go").await;
    wait_text(&client, "#fen-status", |t| t == "Not a legal position").await;
    click(&client, "#fen-allow").await;
    wait_text(&client, "#fen-status", |t| t == "Read, breaking allowed rules").await;
    wait_text(&client, "#fen-problems", |t| t.contains("[position.too-many-pieces]")).await;
    let status_class = client.find(Locator::Css("#fen-status")).await.unwrap().attr("class").await.unwrap();
    assert_eq!(status_class.as_deref(), Some("status warn"));
    screenshots(&client, "position-allowed").await;
    click(&client, "#fen-allow").await;
    wait_text(&client, "#fen-status", |t| t == "Not a legal position").await;
    type_into(&client, "#fen-input", "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 6").await;
    select(&client, "#fen-lang", "de").await;
    wait_text(&client, "#fen-status", |t| t == "Gültige Stellung").await;
    wait_text(&client, "#fen-explanation", |t| t.contains("Weiß")).await;
    screenshots(&client, "position").await;

    // Board editor: a position built by clicks, read back as a FEN.
    click(&client, "#tabs [data-tab=editor]").await;
    click(&client, "#ed-clear").await;
    wait_value(&client, "#ed-fen", |v| v.starts_with("8/8/8/8/8/8/8/8 w")).await;
    for (piece, square, board) in [
        ("K", "e1", "8/8/8/8/8/8/8/4K3"),
        ("k", "e8", "4k3/8/8/8/8/8/8/4K3"),
        ("R", "h1", "4k3/8/8/8/8/8/8/4K2R"),
        ("p", "d7", "4k3/3p4/8/8/8/8/8/4K2R"),
    ] {
        click(&client, &format!("#ed-palette [data-piece=\"{piece}\"]")).await;
        click(&client, &format!("#ed-board rect[data-square=\"{square}\"]")).await;
        wait_value(&client, "#ed-fen", |v| v.starts_with(&format!("{board} "))).await;
    }
    click(&client, "#ed-castle-K").await;
    let fen = wait_value(&client, "#ed-fen", |v| v.contains(" w K ")).await;
    assert_eq!(fen, "4k3/3p4/8/8/8/8/8/4K2R w K - 0 1");
    wait_text(&client, "#ed-status", |t| t == "Valid position").await;
    // A castling right without its rook is refused live.
    click(&client, "#ed-castle-Q").await;
    wait_text(&client, "#ed-status", |t| t == "Not a legal position").await;
    wait_text(&client, "#ed-problems", |t| t.contains("position.invalid-castling")).await;
    screenshots(&client, "editor").await;
    select(&client, "#ed-size", "10").await;
    click(&client, "#ed-start").await;
    wait_value(&client, "#ed-fen", |v| v.starts_with("rnabqkbcnr/pppppppppp/10/")).await;
    wait_text(&client, "#ed-status", |t| t == "Valid position").await;
    screenshots(&client, "editor-10x8").await;

    // Moves: a German game comes back in English; the move list steps through the positions.
    click(&client, "#tabs [data-tab=moves]").await;
    type_into(&client, "#mv-moves", "1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 4.La4 Sf6 5.0-0 Le7 6.Lxf7").await;
    select(&client, "#mv-input-lang", "de").await;
    select(&client, "#mv-lang", "en").await;
    select(&client, "#mv-notation", "san").await;
    click(&client, "#mv-go").await;
    let score = wait_text(&client, "#mv-score", |t| t.starts_with("1.e4")).await;
    assert_eq!(score, "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 Lxf7");
    wait_text(&client, "#mv-status", |t| t.contains("Move 11 (6.) 'Lxf7': no white bishop can reach f7")).await;
    assert_eq!(client.find(Locator::Css("#mv-score .illegal")).await.unwrap().text().await.unwrap(), "Lxf7");
    click(&client, "#mv-list button[data-index=\"1\"]").await;
    wait_text(&client, "#mv-fen-out", |t| t == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").await;
    click(&client, "#mv-next").await;
    wait_text(&client, "#mv-fen-out", |t| t == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2").await;
    click(&client, "#mv-first").await;
    wait_text(&client, "#mv-fen-out", |t| t == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").await;
    click(&client, "#mv-last").await;
    wait_text(&client, "#mv-fen-out", |t| t.ends_with("w kq - 4 6")).await;
    screenshots(&client, "moves").await;
    // Knights out and back twice: the start position a third time, and the page says a draw may be claimed.
    type_into(&client, "#mv-moves", "1.Sf3 Sf6 2.Sg1 Sg8 3.Sf3 Sf6 4.Sg1 Sg8").await;
    click(&client, "#mv-go").await;
    wait_text(&client, "#mv-status", |t| {
        t == "All 8 moves are legal — threefold repetition: a draw may be claimed (this position has occurred 3 times)"
    })
    .await;

    // PGN: an uploaded file, its games with tags and errors, converted to German.
    click(&client, "#tabs [data-tab=pgn]").await;
    let file = screenshot_dir().join("upload.pgn");
    std::fs::write(
        &file,
        "[Event \"Club\"]\n[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0\n\n\
         [Event \"Club\"]\n[White \"Cleo\"]\n\n1. e4 e5 2. Ke3 *\n\n\
         [Event \"Club\"]\n[White \"Dora\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1-0\n",
    )
    .unwrap();
    select(&client, "#pgn-lang", "de").await;
    let upload = client.find(Locator::Css("#pgn-file")).await.unwrap();
    upload.send_keys(file.canonicalize().unwrap().to_str().unwrap()).await.unwrap();
    wait_text(&client, "#pgn-status", |t| t == "3 games, 2 valid, 1 with errors, 1 warning").await;
    let rows = wait_text(&client, "#pgn-games tbody", |t| t.contains("Dora")).await;
    assert!(
        rows.contains("Anna") && rows.contains("line 11, column 13: '2. Ke3': no white king can reach e3"),
        "{rows}"
    );
    // The repair is said, not made silently: the converted game ends with the tag's result.
    let warning = client.find(Locator::Css("#pgn-games td.warn")).await.unwrap().text().await.unwrap();
    assert_eq!(
        warning,
        "line 17, column 10: '1-0': the Result tag says 1/2-1/2, the game ends with 1-0; read as 1/2-1/2 [result-mismatch]"
    );
    let converted = wait_value(&client, "#pgn-converted", |v| !v.is_empty()).await;
    assert!(converted.contains("1. e4 e5 2. Sf3 Sc6 3. Lb5 1-0"), "{converted}");
    assert!(converted.contains("1. d4 d5 1/2-1/2"), "{converted}");
    screenshots(&client, "pgn").await;

    // Start positions.
    click(&client, "#tabs [data-tab=start]").await;
    select(&client, "#st-variant", "crc").await;
    type_into(&client, "#st-number", "2000").await;
    click(&client, "#st-go").await;
    wait_text(&client, "#st-fen", |t| {
        t == "crc no. 2000: aqnbncbrkr/pppppppppp/10/10/10/10/PPPPPPPPPP/AQNBNCBRKR w KQkq - 0 1"
    })
    .await;
    screenshots(&client, "start").await;
}
