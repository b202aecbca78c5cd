//! `forsyth perft`: count the leaves of the legal move tree.

use forsyth::Variant;
use forsyth::notation::MoveStyle;
use forsyth::notation::general::write_general_move;
use forsyth::uci::write_uci;

use serde_json::json;

use crate::{Failure, input};

/// Count the positions reached after DEPTH plies (move-generator test).
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  forsyth perft 5\n  forsyth perft --divide --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' 3\n  forsyth perft --variant capablanca 4\n  forsyth perft --json --divide 3\n  forsyth perft --allow too-many-pieces --fen 'r1r1k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQ - 0 1' 3\n  forsyth perft --piece G=grasshopper --piece C=camel --fen 'rgbqkbcr/pppppppp/8/8/8/8/PPPPPPPP/RGBQKBCR w KQkq - 0 1' 3\n  forsyth perft --board vertical-cylinder 3\n\nThe last line printed is the node count alone; with --json, one object: {\"depth\", \"nodes\", \"divide\"}.\n\nExit status: 0 counted, 1 invalid FEN or illegal position, 2 usage error."
)]
pub struct Args {
    /// Variant (standard, chess960, capablanca, crc, gothic, janus, embassy); inferred from the FEN if absent.
    #[arg(long, value_parser = input::variant)]
    variant: Option<Variant>,
    /// Start position (default: the variant's start).
    #[arg(long)]
    fen: Option<String>,
    /// Print `MOVE: N` (UCI) for each root move first.
    #[arg(long)]
    divide: bool,
    /// Print one JSON object for programs: depth, nodes, and with --divide the nodes per root move.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    allow: input::AllowArgs,
    #[command(flatten)]
    fairy: input::FairyArgs,
    /// Plies to search.
    depth: u32,
}

pub fn run(args: Args) -> Result<(), Failure> {
    if args.fairy.general() {
        return run_general(&args);
    }
    let pos = match &args.fen {
        Some(fen) => input::position_allowing(fen, args.variant, args.allow.allowed())?,
        None => input::start(args.variant),
    };
    if args.json {
        let chess960 = pos.variant().is_shuffle();
        let divide = args.divide.then(|| pos.perft_divide(args.depth));
        let nodes = match &divide {
            Some(_) if args.depth == 0 => 1,
            Some(split) => split.iter().map(|&(_, n)| n).sum(),
            None => pos.perft(args.depth),
        };
        let divide: Option<serde_json::Map<String, serde_json::Value>> =
            divide.map(|split| split.into_iter().map(|(m, n)| (write_uci(&pos, m, chess960), json!(n))).collect());
        println!("{}", json!({"variant": pos.variant().name(), "depth": args.depth, "nodes": nodes, "divide": divide}));
        return Ok(());
    }
    if args.divide {
        let chess960 = pos.variant().is_shuffle();
        let mut total = 0;
        for (m, n) in pos.perft_divide(args.depth) {
            println!("{}: {n}", write_uci(&pos, m, chess960));
            total += n;
        }
        if args.depth == 0 {
            total = 1;
        }
        println!("{total}");
    } else {
        println!("{}", pos.perft(args.depth));
    }
    Ok(())
}

/// Perft of a position with fairy pieces or on a cylinder (the general position).
fn run_general(args: &Args) -> Result<(), Failure> {
    let fen = args.fen.clone().unwrap_or_else(|| input::start(args.variant).to_string());
    let pos = args.fairy.position(&fen)?;
    let split: Vec<(String, u64)> = pos
        .perft_divide(args.depth)?
        .into_iter()
        .map(|(m, n)| (write_general_move(&pos, m, MoveStyle::Uci), n))
        .collect();
    let nodes = if args.depth == 0 { 1 } else { split.iter().map(|(_, n)| n).sum() };
    if args.json {
        let divide: Option<serde_json::Map<String, serde_json::Value>> =
            args.divide.then(|| split.iter().map(|(m, n)| (m.clone(), json!(n))).collect());
        println!("{}", json!({"depth": args.depth, "nodes": nodes, "divide": divide}));
        return Ok(());
    }
    if args.divide {
        for (m, n) in &split {
            println!("{m}: {n}");
        }
    }
    println!("{nodes}");
    Ok(())
}
