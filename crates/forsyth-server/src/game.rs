//! One PGN game as the page shows it on a board: every move of the main line and of the variations with the
//! position after it, its NAGs, comments, clock and evaluation, and where the game's error and warnings stand.

use forsyth::Position;
use forsyth::notation::fen::Fen;
use forsyth::notation::{MoveWriteOptions, write_move};
use forsyth::pgn::{
    Annotation, Eval, Game, GameReport, Line, PgnError, PgnWarning, PgnWriteOptions, WarningPlace, comment_commands,
    comment_text, nag_glyph, parse_clock, parse_eval, write_game,
};
use serde_json::{Value, json};

use crate::report;

/// The moves of a game in the order they are written, each with an `id` (its index), the `prev` move whose
/// position it is played from (`null`: the start) and the `next` move of its own line.
struct Tree<'a> {
    write: &'a MoveWriteOptions,
    nodes: Vec<Value>,
}

impl Tree<'_> {
    /// The line's moves played from `before` (reached by the move `prev`, `None` at the start); answers the line
    /// as JSON: `{"intro": [comments], "moves": [ids]}`.
    fn line(&mut self, line: &Line, mut before: Position, mut prev: Option<usize>, ply: u32) -> Value {
        let mut ids: Vec<usize> = Vec::new();
        for (i, node) in line.nodes.iter().enumerate() {
            let id = self.nodes.len();
            let written = write_move(&before, node.mv, self.write);
            let mut after = before;
            if node.mv.is_null() {
                let _ = after.play_null();
            } else {
                after.play_unchecked(node.mv);
            }
            let ply = ply + i as u32 + 1;
            self.nodes.push(json!({
                "id": id, "prev": prev, "next": null, "ply": ply,
                // The move number and whether White made it, from the position before the move.
                "number": before.fullmoves(), "white": before.turn().is_white(),
                "written": written, "uci": node.mv.to_string(),
                "from": (!node.mv.is_null()).then(|| node.mv.from().to_string()),
                "to": (!node.mv.is_null()).then(|| node.mv.to().to_string()),
                "fen": Fen::from_position(&after).to_string(),
            }));
            if let Some(&last) = ids.last() {
                self.nodes[last]["next"] = json!(id);
            }
            ids.push(id);
            let mut nags = Vec::new();
            let mut comments = Vec::new();
            let mut variations = Vec::new();
            let mut clock = None;
            let mut eval = None;
            for annotation in &node.annotations {
                match annotation {
                    Annotation::Nag(nag) => nags.push(json!({"nag": nag, "glyph": nag_glyph(*nag)})),
                    Annotation::Comment(text) => {
                        for command in comment_commands(text) {
                            match command.name {
                                "clk" => clock = parse_clock(command.args).or(clock),
                                "eval" => eval = parse_eval(command.args).map(eval_json).or(eval),
                                _ => {}
                            }
                        }
                        let text = comment_text(text);
                        if !text.is_empty() {
                            comments.push(json!(text));
                        }
                    }
                    // An alternative to this move: played from the position before it.
                    Annotation::Variation(variation) => variations.push(self.line(variation, before, prev, ply - 1)),
                    Annotation::DrawOffer => comments.push(json!("(=)")),
                }
            }
            let json = &mut self.nodes[id];
            json["nags"] = json!(nags);
            json["comments"] = json!(comments);
            json["variations"] = json!(variations);
            json["clock"] = json!(clock);
            json["eval"] = eval.unwrap_or(Value::Null);
            before = after;
            prev = Some(id);
        }
        json!({"intro": intro(&line.intro), "moves": ids})
    }
}

fn intro(annotations: &[Annotation]) -> Vec<String> {
    annotations
        .iter()
        .filter_map(|a| match a {
            Annotation::Comment(text) => Some(comment_text(text)).filter(|t| !t.is_empty()),
            Annotation::Nag(nag) => Some(nag_glyph(*nag).map_or_else(|| format!("${nag}"), str::to_string)),
            _ => None,
        })
        .collect()
}

fn eval_json(eval: Eval) -> Value {
    match eval {
        Eval::Pawns(pawns) => json!({"pawns": pawns}),
        Eval::Mate(moves) => json!({"mate": moves}),
    }
}

/// The game as JSON: `number`, `tags`, `start_fen`, `result`, `main` (the main line), `nodes` (every move),
/// `error` (with `after`: the move after which the bad word stands, `null` before the first) and `warnings`
/// (each with `place`: `tags`, `start` or `end`, and `after` for the end).
pub fn game_json(number: u64, game: &Game, report: &GameReport, write: &MoveWriteOptions) -> Value {
    let mut tree = Tree { write, nodes: Vec::new() };
    let main = tree.line(&game.moves, game.start, None, 0);
    let last_of_main = main["moves"].as_array().and_then(|ids| ids.last()).cloned().unwrap_or(Value::Null);
    let error = report.error.as_deref().map(|e| error_json(e, game, &tree.nodes));
    let warnings: Vec<Value> = report.warnings.iter().map(|w| warning_json(w, &last_of_main)).collect();
    let mut pgn = String::new();
    write_game(game, &PgnWriteOptions::default(), &mut pgn);
    json!({
        "number": number,
        "tags": game.tags,
        "start_fen": Fen::from_position(&game.start).to_string(),
        "result": game.result.map(|r| r.as_str()),
        "main": main,
        "nodes": tree.nodes,
        "error": error,
        "warnings": warnings,
        // The game as read, in export format: the page's Copy PGN.
        "pgn": pgn,
    })
}

/// The error, placed after the move whose position it was read in (the game holds the moves before it).
fn error_json(error: &PgnError, game: &Game, nodes: &[Value]) -> Value {
    let mut json = report::pgn_error(error);
    let place = match (error.ply, &error.fen) {
        (Some(ply), Some(fen)) => {
            let start = Fen::from_position(&game.start).to_string();
            let after = nodes.iter().rev().find(|n| n["ply"] == ply - 1 && n["fen"] == fen.as_str());
            match after {
                Some(node) => json!({"place": "move", "after": node["id"]}),
                None if ply == 1 || start == *fen => json!({"place": "start", "after": null}),
                None => json!({"place": "tags", "after": null}),
            }
        }
        _ => json!({"place": "tags", "after": null}),
    };
    json["place"] = place["place"].clone();
    json["after"] = place["after"].clone();
    json
}

fn warning_json(warning: &PgnWarning, last_of_main: &Value) -> Value {
    let mut json = report::pgn_warning(warning);
    let (place, after) = match warning.kind.place() {
        WarningPlace::Tags => ("tags", Value::Null),
        WarningPlace::Start => ("start", Value::Null),
        WarningPlace::End => ("end", last_of_main.clone()),
    };
    json["place"] = json!(place);
    json["after"] = after;
    json
}
