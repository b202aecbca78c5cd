//! Solving chess problems: whether a stipulation works, as a problem solver checks it — the key, the tries and
//! their refutations, the threats and variations and set play of battle play (`#n`, `s#n`, `r#n`), and every
//! solution of help and series play (`h#n`, `hs#n`, `ser-h#n`, ...), with a verdict: sound, cooked, or no
//! solution. One search serves every stipulation and both position types, the orthodox [`Position`](crate::Position)
//! and the [`GeneralPosition`](crate::general::GeneralPosition) of fairy pieces and cylinder boards
//! ([`SolvePosition`]); Popeye is the reference it is tested against (TESTING.md).
//!
//! A search is bounded by a time limit, a count of positions, a memory bound for its transposition table and a
//! stop flag ([`Limits`]): out of time, it returns what it found so far marked unfinished.
//!
//! ```
//! use forsyth::Position;
//! use forsyth::problem::solve::{SolveOptions, Verdict, solve};
//! // A mate in two: the key 1.Kc7 threatens 2.Qf8#.
//! let pos: Position = "k7/p7/1K6/3N4/8/8/2P5/5Q2 w - - 0 1".parse()?;
//! let options = SolveOptions { variations: true, ..SolveOptions::default() };
//! let solution = solve(&pos, &"#2".parse()?, &options)?;
//! let keys: Vec<String> = solution.keys.iter().map(|k| k.mv.to_string()).collect();
//! assert_eq!(keys, ["b6a6", "b6c7"]); // two keys: the problem is cooked
//! assert_eq!(solution.verdict(), Verdict::Cooked);
//! assert_eq!(solution.keys[1].threats[0].mv.to_string(), "f1f8");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod problem;
mod search;
mod table;
mod write;

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

pub use board::SolvePosition;
pub use problem::{Solved, solve_problem};
pub use write::{Written, WrittenAttack, WrittenDefence, WrittenLine, WrittenTry, write};

use self::search::{Budget, Search};
use self::table::Table;
use super::stipulation::{Aim, Goal, Play, Stipulation};

/// What bounds a search. The default: no time limit, a table of 256 MiB, no stop flag set.
///
/// ```
/// use std::time::Duration;
/// use forsyth::problem::solve::Limits;
/// let limits = Limits { max_time: Some(Duration::from_secs(10)), ..Limits::default() };
/// assert_eq!(limits.table_bytes, 256 << 20);
/// ```
#[derive(Clone, Debug)]
pub struct Limits {
    /// Stop after this long, with what was found so far (`--max-time`).
    pub max_time: Option<Duration>,
    /// Stop after visiting this many positions.
    pub max_nodes: Option<u64>,
    /// The most memory the transposition table may take, in bytes (`--max-memory`).
    pub table_bytes: usize,
    /// Set by another thread to stop the search (Ctrl-C, a cancel button).
    pub stop: Arc<AtomicBool>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { max_time: None, max_nodes: None, table_bytes: 256 << 20, stop: Arc::new(AtomicBool::new(false)) }
    }
}

/// What to search and show, as Popeye's options say it.
///
/// ```
/// use forsyth::problem::solve::SolveOptions;
/// let options = SolveOptions::default();
/// assert!(!options.tries && !options.variations && options.defence == 1);
/// ```
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// `Try`: tries, first moves refuted by at most [`SolveOptions::defence`] replies, with their refutations.
    pub tries: bool,
    /// `Defence N`: how many refutations a try may have.
    pub defence: usize,
    /// `Variation`: threats and variations of the keys (and tries).
    pub variations: bool,
    /// `Threat N`: in moremovers a defence succeeds when it leaves the attacker no threat of at most N moves
    /// (Popeye's rule, which the search follows); only such threats are shown.
    pub threat_length: Option<u32>,
    /// `NoThreat`: variations without threats.
    pub no_threat: bool,
    /// `NoShortVariations`: variations shorter than the play are not shown.
    pub no_short_variations: bool,
    /// `SetPlay`: the play if the side to move passed first.
    pub set_play: bool,
    /// `MaxSolutions N`: help and series play stop after this many solutions.
    pub max_solutions: Option<usize>,
    /// The colours exchanged: the other side begins and plays the first mover's part (Popeye's `HalfDuplex`;
    /// `Duplex` solves both ways, [`SolveOptions::duplex`]). The position must have that side to move.
    pub exchanged: bool,
    /// `Duplex`: the stipulation is to be solved as given and with the colours exchanged. [`solve`] solves one
    /// way ([`SolveOptions::exchanged`]); the caller solves the other.
    pub duplex: bool,
    /// Threads to spread the first moves over (`--jobs`).
    pub jobs: usize,
    /// The bounds of the search.
    pub limits: Limits,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            tries: false,
            defence: 1,
            variations: false,
            threat_length: None,
            no_threat: false,
            no_short_variations: false,
            set_play: false,
            max_solutions: None,
            exchanged: false,
            duplex: false,
            jobs: 1,
            limits: Limits::default(),
        }
    }
}

