//! A solution written for people and programs: every move in UCI and in a notation of a language, and the
//! whole solution as problem journals print it (key with `!`, tries with `?` and their refutation, threats,
//! variations, set play, help-play solutions).

use std::fmt::Write as _;

use super::{Attack, Defence, Line, Solution, SolvePosition, Verdict};
use crate::notation::letters::Language;
use crate::notation::styles::MoveStyle;
use crate::problem::stipulation::Play;

/// An attacker's move written: UCI, text, and its play.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::{Language, MoveStyle};
/// use forsyth::problem::solve::{SolveOptions, solve, write};
/// let pos: Position = "k7/8/1K6/8/8/8/8/5Q2 w - - 0 1".parse()?;
/// let solution = solve(&pos, &"#1".parse()?, &SolveOptions::default())?;
/// let written = write(&pos, &solution, MoveStyle::Lan, Language::En);
/// assert!(!written.keys.is_empty());
/// assert!(written.keys.iter().all(|k| k.text.ends_with('#') && k.uci.len() == 4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenAttack {
    /// The move in UCI.
    pub uci: String,
    /// The move in the chosen notation and language, with its check or mate sign.
    pub text: String,
    /// Whether the move reaches the goal (or forces the defender to, in reflex play).
    pub reaches_goal: bool,
    /// The threats.
    pub threats: Vec<WrittenAttack>,
    /// No threat: zugzwang.
    pub zugzwang: bool,
    /// The defences shown and the answers to each.
    pub variations: Vec<WrittenDefence>,
}

/// A defender's move written, with the attacker's answers.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::{Language, MoveStyle};
/// use forsyth::problem::solve::{SolveOptions, solve, write};
/// let pos: Position = "k7/8/1K6/8/8/8/8/5Q2 w - - 0 1".parse()?;
/// let options = SolveOptions { variations: true, ..SolveOptions::default() };
/// let solution = solve(&pos, &"#2".parse()?, &options)?;
/// let written = write(&pos, &solution, MoveStyle::Problem, Language::En);
/// assert!(written.keys.iter().flat_map(|k| &k.variations).all(|d| !d.answers.is_empty()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenDefence {
    /// The move in UCI.
    pub uci: String,
    /// The move in the chosen notation.
    pub text: String,
    /// The defender reaches the goal with it (self and reflex play).
    pub reaches_goal: bool,
    /// The attacker's answers.
    pub answers: Vec<WrittenAttack>,
}

/// A try written, with its refutations.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::{Language, MoveStyle};
/// use forsyth::problem::solve::{SolveOptions, solve, write};
/// let pos: Position = "k7/8/1K6/8/8/8/8/5Q2 w - - 0 1".parse()?;
/// let options = SolveOptions { tries: true, ..SolveOptions::default() };
/// let solution = solve(&pos, &"#2".parse()?, &options)?;
/// let written = write(&pos, &solution, MoveStyle::Problem, Language::En);
/// assert_eq!(written.tries.len(), solution.tries.len());
/// assert!(written.tries.iter().all(|t| t.refutations.iter().all(|(uci, _)| uci.len() >= 4)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenTry {
    /// The first move and its play.
    pub attack: WrittenAttack,
    /// The refutations, in UCI and in the chosen notation.
    pub refutations: Vec<(String, String)>,
}

/// A help or series solution written.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::{Language, MoveStyle};
/// use forsyth::problem::solve::{SolveOptions, solve, write};
/// let pos: Position = "7k/p7/5K2/8/8/8/8/6R1 b - - 0 1".parse()?;
/// let solution = solve(&pos, &"h#2".parse()?, &SolveOptions::default())?;
/// let written = write(&pos, &solution, MoveStyle::Problem, Language::En);
/// assert!(written.lines.iter().all(|l| l.moves.len() == 4 && l.text.starts_with("1.") && l.text.ends_with('#')));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenLine {
    /// Every move of the play in UCI, then the other side's last move when there is one (reflex play, series
    /// helpplay, and self play when one move is forced).
    pub moves: Vec<String>,
    /// In self play: every move of the other side at the end, each reaching the goal (it is forced), in UCI.
    pub ending: Vec<String>,
    /// The solution as journals print it: `1.Kh8-h7 Rg1-a1 2.Kh7-h6 Ra1-h1#`.
    pub text: String,
}

