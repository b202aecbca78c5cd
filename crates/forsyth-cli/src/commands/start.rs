//! `forsyth start` (and its older name `forsyth chess960`): shuffle-variant start positions by Scharnagl number,
//! and the number of a start position.

use forsyth::notation::fen::Fen;
use forsyth::{Setup, Variant, start};

use serde_json::json;

use crate::{Failure, input};

/// Print the start FEN of a Chess960 or CRC number (a random one without N), or the number of a start FEN.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  forsyth start 518\n  forsyth start --variant crc --random\n  forsyth start --variant crc 2000\n  forsyth start --json 518\n  forsyth start --number 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1'\n\nChess960 numbers run 0..959 (518 is the standard array); CRC numbers 0..47999, of which 12,118 are legal start arrays.\n\nExit status: 0 printed, 1 not a start number or start position, 2 usage error."
)]
pub struct Args {
    /// chess960 (default) or crc.
    #[arg(long, value_parser = input::variant, default_value = "chess960")]
    variant: Variant,
    /// Print the number of this start position instead.
    #[arg(long, value_name = "FEN", conflicts_with_all = ["n", "random"])]
    number: Option<String>,
    /// A random legal start position (the default without N).
    #[arg(long, conflicts_with = "n")]
    random: bool,
    /// Print one JSON object for programs: variant, number, fen.
    #[arg(long)]
    json: bool,
    /// Scharnagl number.
    n: Option<u16>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let variant = args.variant;
    if !variant.is_shuffle() {
        return Err(Failure(format!("{variant} has one start position; use --variant chess960 or --variant crc")));
    }
    if let Some(fen) = args.number {
        let parsed: Fen = fen.parse().map_err(|e| input::fen_failure(&fen, e))?;
        let board = parsed.setup.board;
        let variant = if board.shape() == variant.shape() { variant } else { Variant::Crc };
        let back: String = (0..board.shape().files())
            .map(|f| {
                let sq = forsyth::Square::new(forsyth::File::new(f).expect("file"), forsyth::Rank::FIRST);
                board.piece_at(sq).map_or('?', |p| p.role.upper_char())
            })
            .collect();
        let number = match variant {
            Variant::Crc => start::crc_number(&back),
            _ => start::chess960_number(&back),
        };
        let is_start = number.and_then(|n| setup_of(variant, n)).is_some_and(|s| s.board == board);
        return match number {
            Some(n) if is_start => {
                // Scharnagl numbers all 48,000 raw CRC arrays, but only 12,118 of them are legal start arrays: the
                // others are refused with the rule they break (and their number, for reference).
                start::numbered_setup(variant, n)?;
                if args.json {
                    println!("{}", json!({"variant": variant.name(), "number": n, "fen": fen.trim()}));
                } else {
                    println!("{n}");
                }
                Ok(())
            }
            _ => Err(Failure(format!("'{fen}' is not a {variant} start position"))),
        };
    }
    let n = match (args.n, variant) {
        (Some(n), _) => n,
        (None, Variant::Crc) => start::random_crc(),
        (None, _) => start::random_chess960(),
    };
    let setup = start::numbered_setup(variant, n)?;
    let fen = Fen { setup, variant: Some(variant) };
    if args.json {
        println!("{}", json!({"variant": variant.name(), "number": n, "fen": fen.to_string()}));
    } else {
        println!("{fen}");
    }
    Ok(())
}

fn setup_of(variant: Variant, n: u16) -> Option<Setup> {
    match variant {
        Variant::Crc => start::crc_setup(n),
        _ => start::chess960_setup(n),
    }
}