/// Popeye's options that change what is solved in ways forsyth does not play: a problem that has one is refused
/// by name rather than solved without it.
const UNSUPPORTED_OPTIONS: [&str; 12] = [
    "PostKeyPlay",
    "Quodlibet",
    "StopOnShortSolutions",
    "NonTrivial",
    "GoalIsEnd",
    "NullMoves",
    "CastlingMutuallyExclusive",
    "LastCapture",
    "MaxFlightsquares",
    "StartMoveNumber",
    "UpToMoveNumber",
    "TrivialTriesAvoid",
];

impl SolveOptions {
    /// Adds what a problem's `Option` lines ask of the solver (Popeye's names in English or German, abbreviated
    /// as Popeye reads them): `Try`, `Defence N`, `Variation`, `Threat N`, `NoThreat`, `NoShortVariations`,
    /// `SetPlay`, `MaxSolutions N`, `MaxTime N` (the smaller of it and the limit already set), `Duplex`,
    /// `HalfDuplex`. Options about the
    /// position (`NoCastling`, `EnPassant`, `WhiteToPlay`) are the problem description's; options about the
    /// output or the method (`MoveNumbers`, `NoBoard`, `Intelligent`, ...) change nothing of the solution. An
    /// option that changes what is solved in a way forsyth does not play (`NonTrivial`, `Quodlibet`,
    /// `CastlingMutuallyExclusive`, ...) is an error that names it.
    ///
    /// ```
    /// use forsyth::problem::solve::SolveOptions;
    /// let mut options = SolveOptions::default();
    /// options.read_popeye(&["Try Defence 2 Variation".to_string(), "drohung 1".to_string()])?;
    /// assert!(options.tries && options.variations);
    /// assert_eq!((options.defence, options.threat_length), (2, Some(1)));
    /// assert_eq!(options.read_popeye(&["Quodlibet".to_string()]).unwrap_err().code(), "solve.unsupported-option");
    /// # Ok::<(), forsyth::problem::solve::SolveError>(())
    /// ```
    pub fn read_popeye(&mut self, lines: &[String]) -> Result<(), SolveError> {
        for line in lines {
            let Some(written) = super::start::normalised(line, super::popeye::PopeyeLanguage::English) else {
                continue;
            };
            let words: Vec<&str> = written.split_whitespace().collect();
            let number = |at: usize| words.get(at + 1).and_then(|w| w.parse::<u32>().ok());
            for (at, word) in words.iter().enumerate() {
                match *word {
                    "Try" => self.tries = true,
                    "Defence" => self.defence = number(at).map_or(self.defence, |n| n as usize),
                    "Variations" => self.variations = true,
                    "Threat" => self.threat_length = number(at).or(self.threat_length),
                    "NoThreat" => self.no_threat = true,
                    "NoShortVariations" => self.no_short_variations = true,
                    "SetPlay" => self.set_play = true,
                    "Duplex" => self.duplex = true,
                    "HalfDuplex" => self.exchanged = true,
                    "MaxSolutions" => self.max_solutions = number(at).map(|n| n as usize).or(self.max_solutions),
                    "MaxTime" => {
                        if let Some(seconds) = number(at) {
                            let limit = Duration::from_secs(u64::from(seconds));
                            self.limits.max_time = Some(self.limits.max_time.map_or(limit, |t| t.min(limit)));
                        }
                    }
                    option if UNSUPPORTED_OPTIONS.contains(&option) => {
                        return Err(SolveError::UnsupportedOption { option: option.to_string() });
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }
}

/// A move of the attacker in battle play, with what follows it: the goal reached at once, or its threats (what it
/// would do next if the defender could pass) and the defences that stop them with the answers to each.
///
/// ```
/// use forsyth::Position;
/// use forsyth::problem::solve::{SolveOptions, solve};
/// let pos: Position = "k7/8/1K6/8/8/8/8/5Q2 w - - 0 1".parse()?;
/// let solution = solve(&pos, &"#1".parse()?, &SolveOptions::default())?;
/// assert!(!solution.keys.is_empty());
/// assert!(solution.keys.iter().all(|k| k.reaches_goal && k.threats.is_empty()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack<M> {
    /// The move.
    pub mv: M,
    /// Whether this move reaches the goal (a mate, the stalemate, ...), or in reflex play forces the defender to.
    pub reaches_goal: bool,
    /// The threats: the shortest continuations if the defender passed.
    pub threats: Vec<Attack<M>>,
    /// No threat although the move leaves moves to play: the defender is in zugzwang.
    pub zugzwang: bool,
    /// The defences shown: those that stop the threat, each with the attacker's answers.
    pub defences: Vec<Defence<M>>,
}

/// A reply of the defender in battle play, with the attacker's answers (all of them: more than one is a dual).
///
/// ```
/// use forsyth::Position;
/// use forsyth::problem::solve::{SolveOptions, solve};
/// let pos: Position = "k7/8/1K6/8/8/8/8/5Q2 w - - 0 1".parse()?;
/// let options = SolveOptions { variations: true, ..SolveOptions::default() };
/// let solution = solve(&pos, &"#2".parse()?, &options)?;
/// // Every defence shown has an answer that mates.
/// for key in &solution.keys {
///     assert!(key.defences.iter().all(|d| d.answers.iter().any(|a| a.reaches_goal)));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defence<M> {
    /// The move.
    pub mv: M,
    /// In self and reflex play: the defender reaches the goal with this move (the aim of the play).
    pub reaches_goal: bool,
    /// The attacker's answers that force the aim in the fewest moves.
    pub answers: Vec<Attack<M>>,
}

/// A try: a first move that fails to a few defences only.
///
/// ```
/// use forsyth::Position;
/// use forsyth::problem::solve::{SolveOptions, solve};
/// let pos: Position = "k7/8/1K6/8/8/8/8/5Q2 w - - 0 1".parse()?;
/// let options = SolveOptions { tries: true, ..SolveOptions::default() };
/// let solution = solve(&pos, &"#2".parse()?, &options)?;
/// assert!(solution.tries.iter().all(|t| !t.refutations.is_empty()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Try<M> {
    /// The move and its play.
    pub attack: Attack<M>,
    /// The defences that refute it.
    pub refutations: Vec<M>,
}

/// A solution of help or series play: the moves of the play, then in reflex play and series helpplay the other
/// side's move that reaches the goal, and in self play every move the other side has (each reaches the goal: it
/// is forced).
///
/// ```
/// use forsyth::Position;
/// use forsyth::problem::solve::{SolveOptions, solve};
/// let pos: Position = "7k/p7/5K2/8/8/8/8/6R1 b - - 0 1".parse()?;
/// let solution = solve(&pos, &"h#2".parse()?, &SolveOptions::default())?;
/// assert!(solution.lines.iter().all(|line| line.moves.len() == 4 && line.ending.is_empty()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<M> {
    /// The moves of the play, from the first mover's first move.
    pub moves: Vec<M>,
    /// The other side's last move that reaches the goal (in self play every one of its moves: it is forced).
    pub ending: Vec<M>,
}

