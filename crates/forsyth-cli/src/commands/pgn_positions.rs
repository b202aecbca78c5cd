//! `forsyth pgn positions`: the position before the first move and after every mainline move of every game, one
//! FEN or EPD a line.

use std::io::{self, Write};

use forsyth::notation::fen::{EpMode, Fen};
use forsyth::pgn::Visitor;
use forsyth::{Move, Position};

use super::pgn_read::{ReadArgs, Report, output, read_games};
use crate::{Failure, input, stream};

/// Write one FEN (or EPD) per position of every game's main line.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  forsyth pgn positions games.pgn\n  \
    forsyth pgn positions --epd --ep legal --numbered games.pgn.zst -o positions.epd\n  \
    forsyth pgn positions --epd games.pgn | sort | uniq -c | sort -rn | head   # the most frequent positions\n\n\
    Each game gives its start position, then the position after each mainline move (variations are left out).\n\
    EPD is the FEN without its two clocks. --numbered starts each line with GAME<TAB>PLY<TAB>.\n\
    Games with errors are reported on standard error and left out; exit status 1 if any.")]
pub struct PositionsArgs {
    #[command(flatten)]
    read: ReadArgs,
    /// Write EPD (board, side to move, castling, en passant) instead of FEN.
    #[arg(long)]
    epd: bool,
    /// When the en-passant square is written: always (after every double step), pseudo or legal (only when a
    /// capture there is legal, as EPD in opening books and python-chess's epd() write it).
    #[arg(long, default_value = "always", value_parser = input::ep_mode)]
    ep: EpMode,
    /// Start each line with the game's number and the ply (0: the start position), tab-separated.
    #[arg(long)]
    numbered: bool,
    /// Leave the start position out: only positions after a move.
    #[arg(long)]
    no_start: bool,
    /// Write to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<String>,
}

/// The main line's positions as text, collected while the game is read.
struct MainlinePositions {
    epd: bool,
    ep: EpMode,
    depth: usize,
    lines: Vec<String>,
}

impl MainlinePositions {
    fn push(&mut self, position: &Position) {
        let fen = Fen::from_position_with(position, self.ep).to_string();
        let text = if self.epd { fen.split(' ').take(4).collect::<Vec<_>>().join(" ") } else { fen };
        self.lines.push(text);
    }
}

impl Visitor for MainlinePositions {
    fn begin_movetext(&mut self, start: &Position) {
        self.push(start);
    }

    fn play(&mut self, before: &Position, mv: Move) {
        if self.depth == 0
            && let Ok(after) = before.after(mv)
        {
            self.push(&after);
        }
    }

    fn begin_variation(&mut self) {
        self.depth += 1;
    }

    fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }
}

pub fn positions(args: PositionsArgs) -> Result<(), Failure> {
    let options = args.read.options(false);
    let mut out = output(args.output.as_deref())?;
    let mut errors = io::stderr().lock();
    let mut game = 0u64;
    let tally = read_games(
        &args.read,
        &options,
        Report::Text,
        &mut errors,
        || MainlinePositions { epd: args.epd, ep: args.ep, depth: 0, lines: Vec::new() },
        |positions, report| if report.error.is_none() { Some(positions.lines) } else { None },
        |_, lines| {
            game += 1;
            let Some(lines) = lines else { return Ok(()) };
            for (ply, line) in lines.iter().enumerate() {
                if ply == 0 && args.no_start {
                    continue;
                }
                if args.numbered {
                    write!(out, "{game}\t{ply}\t")?;
                }
                writeln!(out, "{line}")?;
            }
            Ok(())
        },
    )?;
    out.flush().or_else(stream::closed_pipe)?;
    tally.finish()
}
