//! `forsyth play`: play moves from a position and print the FEN reached.

use forsyth::Variant;
use forsyth::notation::fen::{CastlingStyle, EpMode, Fen};
use forsyth::notation::general::{read_general_move, write_fen};
use forsyth::notation::{MoveReadOptions, parse_move};

use serde_json::json;

use crate::{Failure, input};

/// Play moves (in any notation: SAN, FIDE, long, problem, UCI) from a position and print the resulting FEN.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  forsyth play e2e4 e7e5 g1f3\n  forsyth play e4 e5 Nf3 Nc6 Bb5 a6 O-O\n  forsyth play --input-lang de '1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Se4 5.Dxd4 d5 6.exd6 e.p.'\n  forsyth play --input-lang de Be2-e4 Bc7-c5 Sg1-f3\n  forsyth play --variant chess960 --fen 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9' g1h1\n  forsyth play --castling shredder --ep legal e2e4\n  forsyth play --json e2e4 e7e5\n  forsyth play --piece G=grasshopper --fen '4k3/8/8/8/8/8/4P3/G3K3 w - - 0 1' Gf1 Kd7\n  forsyth play --board vertical-cylinder --fen '4k3/8/8/8/8/8/8/R3K3 w - - 0 1' Rh1\n\nWith --json, one object: {\"fen\", \"moves\", \"check\", \"status\"}. An illegal move exits with status 1 and names the move's number, its text and why it is illegal.\n\nExit status: 0 played, 1 invalid FEN, illegal position or illegal move, 2 usage error."
)]
pub struct Args {
    /// Variant; inferred from the FEN if absent.
    #[arg(long, value_parser = input::variant)]
    variant: Option<Variant>,
    /// Start position (default: the variant's start).
    #[arg(long)]
    fen: Option<String>,
    /// Castling spelling of the FEN printed: classic, xfen or shredder.
    #[arg(long, default_value = "xfen", value_parser = input::castling_style)]
    castling: CastlingStyle,
    /// En-passant square of the FEN printed: always, pseudo or legal.
    #[arg(long, default_value = "always", value_parser = input::ep_mode)]
    ep: EpMode,
    /// Print one JSON object for programs.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    allow: input::AllowArgs,
    #[command(flatten)]
    fairy: input::FairyArgs,
    /// Piece letters of the moves' language (en cs da nl et fi fr de hu is it no pl pt ro es sv; default en).
    #[arg(long, value_name = "LANG", value_parser = input::letters)]
    input_lang: Option<forsyth::notation::Letters>,
    /// Moves in any notation (e4, Nf3, Sf3, Ng1-f3, e2e4, O-O, 0-0, e8=Q, d8D, exd6 e.p.); move numbers are
    /// skipped.
    moves: Vec<String>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    if args.fairy.general() {
        return run_general(&args);
    }
    let mut pos = match &args.fen {
        Some(fen) => input::position_allowing(fen, args.variant, args.allow.allowed())?,
        None => input::start(args.variant),
    };
    let options = MoveReadOptions::with_letters(args.input_lang.unwrap_or_default());
    for (i, text) in forsyth::notation::score::move_texts(args.moves.iter().map(String::as_str)).iter().enumerate() {
        let m = parse_move(&pos, text, &options)
            .map_err(|e| Failure(format!("move {} '{text}': {} [{}]", i + 1, e.reason(), e.code())))?
            .mv;
        if m.is_null() {
            pos.play_null().map_err(|e| Failure(format!("move {} '{text}': {e}", i + 1)))?;
        } else {
            pos.play_unchecked(m);
        }
    }
    let fen = Fen::from_position_with(&pos, args.ep)
        .to_string_with(args.castling)
        .map_err(|e| Failure(input::fen_write_failure(&e)))?;
    if args.json {
        let status = forsyth_server::report::status_name(pos.status());
        println!("{}", json!({"fen": fen, "moves": args.moves, "check": pos.is_check(), "status": status}));
    } else {
        println!("{fen}");
    }
    Ok(())
}

/// Plays moves in a position with fairy pieces or on a cylinder (the general position); moves in SAN, long,
/// problem notation or UCI with the declared letters.
fn run_general(args: &Args) -> Result<(), Failure> {
    let fen = args.fen.clone().unwrap_or_else(|| input::start(args.variant).to_string());
    let mut pos = args.fairy.position(&fen)?;
    for (i, text) in forsyth::notation::score::move_texts(args.moves.iter().map(String::as_str)).iter().enumerate() {
        let mv = read_general_move(&pos, text)
            .map_err(|e| Failure(format!("move {} '{text}': {e} [{}]", i + 1, e.code())))?;
        pos.play(mv)?;
    }
    let fen = write_fen(&pos);
    if args.json {
        let moves = pos.legal_moves()?;
        let status = match (moves.is_empty(), pos.is_check()) {
            (true, true) => "checkmate",
            (true, false) => "stalemate",
            _ => "ongoing",
        };
        println!("{}", json!({"fen": fen, "moves": args.moves, "check": pos.is_check(), "status": status}));
    } else {
        println!("{fen}");
    }
    Ok(())
}
