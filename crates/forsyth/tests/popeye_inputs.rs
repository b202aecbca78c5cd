//! Popeye's own example and test inputs (every problem of every `*.inp` file in its source tree), read by forsyth
//! and compared with Popeye's echo of the same input: the board Popeye set up (pieces, colours, neutral pieces),
//! the piece attributes it lists under the board and the number of total invisible pieces. Every problem forsyth
//! reads must be the one Popeye read, and write back (English and German keywords) to the same problem. The data is
//! Popeye 4.104's output (tests/popeye/README.md says how it was made).

use std::collections::{BTreeMap, BTreeSet};

use forsyth::problem::popeye::{self, Attribute, PopeyeLanguage, ProblemDescription};
use serde_json::Value;

const DATA: &str = include_str!("../../../tests/popeye/inputs/echo.jsonl");

/// Popeye's board: square name → its cell as printed (`K`, `-K` Black, `=P` neutral).
fn popeye_board(record: &Value) -> Option<BTreeMap<String, String>> {
    let lines: Vec<&str> = record["board"].as_array()?.iter().filter_map(Value::as_str).collect();
    if lines.len() != 8 {
        return None;
    }
    let mut board = BTreeMap::new();
    for (row, line) in lines.iter().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        for file in 0..8 {
            // Each cell is four characters wide after the rank's digit; grid lines (`|`) stand between.
            let cell: String = chars.get(1 + 4 * file..5 + 4 * file)?.iter().collect();
            let cell = cell.trim().trim_start_matches('|').trim().to_string();
            if cell != "." && !cell.is_empty() {
                let square = format!("{}{}", (b'a' + file as u8) as char, 8 - row);
                board.insert(square, cell);
            }
        }
    }
    Some(board)
}

/// forsyth's pieces as Popeye prints them, in the input's language.
fn forsyth_board(problem: &ProblemDescription, language: PopeyeLanguage) -> BTreeMap<String, String> {
    problem
        .pieces
        .iter()
        .map(|p| {
            let sign = if p.is_neutral() {
                "="
            } else if p.color.is_white() {
                ""
            } else {
                "-"
            };
            (p.square.to_string(), format!("{sign}{}", p.kind.popeye_code(language).to_ascii_uppercase()))
        })
        .collect()
}

/// The attributes Popeye lists under the board (`Royal d4`, `Kamikaze h7 c2`), as (attribute, square).
fn popeye_attributes(record: &Value, language: PopeyeLanguage) -> BTreeSet<(Attribute, String)> {
    let mut found = BTreeSet::new();
    for line in record["legend"].as_array().into_iter().flatten().filter_map(Value::as_str) {
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else { continue };
        let Some(attribute) = Attribute::ALL
            .into_iter()
            .find(|a| *a != Attribute::Neutral && a.name(language).eq_ignore_ascii_case(first))
        else {
            continue;
        };
        for square in words.filter(|w| w.len() == 2) {
            found.insert((attribute, square.to_string()));
        }
    }
    found
}

/// The attributes Popeye names under the board without their squares.
fn unlisted_attributes(record: &Value, language: PopeyeLanguage) -> Vec<Attribute> {
    let lines = record["legend"].as_array().into_iter().flatten().filter_map(Value::as_str);
    lines
        .filter_map(|line| Attribute::ALL.into_iter().find(|a| a.name(language).eq_ignore_ascii_case(line.trim())))
        .collect()
}

fn forsyth_attributes(problem: &ProblemDescription) -> BTreeSet<(Attribute, String)> {
    let mut found = BTreeSet::new();
    for p in &problem.pieces {
        for attribute in p.attributes.iter().filter(|a| *a != Attribute::Neutral) {
            found.insert((attribute, p.square.to_string()));
        }
    }
    found
}

