//! Every public function and type of the library crates has an example in its documentation, which `cargo test`
//! runs as a doctest: the examples are the first thing a newcomer reads, and one that no longer runs fails here
//! rather than misleading someone.
//!
//! Both crates warn on `unreachable_pub` (lib.rs), and CI denies warnings: an item written `pub` is reachable
//! from outside and needs an example; what only the crate uses is `pub(crate)`. Methods of trait implementations are documented
//! by their trait, and constants by their value, so neither is asked for one.

use std::path::{Path, PathBuf};

/// The library crates whose public items this test checks, from the workspace root.
const CRATES: [&str; 2] = ["crates/forsyth/src", "crates/forsyth-arrow/src"];

#[test]
fn every_public_function_and_type_has_an_example() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for dir in CRATES {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 50, "the sources were not found from {}", root.display());
    let mut missing = Vec::new();
    let mut items = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (line, name) in public_items(&lines) {
            items += 1;
            if !has_example(&lines, line) {
                let shown = file.strip_prefix(&root).unwrap_or(file).display().to_string();
                missing.push(format!("{shown}:{}: {name}", line + 1));
            }
        }
    }
    assert!(items > 500, "only {items} public items found: the scan has lost its way");
    assert!(
        missing.is_empty(),
        "{} public items have no example (a ``` block in their `///` documentation):\n{}",
        missing.len(),
        missing.join("\n")
    );
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") && path.file_name() != Some("tests.rs".as_ref()) {
            out.push(path);
        }
    }
}

/// The public functions and types among `lines` (an index and the declaration), up to its unit tests.
fn public_items<'a>(lines: &[&'a str]) -> Vec<(usize, &'a str)> {
    let mut items = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        if code.starts_with("#[cfg(test)]") && lines.get(index + 1).is_some_and(|next| next.starts_with("mod ")) {
            break;
        }
        let Some(rest) = code.strip_prefix("pub ") else { continue };
        let rest = rest.strip_prefix("const ").unwrap_or(rest);
        if ["fn ", "struct ", "enum ", "trait ", "type "].iter().any(|kind| rest.starts_with(kind)) {
            items.push((index, code));
        }
    }
    items
}

/// Whether the documentation above `lines[index]` (its `///` lines, with any attributes and comments among them)
/// holds a code block, or is a Markdown file's (`#[doc = include_str!(…)]`, a README run as doctests).
fn has_example(lines: &[&str], index: usize) -> bool {
    lines[..index]
        .iter()
        .rev()
        .map(|line| line.trim_start())
        .take_while(|line| line.starts_with("//") || line.starts_with("#["))
        .any(|line| (line.starts_with("///") && line.contains("```")) || line.starts_with("#[doc = include_str!("))
}

#[test]
fn the_scan_tells_documented_items_from_undocumented_ones() {
    let text = "/// A.\n///\n/// ```\n/// assert!(true);\n/// ```\n#[derive(Debug)]\npub struct A;\n\n\
                /// B, no example.\n// (A comment.)\npub fn b() {}\n\npub(crate) fn c() {}\n    pub const fn d() {}\n\
                #[cfg(test)]\nmod tests {\n    pub fn e() {}\n}\n";
    let lines: Vec<&str> = text.lines().collect();
    let items = public_items(&lines);
    let names: Vec<_> = items.iter().map(|&(_, name)| name).collect();
    assert_eq!(names, ["pub struct A;", "pub fn b() {}", "pub const fn d() {}"]);
    let documented: Vec<_> = items.iter().map(|&(line, _)| has_example(&lines, line)).collect();
    assert_eq!(documented, [true, false, false]);
}
