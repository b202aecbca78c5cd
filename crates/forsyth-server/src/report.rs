//! Results as JSON, the same for the CLI's `--json` and the web API: one function per kind of result, so that
//! both say the same codes and messages.

use forsyth::diagram::explain::Explanation;
use forsyth::notation::fen::{Fen, FenError, Note};
use forsyth::pgn::{PgnError, PgnWarning};
use forsyth::problem::solve::{Solved, WrittenAttack, WrittenDefence, WrittenLine};
use forsyth::problem::stipulation::Play;
use forsyth::{Allowed, CastlingSide, Problem, Status, Variant};
use serde_json::{Value, json};

/// A text that is not a FEN: `{"code", "column", "field", "message"}`.
///
/// ```
/// use forsyth::notation::fen::Fen;
/// let e = Fen::parse("8/8/8/8/8/8/8/8 x - - 0 1").unwrap_err();
/// let json = forsyth_server::report::fen_error(&e);
/// assert_eq!(json["code"], "fen.turn.bad-letter");
/// assert_eq!(json["column"], 17);
/// ```
pub fn fen_error(e: &FenError) -> Value {
    json!({"code": e.code, "column": e.column, "field": e.field.to_string(), "message": e.message})
}

/// A PGN game's error, where reading it stopped: `{"line", "column", "game", "ply", "token", "code", "reason",
/// "fen", "message"}`, the message as `forsyth pgn check` prints it after the file name.
///
/// ```
/// use forsyth::pgn::{PgnReadOptions, Reader};
/// let text = "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n";
/// let games: Vec<_> = Reader::from_bytes(text.as_bytes()).options(PgnReadOptions::default()).games().collect();
/// let json = forsyth_server::report::pgn_error(games[0].as_ref().unwrap().error.as_ref().unwrap());
/// assert_eq!((json["line"].as_u64(), json["column"].as_u64(), json["ply"].as_u64()), (Some(3), Some(13), Some(3)));
/// assert_eq!(json["code"], "illegal-move");
/// ```
pub fn pgn_error(error: &PgnError) -> Value {
    json!({"line": error.line, "column": error.column, "game": error.game, "ply": error.ply, "token": error.token,
           "code": error.kind.code(), "reason": error.reason, "fen": error.fen, "message": error.to_string()})
}

/// Something repaired in a PGN game that was read nonetheless (a `Result` tag that disagrees with the marker, a
/// tag value without its closing quote, ...): `{"line", "column", "game", "token", "code", "reason", "message"}`,
/// the message as `forsyth pgn check` prints it after the file name.
///
/// ```
/// use forsyth::pgn::{PgnReadOptions, Reader};
/// let text = "[Result \"1-0\"]\n\n1. e4 e5 0-1\n";
/// let games: Vec<_> = Reader::from_bytes(text.as_bytes()).options(PgnReadOptions::default()).games().collect();
/// let json = forsyth_server::report::pgn_warning(&games[0].as_ref().unwrap().warnings[0]);
/// assert_eq!(json["code"], "result-mismatch");
/// assert_eq!((json["line"].as_u64(), json["column"].as_u64()), (Some(3), Some(10)));
/// ```
pub fn pgn_warning(warning: &PgnWarning) -> Value {
    json!({"line": warning.line, "column": warning.column, "game": warning.game, "token": warning.token,
           "code": warning.kind.code(), "reason": warning.reason, "message": warning.to_string()})
}

/// What lenient reading assumed: `[{"code", "message"}]`.
pub fn notes(notes: &[Note]) -> Vec<Value> {
    notes.iter().map(|n| json!({"code": n.code, "message": n.message})).collect()
}

/// The problems of an illegal position: `[{"code", "message"}]`.
pub fn problems(problems: &[Problem]) -> Vec<Value> {
    problems.iter().map(|p| json!({"code": p.code(), "message": p.to_string()})).collect()
}

