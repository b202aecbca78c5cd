//! `forsyth play`: play moves from a position and print the FEN reached.

use forsyth::Variant;
use forsyth::notation::fen::{CastlingStyle, EpMode, Fen};

use crate::{Failure, input};

/// Play UCI moves from a position and print the resulting FEN.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  forsyth play e2e4 e7e5 g1f3\n  forsyth play --variant chess960 --fen 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9' g1h1\n  forsyth play --castling shredder --ep legal e2e4\n\nAn illegal move exits with status 1 and names the move's number, its text and why it is illegal."
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
    println!("{fen}");
    Ok(())
}
