//! `forsyth moves`: list the legal moves of positions.

use forsyth::Variant;
use forsyth::notation::{Style, WriteOptions, write_move};

use serde_json::json;

use crate::{Failure, input};

/// Print the legal moves of each FEN, one line per FEN, in any notation and language.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  forsyth moves 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n  forsyth moves --notation san --lang de 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n  forsyth moves --notation problem --lang de --capture x 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'\n  forsyth moves --notation fide --figurine '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2'\n  forsyth moves --notation fide --letters PCFTDREK 'rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1'\n  cat positions.fen | forsyth moves --uci-960\n  forsyth moves --json 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n\nNotations: san (Nf3, O-O, e8=Q), fide (Sf3, 0-0, d8D, exd6 e.p.), lan (Ng1-f3), problem (Sg1-f3, Be2:d3, Df4:f8=), uci (g1f3).\nWithout FEN arguments, reads one FEN per line from standard input. With --json, one object per FEN: {\"fen\", \"moves\"}.\n\nLetters that would write two pieces of the position's variant alike are refused: French (fr) writes the knight C, so for Capablanca chess give eight letters, such as --letters PCFTDREK (archbishop E, chancellor K).\n\nExit status: 0 listed, 1 invalid FEN, illegal position or colliding letters, 2 usage error."
)]
pub struct Args {
    /// Variant; inferred from each FEN if absent.
    #[arg(long, value_parser = input::variant)]
    variant: Option<Variant>,
    /// Move notation: san, fide, lan, problem or uci.
    #[arg(long, default_value = "uci", value_parser = input::style)]
    notation: Style,
    #[command(flatten)]
    letters: input::LetterArgs,
    /// Capture sign (default: ':' in problem notation, 'x' elsewhere).
    #[arg(long, value_parser = ["x", ":", "×"])]
    capture: Option<String>,
    /// Mate as '++' (older FIDE sign) in the fide notation.
    #[arg(long)]
    double_plus_mate: bool,
    /// Write UCI castling as king takes rook (e1h1) even in standard chess.
    #[arg(long)]
    uci_960: bool,
    /// Print one JSON object per FEN for programs.
    #[arg(long)]
    json: bool,
    /// Positions (FEN); standard input if none.
    fens: Vec<String>,
}

/// The write options the shared flags describe.
pub fn write_options(
    style: Style,
    letters: &input::LetterArgs,
    capture: Option<&str>,
    double_plus_mate: bool,
) -> WriteOptions {
    WriteOptions {
        capture: capture.and_then(|c| c.chars().next()),
        double_plus_mate,
        ..WriteOptions::new(style).with_letters(letters.letters())
    }
}

pub fn run(args: Args) -> Result<(), Failure> {
    let mut options = write_options(args.notation, &args.letters, args.capture.as_deref(), args.double_plus_mate);
    options.chess960_uci = args.uci_960;
    for fen in input::args_or_stdin(args.fens)? {
        let pos = input::position(&fen, args.variant)?;
        options.letters.check(pos.variant())?;
        let moves: Vec<String> = pos.legal_moves().iter().map(|&m| write_move(&pos, m, &options)).collect();
        if args.json {
            println!("{}", json!({"fen": fen.trim(), "moves": moves}));
        } else {
            println!("{}", moves.join(" "));
        }
    }
    Ok(())
}
