//! `forsyth moves`: list the legal moves of positions.

use forsyth::Variant;

use serde_json::json;

use crate::{Failure, input};

/// Print the legal moves of each FEN, one line per FEN.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  forsyth moves 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n  cat positions.fen | forsyth moves --uci-960\n  forsyth moves --json 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n\nWithout FEN arguments, reads one FEN per line from standard input. With --json, one object per FEN: {\"fen\", \"moves\"}.\n\nExit status: 0 listed, 1 invalid FEN or illegal position, 2 usage error."
)]
pub struct Args {
    /// Variant; inferred from each FEN if absent.
    #[arg(long, value_parser = input::variant)]
    variant: Option<Variant>,
    /// Move notation.
    #[arg(long, default_value = "uci", value_parser = ["uci"])]
    notation: String,
    /// Write castling as king takes rook (e1h1) even in standard chess.
    #[arg(long)]
    uci_960: bool,
    /// Print one JSON object per FEN for programs.
    #[arg(long)]
    json: bool,
    /// Positions (FEN); standard input if none.
    fens: Vec<String>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let _ = &args.notation;
    for fen in input::args_or_stdin(args.fens)? {
        let pos = input::position(&fen, args.variant)?;
        let chess960 = args.uci_960 || pos.variant().is_shuffle();
        let moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.uci(m, chess960)).collect();
        if args.json {
            println!("{}", json!({"fen": fen.trim(), "moves": moves}));
        } else {
            println!("{}", moves.join(" "));
        }
    }
    Ok(())
}