/// A FEN checked (the CLI's `fen check --json`): `result` is `ok`, `error` (not a FEN: `error`) or `invalid` (an
/// illegal position: `problems`), with what lenient reading assumed (`notes`).
///
/// ```
/// let json = forsyth_server::report::fen_check("4k3/8/8/8/8/8/8/8 w - - 0 1", false, None, forsyth::Allowed::NONE);
/// assert_eq!(json["result"], "invalid");
/// assert_eq!(json["problems"][0]["code"], "position.missing-king");
/// ```
pub fn fen_check(text: &str, strict: bool, variant: Option<Variant>, allowed: Allowed) -> Value {
    // A canonical standard FEN has no notes: read it straight into its position (an illegal one takes the general
    // path when some problems are allowed).
    match Fen::parse_canonical_position(text, variant) {
        Some(Ok(_)) => return json!({"fen": text.trim(), "result": "ok", "notes": [], "allowed": []}),
        Some(Err(e)) if allowed.is_none() => {
            return json!({"fen": text.trim(), "result": "invalid", "problems": problems(&e.problems), "notes": []});
        }
        _ => {}
    }
    let read = if strict { Fen::parse_strict(text).map(|fen| (fen, Vec::new())) } else { Fen::parse_lenient(text) };
    match read {
        Err(e) => json!({"fen": text.trim(), "result": "error", "error": fen_error(&e)}),
        Ok((fen, found)) => match fen.position_allowing(variant, allowed) {
            Err(e) => json!({"fen": text.trim(), "result": "invalid", "problems": problems(&e.problems),
                             "notes": notes(&found)}),
            Ok((_, allowed)) => json!({"fen": text.trim(), "result": "ok", "notes": notes(&found),
                                       "allowed": problems(&allowed)}),
        },
    }
}

