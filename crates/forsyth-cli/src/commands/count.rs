//! `forsyth count`: the piece count of problem diagrams, `w+s`.

use forsyth::Color;
use forsyth::diagram::{self, PieceCount};
use serde_json::json;

use crate::{Failure, input};

/// Print the piece count as problem books write it under a diagram, such as 14+14.
///
/// White pieces + black pieces, pawns and unknown pieces included; with marked squares or invisible pieces the
/// long form w+s+m+u (German problem-chess conventions).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  forsyth count '3Brq2/P1ppRp1K/4p2p/6p1/6NP/3P1P1k/1PP1bPrb/3BnQnR'
  forsyth count --json 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2'
  forsyth count --marked e4,d5 --invisible 1 '4k3/8/8/8/8/8/8/4K3'
  forsyth count --piece G=grasshopper --piece N=nightrider '4k3/8/8/8/7N/G7/8/2K5'
  cat positions.fen | forsyth count

The FEN may be quoted or given as separate words; a board field alone may hold unknown pieces X/x. Fairy pieces
take the problem's letters (--piece, as for every command that reads a position). Without a FEN, counts each line
of standard input.

Exit status: 0 counted, 1 not a FEN, 2 usage error.")]
pub struct Args {
    /// Print JSON ({\"white\": 14, \"black\": 14, \"text\": \"14+14\"}), one object per FEN.
    #[arg(long)]
    json: bool,
    /// Marked squares, counted as m in w+s+m+u.
    #[arg(long, value_name = "SQUARES", value_delimiter = ',')]
    marked: Vec<forsyth::Square>,
    /// Invisible pieces, counted as u in w+s+m+u.
    #[arg(long, value_name = "N", default_value_t = 0)]
    invisible: usize,
    /// The FEN (or only its board field); standard input, one per line, if absent.
    #[arg(value_name = "FEN")]
    fen: Vec<String>,
    #[command(flatten)]
    fairy: input::FairyArgs,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let fens = if args.fen.is_empty() { Vec::new() } else { vec![args.fen.join(" ")] };
    input::each_line(&fens, |text| {
        let count = if args.fairy.general() {
            let pos = args.fairy.position(text)?;
            let (white, black) = (pos.count(Color::White).0, pos.count(Color::Black).0);
            PieceCount { white, black, ..PieceCount::default() }
        } else {
            diagram::read(text).map_err(|e| input::fen_failure(text, e))?.diagram.count()
        };
        let marked: forsyth::SquareSet = args.marked.iter().copied().collect();
        let count = count.with_extras(marked.len(), args.invisible);
        if args.json {
            println!(
                "{}",
                json!({"fen": text.trim(), "white": count.white, "black": count.black, "marked": count.marked,
                    "invisible": count.invisible, "text": count.to_string()})
            );
        } else {
            println!("{count}");
        }
        Ok(())
    })
}
