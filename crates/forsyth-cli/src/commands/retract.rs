//! `forsyth retract`: the single moves that can have led to a position, each with the position before it.

use std::io::Write;

use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};

use forsyth::diagram::retro_words::retraction_text;
use forsyth::notation::Language;
use forsyth::notation::fen::Fen;
use forsyth::retro::{self, RetroError};
use forsyth::{Move, Position, Variant};

use crate::{Failure, input};

/// Take back the last single move: every move the side that just moved can have played, with the position before.
///
/// Plain moves, captures (each unit of the other side that can come back), promotions, en passant and castling
/// (with the castling right restored), written in problem notation as played forward (Sg1-f3, Be7:d8=D,
/// Bd5:e6 e.p., 0-0), each followed by the FEN before it.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  forsyth retract '4k3/8/8/8/8/5N2/8/4K3 b - - 1 1'
  forsyth retract --lang de --depth 2 '4k3/8/8/8/8/5N2/8/4K3 b - - 1 1'
  forsyth retract --json '4k3/8/8/8/8/5N2/8/4K3 b - - 1 1'
  forsyth retract --variant chess960 '4k3/8/8/8/8/8/8/5RK1 b - - 0 1'
  forsyth retract --variant janus '4k5/10/10/10/10/10/10/1KR7 b - - 0 1'

The predecessors keep the castling rights of the position (plus the one an un-castling restores) and have no
en-passant square except before an en-passant capture; an en-passant square in the position means the last move
was that double step (the PGN standard's FEN names it after every double step). Every variant: standard chess,
Chess960 (an X-FEN or Shredder-FEN castling field that fits only Chess960 makes the position one of Chess960;
un-castling then follows the Chess960 rules) and the 10×8 ones, inferred from the FEN as elsewhere (the array on
the back rank, X-FEN's castling prefix s for Janus and m for Embassy; Capablanca Random Chess otherwise): name
the variant with --variant where the array is gone, since un-castling follows its castling geometry.
With --json: a list of {\"move\", \"uci\", \"fen\"} where uci is the move played from fen; with --depth 2 or 3,
each object also holds \"retractions\": the moves before, alike. Output is written as it is found.

Exit status: 0 listed (also when there are none), 1 invalid FEN, illegal position, unsupported pieces or variant,
2 usage error.")]
pub struct Args {
    /// Language of the piece letters: de (Sg1-f3) or en (Ng1-f3).
    #[arg(long, default_value = "en", value_parser = input::sentence_language)]
    lang: Language,
    /// Single moves to take back in a row (1 to 3: each level multiplies the lines by up to a few hundred).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    depth: u8,
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

/// Reads a FEN for the retro commands, with the FEN reader's own message for text that is not a FEN.
pub fn retro_position(text: &str, variant: Option<Variant>) -> Result<Position, Failure> {
    retro::position_from_fen_in(text, variant).map_err(|e| match e {
        RetroError::Fen(e) => input::fen_failure(text, e),
        e => Failure(format!("[{}] {e}", e.code())),
    })
}

pub fn run(args: Args) -> Result<(), Failure> {
    let text = args.fen.join(" ");
    let pos = retro_position(&text, args.variant)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = if args.json {
        write_json(&mut out, &pos, args.depth, args.lang).and_then(|()| writeln!(out))
    } else {
        write_tree(&mut out, &pos, args.depth, 0, args.lang)
    };
    match written.and_then(|()| out.flush()) {
        // Output cut short by the reader (`| head`) is not an error.
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

fn uci(pos: &Position, m: Move) -> String {
    forsyth::uci::write_uci(pos, m, false)
}

/// The retractions of a position as a JSON list of `{"move", "uci", "fen"}` (and `"retractions"` below them while
/// `depth` lasts). serde_json walks the tree as it writes, so a deep tree is never held in memory whole.
struct Retractions {
    position: Position,
    depth: u8,
    lang: Language,
}

impl Serialize for Retractions {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // The position was accepted, so are its predecessors: retractions answer for every variant.
        let list = retro::retractions(&self.position).unwrap_or_default();
        let mut seq = serializer.serialize_seq(Some(list.len()))?;
        for r in list {
            let retractions = (self.depth > 1).then(|| Retractions {
                position: r.predecessor,
                depth: self.depth - 1,
                lang: self.lang,
            });
            seq.serialize_element(&Retraction {
                text: retraction_text(&r, self.lang),
                uci: uci(&r.predecessor, r.mv),
                fen: Fen::from_position(&r.predecessor).to_string(),
                retractions,
            })?;
        }
        seq.end()
    }
}

/// One retraction: the move as written, as UCI from the position before, that position, and the retractions
/// before it.
#[derive(Serialize)]
struct Retraction {
    #[serde(rename = "move")]
    text: String,
    uci: String,
    fen: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    retractions: Option<Retractions>,
}

fn write_json(out: &mut impl Write, pos: &Position, depth: u8, lang: Language) -> std::io::Result<()> {
    let tree = Retractions { position: *pos, depth, lang };
    serde_json::to_writer(out, &tree).map_err(std::io::Error::from)
}

/// One line per retraction (`move  FEN`), the moves before it indented beneath.
fn write_tree(out: &mut impl Write, pos: &Position, depth: u8, indent: usize, lang: Language) -> std::io::Result<()> {
    for r in retro::retractions(pos).unwrap_or_default() {
        let fen = Fen::from_position(&r.predecessor);
        writeln!(out, "{:indent$}{:<14} {fen}", "", retraction_text(&r, lang), indent = indent)?;
        if depth > 1 {
            write_tree(out, &r.predecessor, depth - 1, indent + 2, lang)?;
        }
    }
    Ok(())
}