/// What a problem's stipulation comes to.
///
/// ```
/// use forsyth::Position;
/// use forsyth::problem::solve::{SolveOptions, Verdict, solve};
/// let pos: Position = "k7/8/8/8/8/8/8/K7 w - - 0 1".parse()?;
/// assert_eq!(solve(&pos, &"#2".parse()?, &SolveOptions::default())?.verdict(), Verdict::NoSolution);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// One key (battle play), or as many solutions as the problem states (help and series play; one if it
    /// states none).
    Sound,
    /// More than one key, or more solutions than stated.
    Cooked,
    /// Fewer solutions than the problem states, but some.
    Incomplete,
    /// No key, no solution.
    NoSolution,
    /// The search stopped (time, nodes or a stop asked for) before it could tell.
    Unfinished,
}

impl Verdict {
    /// The word the JSON output and the verdict line use: `sound`, `cooked`, `incomplete`, `no-solution`,
    /// `unfinished`.
    ///
    /// ```
    /// use forsyth::problem::solve::Verdict;
    /// assert_eq!(Verdict::NoSolution.name(), "no-solution");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Sound => "sound",
            Verdict::Cooked => "cooked",
            Verdict::Incomplete => "incomplete",
            Verdict::NoSolution => "no-solution",
            Verdict::Unfinished => "unfinished",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The solution of a problem: keys, tries and set play in battle play; lines in help and series play.
///
/// ```
/// use forsyth::Position;
/// use forsyth::problem::solve::{SolveOptions, solve};
/// let pos: Position = "k7/8/1K6/8/8/8/8/5Q2 w - - 0 1".parse()?;
/// let solution = solve(&pos, &"#2".parse()?, &SolveOptions::default())?;
/// assert!(solution.finished && !solution.keys.is_empty() && solution.lines.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// The stipulation solved.
    pub stipulation: Stipulation,
    /// Battle play: the keys (first moves that force the aim against every defence).
    pub keys: Vec<Attack<M>>,
    /// Battle play with [`SolveOptions::tries`]: the tries.
    pub tries: Vec<Try<M>>,
    /// Battle play with [`SolveOptions::set_play`]: the defender's moves in the diagram and the attacker's
    /// answers.
    pub set_play: Vec<Defence<M>>,
    /// Help and series play: every solution.
    pub lines: Vec<Line<M>>,
    /// Help and series play with [`SolveOptions::set_play`]: the solutions of the play one half move shorter.
    pub set_lines: Vec<Line<M>>,
    /// Whether the search ran to its end; if not, what was found is incomplete.
    pub finished: bool,
    /// Positions visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

impl<M> Solution<M> {
    /// The verdict: in battle play by the number of keys; in help and series play by the number of solutions
    /// against the number the stipulation states (`h#2 2.1.1.1`: two), one if it states none.
    ///
    /// ```
    /// use forsyth::Position;
    /// use forsyth::problem::solve::{SolveOptions, Verdict, solve};
    /// let pos: Position = "7k/p7/5K2/8/8/8/8/6R1 b - - 0 1".parse()?;
    /// let solution = solve(&pos, &"h#2".parse()?, &SolveOptions::default())?;
    /// assert_eq!(solution.lines.len(), 17); // the 17 lines Popeye prints
    /// assert_eq!(solution.verdict(), Verdict::Cooked);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn verdict(&self) -> Verdict {
        let found = if self.stipulation.play == Play::Battle { self.keys.len() } else { self.lines.len() };
        let stated = match self.stipulation.play {
            Play::Battle => 1,
            _ => self.stipulation.solutions.unwrap_or(1) as usize,
        };
        if found > stated {
            Verdict::Cooked
        } else if !self.finished {
            Verdict::Unfinished
        } else if found == 0 {
            Verdict::NoSolution
        } else if found < stated {
            Verdict::Incomplete
        } else {
            Verdict::Sound
        }
    }
}

