//! docs/errors.md lists every error code: each code string in the library's source, and each code the public
//! lists name, appears there as `` `code` ``.

use std::path::Path;

use forsyth::notation::fen::{ERROR_CODES, NOTE_CODES};
use forsyth::{CastlingRightProblem, EnPassantProblem};

fn listed() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/errors.md")).unwrap()
}

/// The quoted strings of `text` that look like codes of the given families (`fen.board.width`, `move.syntax`).
fn codes_in(text: &str) -> Vec<String> {
    const FAMILIES: [&str; 15] = [
        "popeye.",
        "condition.",
        "problem.",
        "yacpdb.",
        "fen.",
        "move.",
        "letters.",
        "name.",
        "notation.",
        "position.",
        "variant.",
        "explain.",
        "retro.",
        "select.",
        "eco.",
    ];
    text.split('"')
        .skip(1)
        .step_by(2)
        .filter(|s| FAMILIES.iter().any(|f| s.len() > f.len() && s.starts_with(f)))
        .filter(|s| {
            s.len() > 4 && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-.".contains(&b))
        })
        .map(str::to_string)
        .collect()
}

fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push((path.display().to_string(), std::fs::read_to_string(&path).unwrap()));
        }
    }
}

#[test]
fn every_code_in_the_source_is_listed() {
    let doc = listed();
    let mut files = Vec::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    let mut seen = 0;
    for (path, text) in &files {
        // Doc examples and tests quote codes too; they must be listed as well, so no filtering is needed.
        for code in codes_in(text) {
            assert!(doc.contains(&format!("`{code}`")), "{code} (in {path}) is not in docs/errors.md");
            seen += 1;
        }
    }
    assert!(seen > 60, "only {seen} codes found");
}

#[test]
fn every_code_of_the_public_lists_is_listed() {
    let doc = listed();
    let pgn = include_str!("../src/pgn/error.rs");
    let pgn_codes: Vec<&str> = pgn.lines().filter_map(|l| l.split("=> \"").nth(1)?.strip_suffix("\",")).collect();
    assert_eq!(pgn_codes.len(), 19); // 12 errors, 7 warnings
    let refined =
        CastlingRightProblem::ALL.iter().map(|p| p.code()).chain(EnPassantProblem::ALL.iter().map(|p| p.code()));
    for code in ERROR_CODES.iter().chain(&NOTE_CODES).copied().chain(pgn_codes).chain(refined) {
        assert!(doc.contains(&format!("`{code}`")), "{code} is not in docs/errors.md");
    }
}

/// Every public type with a `code()` that is an error (not a kind, reason or note inside one) implements
/// `std::error::Error`, so that `?` carries it into `Box<dyn Error>` and `anyhow`.
#[test]
fn every_error_type_implements_the_error_trait() {
    let mut files = Vec::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    let all: String = files.iter().map(|(_, text)| text.as_str()).collect();
    let mut checked = 0;
    for (path, text) in &files {
        for (at, _) in text.match_indices("\nimpl ") {
            let block = &text[at + 1..];
            let block = &block[..block[1..].find("\nimpl ").map_or(block.len(), |end| end + 1)];
            let header = block.lines().next().unwrap_or_default();
            if header.contains(" for ") || !block.contains("fn code(&self)") {
                continue;
            }
            let name: String = header["impl ".len()..].chars().take_while(char::is_ascii_alphanumeric).collect();
            let is_part = ["Kind", "Reason", "Problem", "Note"].iter().any(|s| name.ends_with(s));
            if name.is_empty() || is_part {
                continue;
            }
            assert!(
                all.contains(&format!("std::error::Error for {name} ")),
                "{name} (in {path}) is no std::error::Error"
            );
            checked += 1;
        }
    }
    assert!(checked > 10, "only {checked} error types found");
}
