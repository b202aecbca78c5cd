//! The JSON API's handlers: each reads its request, asks the library, and answers in the shapes of
//! [`crate::report`]. Chess work runs on the blocking pool so that one long PGN does not hold up other requests.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use forsyth::diagram::explain::{self, explain, status_sentence};
use forsyth::diagram::{self, Diagram, svg};
use forsyth::notation::fen::{CastlingStyle, Fen, FenPositionError};
use forsyth::notation::general::read_fen;
use forsyth::notation::score::{move_texts, translate};
use forsyth::notation::{Language, Letters, MoveReadOptions, MoveStyle, MoveWriteOptions, write_move};
use forsyth::pgn::{self, GameBuilder, write_game};
use forsyth::piece_kind::PieceTable;
use forsyth::problem::solve::{Limits as SolveLimits, SolveOptions, solve_problem};
use forsyth::{Allowed, Color, History, Move, Outcome, Position, Problem, Square, Topology, Variant, start as starts};

use crate::{ApiError, game, limits, problem, report};

/// The limits the handlers need.
#[derive(Clone, Copy)]
pub struct Limits {
    pub body: usize,
}

/// The longest FEN read (a FEN of the largest board is under 200 characters).
const MAX_FEN: usize = 2_000;
/// The most moves played in one request (the longest possible game is under 6,000 moves).
const MAX_MOVES: usize = 20_000;

type Answer = Result<Json<Value>, ApiError>;

/// `GET /api/health`: the server is up; with what the page offers in its menus and the body limit.
pub async fn health(State(limits): State<Limits>) -> Json<Value> {
    let languages: Vec<Value> = Language::ALL.iter().map(|l| json!({"code": l.code(), "name": l.name()})).collect();
    let notations: Vec<&str> = MoveStyle::ALL.iter().map(|s| s.name()).collect();
    Json(json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "body_limit": limits.body,
        "languages": languages,
        "notations": notations,
    }))
}

pub async fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "request.not-found",
        "no such page or API; the API has GET /api/health, POST /api/fen, POST /api/board, POST /api/moves, POST /api/pgn, \
         POST /api/game, POST /api/problem, POST /api/solve, GET /api/start",
    )
}

/// The body, or the error of a body that could not be read (413 over the limit).
fn body(body: Result<Bytes, BytesRejection>, limits: Limits) -> Result<Bytes, ApiError> {
    body.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => limits::too_large(limits.body),
        status => ApiError::new(status, "request.body", rejection.body_text()),
    })
}

/// A JSON request body read into `T`; 400 with serde's reason (which names line and column) otherwise.
fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    // JSON is UTF-8 (RFC 8259): say so, and where it stops, rather than what serde makes of the byte.
    let text = std::str::from_utf8(bytes).map_err(|e| {
        ApiError::bad_request(
            "request.utf8",
            format!(
                "the body is not UTF-8: the byte at offset {} cannot start or continue a character",
                e.valid_up_to()
            ),
        )
    })?;
    serde_json::from_str(text).map_err(|e| {
        let what = if e.is_data() { "the JSON does not fit this request" } else { "malformed JSON" };
        ApiError::bad_request("request.json", format!("{what}: {e}"))
    })
}

/// Runs chess work on the blocking pool.
async fn work<T: Send + 'static>(job: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(job).await.map_err(|_| {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "server.failed", "the server failed on this input")
    })
}

fn lang(code: Option<&str>) -> Result<Language, ApiError> {
    diagram::sentence_language(code.unwrap_or("en")).map_err(|e| ApiError::unprocessable("request.lang", e.to_string()))
}

fn variant(name: Option<&str>) -> Result<Option<Variant>, ApiError> {
    name.filter(|n| !n.is_empty())
        .map(|n| n.parse::<Variant>().map_err(|e| ApiError::unprocessable("request.variant", e.to_string())))
        .transpose()
}