/// Why a problem cannot be solved as asked.
///
/// ```
/// use forsyth::Position;
/// use forsyth::problem::solve::{SolveError, SolveOptions, solve};
/// let pos: Position = "k7/8/1K6/8/8/8/8/5Q2 w - - 0 1".parse()?;
/// let error = solve(&pos, &"dia2".parse()?, &SolveOptions::default()).unwrap_err();
/// assert!(matches!(error, SolveError::Unsupported { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// The stipulation is one forsyth reads but does not solve.
    Unsupported {
        /// What it is.
        what: String,
    },
    /// The side that does not move first is in check: its king could be captured at once.
    OpponentInCheck,
    /// An option of Popeye's that changes what is solved in a way forsyth does not play.
    UnsupportedOption {
        /// Its English name.
        option: String,
    },
    /// The position's side to move is not the one the stipulation lets begin.
    WrongSideToMove {
        /// The side the stipulation lets begin.
        expected: crate::Color,
    },
    /// The problem states no stipulation.
    NoStipulation,
    /// The problem's stipulation cannot be read.
    Stipulation(crate::problem::stipulation::StipulationError),
    /// The problem has twins, which forsyth does not solve yet.
    Twins,
    /// The problem has total invisible pieces, whose moves forsyth does not play.
    Invisible {
        /// How many.
        count: usize,
    },
    /// Fairy conditions refused as a whole. [`solve_problem`] plays the conditions forsyth plays and refuses any
    /// other as [`SolveError::Problem`] with `problem.condition`, so it does not return this.
    Conditions {
        /// Their names as the problem gives them.
        names: Vec<String>,
    },
    /// The problem's position cannot be made.
    Problem(crate::problem::popeye::ProblemError),
}

