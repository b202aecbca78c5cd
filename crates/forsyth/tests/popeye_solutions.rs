//! The solver against Popeye, the solver problemists trust, on the problems of Popeye's own example and test
//! inputs that forsyth plays (orthodox and fairy pieces, no condition, no twin): the same keys, the same tries with
//! the same refutations, the same lines of help and series play, compared as sets.
//!
//! The reference is tests/popeye/solutions.jsonl, Popeye 4.104's output parsed by
//! tools/reference/popeye_solutions.py (the command is in tests/popeye/README.md). A problem Popeye did not finish
//! within its time limit is not compared, nor one Popeye took more than [`QUICK`] for (those are the speed
//! benchmark's, scripts/bench_solve.py); one forsyth does not finish within its own limit is counted and named.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use forsyth::problem::popeye;
use forsyth::problem::solve::{Limits, Line, Solution, SolveOptions, SolvePosition, solve};
use forsyth::problem::stipulation::{Play, Stipulation};
use serde_json::Value;

const DATA: &str = include_str!("../../../tests/popeye/solutions.jsonl");

/// The problems whose solutions are known to differ from Popeye's today, each with what differs.
const KNOWN: &str = include_str!("../../../tests/popeye/known-differences.txt");

/// The time forsyth may take on one problem in this test (Popeye's own limit was 30 s).
const LIMIT: Duration = Duration::from_secs(5);

/// The problems compared here: those Popeye solved within this many seconds.
const QUICK: f64 = 2.0;

/// What is compared: keys, tries with their refutations, help and series lines, all in UCI.
#[derive(Debug, PartialEq, Eq)]
struct Sets {
    keys: BTreeSet<String>,
    tries: BTreeMap<String, BTreeSet<String>>,
    lines: BTreeSet<Vec<String>>,
    set_lines: BTreeSet<Vec<String>>,
}

fn popeye_sets(record: &Value) -> Sets {
    let strings = |v: &Value| -> BTreeSet<String> {
        v.as_array().into_iter().flatten().filter_map(|s| s.as_str().map(str::to_string)).collect()
    };
    let keys = strings(&record["keys"]);
    let tries = record["tries"].as_object().into_iter().flatten().map(|(k, v)| (k.clone(), strings(v))).collect();
    let lines_of = |v: &Value| -> BTreeSet<Vec<String>> {
        v.as_array()
            .into_iter()
            .flatten()
            .map(|line| line.as_array().into_iter().flatten().filter_map(|m| m.as_str().map(str::to_string)).collect())
            .collect()
    };
    Sets { keys, tries, lines: lines_of(&record["solutions"]), set_lines: lines_of(&record["set_play"]) }
}

fn forsyth_sets<P: SolvePosition>(pos: &P, solution: &Solution<P::Move>) -> Sets {
    let keys = solution.keys.iter().map(|k| pos.uci(k.mv)).collect();
    let tries = solution
        .tries
        .iter()
        .map(|t| {
            let after = pos.after(t.attack.mv);
            (pos.uci(t.attack.mv), t.refutations.iter().map(|&r| after.uci(r)).collect())
        })
        .collect();
    let series = solution.stipulation.play == Play::Series;
    let lines_of = |lines: &[Line<P::Move>], from: &P| -> BTreeSet<Vec<String>> {
        lines.iter().map(|line| uci_line(from, line, series)).collect()
    };
    let set_lines = match pos.passed() {
        Some(passed) => lines_of(&solution.set_lines, &passed),
        None => BTreeSet::new(),
    };
    Sets { keys, tries, lines: lines_of(&solution.lines, pos), set_lines }
}

