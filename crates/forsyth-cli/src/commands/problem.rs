//! `forsyth problem`: problem descriptions in Popeye's input language: checked, converted, drawn.

use std::path::{Path, PathBuf};

use forsyth::diagram::{self, Diagram, DiagramStyle, text};
use forsyth::notation::Language;
use forsyth::notation::general::write_fen;
use forsyth::problem::popeye::{self, Attribute, PopeyeLanguage, ProblemDescription};
use forsyth::problem::{start, yacpdb};
use forsyth::{Position, Square};

use crate::{Failure, input};

/// Problem descriptions in Popeye's input language (BeginProblem, Pieces, Stipulation, EndProblem; English or
/// German keywords) or as YACPDB entries (YAML with algebraic: white: [...] black: [...]).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  forsyth problem board problem.inp
  forsyth problem convert --lang de problem.inp
  forsyth problem check problem.inp

  forsyth problem board fairy.inp      # Pieces White Kc1 Ga3 Nh4: grasshopper, nightrider

A file is read as a YACPDB entry when it starts with '---' or has an 'algebraic:' line, else as Popeye input.
Fairy pieces by their Popeye codes (English G grasshopper, N nightrider, CA camel, L locust; German G, N, CA,
H); a code outside forsyth's catalogue is an error with its line and column. Stipulation, Condition and Option
are kept as text; forsyth plays no condition, so check names it and does not check such a problem. YACPDB keys
forsyth does not model (solution, twins, ...) are named on standard error.")]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    Check(CheckArgs),
    Convert(ConvertArgs),
    Board(BoardArgs),
    Solve(super::solve::FileArgs),
}

/// Read every problem of a file and say whether its position is legal (White to move), with the count
/// (w+s or w+s+m+u), the stipulation and the FEN (with fairy pieces: the FEN with the problem's letters and their
/// declarations, as --piece takes them).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  forsyth problem check problem.inp
  forsyth problem check --marked e4,d5 entry.yaml

Exit status: 0 every problem read and legal, 1 unreadable, illegal or with a condition forsyth cannot play,
2 usage error.")]
struct CheckArgs {
    #[command(flatten)]
    file: FileArgs,
}

/// Draw the diagram of every problem of a file, with the FEN, the count (w+s or w+s+m+u) and the stipulation.
/// Fairy pieces are drawn with the problem's letters and a legend (in the language of the file's keywords).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  forsyth problem board problem.inp
  forsyth problem board --marked e4,d5 problem.inp

Exit status: 0 every problem read and legal, 1 unreadable, illegal or with a condition forsyth cannot play,
2 usage error.")]
struct BoardArgs {
    #[command(flatten)]
    file: FileArgs,
}

