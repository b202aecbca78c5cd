//! `forsyth moves`: list the legal moves of positions.

use forsyth::Variant;
use forsyth::notation::general::write_general_move;
use forsyth::notation::{MoveStyle, write_move};

use serde_json::json;

use crate::{Failure, input};

/// Print the legal moves of each FEN, one line per FEN, in any notation and language.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  forsyth moves 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n  forsyth moves --notation san --lang de 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n  forsyth moves --notation problem --lang de --capture x 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'\n  forsyth moves --notation fide --figurine '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2'\n  forsyth moves --notation fide --letters PCFTDREK 'rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1'\n  cat positions.fen | forsyth moves --uci-960\n  forsyth moves --json 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n  forsyth moves --notation san --piece G=grasshopper '4k3/8/8/8/8/8/4P3/G3K3 w - - 0 1'\n  forsyth moves --board vertical-cylinder --piece Z=betza:Z '4k3/8/8/8/8/8/8/Z3K3 w - - 0 1'\n\nNotations: san (Nf3, O-O, e8=Q), fide (Sf3, 0-0, d8D, exd6 e.p.), lan (Ng1-f3), problem (Sg1-f3, Be2:d3, Df4:f8=), uci (g1f3).\nWithout FEN arguments, reads one FEN per line from standard input. With --json, one object per FEN: {\"fen\", \"moves\"}.\n\nLetters that would write two pieces of the position's variant alike are refused: French (fr) writes the knight C, so for Capablanca chess give eight letters, such as --letters PCFTDREK (archbishop E, chancellor K).\n\nExit status: 0 listed, 1 invalid FEN, illegal position or colliding letters, 2 usage error."
)]
pub struct Args {
    /// Variant; inferred from each FEN if absent.
    #[arg(long, value_parser = input::variant)]
    variant: Option<Variant>,
    #[command(flatten)]
    write: input::MoveWriteArgs,
    /// Write UCI castling as king takes rook (e1h1) even in standard chess.
    #[arg(long)]
    uci_960: bool,
    /// Print one JSON object per FEN for programs.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    allow: input::AllowArgs,
    #[command(flatten)]
    fairy: input::FairyArgs,
    /// Positions (FEN); standard input if none.
    fens: Vec<String>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let mut options = args.write.options(MoveStyle::Uci);
    options.chess960_uci = args.uci_960;
    let general_style = if args.fairy.general() { Some(args.write.general_style(MoveStyle::Uci)?) } else { None };
    input::each_line(&args.fens, |fen| {
        if let Some(style) = general_style {
            let pos = args.fairy.position(fen)?;
            let moves: Vec<String> = pos.legal_moves()?.iter().map(|&m| write_general_move(&pos, m, style)).collect();
            if args.json {
                println!("{}", json!({"fen": fen.trim(), "moves": moves}));
            } else {
                println!("{}", moves.join(" "));
            }
            return Ok(());
        }
        let pos = input::position_allowing(fen, args.variant, args.allow.allowed())?;
        options.letters.check(pos.variant())?;
        let moves: Vec<String> = pos.legal_moves().iter().map(|&m| write_move(&pos, m, &options)).collect();
        if args.json {
            println!("{}", json!({"fen": fen.trim(), "moves": moves}));
        } else {
            println!("{}", moves.join(" "));
        }
        Ok(())
    })
}
