//! `forsyth play`: play moves from a position and print the FEN reached.

use forsyth::notation::fen::{CastlingStyle, EpMode, Fen};
use forsyth::{Status, Variant};

use serde_json::json;

use crate::{Failure, input};

/// Play UCI moves from a position and print the resulting FEN.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  forsyth play e2e4 e7e5 g1f3\n  forsyth play --variant chess960 --fen 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9' g1h1\n  forsyth play --castling shredder --ep legal e2e4\n  forsyth play --json e2e4 e7e5\n\nWith --json, one object: {\"fen\", \"moves\", \"check\", \"status\"}. An illegal move exits with status 1 and names the move's number, its text and why it is illegal.\n\nExit status: 0 played, 1 invalid FEN, illegal position or illegal move, 2 usage error."
)]
pub struct Args {
    /// Variant; inferred from the FEN if absent.
    #[arg(long, value_parser = input::variant)]
    variant: Option<Variant>,
    /// Start position (default: the variant's start).
    #[arg(long)]
    fen: Option<String>,
    /// Castling spelling of the FEN printed: classic, xfen or shredder.
    #[arg(long, default_value = "xfen", value_parser = input::castling_style)]
    castling: CastlingStyle,
    /// En-passant square of the FEN printed: always, pseudo or legal.
    #[arg(long, default_value = "always", value_parser = input::ep_mode)]
    ep: EpMode,
    /// Print one JSON object for programs.
    #[arg(long)]
    json: bool,
    /// Moves in UCI (e2e4, e7e8q; castling as e1g1 or e1h1).
    moves: Vec<String>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let mut pos = match &args.fen {
        Some(fen) => input::position(fen, args.variant)?,
        None => input::start(args.variant),
    };
    for (i, text) in args.moves.iter().enumerate() {
        let m = pos.parse_uci(text).map_err(|why| Failure(format!("move {} '{text}': {why}", i + 1)))?;
        if m.is_null() {
            pos.play_null().map_err(|e| Failure(format!("move {} '{text}': {e}", i + 1)))?;
        } else {
            pos.play_unchecked(m);
        }
    }
    let fen = Fen::from_position_with(&pos, args.ep).to_string_with(args.castling)?;
    if args.json {
        let status = match pos.status() {
            Status::Ongoing => "ongoing",
            Status::Checkmate => "checkmate",
            Status::Stalemate => "stalemate",
            Status::InsufficientMaterial => "insufficient-material",
            Status::SeventyFiveMoves => "seventy-five-moves",
        };
        println!("{}", json!({"fen": fen, "moves": args.moves, "check": pos.is_check(), "status": status}));
    } else {
        println!("{fen}");
    }
    Ok(())
}
