//! `forsyth chess960`: Chess960 start positions by Scharnagl number, and back.

use forsyth::notation::fen::Fen;
use forsyth::start;

use crate::Failure;

/// Print the Chess960 start FEN of number N (random without N), or the number of a start FEN.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  forsyth chess960 518\n  forsyth chess960\n  forsyth chess960 --number 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1'"
)]
pub struct Args {
    /// Print the number of this start position instead.
    #[arg(long, value_name = "FEN", conflicts_with = "n")]
    number: Option<String>,
    /// Scharnagl number 0..959 (518 is the standard array).
    n: Option<u16>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    if let Some(fen) = args.number {
        let parsed: Fen = fen.parse().map_err(|e| Failure(format!("invalid FEN '{fen}': {e}")))?;
        let start_setup = (0..960).find(|&n| start::chess960_setup(n).is_some_and(|s| s.board == parsed.setup.board));
        return match start_setup {
            Some(n) => {
                println!("{n}");
                Ok(())
            }
            None => Err(Failure(format!("'{fen}' is not a Chess960 start position"))),
        };
    }
    let n = args.n.unwrap_or_else(start::random_chess960);
    let setup =
        start::chess960_setup(n).ok_or_else(|| Failure(format!("{n} is not a Chess960 number (use 0 to 959)")))?;
    println!("{}", Fen { setup });
    Ok(())
}
