//! A whole problem solved as its description asks: the stipulation read, the options applied (`Duplex` solves it
//! twice, `HalfDuplex` with the colours exchanged), the position made on the orthodox fast path or as a general
//! position, and each way written for people and programs. The command line and the web server both solve
//! through here.

use std::time::Duration;

use super::{SolveError, SolveOptions, Written, solve, write};
use crate::notation::letters::Language;
use crate::notation::styles::MoveStyle;
use crate::problem::popeye::ProblemDescription;
use crate::problem::stipulation::Stipulation;

/// One way a problem was solved: as given, or with the colours exchanged (`Duplex`, `HalfDuplex`).
///
/// ```
/// use forsyth::notation::{Language, MoveStyle};
/// use forsyth::problem::popeye;
/// use forsyth::problem::solve::{SolveOptions, Verdict, solve_problem};
/// // HalfDuplex: Black begins and must mate in two, which a lone king cannot.
/// let text = "BeginProblem\nPieces White Kh1 Rb1 Black Ka8\nStipulation #2\nOption HalfDuplex\nEndProblem\n";
/// let solved = &solve_problem(&popeye::parse(text)?[0], &SolveOptions::default(), MoveStyle::Problem, Language::En)?[0];
/// assert!(solved.exchanged && solved.finished);
/// assert_eq!((solved.stipulation.to_string(), solved.written.verdict), ("#2".to_string(), Verdict::NoSolution));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The stipulation.
    pub stipulation: Stipulation,
    /// The colours exchanged: the other side began.
    pub exchanged: bool,
    /// The solution written.
    pub written: Written,
    /// Whether the search ran to its end.
    pub finished: bool,
    /// Positions visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Solves a problem read from Popeye input or a YACPDB entry, with `options` as the caller sets them and the
/// problem's own `Option` words applied over them ([`SolveOptions::read_popeye`]); the solution written in `style`
/// and `language`. One [`Solved`] for each way the options ask (two under `Duplex`).
///
/// ```
/// use forsyth::notation::{Language, MoveStyle};
/// use forsyth::problem::popeye;
/// use forsyth::problem::solve::{SolveOptions, Verdict, solve_problem};
/// // Popeye 4.104: 1.Kb6-c7 ! and 1.Kb6-a6 !
/// let text = "BeginProblem\nPieces White Kb6 Qf1 Sd5 Pc2 Black Ka8 Pa7\nStipulation #2\nEndProblem\n";
/// let problems = popeye::parse(text)?;
/// let ways = solve_problem(&problems[0], &SolveOptions::default(), MoveStyle::Problem, Language::En)?;
/// assert_eq!(ways.len(), 1);
/// assert_eq!((ways[0].exchanged, ways[0].written.verdict), (false, Verdict::Cooked));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_problem(
    problem: &ProblemDescription,
    options: &SolveOptions,
    style: MoveStyle,
    language: Language,
) -> Result<Vec<Solved>, SolveError> {
    let text = problem.stipulation.as_deref().ok_or(SolveError::NoStipulation)?;
    let stipulation: Stipulation = text.parse().map_err(SolveError::Stipulation)?;
    if !problem.twins.is_empty() {
        return Err(SolveError::Twins);
    }
    if problem.invisible > 0 {
        return Err(SolveError::Invisible { count: problem.invisible });
    }
    let mut options = options.clone();
    options.read_popeye(&problem.options)?;
    let ways = if options.duplex { vec![false, true] } else { vec![options.exchanged] };
    let mut solved = Vec::new();
    for exchanged in ways {
        let options = SolveOptions { exchanged, duplex: false, ..options.clone() };
        let first = if exchanged { !stipulation.first_mover() } else { stipulation.first_mover() };
        // Conditions are played by the general position only.
        solved.push(if problem.is_orthodox() && problem.conditions.is_empty() {
            one(problem.position().map_err(SolveError::Problem)?, first, &stipulation, &options, style, language)?
        } else {
            let pos = problem.general_position().map_err(SolveError::Problem)?;
            one(pos, first, &stipulation, &options, style, language)?
        });
    }
    Ok(solved)
}

fn one<P: super::SolvePosition>(
    pos: P,
    first: crate::Color,
    stipulation: &Stipulation,
    options: &SolveOptions,
    style: MoveStyle,
    language: Language,
) -> Result<Solved, SolveError> {
    let pos = if pos.turn() == first { pos } else { pos.turned() };
    let solution = solve(&pos, stipulation, options)?;
    Ok(Solved {
        stipulation: *stipulation,
        exchanged: options.exchanged,
        written: write(&pos, &solution, style, language),
        finished: solution.finished,
        nodes: solution.nodes,
        elapsed: solution.elapsed,
    })
}
