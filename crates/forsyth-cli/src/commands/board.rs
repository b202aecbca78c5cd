//! `forsyth board`: a position as a text, Unicode or SVG diagram.

use std::path::PathBuf;

use forsyth::diagram::{self, DiagramStyle, svg, text};
use forsyth::notation::Language;
use forsyth::{Square, Variant};

use crate::{Failure, input};

/// Draw a position as a text, Unicode or SVG diagram.
///
/// ASCII text by default, Unicode figurines, or an SVG picture. White is at the bottom unless flipped; the piece
/// count (white+black) and the FEN stand under the board.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  forsyth board 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2'
  forsyth board --unicode --flip --lastmove e7e5 rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2
  forsyth board --svg diagram.svg '3Brq2/P1ppRp1K/4p2p/6p1/6NP/3P1P1k/1PP1bPrb/3BnQnR'
  forsyth board --svg - 'rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1' > capablanca.svg
  forsyth board --unicode --piece G=grasshopper --piece N=nightrider '4k3/8/8/8/8/8/8/G2NK3 w - - 0 1'
  forsyth board --board torus --lang de --piece Z=zebra '4k3/8/8/8/3Z4/8/8/4K3'
  forsyth board --svg fairy.svg --piece G=grasshopper --piece Z=betza:ZW '4k3/8/8/8/3Z4/8/8/G3K3 w - - 0 1'

A board field alone may hold unknown pieces X (white) and x (black). Fairy pieces are drawn as problem books
draw them (grasshopper an inverted queen, nightrider an inverted knight, ...; a piece without such a glyph as a
circle with its letter), with a legend under the board; the joined edges of cylinders are dashed. A king in check is marked when the whole
FEN is given and the position is legal. In text, the last move's squares are [bracketed] and a king in check is
(parenthesised).

Exit status: 0 drawn, 1 not a FEN, a move off the board, or the SVG file cannot be written, 2 usage error.")]
pub struct Args {
    /// Draw with Unicode chess figurines.
    #[arg(long, conflicts_with = "svg")]
    unicode: bool,
    /// Write an SVG picture to FILE ('-' for standard output).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Black at the bottom.
    #[arg(long)]
    flip: bool,
    /// No file letters and rank numbers.
    #[arg(long)]
    no_coords: bool,
    /// Highlight the last move, given in UCI (e2e4, e7e8q).
    #[arg(long, value_name = "UCI", value_parser = parse_last_move)]
    lastmove: Option<(Square, Square)>,
    /// Variant, for finding a check; inferred from the FEN if absent.
    #[arg(long, value_parser = input::variant)]
    variant: Option<Variant>,
    /// Language of the legend under a board with fairy pieces: en or de.
    #[arg(long, default_value = "en", value_parser = input::sentence_language)]
    lang: Language,
    #[command(flatten)]
    fairy: input::FairyArgs,
    /// The FEN (or only its board field).
    #[arg(required = true, num_args = 1.., value_name = "FEN")]
    fen: Vec<String>,
}

/// Reads the squares of a UCI move; its legality does not matter for a highlight.
fn parse_last_move(text: &str) -> Result<(Square, Square), String> {
    let b = text.as_bytes();
    let promotion_ok = b.len() == 4 || (b.len() == 5 && b[4].is_ascii_alphabetic());
    match (b.get(0..2).and_then(Square::from_ascii), b.get(2..4).and_then(Square::from_ascii)) {
        (Some(from), Some(to)) if promotion_ok => Ok((from, to)),
        _ => Err(format!("'{text}' is not a move in UCI: write origin and destination squares, such as e2e4")),
    }
}

pub fn run(args: Args) -> Result<(), Failure> {
    let fen_text = args.fen.join(" ");
    if args.fairy.general() {
        let pos = args.fairy.position(&fen_text)?;
        match &args.svg {
            Some(path) => {
                let style = DiagramStyle {
                    flip: args.flip,
                    coordinates: !args.no_coords,
                    last_move: args.lastmove,
                    check: None,
                    count: true,
                    caption: Some(fen_text.split_whitespace().collect::<Vec<_>>().join(" ")),
                    ..DiagramStyle::default()
                };
                write_svg(path, &svg::general(&pos, &style, args.lang))?;
            }
            None => print!("{}", diagram::general::diagram(&pos, args.unicode, args.lang)),
        }
        return Ok(());
    }
    let reading = diagram::read(&fen_text).map_err(|e| input::fen_failure(&fen_text, e))?;
    let shape = reading.diagram.board.shape();
    if let Some((from, to)) = args.lastmove {
        for sq in [from, to] {
            if !shape.contains(sq) {
                return Err(Failure(format!(
                    "--lastmove: {sq} is not on this board of {} files; use squares a1 to {}8",
                    shape.files(),
                    shape.last_file()
                )));
            }
        }
    }
    let check = reading
        .fen
        .as_ref()
        .and_then(|fen| fen.position(args.variant).ok())
        .filter(|pos| pos.is_check())
        .and_then(|pos| pos.king(pos.turn()));
    let style = DiagramStyle {
        flip: args.flip,
        coordinates: !args.no_coords,
        last_move: args.lastmove,
        check,
        count: true,
        caption: Some(fen_text.split_whitespace().collect::<Vec<_>>().join(" ")),
        ..DiagramStyle::default()
    };
    match &args.svg {
        Some(path) => write_svg(path, &svg::svg(&reading.diagram, &style))?,
        None if args.unicode => print!("{}", text::unicode(&reading.diagram, &style)),
        None => print!("{}", text::ascii(&reading.diagram, &style)),
    }
    Ok(())
}

/// Writes an SVG picture to a file, or to standard output for '-'.
fn write_svg(path: &std::path::Path, picture: &str) -> Result<(), Failure> {
    if path.as_os_str() == "-" {
        print!("{picture}");
        Ok(())
    } else {
        std::fs::write(path, picture).map_err(|e| Failure(format!("cannot write the SVG to '{}': {e}", path.display())))
    }
}