/// A line of help or series play in UCI, the other side's single last move included.
fn uci_line<P: SolvePosition>(pos: &P, line: &Line<P::Move>, series: bool) -> Vec<String> {
    let mut at = pos.clone();
    let mut moves = Vec::new();
    for (i, &m) in line.moves.iter().enumerate() {
        moves.push(at.uci(m));
        let after = at.after(m);
        at = if series && i + 1 < line.moves.len() { after.passed().unwrap_or(after) } else { after };
    }
    if let [one] = line.ending.as_slice() {
        moves.push(at.uci(*one));
    }
    moves
}

enum Outcome {
    Same,
    Different(String),
    Unfinished,
    NotRead(String),
}

fn compare(record: &Value) -> Outcome {
    let input = record["input"].as_str().unwrap_or_default();
    let problems = match popeye::parse(input) {
        Ok(problems) => problems,
        Err(e) => return Outcome::NotRead(format!("[{}] {e}", e.code())),
    };
    let Some(problem) = problems.first() else { return Outcome::NotRead("no problem".into()) };
    let text = record["stipulation"].as_str().unwrap_or_default();
    let stipulation: Stipulation = match text.parse() {
        Ok(s) => s,
        Err(e) => return Outcome::NotRead(format!("{e}")),
    };
    let mut options = SolveOptions {
        limits: Limits { max_time: Some(LIMIT), table_bytes: 64 << 20, ..Limits::default() },
        ..SolveOptions::default()
    };
    if let Err(e) = options.read_popeye(&problem.options) {
        return Outcome::NotRead(format!("[{}] {e}", e.code()));
    }
    // The reference script adds `Option Try` to battle play; the tree of variations is not compared.
    options.tries = stipulation.play == Play::Battle;
    options.variations = false;
    let expected = popeye_sets(record);
    let run = |found: Result<(Sets, bool), String>| match found {
        Err(e) => Outcome::NotRead(e),
        Ok((_, false)) => Outcome::Unfinished,
        Ok((sets, true)) if sets == expected => Outcome::Same,
        Ok((sets, true)) => Outcome::Different(difference(&expected, &sets)),
    };
    let first = if options.exchanged { !stipulation.first_mover() } else { stipulation.first_mover() };
    if problem.is_orthodox() && problem.conditions.is_empty() {
        run(problem.position().map_err(|e| e.to_string()).and_then(|pos| solved(pos, first, &stipulation, &options)))
    } else {
        run(problem
            .general_position()
            .map_err(|e| e.to_string())
            .and_then(|pos| solved(pos, first, &stipulation, &options)))
    }
}

/// The sets of forsyth's solution of `pos` with `first` to move (the colours exchanged under `HalfDuplex`), and
/// whether the search finished.
fn solved<P: SolvePosition>(
    pos: P,
    first: forsyth::Color,
    stipulation: &Stipulation,
    options: &SolveOptions,
) -> Result<(Sets, bool), String> {
    let pos = if pos.turn() == first { pos } else { pos.turned() };
    let solution = solve(&pos, stipulation, options).map_err(|e| e.to_string())?;
    Ok((forsyth_sets(&pos, &solution), solution.finished))
}

fn difference(expected: &Sets, found: &Sets) -> String {
    let mut parts = Vec::new();
    let only = |a: &BTreeSet<String>, b: &BTreeSet<String>| a.difference(b).cloned().collect::<Vec<_>>();
    if expected.keys != found.keys {
        parts.push(format!(
            "keys: Popeye only {:?}, forsyth only {:?}",
            only(&expected.keys, &found.keys),
            only(&found.keys, &expected.keys)
        ));
    }
    if expected.tries != found.tries {
        let popeye: Vec<_> = expected.tries.iter().filter(|(k, v)| found.tries.get(*k) != Some(v)).collect();
        let ours: Vec<_> = found.tries.iter().filter(|(k, v)| expected.tries.get(*k) != Some(v)).collect();
        parts.push(format!("tries: Popeye {popeye:?}, forsyth {ours:?}"));
    }
    if expected.set_lines != found.set_lines {
        parts.push(format!("set play: Popeye {:?}, forsyth {:?}", expected.set_lines, found.set_lines));
    }
    if expected.lines != found.lines {
        let popeye: Vec<_> = expected.lines.difference(&found.lines).take(3).collect();
        let ours: Vec<_> = found.lines.difference(&expected.lines).take(3).collect();
        parts.push(format!(
            "lines: Popeye {} forsyth {}; Popeye only {popeye:?}, forsyth only {ours:?}",
            expected.lines.len(),
            found.lines.len()
        ));
    }
    parts.join("; ")
}

