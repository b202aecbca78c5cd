//! The page in a real browser: Debian's Chromium driven over WebDriver (chromedriver) against a server started on
//! 127.0.0.1 with a free port. Run by `scripts/test-web.sh`, which installs both (and axe-core from npm for the
//! accessibility audit); ignored by a plain `cargo test`, which has no browser to count on. People type one key at
//! a time, so the tests do too (with pauses long enough for the page's live checks to run in between), and drag
//! pieces with the pointer. Every test saves screenshots at 375 px (a phone) and 1280 px (a laptop) under
//! `target/browser-screenshots/`, and fails if a screen is wider than the window.

mod common;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, KeyAction, KeyActions, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use fantoccini::elements::Element;
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use forsyth_server::Config;
use serde_json::{Value, json};

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

fn target_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target")
}

/// Where the browser saves downloads for `test`.
fn download_dir(test: &str) -> PathBuf {
    let dir = target_dir().join("browser-downloads").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.canonicalize().unwrap()
}

async fn browser(driver: &Driver, downloads: &Path, lang: &str) -> Client {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_string());
    let capabilities = json!({
        "goog:chromeOptions": {
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900", "--hide-scrollbars", format!("--lang={lang}")],
            "prefs": {"download.default_directory": downloads.to_str().unwrap(), "download.prompt_for_download": false,
                      "intl.accept_languages": lang},
        }
    });
    let capabilities: serde_json::Map<String, Value> = capabilities.as_object().unwrap().clone();
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

/// Runs `screens` in a browser on a page served at `address`; the browser is closed even when a screen fails
/// (killing the driver alone would leave it running).
async fn run<F, Fut>(test: &str, address: SocketAddr, lang: &str, screens: F)
where
    F: FnOnce(Client, SocketAddr, PathBuf) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let driver = Driver::start();
    let downloads = download_dir(test);
    let client = browser(&driver, &downloads, lang).await;
    client.goto(&format!("http://{address}/")).await.unwrap();
    // A fresh page: no language or other setting kept from another test.
    client.execute("localStorage.clear()", vec![]).await.unwrap();
    let outcome = tokio::spawn(screens(client.clone(), address, downloads)).await;
    let _ = client.close().await;
    drop(driver);
    if let Err(failure) = outcome {
        std::panic::resume_unwind(failure.into_panic());
    }
}

const WAIT: Duration = Duration::from_secs(15);