impl SolveError {
    /// A stable identifier, listed in docs/errors.md.
    ///
    /// ```
    /// use forsyth::Position;
    /// use forsyth::problem::solve::{SolveOptions, solve};
    /// let pos: Position = "k7/8/1K6/8/8/8/8/8 b - - 0 1".parse()?;
    /// let error = solve(&pos, &"#2".parse()?, &SolveOptions::default()).unwrap_err();
    /// assert_eq!(error.code(), "solve.wrong-side-to-move");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            SolveError::Unsupported { .. } => "solve.unsupported-stipulation",
            SolveError::UnsupportedOption { .. } => "solve.unsupported-option",
            SolveError::OpponentInCheck => "solve.opponent-in-check",
            SolveError::WrongSideToMove { .. } => "solve.wrong-side-to-move",
            SolveError::NoStipulation => "solve.no-stipulation",
            SolveError::Stipulation(e) => e.code(),
            SolveError::Twins => "solve.unsupported-twin",
            SolveError::Invisible { .. } => "solve.unsupported-invisible",
            SolveError::Conditions { .. } => "problem.condition",
            SolveError::Problem(e) => e.code(),
        }
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Unsupported { what } => write!(
                f,
                "forsyth does not solve {what} yet; it solves direct, self, reflex and semi-reflex play (#n, s#n, \
                 r#n, semi-r#n), help play (h#n, h#n.5, hs#n, hr#n) and series play (ser-#n, ser-h#n, ser-s#n, \
                 ser-r#n) with the goals # = == #= ## != + x % ~ 00 ep zXY"
            ),
            SolveError::UnsupportedOption { option } => write!(
                f,
                "the option {option} changes what is solved in a way forsyth does not play yet; solve without it \
                 (forsyth plays Try, Defence, Variation, Threat, NoThreat, NoShortVariations, SetPlay, \
                 MaxSolutions, MaxTime, Duplex, HalfDuplex, NoCastling, EnPassant, WhiteToPlay)"
            ),
            SolveError::OpponentInCheck => write!(
                f,
                "the side that does not move first is in check: its king could be captured at once, as Popeye says \
                 ('the side to play can capture the king')"
            ),
            SolveError::WrongSideToMove { expected } => write!(
                f,
                "the stipulation lets {} begin, but the position has the other side to move; set the side to move \
                 in the FEN",
                expected.name()
            ),
            SolveError::NoStipulation => {
                f.write_str("the problem has no Stipulation: add one, such as 'Stipulation #2'")
            }
            SolveError::Stipulation(e) => write!(f, "Stipulation: {e}"),
            SolveError::Twins => f.write_str(
                "the problem has twins, which forsyth does not solve yet; solve each twin as a problem of its own",
            ),
            SolveError::Invisible { count } => write!(
                f,
                "the problem has {count} total invisible pieces (TotalInvisible), whose moves forsyth does not play"
            ),
            SolveError::Conditions { names } => {
                write!(f, "forsyth plays no fairy condition yet: {}", names.join("; "))
            }
            SolveError::Problem(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SolveError {}

/// Solves `pos` (the first mover to move) for a stipulation.
///
/// ```
/// use forsyth::Position;
/// use forsyth::problem::solve::{SolveOptions, Verdict, solve};
/// // A helpmate in two from Popeye's manual style: Black begins.
/// let pos: Position = "7k/p7/5K2/8/8/8/8/6R1 b - - 0 1".parse()?;
/// let solution = solve(&pos, &"h#2".parse()?, &SolveOptions { max_solutions: Some(1), ..SolveOptions::default() })?;
/// let moves: Vec<String> = solution.lines[0].moves.iter().map(|m| m.to_string()).collect();
/// assert_eq!(moves.len(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve<P: SolvePosition>(
    pos: &P,
    stipulation: &Stipulation,
    options: &SolveOptions,
) -> Result<Solution<P::Move>, SolveError> {
    let started = Instant::now();
    if stipulation.goal.is_proof_game() {
        return Err(SolveError::Unsupported { what: "proof games (dia, a=>b)".into() });
    }
    let expected = if options.exchanged { !stipulation.first_mover() } else { stipulation.first_mover() };
    if pos.turn() != expected {
        return Err(SolveError::WrongSideToMove { expected });
    }
    if pos.turned().is_check() {
        return Err(SolveError::OpponentInCheck);
    }
    let table = Table::new(options.limits.table_bytes);
    let budget = Budget {
        deadline: options.limits.max_time.map(|t| started + t),
        stop: options.limits.stop.clone(),
        nodes: AtomicU64::new(0),
        max_nodes: options.limits.max_nodes,
    };
    let mut solution = Solution {
        stipulation: *stipulation,
        keys: Vec::new(),
        tries: Vec::new(),
        set_play: Vec::new(),
        lines: Vec::new(),
        set_lines: Vec::new(),
        finished: true,
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    on_deep_stack(|| {
        if stipulation.play == Play::Battle {
            battle(pos, stipulation, options, &table, &budget, &mut solution);
        } else {
            let max_lines = options.max_solutions.unwrap_or(usize::MAX);
            let mut search = Search::new(*stipulation, &table, &budget).with_max_lines(max_lines);
            solution.lines = search.lines(pos, 0).into_iter().map(Line::from).collect();
            if options.set_play
                && let Some(passed) = pos.passed()
            {
                solution.set_lines = search.lines(&passed, 1).into_iter().map(Line::from).collect();
            }
            solution.finished = !search.aborted();
        }
    });
    solution.nodes = budget.nodes.load(Ordering::Relaxed);
    solution.elapsed = started.elapsed();
    Ok(solution)
}

/// The stack of a searching thread: a search recurses once per half move, and a stipulation may ask for up to
/// 999 moves. Only the pages a search touches are committed.
const SEARCH_STACK: usize = 256 << 20;

/// Runs `work` on a thread of its own with [`SEARCH_STACK`], so that a long stipulation cannot overflow the
/// caller's stack.
fn on_deep_stack<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new().stack_size(SEARCH_STACK).spawn_scoped(scope, work);
        match thread {
            Ok(thread) => thread.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(_) => panic!("no thread could be started for the search"),
        }
    })
}

