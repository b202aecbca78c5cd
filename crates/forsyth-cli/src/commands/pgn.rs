//! `forsyth pgn`: check, convert and filter PGN files of any size.

use std::io::{self, BufWriter, Write};

use clap::Subcommand;
use forsyth::notation::styles::MoveStyle;
use forsyth::pgn::{GameBuilder, PgnWriteOptions, write_game};

use super::pgn_read::{ReadArgs, Report, output, read_games};
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
    #[cfg(feature = "export")]
    Export(super::pgn_export::ExportArgs),
    /// Write games as tables (not in this build: it needs the `export` feature).
    #[cfg(not(feature = "export"))]
    Export(super::Unavailable),
}

/// Check every move of every game; one line per error, then a summary.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  forsyth pgn check games.pgn\n  forsyth pgn check --jobs 2 lichess_2024-01.pgn.zst\n  \
    forsyth pgn check --input-lang de partie.pgn\n  forsyth pgn check --json games.pgn\n\nEach error reads FILE:LINE:COLUMN: game N, ply P 'MOVE': reason [code]; \
    position before: FEN.\nA repair (a result written otherwise, a tag value without its closing quote, a forum wrapper, an impossible \
    castling right in a FEN tag...) is a line\nFILE:LINE:COLUMN: game N 'TEXT': warning: what was read [code]; the game stays valid.\n\
    The last line is 'N games, M valid, K with errors' (and ', W warnings' if any). Exit status 1 if any game has an error.\n\
    With --json, one JSON object per line instead: {\"kind\": \"error\" or \"warning\", \"file\", \"line\", \"column\", \
    \"game\", \"token\", \"code\", \"reason\", \"message\"} (an error also \"ply\" and \"fen\"),\nthen {\"kind\": \
    \"summary\", \"games\", \"valid\", \"errors\", \"warnings\"}."
)]
struct CheckArgs {
    #[command(flatten)]
    read: ReadArgs,
    /// Write each error and warning, and the summary, as a JSON object on a line of its own (for programs).
    #[arg(long)]
    json: bool,
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
        #[cfg(feature = "export")]
        PgnCommand::Export(args) => super::pgn_export::export(args),
        #[cfg(not(feature = "export"))]
        PgnCommand::Export(_) => Err(super::unavailable("pgn export", "export")),
    }
}

fn check(args: CheckArgs) -> Result<(), Failure> {
    let options = args.read.options(false);
    let mut out = BufWriter::new(io::stdout().lock());
    // The error lines are the report: they go to standard output, before the summary.
    let report = if args.json { Report::Json } else { Report::Text };
    let validate = || forsyth::pgn::Validate;
    let tally = read_games(&args.read, &options, report, &mut out, validate, |_, _| (), |_, ()| Ok(()))?;
    writeln!(out, "{}", tally.summary()).and_then(|()| out.flush()).or_else(stream::closed_pipe)?;
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
        Report::Text,
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
