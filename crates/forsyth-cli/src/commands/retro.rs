//! `forsyth retro`: whether a position can arise from the game array at all, and which original pieces a piece
//! can be.

use forsyth::diagram::retro_words::{clue_text, identity_text, piece_on, reason_text};
use forsyth::notation::letters::{Language, Letters};
use forsyth::retro::{self, Origin, RetroError};
use forsyth::{Position, Role, Square, Variant};
use serde_json::json;

use super::retract::retro_position;
use crate::{Failure, input};

/// Retro analysis: why a position cannot happen, and who a piece is.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  forsyth retro analyse 'rnbqkbn1/pppppppp/8/2P5/2P5/2P5/8/4K3 w - - 0 1'
  forsyth retro who '4k3/8/8/8/8/8/3PPPPP/3QK3 w - - 0 1' d1

The last moves themselves: forsyth retract.")]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    Analyse(AnalyseArgs),
    Who(WhoArgs),
}

/// Why this position cannot arise from the game array: pawn captures, promoted pieces, shut-in pieces, a check or
/// a position no last move explains, castling rights that contradict it.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  forsyth retro analyse 'rnbqkbn1/pppppppp/8/2P5/2P5/2P5/8/4K3 w - - 0 1'
  forsyth retro analyse --lang de --json '4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1'
  forsyth retro analyse --variant capablanca '4k5/10/10/10/10/10/1P1P6/2B1K5 w - - 0 1'

The rules that need the game array use it where it is known: standard chess and the 10×8 variants with one array
(Capablanca, Gothic, Janus, Embassy); in Chess960 and Capablanca Random Chess only as far as castling rights tell it.
An illegal position reports its validation problems as the reasons. No reason found means none of these tests
fails, not that a game is known to reach the position. With --json: {\"reachable\", \"reasons\": [{\"code\",
\"message\", \"squares\"}]}.

Exit status: 0 no reason found, 1 impossible (reasons listed) or invalid input, 2 usage error.")]
struct AnalyseArgs {
    /// Language of the reasons: en or de.
    #[arg(long, default_value = "en", value_parser = input::sentence_language)]
    lang: Language,
    /// Variant: standard, chess960, capablanca, gothic, janus, embassy or crc; inferred from the FEN if absent
    /// (Chess960 when the castling field fits only Chess960; on a 10×8 board by the array and castling field).
    #[arg(long, value_parser = input::variant)]
    variant: Option<Variant>,
    /// Print JSON for programs instead of text.
    #[arg(long)]
    json: bool,
    /// The FEN.
    #[arg(required = true, num_args = 1.., value_name = "FEN")]
    fen: Vec<String>,
}

/// The original pieces a piece can be: `[Dd1] or a promoted pawn from the a-, b- or c-file`, with the reasons.
/// Given `[Sb1]` (an array square in brackets) instead of a square, where that original piece can stand now.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  forsyth retro who '4k3/8/8/8/8/8/3PPPPP/3QK3 w - - 0 1' d1
  forsyth retro who --lang de '4k3/8/8/8/8/8/1P1P4/2B1K3 w - - 0 1' c1
  forsyth retro who '4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1' '[Nb1]'

Exit status: 0 answered, 1 invalid FEN, empty square or unsupported position, 2 usage error.")]
struct WhoArgs {
    /// Language: en or de.
    #[arg(long, default_value = "en", value_parser = input::sentence_language)]
    lang: Language,
    /// Variant: standard or chess960 (the 10×8 variants are refused); inferred from the FEN if absent (Chess960
    /// when the castling field fits only Chess960).
    #[arg(long, value_parser = input::variant)]
    variant: Option<Variant>,
    /// Print JSON for programs instead of text.
    #[arg(long)]
    json: bool,
    /// The FEN (quoted) and then the square, or an original piece such as [Sb1].
    #[arg(required = true, num_args = 2.., value_name = "FEN SQUARE")]
    words: Vec<String>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    match args.command {
        Command::Analyse(a) => analyse(a),
        Command::Who(a) => who(a),
    }
}

fn analyse(args: AnalyseArgs) -> Result<(), Failure> {
    let text = args.fen.join(" ");
    let report = retro::analyse_fen_in(&text, args.variant).map_err(|e| match e {
        RetroError::Fen(e) => input::fen_failure(&text, e),
        e => Failure(format!("[{}] {e}", e.code())),
    })?;
    if args.json {
        let reasons: Vec<_> = report
            .reasons
            .iter()
            .map(|r| {
                json!({
                    "code": r.code(),
                    "message": reason_text(r, args.lang),
                    "squares": r.squares().iter().map(Square::to_string).collect::<Vec<_>>(),
                })
            })
            .collect();
        println!("{}", json!({"reachable": report.reachable(), "reasons": reasons}));
    } else if report.reachable() {
        println!(
            "{}",
            tr(
                args.lang,
                "no reason found why this position cannot happen",
                "kein Grund gefunden, warum diese Stellung nicht entstehen kann"
            )
        );
    } else {
        for r in &report.reasons {
            println!("{}: {}", r.code(), reason_text(r, args.lang));
        }
    }
    if report.reachable() {
        Ok(())
    } else {
        let n = report.reasons.len();
        Err(Failure(format!(
            "the position cannot arise in a game ({n} reason{}, listed above)",
            if n == 1 { "" } else { "s" }
        )))
    }
}

fn tr(lang: Language, en: &'static str, de: &'static str) -> &'static str {
    if lang == Language::De { de } else { en }
}