#[derive(clap::Args)]
struct FileArgs {
    /// Marked squares, counted in w+s+m+u (Popeye's input has no keyword for them).
    #[arg(long, value_name = "SQUARES", value_delimiter = ',')]
    marked: Vec<Square>,
    /// The Popeye input file ('-' for standard input).
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

/// Write the problems again in Popeye's input language, English or German keywords.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  forsyth problem convert --lang de problem.inp
  forsyth problem convert --lang en problem-de.inp > problem-en.inp
  forsyth problem convert --fen '4k3/8/3p4/8/8/2N5/3K4/8 w - - 0 1' --stipulation '~1'
  forsyth problem convert --yacpdb problem.inp
  forsyth problem convert --piece G=grasshopper --piece I=nightrider --fen '4k3/8/8/8/7I/G7/8/2K5 w - - 0 1'

With --fen, the FEN becomes a problem description: castling rights that Popeye would not assume and an
en-passant square are written as Option NoCastling/EnPassant; the side to move must be the one the stipulation
lets begin (White in #2, s#3, ~1; Black in h#2, h~1). Declared
fairy pieces are written with their Popeye codes; a piece outside the catalogue (betza:...) or a cylinder board
cannot be written in Popeye's input and is an error.

Exit status: 0 converted, 1 unreadable, 2 usage error.")]
struct ConvertArgs {
    /// The keywords to write: en or de.
    #[arg(long, default_value = "en", value_parser = popeye_language)]
    lang: PopeyeLanguage,
    /// Write a YACPDB entry (YAML) instead of Popeye input.
    #[arg(long)]
    yacpdb: bool,
    /// Describe this position instead of reading a file.
    #[arg(long, value_name = "FEN", conflicts_with = "file", required_unless_present = "file")]
    fen: Option<String>,
    /// With --fen: the stipulation, as Popeye writes it (#2, h#3, ~1).
    #[arg(long, value_name = "TEXT", requires = "fen")]
    stipulation: Option<String>,
    #[command(flatten)]
    fairy: input::FairyArgs,
    /// The Popeye input file ('-' for standard input).
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
}

fn popeye_language(text: &str) -> Result<PopeyeLanguage, String> {
    match text.to_ascii_lowercase().as_str() {
        "en" | "english" => Ok(PopeyeLanguage::English),
        "de" | "german" => Ok(PopeyeLanguage::German),
        _ => Err(format!("'{text}': Popeye's keywords are written in en or de")),
    }
}

/// The problems of a file, and the language their Condition/Option/Twin texts are in (YACPDB: English).
fn read_with_language(path: &Path) -> Result<(Vec<ProblemDescription>, PopeyeLanguage), Failure> {
    let bytes = if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)
            .map_err(|e| Failure(format!("cannot read standard input: {e}")))?;
        bytes
    } else {
        std::fs::read(path).map_err(|e| Failure(format!("cannot read '{}': {e}", path.display())))?
    };
    // Older Popeye inputs are Latin-1: read as Popeye reads them.
    let text = popeye::decode(&bytes);
    if forsyth_server::report::is_yacpdb(&text) {
        let entry = yacpdb::parse(&text).map_err(|e| Failure(format!("{}: [{}] {e}", path.display(), e.code())))?;
        if !entry.ignored.is_empty() {
            eprintln!("forsyth: {}: not read (kept by YACPDB only): {}", path.display(), entry.ignored.join(", "));
        }
        return Ok((vec![entry.problem], PopeyeLanguage::English));
    }
    let language = popeye::language_of(&text).unwrap_or_default();
    let problems = popeye::parse(&text).map_err(|e| Failure(format!("{}: [{}] {e}", path.display(), e.code())))?;
    Ok((problems, language))
}

pub fn run(args: Args) -> Result<(), Failure> {
    match args.command {
        Command::Convert(a) => {
            let problems = match (&a.fen, &a.file) {
                (Some(fen), _) => {
                    let (described, turn) = if a.fairy.general() {
                        let pos = a.fairy.position(fen)?;
                        let described = ProblemDescription::from_general_position(&pos)
                            .map_err(|e| Failure(format!("[{}] {e}", e.code())))?;
                        (described, pos.turn())
                    } else {
                        let pos: Position = fen.parse().map_err(|e| Failure(format!("invalid FEN '{fen}': {e}")))?;
                        (ProblemDescription::from_position(&pos), pos.turn())
                    };
                    let problem = ProblemDescription { stipulation: a.stipulation.clone(), ..described };
                    let first = start::first_mover(a.stipulation.as_deref(), false);
                    if first != turn {
                        let name = |c: forsyth::Color| if c.is_white() { "White" } else { "Black" };
                        return Err(Failure(format!(
                            "the FEN has {} to move, but in Popeye the stipulation '{}' lets {} begin: give a \
                             stipulation in which {} begins ({})",
                            name(turn),
                            a.stipulation.as_deref().unwrap_or("(none)"),
                            name(first),
                            name(turn),
                            if turn.is_white() { "#2, s#3, ~1" } else { "h#2, h~1, ser-h#3" },
                        )));
                    }
                    vec![problem]
                }
                (None, Some(file)) => {
                    let (problems, language) = read_with_language(file)?;
                    // Option names are written in the output's language; conditions and twins stay as they were.
                    let kept_as_text = |p: &ProblemDescription| {
                        let untranslated = |o: &String| start::normalised(o, language).is_none();
                        !(p.conditions.is_empty() && p.twins.is_empty() && !p.options.iter().any(untranslated))
                    };
                    if !a.yacpdb && language != a.lang && problems.iter().any(kept_as_text) {
                        return Err(Failure(format!(
                            "{}: Condition, Option and Twin lines are kept as text in {}, and Popeye reads them only \
                             in that language: convert with --lang {} or translate those lines by hand",
                            file.display(),
                            if language == PopeyeLanguage::German { "German" } else { "English" },
                            if language == PopeyeLanguage::German { "de" } else { "en" },
                        )));
                    }
                    problems
                }
                (None, None) => return Err(Failure("give a Popeye input file or --fen".into())),
            };
            for problem in problems {
                if a.yacpdb {
                    print!("{}", yacpdb::write(&problem));
                } else {
                    print!("{}", problem.write(a.lang));
                }
            }
            Ok(())
        }
        Command::Check(CheckArgs { file: a }) => {
            let (problems, language) = read_with_language(&a.file)?;
            show(problems, language, &a.marked, false, &a.file)
        }
        Command::Board(BoardArgs { file: a }) => {
            let (problems, language) = read_with_language(&a.file)?;
            show(problems, language, &a.marked, true, &a.file)
        }
        Command::Solve(a) => {
            let (problems, language) = read_with_language(a.file())?;
            super::solve::run_file(a, problems, language)
        }
    }
}

