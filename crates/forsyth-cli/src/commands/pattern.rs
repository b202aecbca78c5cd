//! `forsyth pattern`: the composers' notation (German problem-chess conventions) translated, listed as moves from
//! a position, or checked against a game.

use std::path::PathBuf;

use forsyth::notation::letters::{Language, Letters};
use forsyth::notation::styles::write_move_into;
use forsyth::notation::{MoveReadOptions, MoveStyle, MoveWriteOptions};
use forsyth::pgn::{Game, PgnReadOptions};
use forsyth::problem::{Limits, Pattern, game_fits, sequences};
use forsyth::{Move, Position};

use crate::Failure;

/// Read a pattern of the composers' notation and write it in another language, list the move sequences it
/// stands for from a position, or say whether a game fits it.
///
/// Patterns: Sg1 (a piece on a square), [Sg1] (the piece of the game array's g1), {a1, a2, b1} (a square set),
/// K~ (any king move), Ke8~c2 (gets to c2 somehow), Be2-e4, Be2:d3, Bd5:e6 e.p., Be7-e8=D, 0-0, with + # = and
/// ! ? !! ?? !? ?!, lines of one piece like Bh2:Lg~g6:h7-h8=T, and & (and), | (or), ~ (not).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  forsyth pattern --input-lang de --lang en 'Bh2:Lg~g6:h7-h8=T'
  forsyth pattern --input-lang de --fen 'k7/7p/8/8/8/6b1/7P/K7 w - - 0 1' --max-plies 11 'Bh2:Lg~g6:h7-h8=T'
  forsyth pattern --input-lang de --game examples/fide-sample-game-de.pgn 'Be5:d6 e.p. & [Sg8]~d6'
  forsyth pattern --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 'Sg1 & ~Sf3'

A line describes one piece's path; the opponent's moves between its moves are free (any legal move) and are
listed, as the sequences are concrete. Without moves (Sg1 & ~[Ta8]), --fen says whether the pattern holds in the
position. [Sg1] means the piece that stood on g1 in the game's first position (with
--fen: in the given position). With --game, Sg1 and [Sg1] without moves ask where the piece stands at the end.

Exit status: 0 written, listed, holds or the game fits, 1 a bad pattern, a pattern that names no possible move,
does not hold or a game that does not fit, 2 usage error.")]
pub struct Args {
    /// The language of the pattern's piece letters (de: K D T L S B, en: K Q R B N P).
    #[arg(long, default_value = "de", value_parser = language)]
    input_lang: Language,
    /// The language to write in.
    #[arg(long, default_value = "en", value_parser = language)]
    lang: Language,
    /// List the move sequences the pattern stands for from this position.
    #[arg(long, value_name = "FEN", conflicts_with = "game")]
    fen: Option<String>,
    /// With --fen: the longest sequence, in plies (both sides' moves).
    #[arg(long, default_value_t = 5, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=16))]
    max_plies: u8,
    /// With --fen: list at most this many sequences.
    #[arg(long, default_value_t = 100, value_name = "N")]
    limit: usize,
    /// Say whether the first game of this PGN file fits the pattern.
    #[arg(long, value_name = "FILE.pgn")]
    game: Option<PathBuf>,
    /// With --game: the language of the game's moves (default: --input-lang).
    #[arg(long, value_name = "LANG", value_parser = language, requires = "game")]
    game_lang: Option<Language>,
    /// The pattern.
    #[arg(value_name = "PATTERN", required = true, num_args = 1..)]
    pattern: Vec<String>,
}

fn language(text: &str) -> Result<Language, String> {
    match Language::from_code(text) {
        Some(l @ (Language::De | Language::En)) => Ok(l),
        _ => Err(format!("'{text}': the composers' notation is read and written in de or en")),
    }
}

fn write_sequence(start: &Position, moves: &[Move], lang: Language) -> String {
    let options = MoveWriteOptions::new(MoveStyle::Problem).with_letters(Letters::language(lang));
    let mut pos = *start;
    let mut out = String::new();
    for (i, &m) in moves.iter().enumerate() {
        let white = pos.turn().is_white();
        if white || i == 0 {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&format!("{}.{}", pos.fullmoves(), if white { " " } else { ".. " }));
        } else {
            out.push(' ');
        }
        write_move_into(&pos, m, &options, &mut out);
        pos.play_unchecked(m);
    }
    out
}

pub fn run(args: Args) -> Result<(), Failure> {
    let text = args.pattern.join(" ");
    let pattern = Pattern::parse(&text, args.input_lang).map_err(|e| Failure(format!("pattern '{text}': {e}")))?;
    if let Some(fen) = &args.fen {
        let pos: Position = fen.parse().map_err(|e| Failure(format!("invalid FEN '{fen}': {e}")))?;
        if !pattern.names_moves() {
            // Pieces and original pieces only: a condition on the position itself (a game of no moves).
            let fit = game_fits(&pattern, &pos, &[]).map_err(|e| Failure(format!("pattern '{text}': {e}")))?;
            return match fit {
                Some(_) => {
                    println!("holds");
                    Ok(())
                }
                None => Err(Failure(format!("'{text}' does not hold in this position"))),
            };
        }
        let limits = Limits { max_plies: usize::from(args.max_plies), max_sequences: args.limit, ..Limits::default() };
        let listing = sequences(&pattern, &pos, &limits).map_err(|e| Failure(format!("pattern '{text}': {e}")))?;
        for seq in &listing.sequences {
            println!("{}", write_sequence(&pos, seq, args.lang));
        }
        if listing.truncated {
            eprintln!(
                "forsyth: listing stopped after {} sequences (--limit {}, --max-plies {})",
                listing.sequences.len(),
                args.limit,
                args.max_plies
            );
        }
        return Ok(());
    }
    if let Some(path) = &args.game {
        let pgn =
            std::fs::read_to_string(path).map_err(|e| Failure(format!("cannot read '{}': {e}", path.display())))?;
        let letters = Letters::language(args.game_lang.unwrap_or(args.input_lang));
        let options = PgnReadOptions { moves: MoveReadOptions::with_letters(letters), ..PgnReadOptions::default() };
        let games = Game::read_all(&pgn, &options);
        let game = match games.into_iter().next() {
            Some(Ok(game)) => game,
            Some(Err(e)) => return Err(Failure(format!("{}: {e}", path.display()))),
            None => return Err(Failure(format!("{}: no game in the file", path.display()))),
        };
        let moves: Vec<Move> = game.moves.nodes.iter().map(|n| n.mv).collect();
        let fit = game_fits(&pattern, &game.start, &moves).map_err(|e| Failure(format!("pattern '{text}': {e}")))?;
        return match fit {
            Some(fit) if fit.plies.is_empty() => {
                println!("fits");
                Ok(())
            }
            Some(fit) => {
                let plies: Vec<String> = fit.plies.iter().map(|p| (p + 1).to_string()).collect();
                println!("fits (from ply {})", plies.join(", "));
                Ok(())
            }
            None => Err(Failure(format!("the game in '{}' does not fit '{text}'", path.display()))),
        };
    }
    println!("{}", pattern.write(args.lang));
    Ok(())
}
