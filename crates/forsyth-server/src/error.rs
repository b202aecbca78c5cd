//! The one shape of every error the API answers: `{"error": {"code": ..., "message": ...}}` with an HTTP status.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// An error answered to a request: its status, a stable code and a message saying what is wrong and what would
/// be right.
///
/// ```
/// use forsyth_server::ApiError;
/// let e = ApiError::bad_request("request.json", "expected `,` or `}` at line 1 column 9");
/// assert_eq!(e.code(), "request.json");
/// assert_eq!(e.to_string(), "expected `,` or `}` at line 1 column 9 [request.json]");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    code: &'static str,
    /// What is wrong and what would be right.
    pub message: String,
}

impl ApiError {
    /// An error with any status.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into() }
    }

    /// 400: the request itself is malformed (not JSON, not UTF-8, a field of the wrong type).
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }

    /// 422: a well-formed request whose chess input cannot be used (an unknown language, a FEN that is not one).
    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

    /// The stable code, such as `request.json` or `fen.board.rank-too-long`.
    pub const fn code(&self) -> &'static str {
        self.code
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} [{}]", self.message, self.code)
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({"error": {"code": self.code, "message": self.message}}))).into_response()
    }
}
