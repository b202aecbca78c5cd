//! The `fairy` fuzz target's invariants (`fairy_check`) on its seed inputs, on every input saved under
//! `regressions/fairy/`, and on inputs cut and spliced from them with a fixed seed, in every `cargo test`.

#[path = "fairy_check/mod.rs"]
mod fairy_check;

use std::path::Path;

fn inputs(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    paths.iter().filter_map(|p| std::fs::read(p).ok()).map(|b| String::from_utf8_lossy(&b).into_owned()).collect()
}

#[test]
fn seeds_regressions_and_their_splices_keep_the_invariants() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts = inputs(&root.join("../../fuzz/seeds/fairy"));
    texts.extend(inputs(&root.join("tests/regressions/fairy")));
    assert!(texts.len() >= 4, "the seeds are there");
    for text in &texts {
        fairy_check::check_text(text);
    }
    // Cut and splice: every prefix of every seed, and pieces of two seeds joined.
    let mut rng = fastrand::Rng::with_seed(16);
    for text in &texts {
        let chars: Vec<char> = text.chars().collect();
        for cut in 0..chars.len() {
            fairy_check::check_text(&chars[..cut].iter().collect::<String>());
        }
    }
    for _ in 0..300 {
        let (a, b) = (&texts[rng.usize(..texts.len())], &texts[rng.usize(..texts.len())]);
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        let spliced: String = a[..rng.usize(..=a.len())].iter().chain(&b[rng.usize(..=b.len())..]).collect();
        fairy_check::check_text(&spliced);
    }
}
