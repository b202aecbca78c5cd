//! `forsyth solve` and `forsyth problem solve`: the solution of a problem against Popeye's, the JSON shape, the
//! exit status, and the errors that name what forsyth does not solve.

mod common;

use std::collections::BTreeSet;

use common::{forsyth, forsyth_with_input, ok};
use serde_json::Value;

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/mate-in-three.inp");
/// Popeye 4.104's output for the example: `py examples/mate-in-three.inp > tests/popeye/solve/mate-in-three.out`.
const POPEYE: &str = include_str!("../../../tests/popeye/solve/mate-in-three.out");

/// A move of Popeye's solution tree (`Qf8-e7`, `Ke5*e4`) in UCI; castling is not asked for here.
fn uci_of_popeye(text: &str) -> String {
    let text = text.trim_start_matches(|c: char| c.is_ascii_uppercase());
    text.chars().filter(|c| c.is_ascii_alphanumeric()).collect()
}

/// Popeye's tree as (indent, move-number text, move) for every move line.
fn popeye_tree() -> Vec<(usize, String, String)> {
    POPEYE
        .lines()
        .filter_map(|line| {
            let indent = line.len() - line.trim_start().len();
            let (number, rest) = line.trim_start().split_once('.')?;
            number.parse::<u32>().ok()?;
            let rest = rest.trim_start_matches('.');
            let mv = rest.split_whitespace().next()?;
            Some((indent, format!("{number}{}", if line.contains("...") { "..." } else { "." }), uci_of_popeye(mv)))
        })
        .collect()
}

#[test]
fn a_mate_in_three_is_solved_as_popeye_solves_it() {
    let tree = popeye_tree();
    let json: Value = serde_json::from_str(&ok(&["problem", "solve", "--json", EXAMPLE])).unwrap();
    assert_eq!(json["verdict"], "sound");
    assert_eq!(json["finished"], true);
    let key = &json["solutions"][0];
    let popeye_key: Vec<&String> = tree.iter().filter(|(_, n, _)| n == "1.").map(|(_, _, m)| m).collect();
    assert_eq!(vec![key["uci"].as_str().unwrap()], popeye_key.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    // The threats: the moves numbered 2. before the first defence.
    let first_defence = tree.iter().position(|(_, n, _)| n == "1...").unwrap();
    let popeye_threats: BTreeSet<&str> =
        tree[..first_defence].iter().filter(|(_, n, _)| n == "2.").map(|(_, _, m)| m.as_str()).collect();
    let threats: BTreeSet<&str> =
        key["threats"].as_array().unwrap().iter().map(|t| t["uci"].as_str().unwrap()).collect();
    assert_eq!(threats, popeye_threats);
    let popeye_defences: BTreeSet<&str> =
        tree.iter().filter(|(_, n, _)| n == "1...").map(|(_, _, m)| m.as_str()).collect();
    let defences: BTreeSet<&str> =
        key["variations"].as_array().unwrap().iter().map(|d| d["uci"].as_str().unwrap()).collect();
    assert_eq!(defences, popeye_defences);
    // The same in the text, as Popeye writes the key.
    let text = ok(&["problem", "solve", EXAMPLE]);
    assert!(text.contains("1.Qf8-e7!"), "{text}");
    assert!(text.contains("verdict: sound"), "{text}");
}

#[test]
fn a_fen_is_solved_with_its_stipulation_and_a_cook_is_named() {
    // Popeye 4.104 on this position (#2): 1.Kb6-c7 ! and 1.Kb6-a6 !.
    let fen = "k7/p7/1K6/3N4/8/8/2P5/5Q2 w - - 0 1";
    let output = forsyth(&["solve", "--stipulation", "#2", "--json", fen]);
    assert_eq!(output.status.code(), Some(1), "a cooked problem is not sound");
    let json: Value = serde_json::from_str(String::from_utf8_lossy(&output.stdout).trim()).unwrap();
    let keys: BTreeSet<&str> =
        json["solutions"].as_array().unwrap().iter().map(|k| k["uci"].as_str().unwrap()).collect();
    assert_eq!(keys, BTreeSet::from(["b6a6", "b6c7"]));
    assert_eq!(json["verdict"], "cooked");
    let german = String::from_utf8(forsyth(&["solve", "--stipulation", "#2", "--lang", "de", fen]).stdout).unwrap();
    assert!(german.contains("1.Kb6-c7!") && german.contains("nebenlösig"), "{german}");
}

#[test]
fn what_is_not_solved_is_named_with_its_code() {
    let isardam = b"BeginProblem\nPieces White Ke1 Ra1 Black Ke8\nStipulation #2\nCondition Isardam\nEndProblem\n";
    let (output, _) = forsyth_with_input(&["problem", "solve", "-"], isardam);
    assert_eq!(output.status.code(), Some(1));
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.contains("[problem.condition]") && out.contains("Isardam"), "{out}");
    let neutral = b"BeginProblem\nPieces White Ke1 Ra1 Black Ke8 Neutral Pd4\nStipulation #2\nEndProblem\n";
    let (output, _) = forsyth_with_input(&["problem", "solve", "-"], neutral);
    assert_eq!(output.status.code(), Some(1));
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.contains("[problem.attribute]") && out.contains("neutral"), "{out}");
    let output = forsyth(&["solve", "--stipulation", "dia3", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]);
    assert_ne!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stderr).contains("solve.unsupported-stipulation"));
    let output = forsyth(&["solve", "--stipulation", "#x", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]);
    assert_eq!(output.status.code(), Some(2), "{}", String::from_utf8_lossy(&output.stderr));
}