/// Waits until the text of `css` satisfies `ok`; answers that text.
async fn wait_text(client: &Client, css: &str, ok: impl Fn(&str) -> bool) -> String {
    let started = Instant::now();
    let mut last = String::new();
    while started.elapsed() < WAIT {
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
    while started.elapsed() < WAIT {
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

/// Waits until the script (an expression) is true.
async fn wait_true(client: &Client, what: &str, expression: &str) {
    let started = Instant::now();
    while started.elapsed() < WAIT {
        if client.execute(&format!("return Boolean({expression})"), vec![]).await.unwrap() == json!(true) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{what}: never true: {expression}");
}

async fn js(client: &Client, script: &str) -> Value {
    client.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{script}: {e}"))
}

async fn find(client: &Client, css: &str) -> Element {
    client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("no '{css}': {e}"))
}

/// Clicks `css`, found afresh if the page replaced it between finding and clicking.
async fn click(client: &Client, css: &str) {
    for _ in 0..3 {
        match find(client, css).await.click().await {
            Ok(()) => return,
            Err(e) if e.to_string().contains("stale element") => tokio::time::sleep(Duration::from_millis(200)).await,
            Err(e) => panic!("cannot click '{css}': {e}"),
        }
    }
    panic!("'{css}' kept being replaced");
}

/// Types `text` as a person does: one key at a time, with short pauses, and now and then a pause long enough for
/// the page's live check to answer while the text is still incomplete.
async fn type_keys(client: &Client, css: &str, text: &str) {
    let element = find(client, css).await;
    element.clear().await.unwrap();
    element.click().await.unwrap();
    for (i, c) in text.chars().enumerate() {
        element.send_keys(&c.to_string()).await.unwrap();
        let pause = if i % 9 == 8 { 320 } else { 15 + (i as u64 * 37) % 60 };
        tokio::time::sleep(Duration::from_millis(pause)).await;
    }
}

/// Pastes `text` (for long texts, as a person pastes them): the value set and an input event sent.
async fn paste(client: &Client, css: &str, text: &str) {
    let element = find(client, css).await;
    client
        .execute(
            "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));",
            vec![serde_json::to_value(&element).unwrap(), json!(text)],
        )
        .await
        .unwrap();
}

async fn select(client: &Client, css: &str, value: &str) {
    find(client, css).await.select_by_value(value).await.unwrap();
}

async fn tab(client: &Client, name: &str) {
    click(client, &format!("#tabs [data-tab={name}]")).await;
    wait_true(client, "tab shown", &format!("!document.getElementById('tab-{name}').hidden")).await;
}

/// Drags the piece of `from` onto `to` with the mouse: pressed, carried in steps, released.
async fn drag(client: &Client, board: &str, from: &str, to: &str) {
    let piece = find(client, &format!("{board} use.piece[data-square=\"{from}\"]")).await;
    let target = find(client, &format!("{board} rect.square[data-square=\"{to}\"]")).await;
    let mouse = MouseActions::new("mouse".to_string())
        .then(PointerAction::MoveToElement { element: piece, duration: None, x: 0.0, y: 0.0 })
        .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
        .then(PointerAction::Pause { duration: Duration::from_millis(80) })
        .then(PointerAction::MoveBy { duration: Some(Duration::from_millis(60)), x: 8.0, y: 6.0 })
        .then(PointerAction::MoveToElement {
            element: target,
            duration: Some(Duration::from_millis(250)),
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Pause { duration: Duration::from_millis(60) })
        .then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
    client.perform_actions(mouse).await.unwrap();
    client.release_actions().await.unwrap();
}

/// Drags the piece of `from` to a point off the board (the page's heading).
async fn drag_off(client: &Client, board: &str, from: &str) {
    let piece = find(client, &format!("{board} use.piece[data-square=\"{from}\"]")).await;
    let away = find(client, "header").await;
    let mouse = MouseActions::new("mouse".to_string())
        .then(PointerAction::MoveToElement { element: piece, duration: None, x: 0.0, y: 0.0 })
        .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
        .then(PointerAction::MoveBy { duration: Some(Duration::from_millis(60)), x: 10.0, y: 10.0 })
        .then(PointerAction::MoveToElement {
            element: away,
            duration: Some(Duration::from_millis(250)),
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
    client.perform_actions(mouse).await.unwrap();
    client.release_actions().await.unwrap();
}

/// Presses a key (a character, or a [`Key`] as `char`), with Control held when `control`, on whatever has the
/// focus.
async fn press(client: &Client, key: impl Into<char>, control: bool) {
    let key = key.into();
    let mut keys = KeyActions::new("keyboard".to_string());
    if control {
        keys = keys.then(KeyAction::Down { value: Key::Control.into() });
    }
    keys = keys.then(KeyAction::Down { value: key }).then(KeyAction::Up { value: key });
    if control {
        keys = keys.then(KeyAction::Up { value: Key::Control.into() });
    }
    client.perform_actions(keys).await.unwrap();
    client.release_actions().await.unwrap();
}

fn screenshot_dir() -> PathBuf {
    let dir = target_dir().join("browser-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Saves the page at 375×800 (a phone) and 1280×900 (a laptop), each grown to the page's whole height so that
/// nothing below the fold is left out, then goes back to 1280×900; fails if the page is wider than the window.
async fn screenshots(client: &Client, name: &str) {
    for (width, screen) in [(375u32, 800u32), (1280, 900)] {
        client.set_window_size(width, screen).await.unwrap();
        tokio::time::sleep(Duration::from_millis(350)).await;
        let height = js(client, "return document.documentElement.scrollHeight").await;
        let height = height.as_u64().unwrap_or(screen.into()).clamp(screen.into(), 6000) as u32;
        // The window's frame takes some of its height: leave room so that nothing at the bottom is cut.
        client.set_window_size(width, height + 200).await.unwrap();
        js(client, "window.scrollTo(0, 0)").await;
        tokio::time::sleep(Duration::from_millis(350)).await;
        let overflow =
            js(client, "return document.documentElement.scrollWidth - document.documentElement.clientWidth").await;
        assert!(overflow.as_i64().unwrap_or(0) <= 1, "{name} at {width} px is wider than the window by {overflow}");
        let png = client.screenshot().await.unwrap();
        std::fs::write(screenshot_dir().join(format!("{name}-{width}.png")), png).unwrap();
    }
    client.set_window_size(1280, 900).await.unwrap();
}

/// Every id of the page names one element, and every reference of a diagram (a piece's picture, the check
/// marker's gradient) is to an element of the same diagram.
async fn ids_are_unique(client: &Client) {
    let duplicates = js(
        client,
        "const seen = {}; for (const e of document.querySelectorAll('[id]')) seen[e.id] = (seen[e.id] || 0) + 1;
         return Object.keys(seen).filter((id) => seen[id] > 1);",
    )
    .await;
    assert_eq!(duplicates, json!([]), "ids used twice in the page");
    let foreign = js(
        client,
        "const bad = [];
         for (const svg of document.querySelectorAll('svg')) {
           for (const e of svg.querySelectorAll('use, rect.check')) {
             const ref = e.getAttribute('href') || (e.getAttribute('fill') || '').replace(/^url\\(|\\)$/g, '');
             if (!ref.startsWith('#')) continue;
             const found = document.getElementById(ref.slice(1));
             if (!found || found.closest('svg') !== svg) bad.push(ref);
           }
         }
         return bad;",
    )
    .await;
    assert_eq!(foreign, json!([]), "diagram references that leave their diagram");
}

/// The check marker of the diagram in `container`: on `square`, its gradient defined in the same picture.
async fn check_marked(client: &Client, container: &str, square: &str) {
    wait_true(
        client,
        &format!("check marker in {container}"),
        &format!(
            "(() => {{ const r = document.querySelector('{container} svg rect.check');
                     if (!r || r.getAttribute('data-square') !== '{square}') return false;
                     const id = r.getAttribute('fill').replace(/^url\\(#|\\)$/g, '');
                     const g = document.getElementById(id);
                     return g && g.closest('svg') === r.closest('svg'); }})()"
        ),
    )
    .await;
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromium-driver: run scripts/test-web.sh"]
async fn typing_key_by_key_keeps_every_character() {
    let address = common::start(Config::default());
    run("typing", address, "en-US", |client, _, _| async move {
        tab(&client, "position").await;
        wait_text(&client, "#fen-status", |t| t.starts_with("Valid position")).await;
        // The start position typed key by key: the live check runs on every incomplete FEN on the way (and finds
        // errors in them) without moving the caret or selecting the character it marks.
        let element = find(&client, "#fen-input").await;
        element.clear().await.unwrap();
        element.click().await.unwrap();
        for (i, c) in START.chars().enumerate() {
            element.send_keys(&c.to_string()).await.unwrap();
            tokio::time::sleep(Duration::from_millis(if i % 7 == 6 { 330 } else { 25 })).await;
            if i % 7 == 6 {
                let caret = js(
                    &client,
                    "const f = document.getElementById('fen-input'); return [f.selectionStart, f.selectionEnd, f.value.length];",
                )
                .await;
                assert_eq!(caret, json!([i + 1, i + 1, i + 1]), "caret or selection moved after {} keys", i + 1);
            }
        }
        assert_eq!(wait_value(&client, "#fen-input", |v| v.len() == START.len()).await, START);
        wait_text(&client, "#fen-status", |t| t == "Valid position").await;
        // A typing slip in the middle is marked below the field, and the keys after it land where they belong.
        type_keys(&client, "#fen-input", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1").await;
        wait_text(&client, "#fen-status", |t| t.contains("column 50 (castling)")).await;
        assert_eq!(
            wait_value(&client, "#fen-input", |v| v.ends_with(" 0 1")).await,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1"
        );
        assert_eq!(find(&client, "#fen-marked mark").await.attr("data-column").await.unwrap().as_deref(), Some("50"));
        screenshots(&client, "typed-fen").await;
        // Moves and PGN typed key by key arrive whole too.
        tab(&client, "moves").await;
        type_keys(&client, "#mv-moves", "1.e4 e5 2.Sf3 Sc6 3.Lb5").await;
        click(&client, "#mv-go").await;
        wait_text(&client, "#mv-score", |t| t == "1.e4 e5 2.Nf3 Nc6 3.Bb5").await;
        tab(&client, "pgn").await;
        type_keys(&client, "#pgn-text", "[White \"Anna\"]\n\n1. d4 d5 2. c4 *\n").await;
        assert_eq!(wait_value(&client, "#pgn-text", |v| v.ends_with("*\n")).await, "[White \"Anna\"]\n\n1. d4 d5 2. c4 *\n");
        click(&client, "#pgn-go").await;
        wait_text(&client, "#pgn-status", |t| t == "1 game, 1 valid, 0 with errors").await;
        screenshots(&client, "typed-pgn").await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromium-driver: run scripts/test-web.sh"]
async fn every_diagram_marks_check_with_ids_of_its_own() {
    let address = common::start(Config::default());
    run("check", address, "en-US", |client, _, _| async move {
        // The same position in three tabs at once: each diagram draws its own marker.
        let checked = "rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3";
        tab(&client, "position").await;
        paste(&client, "#fen-input", checked).await;
        click(&client, "#fen-go").await;
        wait_text(&client, "#fen-explanation", |t| t.contains("Black is checkmated")).await;
        check_marked(&client, "#fen-diagram", "e8").await;
        tab(&client, "moves").await;
        type_keys(&client, "#mv-moves", "1.f4 e5 2.g4 Dh4").await;
        click(&client, "#mv-go").await;
        wait_text(&client, "#mv-status", |t| t == "All 4 moves are legal — White is checkmated").await;
        check_marked(&client, "#mv-diagram", "e1").await;
        tab(&client, "pgn").await;
        paste(&client, "#pgn-text", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n").await;
        click(&client, "#pgn-go").await;
        wait_true(&client, "game open", "!document.getElementById('game-view').hidden").await;
        click(&client, "#game-last").await;
        check_marked(&client, "#game-diagram", "e8").await;
        wait_text(&client, "#game-position-status", |t| t == "Black is checkmated").await;
        // Hidden tabs keep their diagrams: the ids of all of them differ.
        ids_are_unique(&client).await;
        screenshots(&client, "check-games").await;
        tab(&client, "moves").await;
        check_marked(&client, "#mv-diagram", "e1").await;
        screenshots(&client, "check-moves").await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromium-driver: run scripts/test-web.sh"]
async fn a_new_answer_replaces_the_old_one() {
    let address = common::start(Config::default());
    run("replace", address, "en-US", |client, _, _| async move {
        tab(&client, "position").await;
        wait_text(&client, "#fen-status", |t| t == "Valid position").await;
        wait_text(&client, "#fen-explanation", |t| t.contains("e6")).await;
        // A 2 MB FEN: refused, and nothing of the last position stays on screen.
        paste(&client, "#fen-input", &"8/".repeat(1 << 20)).await;
        wait_text(&client, "#fen-status", |t| t.contains("a FEN has at most 2000")).await;
        for part in ["#fen-diagram", "#fen-facts", "#fen-explanation", "#fen-problems"] {
            assert_eq!(
                js(&client, &format!("return document.querySelector('{part}').children.length")).await,
                json!(0),
                "{part} kept"
            );
        }
        screenshots(&client, "replaced-position").await;
        // Moves from a start position that is no FEN: the old line goes.
        tab(&client, "moves").await;
        click(&client, "#mv-go").await;
        wait_text(&client, "#mv-score", |t| t.starts_with("1.e4")).await;
        type_keys(&client, "#mv-fen", "4k3/8/8/8/8/8/8/4K3 w - x 0 1").await;
        click(&client, "#mv-go").await;
        wait_text(&client, "#mv-status", |t| t.starts_with("invalid FEN")).await;
        assert_eq!(find(&client, "#mv-score").await.text().await.unwrap(), "");
        assert_eq!(
            js(&client, "return document.querySelectorAll('#mv-list li, #mv-diagram svg').length").await,
            json!(0)
        );
        assert_eq!(find(&client, "#mv-fen-out").await.text().await.unwrap(), "");
        screenshots(&client, "replaced-moves").await;
        // A start number past the last: the old start position goes.
        tab(&client, "start").await;
        wait_text(&client, "#st-fen", |t| t.starts_with("chess960 no. 518")).await;
        type_keys(&client, "#st-number", "1000").await;
        click(&client, "#st-go").await;
        wait_text(&client, "#st-status", |t| t.contains("959")).await;
        assert_eq!(find(&client, "#st-fen").await.text().await.unwrap(), "");
        assert_eq!(js(&client, "return document.querySelectorAll('#st-diagram svg').length").await, json!(0));
        screenshots(&client, "replaced-start").await;
    })
    .await;
}

/// A server that can be stopped, for the page's word when it is gone.
fn stoppable_server() -> (SocketAddr, tokio::sync::oneshot::Sender<()>) {
    let (sender, receiver) = std::sync::mpsc::channel();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
        runtime.block_on(async move {
            let (listener, address) = forsyth_server::bind("127.0.0.1", 0).await.unwrap();
            sender.send(address).unwrap();
            tokio::select! {
                _ = forsyth_server::serve(listener, Config::default()) => {}
                _ = stopped => {}
            }
        });
        // Dropping the runtime ends the connections it still served.
        runtime.shutdown_timeout(Duration::from_secs(1));
    });
    (receiver.recv_timeout(Duration::from_secs(10)).expect("the server starts"), stop)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromium-driver: run scripts/test-web.sh"]
async fn the_small_faults_of_every_day() {
    let address = common::start(Config::default());
    run("faults", address, "en-US", |client, _, downloads| async move {
        // Unknown pieces make a diagram, explained and drawn, not "Not a FEN".
        tab(&client, "position").await;
        type_keys(&client, "#fen-input", "4k3/8/8/8/8/8/8/X3K3 w - - 0 1").await;
        wait_text(&client, "#fen-status", |t| t.starts_with("A diagram with unknown pieces (X)")).await;
        assert_eq!(find(&client, "#fen-status").await.attr("class").await.unwrap().as_deref(), Some("status warn"));
        wait_text(&client, "#fen-explanation", |t| t.contains("unknown white piece on a1")).await;
        assert!(js(&client, "return document.querySelectorAll('#fen-diagram use[data-piece=X]').length").await == json!(1));
        screenshots(&client, "unknown-pieces").await;
        // One rank is "1 rank".
        type_keys(&client, "#fen-input", "rnbqkbnr w - - 0 1").await;
        wait_text(&client, "#fen-status", |t| t.contains("the board has 1 rank;")).await;
        // The board editor opens on a legal start; "Empty board" takes the castling rights away with the pieces.
        tab(&client, "editor").await;
        wait_text(&client, "#ed-status", |t| t == "Valid position").await;
        assert_eq!(wait_value(&client, "#ed-fen", |v| !v.is_empty()).await, START);
        click(&client, "#ed-clear").await;
        wait_value(&client, "#ed-fen", |v| v == "8/8/8/8/8/8/8/8 w - - 0 1").await;
        let ticked = js(&client, "return Array.from(document.querySelectorAll('#tab-editor fieldset input')).filter((i) => i.checked).length").await;
        assert_eq!(ticked, json!(0));
        wait_text(&client, "#ed-problems", |t| t.contains("position.missing-king") && !t.contains("castling")).await;
        // A picture uploaded as PGN is "not a text file", not games of noise.
        tab(&client, "pgn").await;
        let picture = downloads.join("photo.png");
        std::fs::write(&picture, client.screenshot().await.unwrap()).unwrap();
        find(&client, "#pgn-file").await.send_keys(picture.to_str().unwrap()).await.unwrap();
        wait_text(&client, "#pgn-status", |t| t.starts_with("not a text file")).await;
        // The games table on a phone: the error row as wide as the screen, nothing hidden beyond it.
        let file = downloads.join("club.pgn");
        std::fs::write(&file, CLUB_PGN).unwrap();
        find(&client, "#pgn-file").await.send_keys(file.to_str().unwrap()).await.unwrap();
        wait_text(&client, "#pgn-status", |t| t == "3 games, 2 valid, 1 with errors, 1 warning").await;
        client.set_window_size(375, 800).await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        let fits = js(
            &client,
            "const r = document.querySelector('#pgn-games td.error').getBoundingClientRect();
             return r.left >= 0 && r.right <= document.documentElement.clientWidth && r.height > 0;",
        )
        .await;
        assert_eq!(fits, json!(true), "the error row leaves the screen at 375 px");
        screenshots(&client, "pgn-phone").await;
    })
    .await;

    // The page of a server that has stopped says so, and what to do.
    let (address, stop) = stoppable_server();
    run("stopped", address, "en-US", |client, address, _| async move {
        tab(&client, "position").await;
        wait_text(&client, "#fen-status", |t| t == "Valid position").await;
        stop.send(()).unwrap();
        tokio::time::sleep(Duration::from_millis(500)).await;
        click(&client, "#fen-go").await;
        let said = wait_text(&client, "#fen-status", |t| t.contains("does not answer")).await;
        assert_eq!(said, format!("the server at {address} does not answer; start it with `forsyth serve`"));
        screenshots(&client, "server-stopped").await;
    })
    .await;

    // The German page speaks German: tabs, status lines, counts.
    let address = common::start(Config::default());
    run("german", address, "de-DE", |client, _, _| async move {
        wait_text(&client, "#tabs [data-tab=position]", |t| t == "Stellung").await;
        tab(&client, "position").await;
        wait_text(&client, "#fen-status", |t| t == "Gültige Stellung").await;
        type_keys(&client, "#fen-input", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1").await;
        wait_text(&client, "#fen-status", |t| t.starts_with("Keine FEN: Spalte 50 (Rochaderecht)")).await;
        wait_text(&client, "#fen-problems", |t| t.starts_with("Spalte 50")).await;
        screenshots(&client, "german-position").await;
        tab(&client, "moves").await;
        type_keys(&client, "#mv-moves", "1.Sf3 Sf6 2.Sg1 Sg8 3.Sf3 Sf6 4.Sg1 Sg8").await;
        click(&client, "#mv-go").await;
        wait_text(&client, "#mv-status", |t| {
            t == "Alle 8 Züge sind legal — dreimalige Wiederholung: Remis kann beansprucht werden (diese Stellung kam 3-mal vor)"
        })
        .await;
        tab(&client, "pgn").await;
        paste(&client, "#pgn-text", "1. e4 e5 *\n").await;
        click(&client, "#pgn-go").await;
        wait_text(&client, "#pgn-status", |t| t == "1 Partie, 1 gültig, 0 mit Fehlern").await;
        screenshots(&client, "german-pgn").await;
    })
    .await;
}

const CLUB_PGN: &str = "[Event \"Club\"]\n[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"1-0\"]\n\n\
    1. e4 {[%clk 0:03:00] a fine start} e5 $1 (1... c5 2. Nf3 (2. c3 d5) d6) 2. Nf3 {[%clk 0:02:58]} Nc6 3. Bb5 1-0\n\n\
    [Event \"Club\"]\n[White \"Cleo\"]\n\n1. e4 e5 2. Ke3 *\n\n\
    [Event \"Club\"]\n[White \"Dora\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1-0\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromium-driver: run scripts/test-web.sh"]
async fn every_game_opens_on_a_board() {
    let address = common::start(Config::default());
    run("games", address, "en-US", |client, _, downloads| async move {
        tab(&client, "pgn").await;
        let file = downloads.join("club.pgn");
        std::fs::write(&file, CLUB_PGN).unwrap();
        select(&client, "#pgn-lang", "de").await;
        find(&client, "#pgn-file").await.send_keys(file.to_str().unwrap()).await.unwrap();
        wait_text(&client, "#pgn-status", |t| t == "3 games, 2 valid, 1 with errors, 1 warning").await;
        let rows = wait_text(&client, "#pgn-games tbody", |t| t.contains("Dora")).await;
        assert!(rows.contains("line 11, column 13: '2. Ke3': no white king can reach e3"), "{rows}");
        let converted = wait_value(&client, "#pgn-converted", |v| !v.is_empty()).await;
        assert!(converted.contains("2. Sf3 {[%clk 0:02:58]} 2... Sc6 3. Lb5 1-0"), "{converted}");
        assert!(converted.contains("1. d4 d5 1/2-1/2"), "{converted}");
        // Game 1 opens on the board: its moves in German, the NAG, the clocks, the comment, the variations.
        wait_text(&client, "#game-title", |t| t == "Game 1: Anna – Ben").await;
        wait_text(&client, "#game-moves", |t| t.contains("Lb5")).await;
        // What a screen reader reads: the text with the words only it is given ("clock").
        let moves = js(&client, "return document.getElementById('game-moves').textContent").await;
        let moves = moves.as_str().unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
        for part in
            ["1.e4", "◷clock 0:03:00", "a fine start", "e5!", "1...c5", "2.Sf3", "2.c3", "d5", "◷clock 0:02:58", "1-0"]
        {
            assert!(moves.contains(part), "{part} missing from {moves}");
        }
        // A move of a variation inside a variation, clicked: its position on the board.
        click(&client, "#game-moves .variation .variation button.move").await;
        wait_text(&client, "#game-fen", |t| t == "rnbqkbnr/pp1ppppp/8/2p5/4P3/2P5/PP1P1PPP/RNBQKBNR b KQkq - 0 2")
            .await;
        // The arrow keys step along that line and back to where it branched; Home and End.
        find(&client, "#game-diagram").await.click().await.unwrap();
        press(&client, Key::Right, false).await;
        wait_text(&client, "#game-fen", |t| t.starts_with("rnbqkbnr/pp2pppp/8/2pp4/4P3/2P5/")).await;
        press(&client, Key::Left, false).await;
        press(&client, Key::Left, false).await;
        wait_text(&client, "#game-fen", |t| t == "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2").await;
        press(&client, Key::Home, false).await;
        wait_text(&client, "#game-fen", |t| t == START).await;
        press(&client, Key::End, false).await;
        wait_text(&client, "#game-fen", |t| t.starts_with("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/")).await;
        press(&client, Key::Right, false).await;
        press(&client, Key::Home, false).await;
        press(&client, Key::Right, false).await;
        wait_text(&client, "#game-fen", |t| t == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").await;
        let current = js(&client, "return document.querySelector('#game-moves [aria-current=true]').textContent").await;
        assert_eq!(current, json!("e4"));
        screenshots(&client, "game-board").await;
        // Game 2 opens where its error is: the board before the bad move, the error after the last good one.
        click(&client, "#pgn-games button[data-game=\"2\"]").await;
        wait_text(&client, "#game-title", |t| t == "Game 2: Cleo – ?").await;
        wait_text(&client, "#game-fen", |t| t == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2").await;
        let error = wait_text(&client, "#game-moves .game-error", |t| !t.is_empty()).await;
        assert_eq!(error, "error: line 11, column 13: '2. Ke3': no white king can reach e3 [illegal-move]");
        let before = js(&client, &format!("return {}", move_before("#game-moves .game-error"))).await;
        assert_eq!(before, json!("e5"));
        wait_text(&client, "#game-moves", |t| t.contains("not read after the error: Ke3 *")).await;
        screenshots(&client, "game-error").await;
        // Game 3's warning stands at its end.
        click(&client, "#pgn-games button[data-game=\"3\"]").await;
        let warning = wait_text(&client, "#game-moves .game-warning", |t| !t.is_empty()).await;
        assert!(warning.contains("the Result tag says 1/2-1/2, the game ends with 1-0"), "{warning}");
        let last = js(&client, &format!("return {}", move_before("#game-moves .game-warning"))).await;
        assert_eq!(last, json!("d5"));
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromium-driver: run scripts/test-web.sh"]
async fn moves_played_by_hand() {
    let address = common::start(Config::default());
    run("by-hand", address, "en-US", |client, _, _| async move {
        tab(&client, "moves").await;
        find(&client, "#mv-moves").await.clear().await.unwrap();
        select(&client, "#mv-lang", "en").await;
        click(&client, "#mv-go").await;
        wait_text(&client, "#mv-status", |t| t == "No moves yet").await;
        // A drag, a click and a click, a drag.
        drag(&client, "#mv-diagram", "e2", "e4").await;
        wait_text(&client, "#mv-score", |t| t == "1.e4").await;
        click(&client, "#mv-diagram use.piece[data-square=\"e7\"]").await;
        wait_true(&client, "targets shown", "document.querySelectorAll('#mv-diagram circle.target').length === 2").await;
        click(&client, "#mv-diagram rect.square[data-square=\"e5\"]").await;
        wait_text(&client, "#mv-score", |t| t == "1.e4 e5").await;
        drag(&client, "#mv-diagram", "g1", "f3").await;
        wait_text(&client, "#mv-score", |t| t == "1.e4 e5 2.Nf3").await;
        // A piece dropped where it cannot go: nothing played.
        drag(&client, "#mv-diagram", "b8", "b5").await;
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert_eq!(find(&client, "#mv-score").await.text().await.unwrap(), "1.e4 e5 2.Nf3");
        // The line in other languages and notations, and the field reads it back.
        select(&client, "#mv-lang", "de").await;
        select(&client, "#mv-notation", "lan").await;
        click(&client, "#mv-go").await;
        wait_text(&client, "#mv-score", |t| t == "1.e2-e4 e7-e5 2.Sg1-f3").await;
        select(&client, "#mv-notation", "fide").await;
        drag(&client, "#mv-diagram", "b8", "c6").await;
        wait_text(&client, "#mv-score", |t| t == "1.e4 e5 2.Sf3 Sc6").await;
        assert_eq!(wait_value(&client, "#mv-moves", |v| v.ends_with("Sc6")).await, "1.e4 e5 2.Sf3 Sc6");
        // Take back, by button and by Ctrl+Z.
        click(&client, "#mv-undo").await;
        wait_text(&client, "#mv-score", |t| t == "1.e4 e5 2.Sf3").await;
        find(&client, "#mv-diagram").await.click().await.unwrap();
        press(&client, 'z', true).await;
        wait_text(&client, "#mv-score", |t| t == "1.e4 e5").await;
        screenshots(&client, "by-hand").await;

        // Promotion: the pieces offered, named; the one chosen is played.
        select(&client, "#mv-notation", "san").await;
        paste(&client, "#mv-fen", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").await;
        find(&client, "#mv-moves").await.clear().await.unwrap();
        click(&client, "#mv-go").await;
        wait_text(&client, "#mv-status", |t| t == "No moves yet").await;
        drag(&client, "#mv-diagram", "b7", "b8").await;
        wait_true(&client, "promotion choice", "!document.getElementById('promotion').hidden").await;
        let offered = js(&client, "return Array.from(document.querySelectorAll('#promotion-choices button')).map((b) => b.getAttribute('aria-label'))").await;
        assert_eq!(offered, json!(["queen", "rook", "bishop", "knight"]));
        screenshots(&client, "promotion").await;
        click(&client, "#promotion-choices button[data-promotion=n]").await;
        wait_text(&client, "#mv-score", |t| t == "1.b8=S").await;

        // Castling in Chess960: the king put on its rook (g1 is a plain king step here).
        select(&client, "#mv-lang", "en").await;
        paste(&client, "#mv-fen", "4k3/8/8/8/8/8/8/5K1R w H - 0 1").await;
        find(&client, "#mv-moves").await.clear().await.unwrap();
        click(&client, "#mv-go").await;
        wait_text(&client, "#mv-status", |t| t == "No moves yet").await;
        drag(&client, "#mv-diagram", "f1", "h1").await;
        wait_text(&client, "#mv-score", |t| t == "1.O-O").await;
        wait_text(&client, "#mv-fen-out", |t| t == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1").await;
        click(&client, "#mv-undo").await;
        wait_text(&client, "#mv-status", |t| t == "No moves yet").await;
        drag(&client, "#mv-diagram", "f1", "g1").await;
        wait_text(&client, "#mv-score", |t| t == "1.Kg1").await;
        // Castling on the 10×8 board: the king put on its square (i1) or on the rook (j1).
        paste(&client, "#mv-fen", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1").await;
        find(&client, "#mv-moves").await.clear().await.unwrap();
        click(&client, "#mv-go").await;
        wait_text(&client, "#mv-status", |t| t == "No moves yet").await;
        drag(&client, "#mv-diagram", "f1", "i1").await;
        wait_text(&client, "#mv-score", |t| t == "1.O-O").await;
        wait_text(&client, "#mv-fen-out", |t| t == "r4k3r/10/10/10/10/10/10/R6RK1 b kq - 1 1").await;
        drag(&client, "#mv-diagram", "f8", "a8").await;
        wait_text(&client, "#mv-score", |t| t == "1.O-O O-O-O").await;
        screenshots(&client, "castling-10x8").await;

        // The board editor: pieces on its board dragged, dragged off, and Undo.
        tab(&client, "editor").await;
        wait_value(&client, "#ed-fen", |v| v == START).await;
        drag(&client, "#ed-board", "e2", "e4").await;
        wait_value(&client, "#ed-fen", |v| v.starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w")).await;
        drag_off(&client, "#ed-board", "d8").await;
        wait_value(&client, "#ed-fen", |v| v.starts_with("rnb1kbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w")).await;
        click(&client, "#ed-undo").await;
        wait_value(&client, "#ed-fen", |v| v.starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w")).await;
        click(&client, "#ed-undo").await;
        wait_value(&client, "#ed-fen", |v| v == START).await;
        screenshots(&client, "editor-drag").await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromium-driver: run scripts/test-web.sh"]
async fn share_copy_download_and_flip() {
    let address = common::start(Config::default());
    run("share", address, "en-US", |client, address, downloads| async move {
        tab(&client, "moves").await;
        find(&client, "#mv-moves").await.clear().await.unwrap();
        paste(&client, "#mv-fen", "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11").await;
        click(&client, "#mv-go").await;
        wait_text(&client, "#mv-status", |t| t == "No moves yet").await;
        drag(&client, "#mv-diagram", "e1", "g1").await;
        wait_text(&client, "#mv-score", |t| t == "11.O-O").await;
        drag(&client, "#mv-diagram", "g5", "f3").await;
        wait_text(&client, "#mv-score", |t| t == "11.O-O Nxf3+").await;
        // The address holds the start and the line; a reload brings both back.
        let url = client.current_url().await.unwrap().to_string();
        assert!(url.contains("moves=e1g1%20g5f3") && url.contains("fen=rn2k1r1"), "{url}");
        client.refresh().await.unwrap();
        wait_text(&client, "#mv-score", |t| t == "11.O-O Nxf3+").await;
        assert!(find(&client, "#tab-moves").await.attr("hidden").await.unwrap().is_none());
        // A link with the line at an earlier move opens there.
        client.goto(&format!("http://{address}/#moves=e2e4%20e7e5%20g1f3&ply=1")).await.unwrap();
        client.refresh().await.unwrap();
        wait_text(&client, "#mv-score", |t| t == "1.e4 e5 2.Nf3").await;
        wait_text(&client, "#mv-fen-out", |t| t == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").await;
        click(&client, "#mv-last").await;
        // Copy FEN and Copy PGN: what the clipboard then holds, pasted into a field.
        click(&client, "#tab-moves [data-tool=copy-fen]").await;
        wait_text(&client, "#toast", |t| t == "FEN copied").await;
        let pasted = paste_clipboard(&client).await;
        assert_eq!(pasted, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
        click(&client, "#tab-moves [data-tool=copy-pgn]").await;
        wait_text(&client, "#toast", |t| t == "PGN copied").await;
        let pgn = paste_clipboard(&client).await;
        assert!(pgn.starts_with("[Event \"?\"]") && pgn.contains("\n\n1. e4 e5 2. Nf3 *"), "{pgn}");
        // The diagram as SVG and as PNG.
        click(&client, "#tab-moves [data-tool=svg]").await;
        click(&client, "#tab-moves [data-tool=png]").await;
        let svg = downloaded(&downloads, "svg").await;
        let text = String::from_utf8(svg).unwrap();
        assert!(text.starts_with("<?xml") && text.contains("data-square=\"f3\" data-piece=\"N\""), "{}", &text[..200]);
        let png = downloaded(&downloads, "png").await;
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let (width, height) = (u32::from_be_bytes(png[16..20].try_into().unwrap()), u32::from_be_bytes(png[20..24].try_into().unwrap()));
        assert_eq!((width, height), (2 * 384, 2 * 402), "the PNG at twice the diagram's size");
        screenshots(&client, "share").await;
        // Flip on every board: a1 goes from the bottom left to the top right.
        let a1 = |board: &str| format!("(() => {{ const r = document.querySelector('{board} svg rect[data-square=a1]'); return r ? [Number(r.getAttribute('x')), Number(r.getAttribute('y'))] : null; }})()");
        for (name, board) in [("position", "#fen-diagram"), ("editor", "#ed-board"), ("moves", "#mv-diagram"), ("start", "#st-diagram")] {
            tab(&client, name).await;
            wait_true(&client, "diagram", &format!("{} !== null", a1(board))).await;
            let before = js(&client, &format!("return {}", a1(board))).await;
            click(&client, &format!("#tab-{name} [data-tool=flip]")).await;
            wait_true(&client, &format!("{name} flipped"), &format!("JSON.stringify({}) !== '{before}'", a1(board))).await;
            let after = js(&client, &format!("return {}", a1(board))).await;
            assert!(after[1].as_f64() < before[1].as_f64() && after[0].as_f64() > before[0].as_f64(), "{name}: {before} → {after}");
        }
        tab(&client, "pgn").await;
        paste(&client, "#pgn-text", "1. e4 e5 *\n").await;
        click(&client, "#pgn-go").await;
        wait_true(&client, "game open", &format!("{} !== null", a1("#game-diagram"))).await;
        let before = js(&client, &format!("return {}", a1("#game-diagram"))).await;
        click(&client, "#game-view [data-tool=flip]").await;
        wait_true(&client, "game flipped", &format!("JSON.stringify({}) !== '{before}'", a1("#game-diagram"))).await;
        tab(&client, "problems").await;
        click(&client, "#pr-go").await;
        wait_true(&client, "problem drawn", &format!("{} !== null", a1("#problem-1-diagram"))).await;
        let before = js(&client, &format!("return {}", a1("#problem-1-diagram"))).await;
        click(&client, "#pr-list [data-tool=flip]").await;
        wait_true(&client, "problem flipped", &format!("JSON.stringify({}) !== '{before}'", a1("#problem-1-diagram"))).await;
        screenshots(&client, "flipped-problem").await;
    })
    .await;
}

/// What the clipboard holds, pasted with Ctrl+V into a field made for it.
async fn paste_clipboard(client: &Client) -> String {
    js(client, "const f = document.getElementById('paste-here') || document.body.appendChild(Object.assign(document.createElement('textarea'), {id: 'paste-here'})); f.value = ''; f.focus();").await;
    press(client, 'v', true).await;
    let value = wait_value(client, "#paste-here", |v| !v.is_empty()).await;
    js(client, "document.getElementById('paste-here').remove()").await;
    value
}

/// The first file with this extension that the browser finished saving.
async fn downloaded(dir: &Path, extension: &str) -> Vec<u8> {
    let started = Instant::now();
    while started.elapsed() < WAIT {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == extension)
                && path.file_name().unwrap().to_str().unwrap().starts_with("forsyth-")
            {
                let bytes = std::fs::read(&path).unwrap();
                if !bytes.is_empty() {
                    return bytes;
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no .{extension} file was downloaded into {}", dir.display());
}

/// Every line of the legend under the diagram in `container` ends inside the picture, as the page draws it.
async fn legend_fits(client: &Client, container: &str) {
    let outside = js(
        client,
        &format!(
            "const svg = document.querySelector('{container} svg'); const width = svg.viewBox.baseVal.width;
             return Array.from(svg.querySelectorAll('text.legend')).flatMap((t) => {{
               const parts = [t, ...t.querySelectorAll('tspan')];
               return parts.filter((p) => {{
                 const box = p.getBBox(); return box.x + box.width > width + 0.5;
               }}).map((p) => p.textContent);
             }});"
        ),
    )
    .await;
    assert_eq!(outside, json!([]), "legend lines cut off at the diagram's edge");
}

/// A script giving the text of the move written last before the element `css`.
fn move_before(css: &str) -> String {
    format!(
        "(() => {{ let n = document.querySelector('{css}').previousSibling;
                  while (n && !(n.matches && n.matches('button.move'))) n = n.previousSibling;
                  return n && n.textContent; }})()"
    )
}

const FAIRY: &str = "BeginProblem\nAuthor Test Composer\nPieces White Kc1 Ga3 Nh4 Black Ke8 Pe7\nStipulation ~1\n\
    NextProblem\nPieces White Ke1 Ra1 Black Ke8\nStipulation #2\nCondition Isardam\nEndProblem\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromium-driver: run scripts/test-web.sh"]
async fn problems_drawn_as_problem_books_print_them() {
    let address = common::start(Config::default());
    run("problems", address, "en-US", |client, _, downloads| async move {
        tab(&client, "problems").await;
        type_keys(&client, "#pr-text", FAIRY).await;
        click(&client, "#pr-go").await;
        wait_text(&client, "#pr-status", |t| t == "2 problems read (Popeye input)").await;
        // Fairy pieces turned as problem books draw them, with the legend; the count w+s; the legal moves.
        let turned = js(&client, "return Array.from(document.querySelectorAll('#problem-1-diagram use[transform]')).map((u) => u.dataset.piece).sort()").await;
        assert_eq!(turned, json!(["G", "I"]));
        let card = wait_text(&client, "#pr-list article:nth-of-type(1)", |t| t.contains("Legend")).await;
        for part in ["Problem 1 — Test Composer", "Stipulation", "~1", "G = grasshopper", "I = nightrider", "3+2"] {
            assert!(card.contains(part), "{part} missing from {card}");
        }
        legend_fits(&client, "#problem-1-diagram").await;
        let listed = js(&client, "return document.querySelectorAll('#pr-list article:nth-of-type(1) .legal-moves li').length").await;
        wait_text(&client, "#pr-list article:nth-of-type(1) h4:nth-of-type(2)", |t| t == format!("{listed} legal moves")).await;
        assert!(listed.as_u64().unwrap() > 10);
        // A condition is named, and the moves are not listed by rules it would change.
        let second = wait_text(&client, "#pr-list article:nth-of-type(2)", |t| t.contains("Isardam")).await;
        assert!(second.contains("Conditions") && second.contains("forsyth cannot play the condition 'Isardam'"), "{second}");
        // ... and offers no Solve button for a problem it cannot play.
        let solve_buttons = js(&client, "return document.querySelectorAll('#pr-list article:nth-of-type(2) button.solve').length").await;
        assert_eq!(solve_buttons, json!(0));
        screenshots(&client, "problems").await;
        // On a torus: both pairs of joined edges drawn.
        select(&client, "#pr-board", "torus").await;
        wait_true(&client, "edges drawn", "document.querySelectorAll('#problem-1-diagram line.wrap').length === 4").await;
        wait_text(&client, "#pr-list article:nth-of-type(1)", |t| t.contains("torus")).await;
        legend_fits(&client, "#problem-1-diagram").await;
        screenshots(&client, "problems-torus").await;
        select(&client, "#pr-board", "plain").await;
        wait_true(&client, "plain again", "document.querySelectorAll('#problem-1-diagram line.wrap').length === 0").await;
        // Solve: the time limit and the request; a request that takes long can be cancelled.
        click(&client, "#solve-1-go").await;
        // ~1: every move of White is a solution; the grasshopper's and the nightrider's included.
        wait_text(&client, "#solve-1-status", |t| t == "verdict: cooked (15 keys)").await;
        let solution = wait_text(&client, "#solve-1-solution", |t| t.contains("1.Ih4-b7!")).await;
        assert_eq!(solution.lines().filter(|l| l.ends_with('!')).count(), 15, "{solution}");
        screenshots(&client, "problems-solved").await;
        js(&client, "window.realFetch = window.fetch; window.fetch = (url, options) => url === '/api/solve' ?
            new Promise((_, reject) => options.signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')))) :
            window.realFetch(url, options);").await;
        type_keys(&client, "#solve-1-limit", "5").await;
        click(&client, "#solve-1-go").await;
        wait_text(&client, "#solve-1-status", |t| t == "Solving, at most 5 seconds…").await;
        assert_eq!(find(&client, "#solve-1-cancel").await.prop("disabled").await.unwrap().as_deref(), Some("false"));
        click(&client, "#solve-1-cancel").await;
        wait_text(&client, "#solve-1-status", |t| t == "Solving cancelled").await;
        js(&client, "window.fetch = window.realFetch").await;
        // A YACPDB entry uploaded: read, and the keys forsyth does not model named.
        let entry = downloads.join("entry.yaml");
        std::fs::write(&entry, "---\nauthors:\n  - \"Loyd, Samuel\"\nstipulation: \"#2\"\nalgebraic:\n  white: [Kd2, Sc3]\n  black: [Ke8, Pd6]\nsolution: |\n  1.Sc3-d5\n").unwrap();
        find(&client, "#pr-file").await.send_keys(entry.to_str().unwrap()).await.unwrap();
        wait_text(&client, "#pr-status", |t| t == "1 problem read (YACPDB entry); not read (kept by YACPDB only): solution").await;
        wait_text(&client, "#pr-list", |t| t.contains("Loyd, Samuel") && t.contains("#2")).await;
        // Popeye input that is not: the error's line and column.
        paste(&client, "#pr-text", "BeginProblem\nPieces White Kd2 ORc3\nEndProblem").await;
        click(&client, "#pr-go").await;
        wait_text(&client, "#pr-status", |t| t.starts_with("Popeye input: line 2, column 18:")).await;
        assert_eq!(js(&client, "return document.querySelectorAll('#pr-list article').length").await, json!(0));
        screenshots(&client, "problems-error").await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromium-driver: run scripts/test-web.sh"]
async fn the_first_screen_the_keyboard_and_screen_readers() {
    let address = common::start(Config::default());
    run("first-screen", address, "en-US", |client, address, _| async move {
        // The first screen says what the page is for and leads to each screen.
        let lead = wait_text(&client, "#home-lead", |t| !t.is_empty()).await;
        assert!(lead.starts_with("forsyth reads, checks and explains chess positions, moves, games and problems"), "{lead}");
        assert_eq!(js(&client, "return document.querySelectorAll('#tab-home [data-go]').length").await, json!(6));
        click(&client, "#tab-home [data-go=problems]").await;
        wait_true(&client, "problems shown", "!document.getElementById('tab-problems').hidden").await;
        // The tabs by keyboard: arrows move between them, the panel follows.
        find(&client, "#tab-button-problems").await.click().await.unwrap();
        press(&client, Key::Right, false).await;
        wait_true(&client, "start shown", "!document.getElementById('tab-start').hidden && document.activeElement.id === 'tab-button-start'").await;
        press(&client, Key::Home, false).await;
        wait_true(&client, "home shown", "!document.getElementById('tab-home').hidden").await;
        screenshots(&client, "first-screen").await;
        // The page loads nothing from elsewhere: every resource from this server.
        let foreign = js(&client, &format!("return performance.getEntriesByType('resource').map((e) => e.name).filter((n) => !n.startsWith('http://{address}/'))")).await;
        assert_eq!(foreign, json!([]));
        // axe-core's audit of every screen, with content on it: no serious or critical violation.
        let axe = std::env::var("AXE_CORE").expect("AXE_CORE: the path of axe.min.js (scripts/test-web.sh installs it)");
        let axe = std::fs::read_to_string(&axe).unwrap_or_else(|e| panic!("{axe}: {e}"));
        js(&client, &axe).await;
        tab(&client, "pgn").await;
        paste(&client, "#pgn-text", CLUB_PGN).await;
        click(&client, "#pgn-go").await;
        wait_true(&client, "game open", "!document.getElementById('game-view').hidden").await;
        tab(&client, "problems").await;
        click(&client, "#pr-go").await;
        wait_true(&client, "problem", "document.querySelector('#pr-list article')").await;
        tab(&client, "moves").await;
        click(&client, "#mv-go").await;
        wait_true(&client, "moves", "document.querySelector('#mv-list li')").await;
        for name in ["home", "position", "editor", "moves", "pgn", "problems", "start"] {
            tab(&client, name).await;
            tokio::time::sleep(Duration::from_millis(300)).await;
            let found = client
                .execute_async(
                    "const done = arguments[arguments.length - 1];
                     axe.run(document, {resultTypes: ['violations']}).then((r) => done(r.violations
                       .filter((v) => v.impact === 'serious' || v.impact === 'critical')
                       .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)));",
                    vec![],
                )
                .await
                .unwrap();
            assert_eq!(found, json!([]), "axe-core on the {name} screen");
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromium-driver: run scripts/test-web.sh"]
async fn what_the_page_did_before_still_works() {
    let address = common::start(Config::default());
    run("kept", address, "en-US", |client, _, _| async move {
        // A position of a move-generator suite (eight queens) is refused, and read once its problems are allowed.
        tab(&client, "position").await;
        type_keys(&client, "#fen-input", "4k3/8/8/8/8/QQQQ4/QQQQPPPP/4K3 w - - 0 1").await;
        wait_text(&client, "#fen-status", |t| t == "Not a legal position").await;
        click(&client, "#fen-allow").await;
        wait_text(&client, "#fen-status", |t| t == "Read, breaking allowed rules").await;
        wait_text(&client, "#fen-problems", |t| t.contains("[position.too-many-pieces]")).await;
        screenshots(&client, "position-allowed").await;
        click(&client, "#fen-allow").await;
        wait_text(&client, "#fen-status", |t| t == "Not a legal position").await;
        // A position explained in German once the page is German.
        type_keys(&client, "#fen-input", "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 6").await;
        select(&client, "#ui-lang", "de").await;
        wait_text(&client, "#fen-status", |t| t == "Gültige Stellung").await;
        wait_text(&client, "#fen-explanation", |t| t.contains("Weiß")).await;
        screenshots(&client, "position-german").await;
        select(&client, "#ui-lang", "en").await;
        // The editor by clicks: a position built, its FEN and validation live.
        tab(&client, "editor").await;
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
        assert_eq!(wait_value(&client, "#ed-fen", |v| v.contains(" w K ")).await, "4k3/3p4/8/8/8/8/8/4K2R w K - 0 1");
        wait_text(&client, "#ed-status", |t| t == "Valid position").await;
        click(&client, "#ed-castle-Q").await;
        wait_text(&client, "#ed-status", |t| t == "Not a legal position").await;
        wait_text(&client, "#ed-problems", |t| t.contains("position.invalid-castling")).await;
        screenshots(&client, "editor").await;
        select(&client, "#ed-size", "10").await;
        wait_value(&client, "#ed-fen", |v| v.starts_with("rnabqkbcnr/pppppppppp/10/")).await;
        wait_text(&client, "#ed-status", |t| t == "Valid position").await;
        screenshots(&client, "editor-10x8").await;
        // A German game in English, with the illegal move marked; the list steps through the positions.
        tab(&client, "moves").await;
        select(&client, "#mv-input-lang", "de").await;
        select(&client, "#mv-lang", "en").await;
        type_keys(&client, "#mv-moves", "1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 4.La4 Sf6 5.0-0 Le7 6.Lxf7").await;
        click(&client, "#mv-go").await;
        wait_text(&client, "#mv-score", |t| t == "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 Lxf7").await;
        wait_text(&client, "#mv-status", |t| t.contains("Move 11 (6.) 'Lxf7': no white bishop can reach f7")).await;
        click(&client, "#mv-list button[data-index=\"1\"]").await;
        wait_text(&client, "#mv-fen-out", |t| t == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").await;
        click(&client, "#mv-next").await;
        wait_text(&client, "#mv-fen-out", |t| t == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")
            .await;
        find(&client, "#mv-diagram").await.click().await.unwrap();
        press(&client, Key::Home, false).await;
        wait_text(&client, "#mv-fen-out", |t| t == START).await;
        press(&client, Key::End, false).await;
        wait_text(&client, "#mv-fen-out", |t| t.ends_with("w kq - 4 6")).await;
        screenshots(&client, "moves").await;
        // Start positions: a CRC one by number.
        tab(&client, "start").await;
        select(&client, "#st-variant", "crc").await;
        type_keys(&client, "#st-number", "2000").await;
        click(&client, "#st-go").await;
        wait_text(&client, "#st-fen", |t| {
            t == "crc no. 2000: aqnbncbrkr/pppppppppp/10/10/10/10/PPPPPPPPPP/AQNBNCBRKR w KQkq - 0 1"
        })
        .await;
        screenshots(&client, "start").await;
    })
    .await;
}