fn who(args: WhoArgs) -> Result<(), Failure> {
    let (last, fen_words) = args.words.split_last().expect("clap asks for two words at least");
    let text = fen_words.join(" ");
    let pos = retro_position(&text, args.variant)?;
    let target = last.trim();
    if let Some(inner) = target.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        // [Sb1]: the letter is the piece's, the square its array square.
        let square_text = inner.get(inner.len().saturating_sub(2)..).unwrap_or("");
        let square: Square = square_text.parse().map_err(|e| {
            Failure(format!("'{target}' names no square: write an original piece as [Sb1] (letter, then square): {e}"))
        })?;
        let letter = &inner[..inner.len() - 2];
        check_array_letter(&pos, target, letter, square)?;
        let mut squares = retro::whereabouts(&pos, square)?;
        // Where the array is not known (Chess960), pieces of several kinds may have started on the square: the letter
        // says which one is meant (on the back rank, B is the English bishop, not the German Bauer).
        let named = letter.chars().next().and_then(|c| {
            [Language::En, Language::De]
                .iter()
                .filter_map(|&l| Letters::language(l).role_of(c.to_ascii_uppercase()))
                .find(|&role| role != Role::Pawn || matches!(square.rank().index(), 1 | 6))
        });
        if let Some(role) = named {
            squares.retain(|&sq| pos.piece_at(sq).is_some_and(|p| p.role == role));
        }
        let list: Vec<String> = squares.iter().map(Square::to_string).collect();
        if args.json {
            println!("{}", json!({"original": target, "squares": list}));
        } else if list.is_empty() {
            println!(
                "{}",
                tr(
                    args.lang,
                    "captured: no piece on the board can be it",
                    "geschlagen: keine Figur auf dem Brett kann es sein"
                )
            );
        } else {
            println!("{target}: {}", list.join(" | "));
        }
        return Ok(());
    }
    let square: Square = target.parse().map_err(|e| {
        Failure(format!("'{target}' is not a square (such as d1) nor an original piece (such as [Sb1]): {e}"))
    })?;
    let id = retro::who(&pos, square).map_err(|e| Failure(format!("[{}] {e}", e.code())))?;
    if args.json {
        let origins: Vec<_> = id
            .origins
            .iter()
            .map(|o| match o {
                Origin::Original(sq) => json!({"original": sq.to_string()}),
                Origin::Promoted { files } => {
                    json!({"promoted_from_files": files.iter().map(|f| f.char().to_string()).collect::<Vec<_>>()})
                }
            })
            .collect();
        let clues: Vec<String> = id.clues.iter().map(|c| clue_text(c, args.lang)).collect();
        println!(
            "{}",
            json!({"square": square.to_string(), "piece": piece_on(id.piece, square, args.lang),
                   "text": identity_text(&id, args.lang), "origins": origins, "reasons": clues})
        );
    } else {
        println!("{}: {}", piece_on(id.piece, square, args.lang), identity_text(&id, args.lang));
        for clue in &id.clues {
            println!("  {}", clue_text(clue, args.lang));
        }
    }
    Ok(())
}

/// The letter of `[Sb1]` must name the unit the array puts on that square, in German or English letters (in
/// Chess960 only where the castling rights tell the array).
fn check_array_letter(pos: &Position, target: &str, letter: &str, square: Square) -> Result<(), Failure> {
    let role = retro::array_role(pos, square).map_err(|e| Failure(format!("[{}] {e}", e.code())))?;
    if role.is_none() && matches!(square.rank().index(), 0 | 7) {
        return Ok(()); // a Chess960 array square the castling rights do not tell: any piece may have started there
    }
    let Some(role) = role else {
        return Err(Failure(format!(
            "'{target}': no unit stands on {square} in the array (original pieces stand on ranks 1, 2, 7 and 8)"
        )));
    };
    let names: Vec<char> =
        [Language::De, Language::En].iter().map(|&l| Letters::language(l).letter(role, pos.variant())).collect();
    if letter.is_empty() || names.iter().any(|c| letter.eq_ignore_ascii_case(&c.to_string())) {
        Ok(())
    } else {
        Err(Failure(format!(
            "'{target}': the array puts {} {} on {square}, so write [{}{square}] (or [{}{square}])",
            if role.name().starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" },
            role.name(),
            names[0],
            names[1]
        )))
    }
}