/// A whole solution written.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::{Language, MoveStyle};
/// use forsyth::problem::solve::{SolveOptions, solve, write};
/// use forsyth::problem::solve::Verdict;
/// let pos: Position = "7k/p7/5K2/8/8/8/8/6R1 b - - 0 1".parse()?;
/// let solution = solve(&pos, &"h#2".parse()?, &SolveOptions::default())?;
/// let written = write(&pos, &solution, MoveStyle::Problem, Language::En);
/// assert_eq!(written.verdict, Verdict::Cooked);
/// assert_eq!(written.lines.len(), 17);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The keys.
    pub keys: Vec<WrittenAttack>,
    /// The tries.
    pub tries: Vec<WrittenTry>,
    /// Set play of battle play.
    pub set_play: Vec<WrittenDefence>,
    /// Help and series solutions.
    pub lines: Vec<WrittenLine>,
    /// Set play of help and series play.
    pub set_lines: Vec<WrittenLine>,
    /// The verdict.
    pub verdict: Verdict,
    /// The solution as journals print it, over several lines, with a verdict line at the end.
    pub text: String,
}

/// The words of the journal text per language.
struct Words {
    threat: &'static str,
    zugzwang: &'static str,
    but: &'static str,
    set: &'static str,
    verdict: &'static str,
}

const ENGLISH: Words =
    Words { threat: "threat:", zugzwang: "zugzwang.", but: "but", set: "set play:", verdict: "verdict:" };
const GERMAN: Words =
    Words { threat: "droht:", zugzwang: "Zugzwang.", but: "aber", set: "Satzspiel:", verdict: "Ergebnis:" };

fn verdict_words(verdict: Verdict, language: Language, found: usize, battle: bool) -> String {
    let german = language == Language::De;
    let what = match (battle, german, found == 1) {
        (true, false, true) => "key",
        (true, false, false) => "keys",
        (true, true, _) => "Schlüssel",
        (false, false, true) => "solution",
        (false, false, false) => "solutions",
        (false, true, true) => "Lösung",
        (false, true, false) => "Lösungen",
    };
    let word = match (verdict, german) {
        (Verdict::Sound, false) => "sound",
        (Verdict::Sound, true) => "korrekt",
        (Verdict::Cooked, false) => "cooked",
        (Verdict::Cooked, true) => "nebenlösig",
        (Verdict::Incomplete, false) => "incomplete",
        (Verdict::Incomplete, true) => "unvollständig",
        (Verdict::NoSolution, false) => "no solution",
        (Verdict::NoSolution, true) => "keine Lösung",
        (Verdict::Unfinished, false) => "unfinished (the search stopped before its end)",
        (Verdict::Unfinished, true) => "nicht beendet (die Suche hielt vor ihrem Ende an)",
    };
    format!("{word} ({found} {what})")
}

struct Writer {
    style: MoveStyle,
    language: Language,
}

impl Writer {
    fn attack<P: SolvePosition>(&self, pos: &P, attack: &Attack<P::Move>) -> WrittenAttack {
        let after = pos.after(attack.mv);
        let threats = match after.passed() {
            Some(passed) => attack.threats.iter().map(|t| self.attack(&passed, t)).collect(),
            None => Vec::new(),
        };
        WrittenAttack {
            uci: pos.uci(attack.mv),
            text: pos.write(attack.mv, self.style, self.language),
            reaches_goal: attack.reaches_goal,
            threats,
            zugzwang: attack.zugzwang,
            variations: attack.defences.iter().map(|d| self.defence(&after, d)).collect(),
        }
    }

    fn defence<P: SolvePosition>(&self, pos: &P, defence: &Defence<P::Move>) -> WrittenDefence {
        let after = pos.after(defence.mv);
        WrittenDefence {
            uci: pos.uci(defence.mv),
            text: pos.write(defence.mv, self.style, self.language),
            reaches_goal: defence.reaches_goal,
            answers: defence.answers.iter().map(|a| self.attack(&after, a)).collect(),
        }
    }