fn show(
    problems: Vec<ProblemDescription>,
    language: PopeyeLanguage,
    marked: &[Square],
    draw: bool,
    path: &Path,
) -> Result<(), Failure> {
    let words = if language == PopeyeLanguage::German { Language::De } else { Language::En };
    let mut failed = Vec::new();
    for (i, mut problem) in problems.into_iter().enumerate() {
        problem.marked = marked.to_vec();
        let count = problem.count();
        let stipulation = problem.stipulation.as_deref().unwrap_or("-");
        // The position in FEN (with the problem's letters declared for fairy pieces), or why it cannot be played.
        // Conditions are played by the general position only.
        let (drawing, fen) = match problem.board() {
            Ok(board) if problem.conditions.is_empty() => {
                let position = problem.position();
                let caption = position.as_ref().ok().map(ToString::to_string);
                let style = DiagramStyle { caption, count: false, ..DiagramStyle::default() };
                (text::ascii(&Diagram::new(board), &style), position.map(|p| p.to_string()))
            }
            _ => {
                let drawing = diagram::general::diagram(&problem.general_board(), false, words);
                let fen = problem.general_position().map(|pos| {
                    let table = pos.table();
                    let declared: Vec<String> = table
                        .declared()
                        .iter()
                        .filter_map(|&l| table.index_of(l).map(|i| format!("{l}={}", table.kind(i).name())))
                        .collect();
                    let conditions: Vec<String> = pos.conditions().iter().map(ToString::to_string).collect();
                    let conditions = if conditions.is_empty() {
                        String::new()
                    } else {
                        format!(" (conditions {})", conditions.join(", "))
                    };
                    format!("{} (pieces {}){conditions}", write_fen(&pos), declared.join(" "))
                });
                (drawing, fen)
            }
        };
        if draw {
            print!("{drawing}");
            // The attributes under the board, as Popeye lists them (`Royal d4`): the diagram draws a neutral piece
            // as a white one, so the line says which are neutral.
            for attribute in Attribute::ALL {
                let squares: Vec<String> = problem
                    .pieces
                    .iter()
                    .filter(|p| p.attributes.contains(attribute))
                    .map(|p| p.square.to_string())
                    .collect();
                if !squares.is_empty() {
                    println!("{} {}", attribute.name(language), squares.join(" "));
                }
            }
        }
        match fen {
            Ok(fen) => println!("problem {}: {count} {stipulation} {fen}", i + 1),
            Err(e) => {
                println!("problem {}: {count} {stipulation} not checked: [{}] {e}", i + 1, e.code());
                failed.push(i + 1);
            }
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(Failure(format!("{}: problem {failed:?} illegal or not playable by forsyth", path.display())))
    }
}
