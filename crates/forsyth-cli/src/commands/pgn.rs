//! `forsyth pgn`: check, convert and filter PGN files of any size.

use std::fs::File;
use std::io::{self, BufWriter, Write};

use clap::Subcommand;
use forsyth::notation::letters::Letters;
use forsyth::notation::read::MoveReadOptions;
use forsyth::notation::styles::MoveStyle;
use forsyth::pgn::{
    Encoding, ErrorKind, GameBuilder, GameReport, GameText, PgnError, PgnReadOptions, PgnWarning, PgnWriteOptions,
    Visitor, WarningKind, write_game,
};

use crate::stream;
use crate::{Failure, input};

/// Read, check, convert, filter and unfold PGN files (plain, .zst, .gz, .bz2, or - for standard input).
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  forsyth pgn check games.pgn\n  \
     forsyth pgn convert --input-lang de --lang en partie.pgn -o game.pgn\n  \
     forsyth pgn filter --player Carlsen --where 'WhiteElo >= 2700' --dedupe games.pgn.zst\n  \
     forsyth pgn positions --epd games.pgn\n  \
     forsyth pgn export games.pgn.zst --to tables\n\n\
     Each subcommand's --help has more.")]
pub struct Args {
    #[command(subcommand)]
    command: PgnCommand,
}

#[derive(Subcommand)]
enum PgnCommand {
    Check(CheckArgs),
    Convert(ConvertArgs),
    // Boxed: its many options would make every command as large.
    Filter(Box<super::pgn_filter::FilterArgs>),
    Positions(super::pgn_positions::PositionsArgs),
    Export(super::pgn_export::ExportArgs),
}

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
    /// PGN files; standard input if none (or -).
    files: Vec<String>,
}

impl ReadArgs {
    pub(crate) fn options(&self, keep_broken: bool) -> PgnReadOptions {
        let letters = self.input_lang.unwrap_or_default();
        PgnReadOptions { encoding: self.encoding, keep_broken, moves: MoveReadOptions::with_letters(letters) }
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

/// Check every move of every game; one line per error, then a summary.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  forsyth pgn check games.pgn\n  forsyth pgn check --jobs 2 lichess_2024-01.pgn.zst\n  \
    forsyth pgn check --input-lang de partie.pgn\n\nEach error reads FILE:LINE:COLUMN: game N, ply P 'MOVE': reason [code]; \
    position before: FEN.\nA repair (a result written otherwise, a tag value without its closing quote, a forum wrapper, an impossible \
    castling right in a FEN tag...) is a line\nFILE:LINE:COLUMN: game N 'TEXT': warning: what was read [code]; the game stays valid.\n\
    The last line is 'N games, M valid, K with errors' (and ', W warnings' if any). Exit status 1 if any game has an error."
)]
struct CheckArgs {
    #[command(flatten)]
    read: ReadArgs,
}

/// Write games again in PGN export format.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  forsyth pgn convert games.pgn.zst -o clean.pgn\n  \
    forsyth pgn convert --no-comments --no-variations annotated.pgn\n  forsyth pgn convert --keep-broken dirty.pgn\n  \
    forsyth pgn convert --add-eco --fix-tags PlyCount,Result games.pgn\n  forsyth pgn convert --notation uci games.pgn\n\n\
    Games with errors are reported on standard error and left out (or kept up to the error with --keep-broken).\n\
    Exit status 1 if any game has an error.")]
struct ConvertArgs {
    #[command(flatten)]
    read: ReadArgs,
    #[command(flatten)]
    write: WriteArgs,
    /// Keep a game with an error up to the error, with the rest of its movetext as a comment.
    #[arg(long)]
    keep_broken: bool,
    #[command(flatten)]
    retag: super::pgn_retag::RetagArgs,
    /// Write to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<String>,
}

/// What the writer writes.
#[derive(clap::Args)]
struct WriteArgs {
    /// How moves are written (PGN files for exchange should stay English SAN).
    #[command(flatten)]
    moves: input::MoveWriteArgs,
    /// Leave comments out.
    #[arg(long)]
    no_comments: bool,
    /// Leave variations out.
    #[arg(long)]
    no_variations: bool,
    /// Leave NAGs out.
    #[arg(long)]
    no_nags: bool,
    /// Add the FEN after each move as a comment.
    #[arg(long)]
    fen_comments: bool,
}

impl WriteArgs {
    fn options(&self) -> PgnWriteOptions {
        PgnWriteOptions {
            comments: !self.no_comments,
            variations: !self.no_variations,
            nags: !self.no_nags,
            fen_comments: self.fen_comments,
            moves: self.moves.options(MoveStyle::San),
        }
    }
}

