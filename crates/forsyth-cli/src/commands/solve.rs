//! `forsyth solve` and `forsyth problem solve`: a stipulation checked as a problem solver checks it.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use forsyth::notation::fen::Fen;
use forsyth::notation::{Language, MoveStyle};
use forsyth::problem::orientation::orientations;
use forsyth::problem::popeye::{PopeyeLanguage, ProblemDescription};
use forsyth::problem::solve::{self, Limits, SolveOptions, SolvePosition, Solved, Verdict};
use forsyth::problem::stipulation::{Play, Stipulation};
use serde_json::{Value, json};

use crate::{Failure, input};

/// Solve a position given on the command line: the key, tries, threats and variations of battle play (#n,
/// s#n, r#n), every solution of help and series play (h#n, hs#n, ser-h#n, ...), and a verdict.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  forsyth solve --stipulation '#2' --variations 'k7/p7/1K6/3N4/8/8/2P5/5Q2 w - - 0 1'
  forsyth solve --stipulation 'h#2' --lang de '7k/8/5K2/8/8/8/8/6R1 b - - 0 1'
  forsyth solve --stipulation '#2' --piece G=grasshopper --json '4k3/8/8/8/8/8/8/G3K3 w - - 0 1'

The side to move in the FEN must be the one the stipulation lets begin (White in #2 and s#2, Black in h#2,
White in h#2.5). The verdict: sound (one key, or as many solutions as stated: 'h#2 2.1.1.1' states two),
cooked (more), incomplete (fewer, but some), no-solution, unfinished (the search stopped at --max-time or
Ctrl-C; what was found so far is printed).

Exit status: 0 sound, 1 unsound, unfinished or unreadable, 2 usage error.")]
pub struct Args {
    /// The stipulation, as Popeye and problem journals write it (#2, s#3, h#2.5, ser-h#7, 'h#2 2.1.1.1').
    #[arg(long, short = 's', value_name = "TEXT")]
    stipulation: Stipulation,
    #[command(flatten)]
    fairy: input::FairyArgs,
    #[command(flatten)]
    solving: SolvingArgs,
    /// Solve in every board orientation in which the position is legal (White's pawns moving up, down, left or
    /// right; mirrored too where castling or en passant tells the boards apart), as the German problem-chess
    /// conventions allow when a problem cannot be solved with White playing up. Keys and solutions are given
    /// in the diagram's squares.
    #[arg(long, conflicts_with_all = ["pieces", "topology"])]
    orientations: bool,
    /// The position.
    #[arg(value_name = "FEN")]
    fen: String,
}

/// What the solver searches and shows, and its bounds: the options of Popeye's that change them.
#[derive(clap::Args, Clone)]
pub struct SolvingArgs {
    /// Tries: first moves refuted by at most --defence replies, with their refutations (Popeye's Try).
    #[arg(long = "try")]
    tries: bool,
    /// How many refutations a try may have (Popeye's Defence N).
    #[arg(long, value_name = "N", default_value_t = 1)]
    defence: usize,
    /// Threats and variations (Popeye's Variation).
    #[arg(long)]
    variations: bool,
    /// In moremovers, a defence succeeds when it leaves no threat of at most N moves (Popeye's Threat N).
    #[arg(long, value_name = "N")]
    threat: Option<u32>,
    /// Variations without threats (Popeye's NoThreat).
    #[arg(long)]
    no_threat: bool,
    /// Leave out variations shorter than the play (Popeye's NoShortVariations).
    #[arg(long)]
    no_short_variations: bool,
    /// Set play: the play if the side to move could pass (Popeye's SetPlay).
    #[arg(long)]
    set_play: bool,
    /// Stop help and series play after N solutions (Popeye's MaxSolutions).
    #[arg(long, value_name = "N")]
    max_solutions: Option<usize>,
    /// Stop after this many seconds and print what was found, marked unfinished.
    #[arg(long, value_name = "SECONDS")]
    max_time: Option<f64>,
    /// The most memory the transposition table may take, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 256)]
    max_memory: usize,
    /// Threads to spread the first moves over.
    #[arg(long, value_name = "N", default_value_t = 1)]
    jobs: usize,
    /// The language of moves and words: en or de.
    #[arg(long, value_name = "LANG", default_value = "en", value_parser = input::sentence_language)]
    lang: Language,
    /// Move notation: problem (Sg1-f3, the German problem-chess conventions; the default), lan, san or fide.
    #[arg(long, value_parser = input::style, default_value = "problem")]
    notation: MoveStyle,
    /// One JSON object per problem and twin (schema: docs/problem-chess.md).
    #[arg(long)]
    json: bool,
    /// Say how many positions were visited and how long it took (on standard error; in JSON as `nodes` and
    /// `seconds`).
    #[arg(long)]
    stats: bool,
}

impl SolvingArgs {
    fn options(&self, stop: &Arc<AtomicBool>) -> Result<SolveOptions, Failure> {
        let max_time = match self.max_time {
            Some(t) if !(t.is_finite() && t > 0.0) => {
                return Err(Failure(format!("--max-time {t}: give a positive number of seconds")));
            }
            t => t.map(Duration::from_secs_f64),
        };
        Ok(SolveOptions {
            tries: self.tries,
            defence: self.defence,
            variations: self.variations,
            threat_length: self.threat,
            no_threat: self.no_threat,
            no_short_variations: self.no_short_variations,
            set_play: self.set_play,
            max_solutions: self.max_solutions,
            jobs: self.jobs.max(1),
            exchanged: false,
            duplex: false,
            limits: Limits {
                max_time,
                max_nodes: None,
                table_bytes: self.max_memory.saturating_mul(1 << 20),
                stop: stop.clone(),
            },
        })
    }
}

/// Ctrl-C stops the search: what was found so far is printed, marked unfinished. A second Ctrl-C ends the
/// program at once.
fn stop_on_interrupt() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::Relaxed) {
            std::process::exit(130);
        }
    });
    stop
}