/// A FEN explained (the CLI's `explain --json`).
///
/// ```
/// use forsyth::diagram::explain::explain;
/// use forsyth::notation::Language;
/// let e = explain("4k3/8/8/8/8/8/4P3/4K3 w - - 5 39", Language::De, None).unwrap();
/// let json = forsyth_server::report::explanation(&e);
/// assert_eq!(json["count"]["text"], "2+1");
/// assert_eq!(json["lang"], "de");
/// ```
pub fn explanation(e: &Explanation) -> Value {
    let setup = e.fen.as_ref().map(|f| &f.setup);
    json!({
        "fen": e.input,
        "lang": e.lang.code(),
        "variant": e.variant.name(),
        "board_only": e.fen.is_none(),
        "sections": e.sections.iter().map(|s| json!({
            "field": s.field,
            "title": s.title,
            "lines": s.lines.iter().map(|l| json!({"token": l.token, "text": l.text, "depth": l.depth})).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "turn": setup.map(|s| s.turn.to_string()),
        "castling": e.castling.iter().map(|r| json!({
            "letter": r.letter.to_string(),
            "color": r.color.to_string(),
            "side": match r.side { CastlingSide::KingSide => "kingside", CastlingSide::QueenSide => "queenside" },
            "rook": r.rook.to_string(),
        })).collect::<Vec<_>>(),
        "en_passant": setup.and_then(|s| s.ep_square).map(|sq| json!({
            "square": sq.to_string(),
            "captures": e.en_passant_captures.as_ref().map(|ms| ms.iter().map(|m| m.to_string()).collect::<Vec<_>>()),
        })),
        "halfmoves": setup.map(|s| s.halfmoves),
        "fullmoves": setup.map(|s| s.fullmoves),
        "count": {"white": e.count.white, "black": e.count.black, "text": e.count.to_string()},
        "pieces": e.pieces,
        "legal": e.legal,
        "status": e.status,
        "problems": e.problems.iter().map(|p| json!({"code": p.code, "text": p.text})).collect::<Vec<_>>(),
        "unreachable": e.unreachable.iter().map(|p| json!({"code": p.code, "text": p.text})).collect::<Vec<_>>(),
    })
}

/// Whether a problem's text is a YACPDB entry (it starts with `---` or has an `algebraic:` line) rather than Popeye
/// input: how `forsyth problem` and the web page's Problems tab tell them apart.
///
/// ```
/// assert!(forsyth_server::report::is_yacpdb("---\nalgebraic:\n  white: [Kd2]\n"));
/// assert!(!forsyth_server::report::is_yacpdb("BeginProblem\nPieces White Kd2 Black Ke8\nEndProblem\n"));
/// ```
pub fn is_yacpdb(text: &str) -> bool {
    text.trim_start().starts_with("---") || text.lines().any(|l| l.trim_start().starts_with("algebraic:"))
}

/// The stable name of a game state: `ongoing`, `checkmate`, `stalemate`, `insufficient-material`,
/// `seventy-five-moves`.
///
/// ```
/// assert_eq!(forsyth_server::report::status_name(forsyth::Status::Checkmate), "checkmate");
/// ```
pub const fn status_name(status: Status) -> &'static str {
    match status {
        Status::Ongoing => "ongoing",
        Status::Checkmate => "checkmate",
        Status::Stalemate => "stalemate",
        Status::InsufficientMaterial => "insufficient-material",
        Status::SeventyFiveMoves => "seventy-five-moves",
    }
}

/// A problem's solution (one way of it: as given or with the colours exchanged), as `forsyth solve --json` writes it
/// and `POST /api/solve` answers: `{"stipulation", "verdict", "finished", "exchanged", "solutions", "tries",
/// "set_play", "text"}` (docs/problem-chess.md has the whole schema).
///
/// ```
/// use forsyth::notation::{Language, MoveStyle};
/// use forsyth::problem::popeye;
/// use forsyth::problem::solve::{SolveOptions, solve_problem};
/// let text = "BeginProblem\nPieces White Kb6 Qf1 Sd5 Pc2 Black Ka8 Pa7\nStipulation #2\nEndProblem\n";
/// let ways = solve_problem(&popeye::parse(text)?[0], &SolveOptions::default(), MoveStyle::Problem, Language::En)?;
/// let json = forsyth_server::report::solution(&ways[0]);
/// assert_eq!(json["verdict"], "cooked");
/// assert_eq!(json["solutions"][1]["uci"], "b6c7");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solution(solved: &Solved) -> Value {
    let (written, stipulation) = (&solved.written, &solved.stipulation);
    fn attack(a: &WrittenAttack) -> Value {
        json!({
            "uci": a.uci,
            "text": a.text,
            "threats": a.threats.iter().map(attack).collect::<Vec<_>>(),
            "zugzwang": a.zugzwang,
            "variations": a.variations.iter().map(defence).collect::<Vec<_>>(),
        })
    }
    fn defence(d: &WrittenDefence) -> Value {
        json!({
            "uci": d.uci,
            "text": d.text,
            "reaches_goal": d.reaches_goal,
            "answers": d.answers.iter().map(attack).collect::<Vec<_>>(),
        })
    }
    fn line(l: &WrittenLine) -> Value {
        json!({ "moves": l.moves, "ending": l.ending, "text": l.text })
    }
    let battle = stipulation.play == Play::Battle;
    let solutions: Vec<Value> =
        if battle { written.keys.iter().map(attack).collect() } else { written.lines.iter().map(line).collect() };
    let tries: Vec<Value> = written
        .tries
        .iter()
        .map(|t| {
            let mut object = attack(&t.attack);
            object["refutations"] =
                t.refutations.iter().map(|(uci, text)| json!({ "uci": uci, "text": text })).collect();
            object
        })
        .collect();
    let set_play: Vec<Value> = if battle {
        written.set_play.iter().map(defence).collect()
    } else {
        written.set_lines.iter().map(line).collect()
    };
    json!({
        "stipulation": stipulation.to_string(),
        "verdict": written.verdict.name(),
        "solutions": solutions,
        "tries": tries,
        "set_play": set_play,
        "finished": solved.finished,
        "exchanged": solved.exchanged,
        "text": written.text,
    })
}