/// The total invisible pieces of Popeye's count line (`3 + 3 + 1 TI`).
fn popeye_invisible(record: &Value) -> usize {
    let first = record["legend"].as_array().and_then(|l| l.first()).and_then(Value::as_str).unwrap_or("");
    let words: Vec<&str> = first.split_whitespace().collect();
    match words.iter().position(|w| *w == "TI" || *w == "TU") {
        Some(i) if i > 0 => words[i - 1].parse().unwrap_or(0),
        _ => 0,
    }
}

#[test]
fn forsyth_reads_popeye_inputs_as_popeye_reads_them() {
    let mut read = 0;
    let mut boards = 0;
    let mut unread: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
    let mut differences = Vec::new();
    for line in DATA.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        let name = format!("{}#{}", record["source"].as_str().unwrap(), record["index"]);
        let input = record["input"].as_str().unwrap();
        let language = popeye::language_of(input).unwrap();
        let Some(board) = popeye_board(&record) else { continue };
        boards += 1;
        let problems = match popeye::parse(input) {
            Ok(problems) => problems,
            Err(e) => {
                unread.entry(e.code()).or_default().push(format!("{name}: {e}"));
                continue;
            }
        };
        read += 1;
        let problem = &problems[0];
        // A condition's word, abbreviated as Popeye allows (`imit`).
        let condition = |name: &str| {
            let lower = problem.conditions.join(" ").to_ascii_lowercase();
            lower.split_whitespace().any(|w| (w.len() >= 3 && name.starts_with(w)) || w.starts_with(name))
        };
        let mut board = board;
        // Popeye draws the imitators of the condition Imitator (`I`) on the board.
        if condition("imitator") {
            board.retain(|_, cell| cell != "I");
        }
        // A proof game from one position to another (`a=>b`): Popeye draws the first.
        let drawn = ProblemDescription {
            pieces: if problem.initial_pieces.is_empty() {
                problem.pieces.clone()
            } else {
                problem.initial_pieces.clone()
            },
            ..ProblemDescription::default()
        };
        if forsyth_board(&drawn, language) != board {
            differences
                .push(format!("{name}: board\n  popeye  {board:?}\n  forsyth {:?}", forsyth_board(&drawn, language)));
        }
        let attributes = popeye_attributes(&record, language);
        let mut ours = forsyth_attributes(&drawn);
        // Alice chess (a condition, or implied by a piece on board B) puts every other piece on board A.
        let alice = problem.pieces.iter().any(|p| p.attributes.contains(Attribute::AliceB));
        if condition("alicechess") || alice {
            for p in drawn.pieces.iter().filter(|p| !p.attributes.contains(Attribute::AliceB)) {
                ours.insert((Attribute::AliceA, p.square.to_string()));
            }
        }
        // An attribute Popeye names without squares (it does so when the line would be too long): not compared.
        for attribute in unlisted_attributes(&record, language) {
            ours.retain(|(a, _)| *a != attribute);
        }
        if ours != attributes {
            differences.push(format!("{name}: attributes\n  popeye  {:?}\n  forsyth {:?}", attributes, ours));
        }
        if problem.invisible != popeye_invisible(&record) {
            differences.push(format!(
                "{name}: {} total invisible, Popeye {}",
                problem.invisible,
                popeye_invisible(&record)
            ));
        }
        for out in [PopeyeLanguage::English, PopeyeLanguage::German] {
            let written = problem.write(out);
            match popeye::parse(&written) {
                Ok(again) if again[0] == *problem => {}
                other => differences.push(format!("{name}: written in {out:?} reads back as {other:?}\n{written}")),
            }
        }
    }
    let unread_count: usize = unread.values().map(Vec::len).sum();
    println!("{boards} problems Popeye set up; forsyth reads {read}, the same board, attributes and invisible pieces");
    for (code, names) in &unread {
        println!("  {:4} not read: {code}", names.len());
        for n in names.iter().take(3) {
            println!("         {n}");
        }
    }
    assert!(differences.is_empty(), "{} differences:\n{}", differences.len(), differences.join("\n"));
    assert_eq!(read + unread_count, boards);
    // Measured: raise as the reader learns more of Popeye's language and pieces.
    assert!(read >= 2496, "forsyth read only {read} of {boards}");
}