#[test]
fn the_solutions_are_popeyes() {
    compare_reference(DATA, KNOWN, 200, 140);
}

/// The problems with fairy conditions forsyth plays (tests/popeye/solutions-conditions.jsonl, made by the same
/// script with `--conditions`).
#[test]
fn the_solutions_under_conditions_are_popeyes() {
    let data = include_str!("../../../tests/popeye/solutions-conditions.jsonl");
    // 99 agree on a quiet machine; each problem has 5 s of wall time, so the floor leaves room for a loaded one
    // (91 with three other builds running).
    compare_reference(data, include_str!("../../../tests/popeye/known-differences-conditions.txt"), 100, 85);
}

/// Compares forsyth's solutions with a reference of at least `records_at_least` problems, of which at least
/// `same_at_least` must be solved the same; `known` lists those known to differ.
fn compare_reference(data: &str, known: &str, records_at_least: usize, same_at_least: usize) {
    let records: Vec<Value> =
        data.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert!(records.len() >= records_at_least, "the reference holds {} problems", records.len());
    let (mut same, mut unfinished, mut skipped) = (0, Vec::new(), 0);
    let mut different = Vec::new();
    let mut not_read = Vec::new();
    let compared: Vec<&Value> = records
        .iter()
        .filter(|r| r["finished"] == Value::Bool(true) && r["popeye_seconds"].as_f64().is_some_and(|s| s <= QUICK))
        .collect();
    skipped += records.len() - compared.len();
    // Two threads: the problems are independent, and the test should not take minutes.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let outcomes: Vec<(usize, Outcome)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(record) = compared.get(i) else { break done };
                        done.push((i, compare(record)));
                    }
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("a worker")).collect()
    });
    for (i, outcome) in outcomes {
        let record = compared[i];
        let name = format!("{} #{}", record["source"].as_str().unwrap_or("?"), record["index"]);
        match outcome {
            Outcome::Same => same += 1,
            Outcome::Different(why) => different.push((name, format!("{} {why}", record["stipulation"]))),
            Outcome::Unfinished => unfinished.push(name),
            Outcome::NotRead(why) => not_read.push(format!("{name}: {why}")),
        }
    }
    eprintln!(
        "Popeye's solutions: {same} the same, {} different, {} unfinished by forsyth within {LIMIT:?}, {} not \
         read, {skipped} unfinished by Popeye or slow for it",
        different.len(),
        unfinished.len(),
        not_read.len()
    );
    for name in &unfinished {
        eprintln!("  unfinished: {name}");
    }
    assert!(not_read.is_empty(), "problems the reference holds that forsyth does not read:\n{}", not_read.join("\n"));
    let known: BTreeSet<&str> = known
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').next())
        .collect();
    let new: Vec<String> = different
        .iter()
        .filter(|(name, _)| !known.contains(name.as_str()))
        .map(|(n, why)| format!("{n}: {why}"))
        .collect();
    assert!(new.is_empty(), "solutions that differ from Popeye's:\n{}", new.join("\n"));
    let agreeing: Vec<&&str> = known
        .iter()
        .filter(|k| !different.iter().any(|(name, _)| name == **k) && !unfinished.contains(&k.to_string()))
        .collect();
    assert!(agreeing.is_empty(), "listed in known-differences.txt but the same as Popeye's now: {agreeing:?}");
    assert!(same >= same_at_least, "only {same} problems compared the same");
}