pub fn run(args: Args) -> Result<(), Failure> {
    match args.command {
        PgnCommand::Check(args) => check(args),
        PgnCommand::Convert(args) => convert(args),
        PgnCommand::Filter(args) => super::pgn_filter::filter(*args),
        PgnCommand::Positions(args) => super::pgn_positions::positions(args),
        PgnCommand::Export(args) => super::pgn_export::export(args),
    }
}

/// Counts games, errors and warnings over all files.
#[derive(Default)]
pub(super) struct Tally {
    games: u64,
    broken: u64,
    warnings: u64,
}

impl Tally {
    fn count(
        &mut self,
        name: &str,
        error: Option<&PgnError>,
        warnings: &[PgnWarning],
        out: &mut dyn Write,
    ) -> io::Result<()> {
        self.games += 1;
        // Repairs are reported but do not make the game invalid.
        for warning in warnings {
            self.warnings += 1;
            writeln!(out, "{name}:{warning}")?;
            if warning.kind == WarningKind::FenRepaired {
                writeln!(out, "  hint: `forsyth fen check --repair` drops the same from a FEN")?;
            }
        }
        if let Some(error) = error {
            self.broken += 1;
            writeln!(out, "{name}:{error}")?;
            if error.kind == ErrorKind::Encoding {
                writeln!(out, "  hint: read the file with --encoding latin1 if it is Latin-1")?;
            }
        }
        Ok(())
    }

    pub(super) fn finish(&self) -> Result<(), Failure> {
        if self.broken > 0 {
            Err(Failure(format!("{} of {} games have errors", self.broken, self.games)))
        } else {
            Ok(())
        }
    }
}

pub(super) fn output(path: Option<&str>) -> Result<Box<dyn Write>, Failure> {
    Ok(match path {
        Some(path) => Box::new(BufWriter::new(File::create(path).map_err(|e| Failure(format!("{path}: {e}")))?)),
        None => Box::new(BufWriter::with_capacity(1 << 16, io::stdout().lock())),
    })
}

/// Reads every game of every input (on `--jobs` threads) into a fresh visitor made by `visitor`, counts it with
/// its error written to `errors`, and hands the game and what `made` makes of the visitor to `emit`, in input
/// order.
pub(super) fn read_games<V: Visitor, T: Send>(
    read: &ReadArgs,
    options: &PgnReadOptions,
    errors: &mut dyn Write,
    visitor: impl Fn() -> V + Sync,
    made: impl Fn(V, &GameReport) -> T + Sync,
    mut emit: impl FnMut(GameText<'_>, T) -> io::Result<()>,
) -> Result<Tally, Failure> {
    let mut tally = Tally::default();
    for path in read.inputs() {
        let input = stream::open(&path)?;
        let name = input.name.clone();
        let made = |v, report: GameReport| {
            let out = made(v, &report);
            (report.error, report.warnings, out)
        };
        stream::read_games(input, read.jobs, options, &visitor, made, |raw, (error, warnings, out)| {
            tally.count(&name, error.as_ref(), &warnings, errors)?;
            emit(raw, out)
        })?;
    }
    Ok(tally)
}

fn check(args: CheckArgs) -> Result<(), Failure> {
    let options = args.read.options(false);
    let mut out = BufWriter::new(io::stdout().lock());
    // The error lines are the report: they go to standard output, before the summary.
    let tally = read_games(&args.read, &options, &mut out, || forsyth::pgn::Validate, |_, _| (), |_, ()| Ok(()))?;
    let valid = tally.games - tally.broken;
    let warnings = match tally.warnings {
        0 => String::new(),
        1 => ", 1 warning".to_string(),
        n => format!(", {n} warnings"),
    };
    writeln!(out, "{} games, {valid} valid, {} with errors{warnings}", tally.games, tally.broken)
        .and_then(|()| out.flush())
        .or_else(stream::closed_pipe)?;
    tally.finish()
}

fn convert(args: ConvertArgs) -> Result<(), Failure> {
    let options = args.read.options(args.keep_broken);
    let write = args.write.options();
    let retag = args.retag.retag()?;
    let mut out = output(args.output.as_deref())?;
    let mut errors = io::stderr().lock();
    let tally = read_games(
        &args.read,
        &options,
        &mut errors,
        GameBuilder::default,
        |builder, report| {
            let mut text = String::new();
            if report.error.is_none() || options.keep_broken {
                let mut game = builder.finish();
                retag.apply(&mut game);
                write_game(&game, &write, &mut text);
            }
            text
        },
        |_, text| out.write_all(text.as_bytes()),
    )?;
    out.flush().or_else(stream::closed_pipe)?;
    tally.finish()
}