    /// A help-play line as Popeye and journals number it: each move number opens with a move of the side that
    /// does not make the line's last move (Black in `h#2`: `1.Kh7 Ra1 2.Kh6 Rh1#`; `1...Kf7 2.a5 Rh1#` in
    /// `h#1.5`; White in `hs#2`).
    fn line<P: SolvePosition>(&self, pos: &P, line: &Line<P::Move>) -> WrittenLine {
        let played = line.moves.len() + usize::from(!line.ending.is_empty());
        // The side that makes the line's last move: the first mover if the line has an odd number of moves.
        let last_mover = if played % 2 == 1 { pos.turn() } else { !pos.turn() };
        let mut text = String::new();
        let mut at = pos.clone();
        let mut moves = Vec::new();
        let mut number = 0;
        let mut write = |at: &P, m: P::Move, text: &mut String, first: bool| {
            if at.turn() != last_mover {
                number += 1;
                let _ = write!(text, "{}{number}.", if first { "" } else { " " });
            } else if first {
                number += 1;
                let _ = write!(text, "{number}...");
            } else {
                text.push(' ');
            }
            text.push_str(&at.write(m, self.style, self.language));
        };
        for (i, &m) in line.moves.iter().enumerate() {
            write(&at, m, &mut text, i == 0);
            moves.push(at.uci(m));
            at = at.after(m);
        }
        let ending: Vec<String> = line.ending.iter().map(|&e| at.uci(e)).collect();
        match line.ending.as_slice() {
            [] => {}
            [one] => write(&at, *one, &mut text, false),
            all => {
                let texts: Vec<String> = all.iter().map(|&e| at.write(e, self.style, self.language)).collect();
                let _ = write!(text, " {}", texts.join(" / "));
            }
        }
        if let [one] = ending.as_slice() {
            moves.push(one.clone());
        }
        WrittenLine { moves, ending, text }
    }
}

/// Writes a solution of `pos` in a notation and language: every move in UCI and as text, and the journal text.
///
/// ```
/// use forsyth::Position;
/// use forsyth::notation::{Language, MoveStyle};
/// use forsyth::problem::solve::{SolveOptions, solve, write};
/// let pos: Position = "k7/p7/1K6/3N4/8/8/2P5/5Q2 w - - 0 1".parse()?;
/// let options = SolveOptions { variations: true, ..SolveOptions::default() };
/// let solution = solve(&pos, &"#2".parse()?, &options)?;
/// let written = write(&pos, &solution, MoveStyle::Problem, Language::De);
/// assert_eq!(written.keys[1].text, "Kb6-c7");
/// assert!(written.text.contains("1.Kb6-c7! droht: 2.Df1-f8#\n    1...Ba7-a6 2.Df1:a6#\n"), "{}", written.text);
/// assert!(written.text.ends_with("Ergebnis: nebenlösig (2 Schlüssel)\n"), "{}", written.text);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write<P: SolvePosition>(pos: &P, solution: &Solution<P::Move>, style: MoveStyle, language: Language) -> Written {
    let words = if language == Language::De { &GERMAN } else { &ENGLISH };
    let writer = Writer { style, language };
    let keys: Vec<WrittenAttack> = solution.keys.iter().map(|k| writer.attack(pos, k)).collect();
    let tries: Vec<WrittenTry> = solution
        .tries
        .iter()
        .map(|t| {
            let after = pos.after(t.attack.mv);
            WrittenTry {
                attack: writer.attack(pos, &t.attack),
                refutations: t.refutations.iter().map(|&r| (after.uci(r), after.write(r, style, language))).collect(),
            }
        })
        .collect();
    let set_play: Vec<WrittenDefence> = match pos.passed() {
        Some(passed) => solution.set_play.iter().map(|d| writer.defence(&passed, d)).collect(),
        None => Vec::new(),
    };
    let series = solution.stipulation.play == Play::Series;
    let written_lines = |lines: &[Line<P::Move>], from: &P| -> Vec<WrittenLine> {
        lines.iter().map(|l| if series { series_line(&writer, from, l) } else { writer.line(from, l) }).collect()
    };
    let lines = written_lines(&solution.lines, pos);
    let set_lines = match pos.passed() {
        Some(passed) => written_lines(&solution.set_lines, &passed),
        None => Vec::new(),
    };
    let verdict = solution.verdict();
    let mut text = String::new();
    if !set_play.is_empty() {
        let _ = writeln!(text, "{}", words.set);
        for d in &set_play {
            write_defence(&mut text, d, 1, 1, words);
        }
    }
    for line in &set_lines {
        let _ = writeln!(text, "{} {}", words.set, line.text);
    }
    for key in &keys {
        write_attack(&mut text, key, 1, 0, "!", words);
    }
    for t in &tries {
        write_attack(&mut text, &t.attack, 1, 0, "?", words);
        let refutations: Vec<String> = t.refutations.iter().map(|(_, r)| format!("1...{r}!")).collect();
        let _ = writeln!(text, "    {} {}", words.but, refutations.join(", "));
    }
    for line in &lines {
        let _ = writeln!(text, "{}", line.text);
    }
    let battle = solution.stipulation.play == Play::Battle;
    let found = if battle { keys.len() } else { lines.len() };
    let _ = writeln!(text, "{} {}", words.verdict, verdict_words(verdict, language, found, battle));
    Written { keys, tries, set_play, lines, set_lines, verdict, text }
}

