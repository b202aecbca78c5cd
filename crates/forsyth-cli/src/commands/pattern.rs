//! `forsyth pattern`: the composers' notation (German problem-chess conventions) translated, listed as moves from
//! a position, or checked against a game.

use std::path::PathBuf;

use forsyth::general::GeneralPosition;
use forsyth::notation::general::write_general_move;
use forsyth::notation::letters::{Language, Letters};
use forsyth::notation::styles::write_move_into;
use forsyth::notation::{MoveReadOptions, MoveStyle, MoveWriteOptions};
use forsyth::pgn::{Game, PgnReadOptions};
use forsyth::problem::{Limits, Listing, Pattern, PatternPosition, game_fits, holds, sequences};
use forsyth::{Color, Move, Position};

use crate::{Failure, input};

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
  forsyth pattern --piece G=grasshopper --fen '4k3/8/8/8/8/8/4P3/G3K3 w - - 0 1' --max-plies 3 'Ga1~d3'
  forsyth pattern --board vertical-cylinder --fen '4k3/8/8/8/8/8/8/R3K3 w - - 0 1' --max-plies 1 'Ta1:h1 | Ta1-h1'

A line describes one piece's path; the opponent's moves between its moves are free (any legal move) and are
listed, as the sequences are concrete. Without moves (Sg1 & ~[Ta8]), --fen says whether the pattern holds in the
position. [Sg1] means the piece that stood on g1 in the game's first position (with
--fen: in the given position). With --game, Sg1 and [Sg1] without moves ask where the piece stands at the end.

With --piece LETTER=NAME and --board, the position has fairy pieces or a cylinder board: the pattern reads the
declared letters (before the language's), and the sequences are written with the problem's letters, English for
the orthodox pieces (--lang en), as `forsyth moves --piece` writes them.

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
    #[command(flatten)]
    fairy: input::FairyArgs,
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

/// A position the sequences are listed from, and how its moves are written.
trait Listed: PatternPosition {
    /// The move number and side of this position.
    fn number(&self) -> (u32, Color);
    /// A move in problem notation.
    fn written(&self, m: Self::Move, lang: Language) -> String;
}

impl Listed for Position {
    fn number(&self) -> (u32, Color) {
        (self.fullmoves(), self.turn())
    }

    fn written(&self, m: Move, lang: Language) -> String {
        let options = MoveWriteOptions::new(MoveStyle::Problem).with_letters(Letters::language(lang));
        let mut out = String::new();
        write_move_into(self, m, &options, &mut out);
        out
    }
}

impl Listed for GeneralPosition {
    fn number(&self) -> (u32, Color) {
        (self.clocks().1, self.turn())
    }

    fn written(&self, m: forsyth::general::GeneralMove, _lang: Language) -> String {
        write_general_move(self, m, MoveStyle::Problem)
    }
}

/// A sequence as problem books print it: `1. Sg1-f3 e7-e5 2. Sf3-e5`, `1... e7-e5` when Black begins.
fn write_sequence<P: Listed>(start: &P, moves: &[P::Move], lang: Language) -> String {
    let mut pos = start.clone();
    let mut out = String::new();
    for (i, &m) in moves.iter().enumerate() {
        let (number, turn) = pos.number();
        let white = turn.is_white();
        if white || i == 0 {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&format!("{number}.{}", if white { " " } else { ".. " }));
        } else {
            out.push(' ');
        }
        out.push_str(&pos.written(m, lang));
        pos = pos.after(m);
    }
    out
}

/// Says whether a pattern without moves holds in `pos`, or lists the sequences it stands for from there.
fn list<P: Listed>(pattern: &Pattern, text: &str, pos: &P, args: &Args) -> Result<(), Failure> {
    let failure = |e: forsyth::problem::PatternError| Failure(format!("pattern '{text}': {e}"));
    if !pattern.names_moves() {
        // Pieces and original pieces only: a condition on the position itself.
        return if holds(pattern, pos).map_err(failure)? {
            println!("holds");
            Ok(())
        } else {
            Err(Failure(format!("'{text}' does not hold in this position")))
        };
    }
    let limits = Limits { max_plies: usize::from(args.max_plies), max_sequences: args.limit, ..Limits::default() };
    let listing: Listing<P::Move> = sequences(pattern, pos, &limits).map_err(failure)?;
    for seq in &listing.sequences {
        println!("{}", write_sequence(pos, seq, args.lang));
    }
    if listing.truncated {
        eprintln!(
            "forsyth: listing stopped after {} sequences (--limit {}, --max-plies {})",
            listing.sequences.len(),
            args.limit,
            args.max_plies
        );
    }
    Ok(())
}

pub fn run(args: Args) -> Result<(), Failure> {
    let text = args.pattern.join(" ");
    let table = args.fairy.table()?;
    let pattern = Pattern::parse_declaring(&text, args.input_lang, table.declared())
        .map_err(|e| Failure(format!("pattern '{text}': {e}")))?;
    if args.fairy.general() {
        if args.game.is_some() {
            return Err(Failure(
                "--piece and --board work with --fen: games with fairy pieces or on cylinders are not read from PGN"
                    .to_string(),
            ));
        }
        if args.fen.is_some() && args.lang != Language::En {
            return Err(Failure(format!(
                "--lang {}: with --piece or --board the sequences are written with the problem's letters (English \
                 for the orthodox pieces); leave --lang out",
                args.lang.code()
            )));
        }
    }
    if let Some(fen) = &args.fen {
        if args.fairy.general() {
            return list(&pattern, &text, &args.fairy.position(fen)?, &args);
        }
        let pos: Position = fen.parse().map_err(|e| Failure(format!("invalid FEN '{fen}': {e}")))?;
        return list(&pattern, &text, &pos, &args);
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
