//! forsyth in the browser: one page and a JSON API over the forsyth library, served on the local machine.
//!
//! [`router`] is the whole application (the page, its assets embedded in the binary, the API under `/api/`, the
//! limits and security headers); [`serve`] runs it on a listener with the connection limits the router cannot
//! set (slow clients, number of connections). The chess is the library's: this crate only reads requests and
//! writes answers. The API is described in `docs/api.md`.
//!
//! ```
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
//! let address = listener.local_addr().unwrap();
//! tokio::spawn(forsyth_server::serve(listener, forsyth_server::Config::default()));
//! let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
//! use tokio::io::{AsyncReadExt, AsyncWriteExt};
//! stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.unwrap();
//! let mut answer = String::new();
//! stream.read_to_string(&mut answer).await.unwrap();
//! assert!(answer.starts_with("HTTP/1.1 200 OK"));
//! assert!(answer.contains(r#""status":"ok""#));
//! # });
//! ```

// Without the `http` feature the crate is `report` alone (the command line's `--json` builds without the server).
#[cfg(feature = "http")]
mod api;
#[cfg(feature = "http")]
mod assets;
#[cfg(feature = "http")]
mod error;
#[cfg(feature = "http")]
mod game;
#[cfg(feature = "http")]
mod limits;
#[cfg(feature = "http")]
mod problem;
pub mod report;

#[cfg(feature = "http")]
use std::sync::Arc;
#[cfg(feature = "http")]
use std::time::Duration;

#[cfg(feature = "http")]
use axum::Router;
#[cfg(feature = "http")]
use axum::extract::DefaultBodyLimit;
#[cfg(feature = "http")]
use axum::routing::{get, post};
#[cfg(feature = "http")]
use hyper_util::rt::{TokioIo, TokioTimer};
#[cfg(feature = "http")]
use hyper_util::service::TowerToHyperService;
#[cfg(feature = "http")]
use tokio::net::TcpListener;
#[cfg(feature = "http")]
use tokio::sync::Semaphore;

#[cfg(feature = "http")]
pub use error::ApiError;

/// The limits a server keeps to. The defaults suit one person's browser on the same machine.
#[cfg(feature = "http")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The largest request body accepted, in bytes (a PGN upload); larger ones get 413.
    pub body_limit: usize,
    /// The longest a request may take, its body read and its answer computed; longer ones get 408.
    pub request_timeout: Duration,
    /// The longest a client may take to send a request's headers (slow clients are cut off).
    pub header_timeout: Duration,
    /// Connections served at once; more wait to be accepted.
    pub max_connections: usize,
}

#[cfg(feature = "http")]
impl Default for Config {
    fn default() -> Config {
        Config {
            body_limit: 8 << 20,
            request_timeout: Duration::from_secs(20),
            header_timeout: Duration::from_secs(10),
            max_connections: 256,
        }
    }
}

/// The application: the page and its assets, the API, the limits and the security headers.
///
/// ```
/// let app = forsyth_server::router(&forsyth_server::Config::default());
/// # let _ = app;
/// ```
#[cfg(feature = "http")]
pub fn router(config: &Config) -> Router {
    let api = Router::new()
        .route("/api/health", get(api::health))
        .route("/api/fen", post(api::fen))
        .route("/api/board", post(api::board))
        .route("/api/moves", post(api::moves))
        .route("/api/pgn", post(api::pgn))
        .route("/api/game", post(api::game))
        .route("/api/problem", post(api::problem))
        .route("/api/solve", post(api::solve))
        .route("/api/start", get(api::start))
        .fallback(api::not_found)
        .with_state(api::Limits { body: config.body_limit });
    Router::new()
        .route("/", get(assets::index))
        .route("/app.css", get(assets::css))
        .route("/app.js", get(assets::js))
        .route("/favicon.svg", get(assets::favicon))
        .merge(api)
        .layer(DefaultBodyLimit::max(config.body_limit))
        .layer(axum::middleware::from_fn_with_state(config.body_limit, limits::refuse_large_bodies))
        .layer(axum::middleware::from_fn_with_state(config.request_timeout, limits::time_limit))
        .layer(axum::middleware::from_fn(limits::same_origin_only))
        .layer(axum::middleware::from_fn(limits::security_headers))
}

/// Serves [`router`] on `listener` until the process ends: HTTP/1.1, at most `config.max_connections` at once,
/// clients that take longer than `config.header_timeout` to send their headers cut off.
#[cfg(feature = "http")]
pub async fn serve(listener: TcpListener, config: Config) -> std::io::Result<()> {
    let app = router(&config);
    let slots = Arc::new(Semaphore::new(config.max_connections.max(1)));
    loop {
        let slot = Arc::clone(&slots).acquire_owned().await.expect("the semaphore is never closed");
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors or a connection reset before it was accepted: wait a little, go on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(app.clone());
        let header_timeout = config.header_timeout;
        tokio::spawn(async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new()).header_read_timeout(header_timeout);
            // A connection's errors (a client gone, a header timeout) concern that client only.
            let _ = http.serve_connection(TokioIo::new(stream), service).await;
            drop(slot);
        });
    }
}

/// Binds `host:port` (port 0: a free port) and returns the listener and the address it got.
#[cfg(feature = "http")]
pub async fn bind(host: &str, port: u16) -> std::io::Result<(TcpListener, std::net::SocketAddr)> {
    let listener = TcpListener::bind((host, port)).await?;
    let address = listener.local_addr()?;
    Ok((listener, address))
}
