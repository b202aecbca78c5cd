//! How the `pgn` subcommands read games: the reading options they share, the inputs, the error and warning lines
//! with their tally, and the output file.

use std::fs::File;
use std::io::{self, BufWriter, Write};

use forsyth::notation::letters::Letters;
use forsyth::notation::read::MoveReadOptions;
use forsyth::pgn::{
    Encoding, ErrorKind, GameReport, GameText, PgnError, PgnReadOptions, PgnWarning, Visitor, WarningKind,
};

use crate::stream;
use crate::{Failure, input};

/// How games are read: shared by every subcommand.
#[derive(clap::Args)]
pub(crate) struct ReadArgs {
    /// Text encoding of the files: auto (UTF-8, else Latin-1, per game), utf8 or latin1.
    #[arg(long, default_value = "auto", value_parser = encoding)]
    encoding: Encoding,
    /// Language of the moves' piece letters (en, de, fr, nl, ...), or six letters PNBRQK in order.
    #[arg(long, value_name = "LANG", value_parser = input::letters)]
    input_lang: Option<Letters>,
    /// Worker threads; output keeps the input order.
    #[arg(long, short = 'j', default_value_t = 1)]
    pub(crate) jobs: usize,
    #[command(flatten)]
    allow: input::AllowArgs,
    /// PGN files; standard input if none (or -).
    files: Vec<String>,
}

impl ReadArgs {
    pub(crate) fn options(&self, keep_broken: bool) -> PgnReadOptions {
        let letters = self.input_lang.unwrap_or_default();
        PgnReadOptions {
            encoding: self.encoding,
            keep_broken,
            moves: MoveReadOptions::with_letters(letters),
            allow: self.allow.allowed(),
        }
    }

    pub(crate) fn inputs(&self) -> Vec<String> {
        if self.files.is_empty() { vec!["-".to_string()] } else { self.files.clone() }
    }
}

fn encoding(text: &str) -> Result<Encoding, String> {
    match text.to_ascii_lowercase().replace(['-', '_'], "").as_str() {
        "auto" => Ok(Encoding::Auto),
        "utf8" => Ok(Encoding::Utf8),
        "latin1" | "iso88591" => Ok(Encoding::Latin1),
        _ => Err(format!("unknown encoding '{text}' (use auto, utf8 or latin1)")),
    }
}

/// How the error and warning lines are written.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum Report {
    /// `FILE:LINE:COLUMN: ...`, with hints, for people.
    #[default]
    Text,
    /// One JSON object per line, for programs: `{"kind": "error" | "warning", "file", "line", "column", ...}`.
    Json,
}

/// Counts games, errors and warnings over all files.
#[derive(Default)]
pub(crate) struct Tally {
    report: Report,
    games: u64,
    broken: u64,
    warnings: u64,
}

/// A JSON line of `pgn check --json`: `kind`, `file`, then the fields the web API gives the same problem.
fn json_line(kind: &str, file: &str, fields: serde_json::Value) -> serde_json::Value {
    let mut line = serde_json::json!({"kind": kind, "file": file});
    if let (Some(line), serde_json::Value::Object(fields)) = (line.as_object_mut(), fields) {
        line.extend(fields);
    }
    line
}

impl Tally {
    fn count(
        &mut self,
        name: &str,
        error: Option<&PgnError>,
        warnings: &[PgnWarning],
        out: &mut dyn Write,
    ) -> io::Result<()> {
        // Repairs are reported but do not make the game invalid.
        self.games += 1;
        self.warnings += warnings.len() as u64;
        self.broken += u64::from(error.is_some());
        if self.report == Report::Json {
            for warning in warnings {
                writeln!(out, "{}", json_line("warning", name, forsyth_server::report::pgn_warning(warning)))?;
            }
            if let Some(error) = error {
                writeln!(out, "{}", json_line("error", name, forsyth_server::report::pgn_error(error)))?;
            }
            return Ok(());
        }
        for warning in warnings {
            writeln!(out, "{name}:{warning}")?;
            if warning.kind == WarningKind::FenRepaired {
                writeln!(out, "  hint: `forsyth fen check --repair` drops the same from a FEN")?;
            }
        }
        if let Some(error) = error {
            writeln!(out, "{name}:{error}")?;
            if error.kind == ErrorKind::Encoding {
                writeln!(out, "  hint: read the file with --encoding latin1 if it is Latin-1")?;
            }
            if error.kind == ErrorKind::BadFen {
                writeln!(
                    out,
                    "  hint: where the FEN is well formed and breaks only rules of the position, `--allow CODES` \
                     reads the game on it as given (`forsyth fen check --json` gives each problem's code)"
                )?;
            }
        }
        Ok(())
    }

    /// `12 games, 11 valid, 1 with errors, 2 warnings`, or with [`Report::Json`] `{"kind": "summary", "games",
    /// "valid", "errors", "warnings"}`.
    pub(crate) fn summary(&self) -> String {
        let valid = self.games - self.broken;
        if self.report == Report::Json {
            return serde_json::json!({"kind": "summary", "games": self.games, "valid": valid, "errors": self.broken,
                                      "warnings": self.warnings})
            .to_string();
        }
        let warnings = match self.warnings {
            0 => String::new(),
            1 => ", 1 warning".to_string(),
            n => format!(", {n} warnings"),
        };
        format!("{} games, {valid} valid, {} with errors{warnings}", self.games, self.broken)
    }

    pub(crate) fn finish(&self) -> Result<(), Failure> {
        if self.broken > 0 {
            Err(Failure(format!("{} of {} games have errors", self.broken, self.games)))
        } else {
            Ok(())
        }
    }
}

pub(crate) fn output(path: Option<&str>) -> Result<Box<dyn Write>, Failure> {
    Ok(match path {
        Some(path) => Box::new(BufWriter::new(File::create(path).map_err(|e| Failure(format!("{path}: {e}")))?)),
        None => Box::new(BufWriter::with_capacity(1 << 16, io::stdout().lock())),
    })
}

/// Reads every game of every input (on `--jobs` threads) into a fresh visitor made by `visitor`, counts it with
/// its error written to `errors` as `report` says, and hands the game and what `made` makes of the visitor to
/// `emit`, in input order.
pub(crate) fn read_games<V: Visitor, T: Send>(
    read: &ReadArgs,
    options: &PgnReadOptions,
    report: Report,
    errors: &mut dyn Write,
    visitor: impl Fn() -> V + Sync,
    made: impl Fn(V, &GameReport) -> T + Sync,
    mut emit: impl FnMut(GameText<'_>, T) -> io::Result<()>,
) -> Result<Tally, Failure> {
    let mut tally = Tally { report, ..Tally::default() };
    for path in read.inputs() {
        let input = stream::open(&path)?;
        let name = input.name.clone();
        let made = |v, report: GameReport| {
            let out = made(v, &report);
            (report.error, report.warnings, out)
        };
        stream::read_games(input, read.jobs, options, &visitor, made, |raw, (error, warnings, out)| {
            tally.count(&name, error.as_deref(), &warnings, errors)?;
            emit(raw, out)
        })?;
    }
    Ok(tally)
}
