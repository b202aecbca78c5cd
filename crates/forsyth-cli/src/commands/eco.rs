//! `forsyth eco`: the ECO code and name of a position or a line of moves, from the bundled opening table.

use forsyth::Position;
use forsyth::openings::{Opening, Openings};
use forsyth::san::San;
use forsyth::uci::Uci;

use crate::{Failure, input};

/// Name the opening of a position (FEN) or of a line of moves from the start position.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  forsyth eco 1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6
  forsyth eco 'rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6'
  forsyth eco --all c4 e6 Nc3 d5 d4

A line is named by its last position the table names, so a transposition is named as the usual order is; --all
prints every named position along the line with its ply. A FEN is looked up as it is (board, side to move,
castling rights, en passant where a capture is legal). The table is the lichess chess-openings data set (CC0):
names read 'Family: Variation', as pgn convert --add-eco splits them into the Opening and Variation tags.

Exit status: 0 named, 1 not named or not a FEN / legal line, 2 usage error.")]
pub struct Args {
    /// Print every named position along the line, with its ply.
    #[arg(long)]
    all: bool,
    /// A FEN, or moves in SAN or UCI from the start position (move numbers allowed).
    #[arg(value_name = "FEN|MOVES", required = true)]
    words: Vec<String>,
}

fn line(opening: &Opening) -> String {
    format!("{}\t{}", opening.eco(), opening.name())
}

pub fn run(args: Args) -> Result<(), Failure> {
    let table = Openings::bundled()?;
    let text = args.words.join(" ");
    if text.contains('/') {
        let position = input::position(&text, None)?;
        let opening = table
            .classify(&position)
            .ok_or_else(|| Failure(format!("the opening table names no opening for '{}'", text.trim())))?;
        println!("{}", line(opening));
        return Ok(());
    }
    let mut position = Position::default();
    let mut named = Vec::new();
    let mut ply = 0;
    for token in text.split_whitespace() {
        // Move numbers, alone (`1.`, `1...`) or before the move (`1.e4`).
        let token = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if token.is_empty() {
            continue;
        }
        let mv = match token
            .parse::<San>()
            .map_err(|e| e.to_string())
            .and_then(|san| san.to_move(&position).map_err(|e| e.to_string()))
        {
            Ok(mv) => mv,
            Err(why) => match token.parse::<Uci>().ok().and_then(|uci| uci.to_move(&position).ok()) {
                Some(mv) => mv,
                None => return Err(Failure(format!("ply {} '{token}': {why}; position before: {position}", ply + 1))),
            },
        };
        position.play_unchecked(mv);
        ply += 1;
        if let Some(opening) = table.classify(&position) {
            named.push((ply, opening));
        }
    }
    if args.all {
        for (ply, opening) in &named {
            println!("{ply}\t{}", line(opening));
        }
    }
    match named.last() {
        Some((_, opening)) if !args.all => println!("{}", line(opening)),
        Some(_) => {}
        None => return Err(Failure("the opening table names no position of this line".to_string())),
    }
    Ok(())
}