/// Piece letters: a language code (`en`, `de`...) or `figurine`.
fn letters(code: Option<&str>) -> Result<Letters, ApiError> {
    match code.unwrap_or("en") {
        "figurine" => Ok(Letters::FIGURINES),
        code => Language::from_code(code).map(Letters::language).ok_or_else(|| {
            let codes: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
            ApiError::unprocessable(
                "request.lang",
                format!("unknown language '{code}'; use one of {} or figurine", codes.join(" ")),
            )
        }),
    }
}

fn style(name: Option<&str>) -> Result<MoveStyle, ApiError> {
    name.unwrap_or("san").parse::<MoveStyle>().map_err(|e| ApiError::unprocessable("request.notation", e.to_string()))
}

fn too_long(fen: &str) -> Result<(), ApiError> {
    if fen.chars().count() > MAX_FEN {
        return Err(ApiError::unprocessable(
            "request.fen-too-long",
            format!("the FEN has {} characters; a FEN has at most {MAX_FEN}", fen.chars().count()),
        ));
    }
    Ok(())
}

/// A diagram as SVG, with the last move and a king in check marked.
pub(crate) fn picture(diagram: &Diagram, pos: Option<&Position>, last: Option<(Square, Square)>, flip: bool) -> String {
    let check = pos.filter(|p| p.is_check()).and_then(|p| p.king(p.turn()));
    svg::svg(diagram, &diagram::DiagramStyle { check, ..diagram_style(flip, last) })
}

