//! What keeps the server safe on a shared machine: bodies capped, requests timed, other sites kept out, and
//! security headers on every answer.

use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::ApiError;

/// The page's scripts and styles come from this server only, as files (no inline script); answers go nowhere
/// else; no other site may frame the page.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; \
                   connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// 413 before any byte of the body is read when the request says its body is larger than the limit (a body
/// without a length is cut at the limit while it is read).
pub async fn refuse_large_bodies(State(limit): State<usize>, request: Request, next: Next) -> Response {
    let length = request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    match length {
        Some(length) if length > limit as u64 => too_large(limit).into_response(),
        _ => next.run(request).await,
    }
}

/// The error for a body over `limit` bytes.
pub fn too_large(limit: usize) -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "request.too-large",
        format!("the request body is larger than {} bytes ({} MiB), the server's limit", limit, limit >> 20),
    )
}

/// The longest search a solve request may ask for: a solve holds one of the server's threads for that long.
pub const MAX_SOLVE_SECONDS: f64 = 300.0;

/// 408 when a request (its body read, its answer computed) takes longer than the limit. `POST /api/solve` has
/// its own time limit, the one it asks for (at most [`MAX_SOLVE_SECONDS`]), and gets that much more.
pub async fn time_limit(State(limit): State<Duration>, request: Request, next: Next) -> Response {
    let limit =
        if request.uri().path() == "/api/solve" { limit + Duration::from_secs_f64(MAX_SOLVE_SECONDS) } else { limit };
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "request.timeout",
            format!("the request took longer than {} s; send a smaller input", limit.as_secs_f32()),
        )
        .into_response(),
    }
}

/// 403 for a request sent by a page of another site (its `Origin` is not this server): the API is for this
/// server's page only, and no CORS header ever invites others.
pub async fn same_origin_only(request: Request, next: Next) -> Response {
    let headers = request.headers();
    if let Some(origin) = headers.get(header::ORIGIN) {
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
        let same = origin.to_str().ok().and_then(|o| o.strip_prefix("http://")).is_some_and(|o| o == host);
        if !same {
            return ApiError::new(
                StatusCode::FORBIDDEN,
                "request.cross-origin",
                "requests from another site's pages are refused; open the page this server serves",
            )
            .into_response();
        }
    }
    next.run(request).await
}

/// The security headers of every answer.
pub async fn security_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::HeaderName::from_static("cross-origin-resource-policy"), "same-origin"),
        (header::HeaderName::from_static("cross-origin-opener-policy"), "same-origin"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    headers.entry(header::CACHE_CONTROL).or_insert(HeaderValue::from_static("no-store"));
    response
}