/// A series solution: the side moves again and again, the other side passing, then the ending.
fn series_line<P: SolvePosition>(writer: &Writer, pos: &P, line: &Line<P::Move>) -> WrittenLine {
    let mut at = pos.clone();
    let mut text = String::new();
    let mut moves = Vec::new();
    for (i, &m) in line.moves.iter().enumerate() {
        let _ =
            write!(text, "{}{}.{}", if i == 0 { "" } else { " " }, i + 1, at.write(m, writer.style, writer.language));
        moves.push(at.uci(m));
        let after = at.after(m);
        at = if i + 1 < line.moves.len() { after.passed().unwrap_or(after) } else { after };
    }
    let ending: Vec<String> = line.ending.iter().map(|&e| at.uci(e)).collect();
    if !line.ending.is_empty() {
        let texts: Vec<String> = line.ending.iter().map(|&e| at.write(e, writer.style, writer.language)).collect();
        let _ = write!(text, " {}", texts.join(" / "));
    }
    if let [one] = ending.as_slice() {
        moves.push(one.clone());
    }
    WrittenLine { moves, ending, text }
}

fn indent(depth: usize) -> String {
    "    ".repeat(depth)
}

/// Whether an attack is written on one line: it reaches the goal at once, or has neither threats nor defences.
fn is_leaf(attack: &WrittenAttack) -> bool {
    attack.threats.is_empty() && attack.variations.is_empty() && !attack.zugzwang
}

fn write_attack(text: &mut String, attack: &WrittenAttack, number: usize, depth: usize, mark: &str, words: &Words) {
    let _ = write!(text, "{}{number}.{}{mark}", indent(depth), attack.text);
    if attack.zugzwang {
        let _ = write!(text, " {}", words.zugzwang);
    }
    if !attack.threats.is_empty() {
        let _ = write!(text, " {}", words.threat);
        if attack.threats.iter().all(is_leaf) {
            // Short threats on the key's line: `threat: 2.Qf8# / 2.Qb8#`.
            let threats: Vec<String> = attack.threats.iter().map(|t| format!("{}.{}", number + 1, t.text)).collect();
            let _ = write!(text, " {}", threats.join(" / "));
        } else {
            text.push('\n');
            for t in &attack.threats {
                write_attack(text, t, number + 1, depth + 2, "", words);
            }
            for d in &attack.variations {
                write_defence(text, d, number, depth + 1, words);
            }
            return;
        }
    }
    text.push('\n');
    for d in &attack.variations {
        write_defence(text, d, number, depth + 1, words);
    }
}

fn write_defence(text: &mut String, defence: &WrittenDefence, number: usize, depth: usize, words: &Words) {
    let _ = write!(text, "{}{number}...{}", indent(depth), defence.text);
    match defence.answers.as_slice() {
        [] => text.push('\n'),
        [one] if is_leaf(one) => {
            let _ = writeln!(text, " {}.{}", number + 1, one.text);
        }
        answers => {
            text.push('\n');
            for a in answers {
                write_attack(text, a, number + 1, depth + 1, "", words);
            }
        }
    }
}
