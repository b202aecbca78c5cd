//! `forsyth translate`: a move list from one language and notation into another, numbered as a game score.

use std::io::Read;

use forsyth::Variant;
use forsyth::notation::general::{read_general_move, write_general_move};
use forsyth::notation::score::{Score, TranslationError, move_texts, translate};
use forsyth::notation::{MoveReadOptions, MoveStyle};

use serde_json::json;

use crate::{Failure, input};

/// Translate moves between notations and languages: read leniently (SAN, FIDE, long, problem, UCI, figurines),
/// write exactly.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  forsyth translate --input-lang de --lang en '1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Se4 5.Dxd4 d5 6.exd6 e.p. Sxd6'\n  forsyth translate --notation fide --lang de e4 e5 Nf3 Nf6 O-O\n  forsyth translate --notation problem --lang de e2e4 c7c5 g1f3\n  forsyth translate --notation uci 'e4 e5 Nf3'\n  echo '1. e4 e5 2. Nf3' | forsyth translate --figurine\n  forsyth translate --piece G=grasshopper --notation problem --fen '4k3/8/8/8/8/8/4P3/G3K3 w - - 0 1' Gf1 Kd7 Gd3\n  forsyth translate --board vertical-cylinder --notation uci --fen '4k3/8/8/8/8/8/8/R3K3 w - - 0 1' Rh1\n\nMoves come from the arguments, or else from standard input; move numbers (1., 11...) and results are skipped. The output is a numbered game score on one line. Translation stops at the first illegal move: what was translated is printed, and the error names the move's index, its number and why it is illegal.\n\nExit status: 0 translated, 1 invalid FEN or illegal move, 2 usage error."
)]
pub struct Args {
    /// Variant; inferred from the FEN if absent.
    #[arg(long, value_parser = input::variant)]
    variant: Option<Variant>,
    /// Start position (default: the variant's start).
    #[arg(long)]
    fen: Option<String>,
    /// Piece letters of the input's language (en cs da nl et fi fr de hu is it no pl pt ro es sv; default en).
    #[arg(long, value_name = "LANG", value_parser = input::letters)]
    input_lang: Option<forsyth::notation::Letters>,
    #[command(flatten)]
    write: input::MoveWriteArgs,
    #[command(flatten)]
    fairy: input::FairyArgs,
    /// Print one JSON object for programs: {"moves": [...], "score": "..."}.
    #[arg(long)]
    json: bool,
    /// Moves; standard input if none.
    moves: Vec<String>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    if args.fairy.general() {
        return run_general(&args);
    }
    let mut pos = match &args.fen {
        Some(fen) => input::position(fen, args.variant)?,
        None => input::start(args.variant),
    };
    let options = args.write.options(MoveStyle::San);
    options.letters.check(pos.variant())?;
    let read_options = MoveReadOptions::with_letters(args.input_lang.unwrap_or_default());
    let translation = translate(&mut pos, &move_list(&args)?, &read_options, &options);
    if args.json {
        let moves: Vec<&str> = translation.moves.iter().map(|m| m.written.as_str()).collect();
        println!("{}", json!({"moves": moves, "score": translation.score}));
    } else if !translation.score.is_empty() {
        println!("{}", translation.score);
    }
    translation.error.map_or(Ok(()), |e| Err(Failure(e.to_string())))
}

/// The moves to translate, from the arguments or else from standard input (read once the position is known good).
fn move_list(args: &Args) -> Result<Vec<String>, Failure> {
    if !args.moves.is_empty() {
        return Ok(move_texts(args.moves.iter().map(String::as_str)));
    }
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text)?;
    Ok(move_texts([text.as_str()]))
}

/// Translates moves in a position with fairy pieces or on a cylinder (the general position): read in SAN, long,
/// problem notation or UCI with the problem's letters, written in the notation asked for with the same letters.
fn run_general(args: &Args) -> Result<(), Failure> {
    let fen = args.fen.clone().unwrap_or_else(|| input::start(args.variant).to_string());
    let mut pos = args.fairy.position(&fen)?;
    let style = args.write.general_style(MoveStyle::San)?;
    let (mut score, mut moves, mut error) = (Score::default(), Vec::new(), None);
    for (i, text) in move_list(args)?.iter().enumerate() {
        let (number, white) = (pos.clocks().1, pos.turn().is_white());
        let played = read_general_move(&pos, text).and_then(|mv| {
            let written = write_general_move(&pos, mv, style);
            pos.play(mv).map(|()| written)
        });
        match played {
            Ok(written) => {
                score.push(number, white, &written);
                moves.push(written);
            }
            Err(e) => {
                let reason = e.to_string();
                error =
                    Some(TranslationError { index: i + 1, number, white, text: text.clone(), code: e.code(), reason });
                break;
            }
        }
    }
    if args.json {
        println!("{}", json!({"moves": moves, "score": score.as_str()}));
    } else if !score.as_str().is_empty() {
        println!("{}", score.as_str());
    }
    error.map_or(Ok(()), |e| Err(Failure(e.to_string())))
}
