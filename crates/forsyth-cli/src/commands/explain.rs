//! `forsyth explain`: a FEN in plain words, field by field.

use forsyth::Variant;
use forsyth::diagram::explain::explain;
use forsyth::notation::Language;

use crate::{Failure, input};

/// Explain a FEN in plain words, field by field, in English or German.
///
/// Each rank, who moves, the castling rights, en passant and the clocks, then the piece count and whether the
/// position is legal.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  forsyth explain 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2'
  forsyth explain --lang de rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2
  forsyth explain --json '4k3/8/8/8/8/8/4P3/4K3 w - - 5 39'
  forsyth explain '3Brq2/P1ppRp1K/4p2p/6p1/6NP/3P1P1k/1PP1bPrb/3BnQnR'
  forsyth explain --lang de --piece G=grasshopper --board vertical-cylinder '4k3/8/8/8/8/8/8/G3K3 w - - 0 1'

The FEN may be quoted or given as separate words. A board field alone is explained too (it may hold unknown
pieces X/x); its other fields are then unknown.

Exit status: 0 explained, 1 not a FEN or an illegal position (the explanation still lists the problems), 2 usage
error.")]
pub struct Args {
    /// Language of the explanation: en (English) or de (German).
    #[arg(long, default_value = "en", value_parser = input::sentence_language)]
    lang: Language,
    /// Print JSON for programs instead of text.
    #[arg(long)]
    json: bool,
    /// Variant to check the position in; inferred from the FEN if absent.
    #[arg(long, value_parser = input::variant)]
    variant: Option<Variant>,
    #[command(flatten)]
    fairy: input::FairyArgs,
    /// The FEN (or only its board field).
    #[arg(required = true, num_args = 1.., value_name = "FEN")]
    fen: Vec<String>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let text = args.fen.join(" ");
    if args.fairy.general() {
        let pos = args.fairy.position(&text)?;
        print!("{}", forsyth::diagram::general::describe(&pos, args.lang));
        print!("{}", forsyth::diagram::general::diagram(&pos, false, args.lang));
        return Ok(());
    }
    let explanation = explain(&text, args.lang, args.variant).map_err(|e| input::fen_failure(&text, e))?;
    if args.json {
        println!("{}", forsyth_server::report::explanation(&explanation));
    } else {
        print!("{explanation}");
    }
    if explanation.legal == Some(false) {
        let n = explanation.problems.len();
        return Err(Failure(format!(
            "'{}' is not a legal position ({n} problem{}, listed above); fix {} or check --variant",
            explanation.input,
            if n == 1 { "" } else { "s" },
            if n == 1 { "it" } else { "them" }
        )));
    }
    Ok(())
}