impl<M> From<search::Line<M>> for Line<M> {
    fn from(line: search::Line<M>) -> Line<M> {
        Line { moves: line.moves, ending: line.ending }
    }
}

/// The bounds on the tree of threats and variations written for one key: beyond them it is cut short.
const MAX_TREE_NODES: usize = 20_000;

/// A first move's verdict: its index among the candidates, its refutations (`None`: neither key nor try), and
/// whether the search ran out of budget on it.
type FirstMove<M> = (usize, Option<Vec<M>>, bool);

/// Battle play: the keys and tries among the first moves (spread over threads), then their play.
fn battle<P: SolvePosition>(
    pos: &P,
    stipulation: &Stipulation,
    options: &SolveOptions,
    table: &Table,
    budget: &Budget,
    solution: &mut Solution<P::Move>,
) {
    let n = stipulation.moves;
    let mut candidates = Vec::new();
    pos.moves_into(&mut candidates);
    let most = if options.tries { options.defence } else { 0 };
    let next = AtomicUsize::new(0);
    let verdicts: Vec<FirstMove<P::Move>> = std::thread::scope(|scope| {
        let work = || {
            let mut search = Search::<P>::new(*stipulation, table, budget).with_max_threat(options.threat_length);
            let mut found = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&m) = candidates.get(i) else { break };
                let refutations = refutations(&mut search, pos, m, n, most);
                found.push((i, refutations, search.aborted()));
            }
            found
        };
        let threads: Vec<_> = (1..options.jobs.max(1))
            .filter_map(|_| std::thread::Builder::new().stack_size(SEARCH_STACK).spawn_scoped(scope, work).ok())
            .collect();
        let mut all = work();
        for thread in threads {
            all.extend(thread.join().unwrap_or_default());
        }
        all
    });
    let mut verdicts = verdicts;
    verdicts.sort_by_key(|&(i, ..)| i);
    let mut search = Search::<P>::new(*stipulation, table, budget).with_max_threat(options.threat_length);
    let mut tree_budget = MAX_TREE_NODES;
    for (i, refuted, aborted) in verdicts {
        solution.finished &= !aborted;
        let Some(refutations) = refuted else { continue };
        let m = candidates[i];
        let attack = if options.variations {
            play_of(&mut search, pos, m, n, options, &mut tree_budget)
        } else {
            let reaches_goal = forces_goal_at_once(&mut search, pos, m, &pos.after(m));
            Attack { mv: m, reaches_goal, threats: Vec::new(), zugzwang: false, defences: Vec::new() }
        };
        if refutations.is_empty() {
            solution.keys.push(attack);
        } else {
            solution.tries.push(Try { attack, refutations });
        }
    }
    if options.set_play
        && let Some(passed) = pos.passed()
        && n > 1
    {
        solution.set_play = set_play(&mut search, &passed, n - 1, options, &mut tree_budget);
    }
    solution.finished &= !search.aborted();
}