/// The style of every diagram answered: ids of its own (the page shows several diagrams at once, and an id
/// names one element in the whole page), the board flipped or not, the last move marked.
pub(crate) fn diagram_style(flip: bool, last_move: Option<(Square, Square)>) -> diagram::DiagramStyle {
    static DIAGRAMS: AtomicU64 = AtomicU64::new(1);
    let id_prefix = format!("d{}-", DIAGRAMS.fetch_add(1, Ordering::Relaxed));
    diagram::DiagramStyle { flip, last_move, id_prefix, ..diagram::DiagramStyle::default() }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FenRequest {
    fen: String,
    lang: Option<String>,
    variant: Option<String>,
    #[serde(default)]
    flip: bool,
    /// The last move in UCI (`e2e4`), marked on the diagram.
    last_move: Option<String>,
    /// Problems accepted as warnings, as `fen check --allow` takes them (`all`, `too-many-pieces,...`).
    allow: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardRequest {
    fen: String,
    /// Fairy pieces declared as `forsyth --piece` takes them: `["G=grasshopper", "Z=betza:ZW"]`.
    #[serde(default)]
    pieces: Vec<String>,
    /// `plain`, `vertical-cylinder`, `horizontal-cylinder` or `torus`.
    board: Option<String>,
    lang: Option<String>,
    #[serde(default)]
    flip: bool,
    /// The last move in UCI (`e2e4`), marked on the diagram.
    last_move: Option<String>,
}

/// `POST /api/board`: the diagram of a FEN, with fairy pieces declared and cylinder boards as `forsyth board --svg
/// --piece … --board …` draws them (turned pieces, a legend in `lang`, the joined edges marked).
pub async fn board(State(limits): State<Limits>, bytes: Result<Bytes, BytesRejection>) -> Answer {
    let request: BoardRequest = parse(&body(bytes, limits)?)?;
    let lang = lang(request.lang.as_deref())?;
    too_long(&request.fen)?;
    let last = request.last_move.as_deref().map(uci_squares).transpose()?;
    let topology = match request.board.as_deref() {
        Some(name) => name.parse::<Topology>().map_err(|e| ApiError::unprocessable("request.board", e.to_string()))?,
        None => Topology::Plain,
    };
    let mut table = PieceTable::new();
    for declaration in &request.pieces {
        table
            .declare_text(declaration)
            .map_err(|e| ApiError::unprocessable(e.code(), format!("piece '{declaration}': {e}")))?;
    }
    let general = !request.pieces.is_empty() || topology != Topology::Plain;
    let answer = work(move || -> Result<Value, ApiError> {
        let style = diagram_style(request.flip, last);
        if general {
            let pos = read_fen(&request.fen, &table, topology)
                .map_err(|e| ApiError::unprocessable(e.code(), e.to_string()))?;
            let (white, black) = (pos.count(Color::White).0, pos.count(Color::Black).0);
            return Ok(json!({
                "svg": svg::general(&pos, &style, lang),
                "count": {"white": white, "black": black, "text": format!("{white}+{black}")},
                "legend": diagram::general::legend(&pos, lang),
            }));
        }
        let reading = diagram::read(&request.fen).map_err(|e| ApiError::unprocessable(e.code, e.to_string()))?;
        let count = reading.diagram.count();
        let pos = reading.fen.as_ref().and_then(|fen| fen.position(None).ok());
        Ok(json!({
            "svg": picture(&reading.diagram, pos.as_ref(), last, request.flip),
            "count": {"white": count.white, "black": count.black, "text": count.to_string()},
            "legend": [],
        }))
    })
    .await??;
    Ok(Json(answer))
}

/// `POST /api/fen`: a FEN checked, explained, written in each dialect, counted and drawn.
pub async fn fen(State(limits): State<Limits>, bytes: Result<Bytes, BytesRejection>) -> Answer {
    let request: FenRequest = parse(&body(bytes, limits)?)?;
    let lang = lang(request.lang.as_deref())?;
    let variant = variant(request.variant.as_deref())?;
    too_long(&request.fen)?;
    let last = request.last_move.as_deref().map(uci_squares).transpose()?;
    let allowed = allow(request.allow.as_deref())?;
    Ok(Json(work(move || fen_answer(&request.fen, lang, variant, allowed, request.flip, last)).await?))
}

/// The problems a request allows (`"allow": "all"` or codes, as `--allow` takes them); none when absent.
fn allow(codes: Option<&str>) -> Result<Allowed, ApiError> {
    codes.map_or(Ok(Allowed::NONE), |codes| {
        codes.parse::<Allowed>().map_err(|e| ApiError::unprocessable(e.code(), e.to_string()))
    })
}

/// The squares of a move in UCI, for a highlight; its legality does not matter.
fn uci_squares(text: &str) -> Result<(Square, Square), ApiError> {
    let b = text.as_bytes();
    // Squares of two or three characters (a1, a10 is not on any board here): from 4 to 5 bytes with promotion.
    match (b.get(0..2).and_then(Square::from_ascii), b.get(2..4).and_then(Square::from_ascii)) {
        (Some(from), Some(to)) if b.len() <= 5 => Ok((from, to)),
        _ => Err(ApiError::unprocessable(
            "request.last-move",
            format!("'{text}' is not a move in UCI: write origin and destination squares, such as e2e4"),
        )),
    }
}

fn fen_answer(
    text: &str,
    lang: Language,
    variant: Option<Variant>,
    allowed: Allowed,
    flip: bool,
    last: Option<(Square, Square)>,
) -> Value {
    let mut answer = report::fen_check(text, false, variant, allowed);
    let lenient = Fen::parse_lenient(text).ok().map(|(fen, _)| fen);
    // A board alone, or a FEN with fields missing, is explained as lenient reading completes it.
    // Unknown pieces (`X`) make a diagram, never a position: its board is explained alone.
    let diagram_only = answer["error"]["code"] == "fen.board.unknown-piece";
    let explained = explain(text, lang, variant)
        .ok()
        .or_else(|| lenient.as_ref().and_then(|fen| explain(&fen.to_string(), lang, variant).ok()))
        .or_else(|| {
            let board = text.split_whitespace().next().filter(|_| diagram_only)?;
            explain(board, lang, variant).ok()
        });
    answer["diagram_only"] = json!(diagram_only);
    let position = lenient.as_ref().map(|fen| fen.position_allowing(variant, allowed));
    // The problems refused, or those allowed, each with the column of its field.
    let (found, listed) = match &position {
        Some(Err(e)) => (e.problems.as_slice(), "problems"),
        Some(Ok((_, warnings))) => (warnings.as_slice(), "allowed"),
        None => (&[][..], "problems"),
    };
    if let Some(problems) = answer[listed].as_array_mut() {
        for (json, problem) in problems.iter_mut().zip(found) {
            json["column"] = json!(problem_column(text, problem));
        }
    }
    let position = position.and_then(Result::ok).map(|(pos, _)| pos);
    let dialects = position.as_ref().map(|pos| {
        let fen = Fen::from_position(pos);
        let written = |style| fen.to_string_with(style).map_or_else(|e| json!({"error": e.to_string()}), |s| json!(s));
        json!({
            "fen": written(CastlingStyle::Classic),
            "xfen": written(CastlingStyle::XFen),
            "shredder": written(CastlingStyle::Shredder),
            "board": fen.to_string().split(' ').next(),
        })
    });
    answer["dialects"] = dialects.unwrap_or(Value::Null);
    answer["variant"] = json!(
        explained
            .as_ref()
            .map(|e| e.variant)
            .or(position.as_ref().map(Position::variant))
            .or(lenient.as_ref().map(Fen::infer_variant))
            .map(Variant::name)
    );
    match &explained {
        Some(e) => {
            answer["count"] = json!({"white": e.count.white, "black": e.count.black, "text": e.count.to_string()});
            answer["svg"] = json!(picture(&e.diagram, position.as_ref(), last, flip));
            answer["explanation"] = report::explanation(e);
        }
        None => {
            // Not a FEN, but its board may still be drawn: the problem is often in another field.
            let board = text.split_whitespace().next().and_then(|board| diagram::read(board).ok());
            answer["svg"] = json!(board.map(|r| picture(&r.diagram, None, last, flip)));
            answer["explanation"] = Value::Null;
        }
    }
    answer
}

/// The column (1-based, in characters) of the FEN field a position problem concerns.
fn problem_column(text: &str, problem: &Problem) -> usize {
    let field = match problem {
        Problem::InvalidCastlingRight { .. } | Problem::CastlingPrefixMismatch { .. } => 2,
        Problem::InvalidEnPassant { .. } => 3,
        Problem::OppositeCheck => 1,
        _ => 0,
    };
    let mut starts = Vec::new();
    let mut previous_space = true;
    for (column, c) in text.chars().enumerate() {
        if !c.is_whitespace() && previous_space {
            starts.push(column + 1);
        }
        previous_space = c.is_whitespace();
    }
    starts.get(field).or(starts.first()).copied().unwrap_or(1)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovesRequest {
    fen: Option<String>,
    variant: Option<String>,
    moves: String,
    input_lang: Option<String>,
    lang: Option<String>,
    notation: Option<String>,
    #[serde(default)]
    flip: bool,
    /// Problems of `fen` accepted as warnings, as in `/api/fen`.
    allow: Option<String>,
    /// The language of sentences (the status, promotion pieces' names): `en` or `de`.
    words: Option<String>,
}

/// `POST /api/moves`: moves in any notation and language played one by one from a position and written again.
pub async fn moves(State(limits): State<Limits>, bytes: Result<Bytes, BytesRejection>) -> Answer {
    let request: MovesRequest = parse(&body(bytes, limits)?)?;
    let variant = variant(request.variant.as_deref())?;
    let read = MoveReadOptions::with_letters(letters(request.input_lang.as_deref())?);
    let write =
        MoveWriteOptions::new(style(request.notation.as_deref())?).with_letters(letters(request.lang.as_deref())?);
    let allowed = allow(request.allow.as_deref())?;
    let (start, warnings) = match request.fen.as_deref().map(str::trim).filter(|f| !f.is_empty()) {
        None => (Position::new(variant.unwrap_or_default()), Vec::new()),
        Some(fen) => {
            too_long(fen)?;
            Fen::parse_position_allowing(fen, variant, allowed).map_err(|e| match e {
                FenPositionError::Syntax(e) => ApiError::unprocessable(e.code, format!("invalid FEN: {e}")),
                FenPositionError::Illegal(e) => ApiError::unprocessable(
                    e.problems.first().map_or("position.illegal", Problem::code),
                    format!("illegal position: {e}"),
                ),
            })?
        }
    };
    write.letters.check(start.variant()).map_err(|e| ApiError::unprocessable(e.code(), e.to_string()))?;
    let texts = move_texts([request.moves.as_str()]);
    if texts.len() > MAX_MOVES {
        return Err(ApiError::unprocessable(
            "request.too-many-moves",
            format!("{} moves; at most {MAX_MOVES} are played in one request", texts.len()),
        ));
    }
    let words = lang(request.words.as_deref())?;
    let mut answer = work(move || moves_answer(start, &texts, &read, &write, request.flip, words)).await?;
    answer["allowed"] = json!(report::problems(&warnings));
    Ok(Json(answer))
}

fn moves_answer(
    start: Position,
    texts: &[String],
    read: &MoveReadOptions,
    write: &MoveWriteOptions,
    flip: bool,
    words: Language,
) -> Value {
    let mut pos = start;
    let translation = translate(&mut pos, texts, read, write);
    let mut replay = start;
    let mut history = History::new(&start);
    let moves: Vec<Value> = translation
        .moves
        .iter()
        .zip(texts)
        .map(|(m, input)| {
            if m.mv.is_null() {
                let _ = replay.play_null();
            } else {
                replay.play_unchecked(m.mv);
            }
            history.push(&replay);
            json!({"input": input, "written": m.written, "uci": m.mv.to_string(),
                   "from": m.mv.from().to_string(), "to": m.mv.to().to_string(),
                   "fen": Fen::from_position(&replay).to_string()})
        })
        .collect();
    let last = translation.moves.last().filter(|m| !m.mv.is_null()).map(|m| (m.mv.from(), m.mv.to()));
    json!({
        "start_fen": Fen::from_position(&start).to_string(),
        "moves": moves,
        "score": translation.score,
        "fen": Fen::from_position(&pos).to_string(),
        "check": pos.is_check(),
        "status": report::status_name(pos.status()),
        // The repetition rules (FIDE 9.2, 9.6.1), over the moves played from the start position given.
        "repetition": {"count": history.repetitions(), "claimable": history.can_claim_threefold(&pos),
                       "fivefold": history.is_fivefold()},
        "error": translation.error.map(|e| json!({
            "index": e.index, "number": e.number, "white": e.white, "text": e.text,
            "code": e.code, "reason": e.reason, "message": e.to_string(),
        })),
        "svg": picture(&Diagram::from_position(&pos), Some(&pos), last, flip),
        "status_text": status_sentence(&pos, words),
        "legal": legal_moves(&pos, write, words),
        "pgn": line_pgn(start, translation.moves.iter().map(|m| m.mv), pos.outcome()),
    })
}

/// The legal moves of a position as a board played by hand needs them: each with its UCI (castling as king takes
/// rook, which names it in every variant), its origin, the squares the piece may be put down on to make it
/// ([`Position::drop_squares`]), the piece a pawn becomes (its letter and name in `words`) and the move written.
fn legal_moves(pos: &Position, write: &MoveWriteOptions, words: Language) -> Vec<Value> {
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let role = m.promotion_role();
            json!({
                "uci": m.to_string(),
                "from": m.from().to_string(),
                "drop": pos.drop_squares(m).iter().map(|sq| sq.to_string()).collect::<Vec<_>>(),
                "promotion": role.map(|r| r.char().to_string()),
                "promotion_name": role.map(|r| explain::role_name(r, false, words, pos.variant())),
                "written": write_move(pos, m, write),
            })
        })
        .collect()
}

/// A line of play from `start` as a game in PGN export format (moves in English SAN, as the standard has them;
/// the `FEN` and `Variant` tags the start needs), its result the one the rules give where the line ends the game.
fn line_pgn(start: Position, moves: impl Iterator<Item = Move>, outcome: Option<Outcome>) -> String {
    let nodes = moves.map(|mv| pgn::Node { mv, annotations: Vec::new() }).collect();
    let game = pgn::Game {
        tags: Vec::new(),
        escapes: Vec::new(),
        start,
        moves: pgn::Line { intro: Vec::new(), nodes },
        result: outcome.map(pgn::GameResult::from),
    };
    let mut text = String::new();
    write_game(&game, &pgn::PgnWriteOptions::default(), &mut text);
    text
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PgnQuery {
    lang: Option<String>,
    notation: Option<String>,
    input_lang: Option<String>,
    /// Problems of `FEN` tags accepted, as `forsyth pgn check --allow` takes them.
    allow: Option<String>,
}

/// `POST /api/pgn`: the body a PGN file; every game's tags and first error, and the games without errors
/// written again in the language and notation asked for.
pub async fn pgn(
    State(limits): State<Limits>,
    query: Result<Query<PgnQuery>, axum::extract::rejection::QueryRejection>,
    bytes: Result<Bytes, BytesRejection>,
) -> Answer {
    let Query(query) = query.map_err(|e| ApiError::bad_request("request.query", e.body_text()))?;
    let bytes = body(bytes, limits)?;
    text_only(&bytes)?;
    let read_letters = letters(query.input_lang.as_deref())?;
    let write = MoveWriteOptions::new(style(query.notation.as_deref())?).with_letters(letters(query.lang.as_deref())?);
    let options = pgn::PgnReadOptions {
        moves: MoveReadOptions::with_letters(read_letters),
        allow: allow(query.allow.as_deref())?,
        ..pgn::PgnReadOptions::default()
    };
    Ok(Json(work(move || pgn_answer(&bytes, options, write)).await?))
}

/// How much of an upload is looked at for bytes that no text holds: a picture, a program or a compressed file shows
/// them in its first bytes, and a text file with one stray byte further on keeps its games.
const TEXT_CHECKED: usize = 8 << 10;

/// 422 for a body that is no text file (a picture uploaded as PGN), rather than games made of its noise.
fn text_only(bytes: &[u8]) -> Result<(), ApiError> {
    match pgn::first_binary_byte(&bytes[..bytes.len().min(TEXT_CHECKED)]) {
        None => Ok(()),
        Some(at) => Err(ApiError::unprocessable(
            "request.not-text",
            format!(
                "not a text file: the byte 0x{:02x} at offset {at} stands in no text (a picture, a program or a \
                 compressed file?); a PGN file is text, such as 1. e4 e5 2. Nf3",
                bytes[at]
            ),
        )),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameQuery {
    /// The game's number in the file (1-based), as `/api/pgn` numbers them.
    number: u64,
    lang: Option<String>,
    notation: Option<String>,
    input_lang: Option<String>,
    allow: Option<String>,
}

/// `POST /api/game?number=3`: the body a PGN file; game 3 with every move of its main line and variations, the
/// position after each, its comments, NAGs and clocks, and where its error and warnings stand.
pub async fn game(
    State(limits): State<Limits>,
    query: Result<Query<GameQuery>, axum::extract::rejection::QueryRejection>,
    bytes: Result<Bytes, BytesRejection>,
) -> Answer {
    let Query(query) = query.map_err(|e| ApiError::bad_request("request.query", e.body_text()))?;
    let bytes = body(bytes, limits)?;
    text_only(&bytes)?;
    let write = MoveWriteOptions::new(style(query.notation.as_deref())?).with_letters(letters(query.lang.as_deref())?);
    let options = pgn::PgnReadOptions {
        moves: MoveReadOptions::with_letters(letters(query.input_lang.as_deref())?),
        allow: allow(query.allow.as_deref())?,
        keep_broken: true,
        ..pgn::PgnReadOptions::default()
    };
    let number = query.number;
    let found = work(move || {
        let mut found = None;
        let made = |builder: GameBuilder, report: pgn::GameReport| (builder.finish(), report);
        // The game once found ends the reading: the games after it are not read.
        let _ = pgn::Reader::from_bytes(&bytes[..]).options(options).visit(GameBuilder::default, made, |text, read| {
            if text.number != number {
                return Ok(());
            }
            found = Some(read);
            Err(std::io::Error::other("found"))
        });
        found.map(|(game, report)| game::game_json(number, &game, &report, &write))
    })
    .await?;
    found.map(Json).ok_or_else(|| {
        ApiError::unprocessable(
            "request.no-game",
            format!("the file has no game {number}; its games are numbered from 1"),
        )
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProblemRequest {
    /// Popeye input or a YACPDB entry.
    text: String,
    /// The language of the words (legend, board): `en` or `de`; the letters of orthodox moves.
    lang: Option<String>,
    /// `plain` (Popeye's board), `vertical-cylinder`, `horizontal-cylinder` or `torus`.
    board: Option<String>,
    #[serde(default)]
    flip: bool,
    notation: Option<String>,
}

/// The longest problem text read (a problem with every square described is a few kilobytes).
const MAX_PROBLEM: usize = 1 << 20;

/// 422 `request.problem-too-long` for a problem text over [`MAX_PROBLEM`] bytes.
fn problem_within_limit(text: &str) -> Result<(), ApiError> {
    if text.len() > MAX_PROBLEM {
        return Err(ApiError::unprocessable(
            "request.problem-too-long",
            format!("the problem text has {} bytes; at most {MAX_PROBLEM} are read", text.len()),
        ));
    }
    Ok(())
}

/// `POST /api/problem`: every problem of a Popeye input or YACPDB entry drawn, with its stipulation, conditions and
/// legal moves.
pub async fn problem(State(limits): State<Limits>, bytes: Result<Bytes, BytesRejection>) -> Answer {
    let request: ProblemRequest = parse(&body(bytes, limits)?)?;
    problem_within_limit(&request.text)?;
    let words = lang(request.lang.as_deref())?;
    let topology = match request.board.as_deref() {
        Some(name) => name.parse::<Topology>().map_err(|e| ApiError::unprocessable("request.board", e.to_string()))?,
        None => Topology::Plain,
    };
    let style = style(request.notation.as_deref())?;
    let show = problem::Show {
        words,
        topology,
        flip: request.flip,
        write: MoveWriteOptions::new(style).with_letters(Letters::language(words)),
        style,
    };
    Ok(Json(work(move || problem::problems(&request.text, &show)).await??))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// Popeye input or a YACPDB entry.
    text: String,
    /// Which problem of the text, from 1.
    problem: Option<usize>,
    /// Seconds the search may take.
    time_limit: Option<f64>,
    /// The language of the moves and words: `en` or `de`.
    lang: Option<String>,
    /// How moves are written; problem notation (`Sg1-f3`) unless asked otherwise.
    notation: Option<String>,
}

/// Sets the search's stop flag when the request is dropped: a page that cancels closes the request, and the
/// search ends with it instead of running on to its time limit.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// `POST /api/solve`: one problem of a Popeye input or YACPDB entry solved as `forsyth problem solve` solves it,
/// within a time limit, on one thread; cancelled when the request is closed.
pub async fn solve(State(limits): State<Limits>, bytes: Result<Bytes, BytesRejection>) -> Answer {
    let request: SolveRequest = parse(&body(bytes, limits)?)?;
    problem_within_limit(&request.text)?;
    let seconds = request.time_limit.unwrap_or(60.0);
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= limits::MAX_SOLVE_SECONDS) {
        return Err(ApiError::unprocessable(
            "request.time-limit",
            format!("time_limit {seconds}: give a number of seconds above 0 and at most {}", limits::MAX_SOLVE_SECONDS),
        ));
    }
    let language = lang(request.lang.as_deref())?;
    let style = match request.notation.as_deref() {
        None => MoveStyle::Problem,
        name => style(name)?,
    };
    let stop = Arc::new(AtomicBool::new(false));
    let _cancel = StopOnDrop(stop.clone());
    let number = request.problem.unwrap_or(1);
    let answer = work(move || -> Result<Value, ApiError> {
        let read = problem::read(&request.text)?;
        let Some(chosen) = number.checked_sub(1).and_then(|i| read.problems.get(i)) else {
            return Err(ApiError::unprocessable(
                "request.no-problem",
                format!("the text has no problem {number}; it has {}, numbered from 1", read.problems.len()),
            ));
        };
        let options = SolveOptions {
            limits: SolveLimits {
                max_time: Some(Duration::from_secs_f64(seconds)),
                table_bytes: 64 << 20,
                stop,
                ..SolveLimits::default()
            },
            ..SolveOptions::default()
        };
        let ways = solve_problem(chosen, &options, style, language)
            .map_err(|e| ApiError::unprocessable(e.code(), e.to_string()))?;
        let solution: Vec<String> = ways
            .iter()
            .map(|w| {
                let exchanged = if !w.exchanged {
                    ""
                } else if language == Language::De {
                    "Farben vertauscht:\n"
                } else {
                    "The colours exchanged:\n"
                };
                format!("{exchanged}{}", w.written.text)
            })
            .collect();
        Ok(json!({
            "problem": number,
            "results": ways.iter().map(report::solution).collect::<Vec<_>>(),
            "solution": solution.join("\n"),
        }))
    })
    .await??;
    Ok(Json(answer))
}

fn pgn_answer(bytes: &[u8], options: pgn::PgnReadOptions, moves: MoveWriteOptions) -> Value {
    let write = pgn::PgnWriteOptions { moves, ..pgn::PgnWriteOptions::default() };
    let mut games = Vec::new();
    let mut converted = String::new();
    let made = |builder: GameBuilder, report: pgn::GameReport| (builder.finish(), report);
    let read =
        pgn::Reader::from_bytes(bytes).options(options).visit(GameBuilder::default, made, |raw, (game, report)| {
            let error = report.error.as_deref().map(report::pgn_error);
            if report.error.is_none() {
                write_game(&game, &write, &mut converted);
            }
            let warnings: Vec<Value> = report.warnings.iter().map(report::pgn_warning).collect();
            games.push(json!({"number": raw.number, "tags": game.tags, "moves": report.moves, "error": error,
                              "warnings": warnings}));
            Ok(())
        });
    let valid = games.iter().filter(|g| g["error"].is_null()).count();
    let warnings: usize = games.iter().map(|g| g["warnings"].as_array().map_or(0, Vec::len)).sum();
    json!({
        "games": games,
        "count": games.len(),
        "valid": valid,
        "warnings": warnings,
        "converted": converted,
        "error": read.err().map(|e| e.to_string()),
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartQuery {
    variant: Option<String>,
    n: Option<String>,
    #[serde(default)]
    flip: bool,
}

/// `GET /api/start?variant=chess960&n=518`: a Chess960 or CRC start position by number, or a random one.
pub async fn start(query: Result<Query<StartQuery>, axum::extract::rejection::QueryRejection>) -> Answer {
    let Query(query) = query.map_err(|e| ApiError::bad_request("request.query", e.body_text()))?;
    let variant = variant(query.variant.as_deref())?.unwrap_or(Variant::Chess960);
    if !variant.is_shuffle() {
        return Err(ApiError::unprocessable(
            "start.not-shuffle",
            format!("{variant} has one start position; use variant=chess960 or variant=crc"),
        ));
    }
    let max = if variant == Variant::Crc { 47_999 } else { 959 };
    let n = match query.n.as_deref().filter(|n| !n.is_empty() && *n != "random") {
        None if variant == Variant::Crc => starts::random_crc(),
        None => starts::random_chess960(),
        // A number past the last is the library's to refuse; here only text that is no number at all.
        Some(n) => n.parse::<u16>().map_err(|_| {
            ApiError::unprocessable("start.bad-number", format!("'{n}' is not a {variant} number (use 0 to {max})"))
        })?,
    };
    let setup = starts::numbered_setup(variant, n).map_err(|e| ApiError::unprocessable(e.code(), e.to_string()))?;
    let fen = Fen { setup, variant: Some(variant) };
    let pos = fen.position(Some(variant)).ok();
    let diagram = pos.as_ref().map_or_else(|| Diagram::new(fen.setup.board.clone()), Diagram::from_position);
    Ok(Json(json!({
        "variant": variant.name(),
        "number": n,
        "fen": fen.to_string(),
        "svg": picture(&diagram, pos.as_ref(), None, query.flip),
    })))
}