/// What one problem (or twin) came to, for the summary.
struct Outcome {
    verdict: Verdict,
}

/// Solves one position and prints the solution; `label` names the problem in the output.
fn solve_one<P: SolvePosition>(
    pos: &P,
    stipulation: &Stipulation,
    options: &SolveOptions,
    args: &SolvingArgs,
    label: Option<(usize, Option<char>)>,
) -> Result<Outcome, Failure> {
    let solution = while_solving(&stipulation.to_string(), args, || solve::solve(pos, stipulation, options))
        .map_err(|e| Failure(format!("[{}] {e}", e.code())))?;
    let written = solve::write(pos, &solution, args.notation, args.lang);
    let solved = Solved {
        stipulation: *stipulation,
        exchanged: options.exchanged,
        written,
        finished: solution.finished,
        nodes: solution.nodes,
        elapsed: solution.elapsed,
    };
    Ok(print_solved(&solved, args, label))
}

/// Runs `work` with a spinner on a terminal (none with `--json`).
fn while_solving<T>(what: &str, args: &SolvingArgs, work: impl FnOnce() -> T) -> T {
    let progress = (!args.json && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_message(format!("solving {what}"));
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    });
    let result = work();
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    result
}

/// Prints one solution, as text or as a JSON line; `label` names the problem in the output.
fn print_solved(solved: &Solved, args: &SolvingArgs, label: Option<(usize, Option<char>)>) -> Outcome {
    if args.json {
        let mut object = forsyth_server::report::solution(solved);
        if let Some((problem, twin)) = label {
            object["problem"] = json!(problem);
            object["twin"] = twin.map_or(Value::Null, |t| json!(t.to_string()));
        } else {
            object["twin"] = Value::Null;
        }
        if args.stats {
            object["nodes"] = json!(solved.nodes);
            object["seconds"] = json!(solved.elapsed.as_secs_f64());
        }
        println!("{object}");
    } else {
        if let Some((problem, twin)) = label {
            if solved.exchanged {
                println!("problem {problem}: the colours exchanged");
            }
            let twin = twin.map(|t| format!(" {t})")).unwrap_or_default();
            println!("problem {problem}{twin}: {}", solved.stipulation);
        }
        print!("{}", solved.written.text);
        if args.stats {
            eprintln!("forsyth: {} positions in {:.3} s", solved.nodes, solved.elapsed.as_secs_f64());
        }
    }
    Outcome { verdict: solved.written.verdict }
}

pub fn run(args: Args) -> Result<(), Failure> {
    let stop = stop_on_interrupt();
    let options = args.solving.options(&stop)?;
    if args.orientations {
        return run_orientations(&args, &options);
    }
    let outcome = if args.fairy.general() {
        let pos = args.fairy.position(&args.fen)?;
        solve_one(&pos, &args.stipulation, &options, &args.solving, None)?
    } else {
        let pos = input::position(&args.fen, None)?;
        solve_one(&pos, &args.stipulation, &options, &args.solving, None)?
    };
    match outcome.verdict {
        Verdict::Sound => Ok(()),
        verdict => Err(Failure(format!("the problem is not sound: {verdict}"))),
    }
}