/// The defences that refute the first move `m` (at most `most + 1` of them: a move with more is no try), or
/// `None` when it is neither key nor try (refuted by more, or leaving the defender no move without reaching the
/// aim).
fn refutations<P: SolvePosition>(
    search: &mut Search<P>,
    pos: &P,
    m: P::Move,
    n: u32,
    most: usize,
) -> Option<Vec<P::Move>> {
    let stipulation = search.stipulation();
    let after = pos.after(m);
    let reaches_at_once = match stipulation.aim {
        Aim::Direct | Aim::Help => search.reached(pos, m, &after),
        Aim::Reflex | Aim::SemiReflex => search.reaches_in_one(&after, 0),
        Aim::SelfPlay => false,
    };
    if reaches_at_once {
        return Some(Vec::new());
    }
    if stipulation.aim == Aim::Reflex && search.reaches_in_one(pos, 0) {
        return None;
    }
    let mut replies = Vec::new();
    after.moves_into(&mut replies);
    if replies.is_empty() || (n > 1 && search.lacks_threat(&after, n - 1)) {
        return None;
    }
    let mut refuting = Vec::new();
    for d in replies {
        let refutes = match stipulation.aim {
            Aim::SelfPlay => search.refutes(&after, d, n - 1),
            _ => n == 1 || search.refutes(&after, d, n - 1),
        };
        if refutes {
            refuting.push(d);
            if refuting.len() > most {
                return None;
            }
        }
        if search.aborted() {
            return None;
        }
    }
    Some(refuting)
}

/// Whether the attacker's move `m` (from `pos` to `after`) ends the play: it reaches the goal, or in reflex play
/// leaves the defender a move that must reach it.
fn forces_goal_at_once<P: SolvePosition>(search: &mut Search<P>, pos: &P, m: P::Move, after: &P) -> bool {
    match search.stipulation().aim {
        Aim::Direct | Aim::Help => search.reached(pos, m, after),
        Aim::Reflex | Aim::SemiReflex => search.reaches_in_one(after, 0),
        Aim::SelfPlay => false,
    }
}