/// `forsyth solve --orientations`: the position read as drawn (legal or not), then solved in each orientation in
/// which it is legal.
fn run_orientations(args: &Args, options: &SolveOptions) -> Result<(), Failure> {
    let fen = Fen::parse(&args.fen).map_err(|e| input::fen_failure(&args.fen, e))?;
    let setup = &fen.setup;
    if setup.board.shape() != forsyth::BoardShape::Standard {
        return Err(Failure("board orientations are those of the 8x8 board".into()));
    }
    let mut sound = Vec::new();
    let mut report = Vec::new();
    for oriented in orientations(&setup.board, setup.turn, Some((setup.castling_rooks, setup.ep_square))) {
        let name = oriented.orientation.name();
        let pos = match oriented.position {
            Err(problems) => {
                report.push(json!({ "orientation": name, "legal": false, "problems": problems }));
                if !args.solving.json {
                    println!("{name}: illegal: {}", problems.join("; "));
                }
                continue;
            }
            Ok(pos) => pos,
        };
        let solution =
            solve::solve(&pos, &args.stipulation, options).map_err(|e| Failure(format!("[{}] {e}", e.code())));
        let solution = match solution {
            Ok(solution) => solution,
            Err(Failure(message)) => {
                report.push(json!({ "orientation": name, "legal": true, "error": message }));
                if !args.solving.json {
                    println!("{name}: legal; not solved: {message}");
                }
                continue;
            }
        };
        let verdict = solution.verdict();
        // The first moves in the diagram's own squares.
        let as_drawn = |m: forsyth::Move| {
            let (from, to) = (oriented.orientation.to_diagram(m.from()), oriented.orientation.to_diagram(m.to()));
            let promotion = m.promotion_role().map(|r| r.char().to_string()).unwrap_or_default();
            format!("{from}{to}{promotion}")
        };
        let firsts: Vec<String> = if solution.stipulation.play == Play::Battle {
            solution.keys.iter().map(|k| as_drawn(k.mv)).collect()
        } else {
            solution.lines.iter().filter_map(|l| l.moves.first().map(|&m| as_drawn(m))).collect()
        };
        if verdict == Verdict::Sound {
            sound.push(name.clone());
        }
        report.push(json!({ "orientation": name, "legal": true, "verdict": verdict.name(), "first_moves": firsts }));
        if !args.solving.json {
            println!("{name}: legal; {verdict}; first moves as drawn: {}", firsts.join(" "));
        }
    }
    if args.solving.json {
        println!("{}", json!({ "stipulation": args.stipulation.to_string(), "orientations": report }));
    }
    if sound.is_empty() { Err(Failure("the problem is sound in no orientation".into())) } else { Ok(()) }
}

/// Solve every problem of a Popeye input file or YACPDB entry.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  forsyth problem solve examples/problem.inp
  forsyth problem solve --json --max-time 60 collection.inp

The file's Option lines apply (Try, Defence N, Variation, Threat N, NoThreat, NoShortVariations, SetPlay,
MaxSolutions N, WhiteToPlay); the flags add to them. A file of many problems is solved problem by problem,
with a line per problem and a summary.

Exit status: 0 every problem sound, 1 a problem unsound, unfinished or unreadable, 2 usage error.")]
pub struct FileArgs {
    #[command(flatten)]
    solving: SolvingArgs,
    /// The Popeye input file or YACPDB entry ('-' for standard input).
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

impl FileArgs {
    /// The file to read.
    pub fn file(&self) -> &std::path::Path {
        &self.file
    }
}

/// `forsyth problem solve`.
pub fn run_file(args: FileArgs, problems: Vec<ProblemDescription>, _language: PopeyeLanguage) -> Result<(), Failure> {
    let stop = stop_on_interrupt();
    let mut unsound = Vec::new();
    let mut counts = [0usize; 5];
    for (i, problem) in problems.iter().enumerate() {
        let number = i + 1;
        let result = solve_problem(problem, number, &args.solving, &stop);
        let verdict = match result {
            Ok(outcome) => outcome.verdict,
            Err(Failure(message)) => {
                if args.solving.json {
                    println!("{}", json!({ "problem": number, "twin": null, "error": message }));
                } else {
                    println!("problem {number}: not solved: {message}");
                }
                Verdict::Unfinished
            }
        };
        counts[verdict as usize] += 1;
        if verdict != Verdict::Sound {
            unsound.push(number);
        }
        if stop.load(Ordering::Relaxed) {
            break;
        }
    }
    if !args.solving.json && problems.len() > 1 {
        let names = ["sound", "cooked", "incomplete", "no solution", "unfinished or not solved"];
        let parts: Vec<String> =
            counts.iter().zip(names).filter(|(n, _)| **n > 0).map(|(n, w)| format!("{n} {w}")).collect();
        println!("{} problems: {}", problems.len(), parts.join(", "));
    }
    if unsound.is_empty() {
        Ok(())
    } else {
        Err(Failure(format!("{}: problems {unsound:?} are not sound", args.file.display())))
    }
}

fn solve_problem(
    problem: &ProblemDescription,
    number: usize,
    args: &SolvingArgs,
    stop: &Arc<AtomicBool>,
) -> Result<Outcome, Failure> {
    let options = args.options(stop)?;
    let what = problem.stipulation.as_deref().unwrap_or("the problem");
    let ways = while_solving(what, args, || solve::solve_problem(problem, &options, args.notation, args.lang))
        .map_err(|e| Failure(format!("[{}] {e}", e.code())))?;
    let mut outcome = Outcome { verdict: Verdict::Sound };
    for solved in &ways {
        let found = print_solved(solved, args, Some((number, None)));
        if found.verdict != Verdict::Sound {
            outcome = found;
        }
    }
    Ok(outcome)
}