/// The play after the attacker's move `m` that forces the aim within `n` moves: threats and defences, as
/// deep as the aim takes (the tree is cut short when `budget` runs out).
fn play_of<P: SolvePosition>(
    search: &mut Search<P>,
    pos: &P,
    m: P::Move,
    n: u32,
    options: &SolveOptions,
    budget: &mut usize,
) -> Attack<P::Move> {
    *budget = budget.saturating_sub(1);
    let stipulation = search.stipulation();
    let after = pos.after(m);
    let mut attack = Attack { mv: m, reaches_goal: false, threats: Vec::new(), zugzwang: false, defences: Vec::new() };
    if forces_goal_at_once(search, pos, m, &after) {
        attack.reaches_goal = true;
        if matches!(stipulation.aim, Aim::Reflex | Aim::SemiReflex) {
            attack.defences = search
                .reaching_moves(&after, 0)
                .into_iter()
                .map(|d| Defence { mv: d, reaches_goal: true, answers: Vec::new() })
                .collect();
        }
        return attack;
    }
    if *budget == 0 || n == 0 {
        return attack;
    }
    // The threat: what the attacker would play next if the defender could pass.
    let mut threat_length = None;
    if n > 1
        && !options.no_threat
        && let Some(passed) = after.passed()
    {
        let limit = options.threat_length.map_or(n - 1, |t| t.min(n - 1));
        threat_length = search.shortest_attack(&passed, limit);
        if let Some(t) = threat_length {
            attack.threats = answers(search, &passed, t, options, budget);
        } else if !search.aborted() {
            attack.zugzwang = true;
        }
    }
    let threat_moves: Vec<P::Move> = attack.threats.iter().map(|t| t.mv).collect();
    let mut replies = Vec::new();
    after.moves_into(&mut replies);
    for d in replies {
        if *budget == 0 || search.aborted() {
            break;
        }
        let after_d = after.after(d);
        if stipulation.aim == Aim::SelfPlay && search.reached(&after, d, &after_d) {
            attack.defences.push(Defence { mv: d, reaches_goal: true, answers: Vec::new() });
            continue;
        }
        if n == 1 {
            continue;
        }
        let Some(k) = search.shortest_attack(&after_d, n - 1) else { continue };
        if options.no_short_variations && k < n - 1 {
            continue;
        }
        let answers = answers(search, &after_d, k, options, budget);
        // A defence after which a threat still works as threatened does not defend: it is not shown.
        let threat_goes_on = threat_length == Some(k) && answers.iter().any(|a| threat_moves.contains(&a.mv));
        if !threat_goes_on {
            attack.defences.push(Defence { mv: d, reaches_goal: false, answers });
        }
    }
    attack
}

/// The attacker's moves from `pos` that force the aim in exactly `k` moves (the fewest), each with its play.
fn answers<P: SolvePosition>(
    search: &mut Search<P>,
    pos: &P,
    k: u32,
    options: &SolveOptions,
    budget: &mut usize,
) -> Vec<Attack<P::Move>> {
    let mut moves = Vec::new();
    pos.moves_into(&mut moves);
    let mut found = Vec::new();
    for m in moves {
        if *budget == 0 || search.aborted() {
            break;
        }
        if search.attack_succeeds(pos, m, k) {
            found.push(play_of(search, pos, m, k, options, budget));
        }
    }
    found
}

/// Set play: the defender's moves from `pos` (the defender to move) with the attacker's answers within `n`.
fn set_play<P: SolvePosition>(
    search: &mut Search<P>,
    pos: &P,
    n: u32,
    options: &SolveOptions,
    budget: &mut usize,
) -> Vec<Defence<P::Move>> {
    let mut replies = Vec::new();
    pos.moves_into(&mut replies);
    let mut set = Vec::new();
    for d in replies {
        if *budget == 0 || search.aborted() {
            break;
        }
        let after = pos.after(d);
        if search.stipulation().aim == Aim::SelfPlay && search.reached(pos, d, &after) {
            set.push(Defence { mv: d, reaches_goal: true, answers: Vec::new() });
            continue;
        }
        if let Some(k) = search.shortest_attack(&after, n) {
            set.push(Defence { mv: d, reaches_goal: false, answers: answers(search, &after, k, options, budget) });
        }
    }
    set
}

/// Whether a goal is one forsyth solves (every goal but the proof games, which have their own search).
///
/// ```
/// use forsyth::problem::solve::solves;
/// use forsyth::problem::stipulation::Goal;
/// assert!(solves(Goal::Mate));
/// assert!(!solves(Goal::ProofGame));
/// ```
pub fn solves(goal: Goal) -> bool {
    !goal.is_proof_game()
}
