//! `forsyth fen`: check FENs and convert them between the FEN family's spellings.

use forsyth::notation::fen::{CastlingStyle, EpMode, Fen, FenError, Note};
use forsyth::notation::general::write_fen;
use forsyth::{Allowed, Variant};

use std::io::{self, BufWriter, Write};

use crate::stream::closed_pipe;
use crate::{Failure, input};

/// Check or convert FEN, X-FEN and Shredder-FEN.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  forsyth fen check 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n  \
     forsyth fen convert --castling shredder 'rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11'\n  \
     forsyth fen check --json < positions.fen\n\n\
     Each subcommand's --help has more.")]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    Check(CheckArgs),
    Convert(ConvertArgs),
}

/// Check FENs: print `ok` (with anything lenient reading assumed) or every error, one line per FEN.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  forsyth fen check 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n  \
     forsyth fen check '[3Brq2/P1ppRp1K/4p2p/6p1/6NP/3P1P1k/1PP1bPrb/3BnQnR]'\n  \
     forsyth fen check --strict < positions.fen\n  forsyth fen check --allow pawn-on-back-rank '4k3/8/8/8/8/8/8/P3K3 w - - 0 1'\n  forsyth fen check --json 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1'\n  forsyth fen check --piece G=grasshopper --piece C=camel 'rgbqkbcr/pppppppp/8/8/8/8/PPPPPPPP/RGBQKBCR w KQkq - 0 1'\n\n\
     Output lines: `ok`, `ok (assumed: [code] ...)`, `error [code] column N (field): ...` for text that is not a \
     FEN, `invalid [code] ...; [code] ...` for a position that breaks the rules.\n\
     Without FEN arguments, reads one FEN per line from standard input. Exit status 1 if any FEN is invalid.")]
struct CheckArgs {
    /// Variant; inferred from each FEN if absent.
    #[arg(long, value_parser = input::variant)]
    variant: Option<Variant>,
    /// Refuse anything but a complete, canonical FEN.
    #[arg(long)]
    strict: bool,
    /// Print one JSON object per FEN for programs: fen, result (ok, error, invalid), error, problems, notes,
    /// allowed (the problems --allow accepted).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    allow: input::AllowArgs,
    #[command(flatten)]
    fairy: input::FairyArgs,
    /// Positions (FEN); standard input if none.
    fens: Vec<String>,
}

/// Convert FENs: print one normalised FEN per input.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  forsyth fen convert --castling shredder 'rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11'\n  \
     forsyth fen convert --ep legal 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2'\n  \
     forsyth fen convert --repair '4k3/8/8/8/8/8/8/4K2R w KQ - 0 1'\n  \
     forsyth fen convert --piece N=nightrider --board vertical-cylinder '4k3/8/8/8/8/8/8/N3K3 w - - 0 1'\n\n\
     Invalid inputs are reported on standard error (and skipped); --repair reports there what it dropped.\n\
     Without FEN arguments, reads one FEN per line from standard input. Exit status 1 if any FEN is invalid."
)]
struct ConvertArgs {
    /// Variant; inferred from each FEN if absent.
    #[arg(long, value_parser = input::variant)]
    variant: Option<Variant>,
    /// Castling spelling: classic (KQkq only), xfen (K/Q, file letters for inner rooks), shredder (HAha).
    #[arg(long, default_value = "xfen", value_parser = input::castling_style)]
    castling: CastlingStyle,
    /// En-passant square: always (after every double step), pseudo (a pawn can capture), legal (a capture is legal).
    #[arg(long, default_value = "always", value_parser = input::ep_mode)]
    ep: EpMode,
    /// Drop invalid castling rights and en-passant squares instead of refusing the position.
    #[arg(long)]
    repair: bool,
    /// Refuse anything but a complete, canonical FEN.
    #[arg(long)]
    strict: bool,
    #[command(flatten)]
    allow: input::AllowArgs,
    #[command(flatten)]
    fairy: input::FairyArgs,
    /// Positions (FEN); standard input if none.
    fens: Vec<String>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    match args.command {
        Command::Check(args) => check(args),
        Command::Convert(args) => convert(args),
    }
}

fn read(text: &str, strict: bool) -> Result<(Fen, Vec<Note>), FenError> {
    if strict { Fen::parse_strict(text).map(|fen| (fen, Vec::new())) } else { Fen::parse_lenient(text) }
}

fn check(args: CheckArgs) -> Result<(), Failure> {
    let (mut invalid, mut total) = (0, 0);
    let allowed = args.allow.allowed();
    // One lock and one buffer for all lines: `println!` flushes every line, a system call per FEN.
    let mut out = BufWriter::new(io::stdout().lock());
    input::each_line(&args.fens, |text| {
        total += 1;
        if args.fairy.general() {
            let line = args.fairy.position(text).map(|_| "ok".to_string()).map_err(|e| e.0);
            invalid += usize::from(line.is_err());
            if args.json {
                let (result, error) = match &line {
                    Ok(_) => ("ok", None),
                    Err(e) => ("error", Some(e.as_str())),
                };
                writeln!(out, "{}", serde_json::json!({"fen": text.trim(), "result": result, "error": error}))
            } else {
                writeln!(out, "{}", line.unwrap_or_else(|e| e))
            }
            .or_else(closed_pipe)?;
            return Ok(());
        }
        if args.json {
            let json = forsyth_server::report::fen_check(text, args.strict, args.variant, allowed);
            invalid += usize::from(json["result"] != "ok");
            writeln!(out, "{json}").or_else(closed_pipe)?;
            return Ok(());
        }
        // A canonical standard FEN has no notes: read it straight into its position (an illegal one takes the general
        // path when some problems are allowed).
        let line = match Fen::parse_canonical_position(text, args.variant) {
            Some(Ok(_)) => return out.write_all(b"ok\n").or_else(closed_pipe).map_err(Failure::from),
            Some(Err(e)) if allowed.is_none() => Err(format!("invalid {}", input::problem_list(&e.problems))),
            _ => check_general(text, args.strict, args.variant, allowed),
        };
        invalid += usize::from(line.is_err());
        writeln!(out, "{}", line.unwrap_or_else(|e| e)).or_else(closed_pipe)?;
        Ok(())
    })?;
    out.flush().or_else(closed_pipe)?;
    if invalid > 0 {
        return Err(Failure(format!("{invalid} of {total} FENs invalid")));
    }
    Ok(())
}

/// One FEN checked by the general reader: `ok` with what was assumed and allowed, or what is wrong.
fn check_general(text: &str, strict: bool, variant: Option<Variant>, allowed: Allowed) -> Result<String, String> {
    match read(text, strict) {
        Err(e) => Err(format!("error [{}] {e}", e.code)),
        Ok((fen, notes)) => match fen.position_allowing(variant, allowed) {
            Err(e) => {
                let problems: Vec<String> = e.problems.iter().map(|p| format!("[{}] {p}", p.code())).collect();
                Err(format!("invalid {}", problems.join("; ")))
            }
            Ok((_, allowed)) => {
                let mut remarks = Vec::new();
                if !notes.is_empty() {
                    let notes: Vec<String> = notes.iter().map(|n| format!("[{}] {}", n.code, n.message)).collect();
                    remarks.push(format!("assumed: {}", notes.join("; ")));
                }
                if !allowed.is_empty() {
                    remarks.push(format!("allowed: {}", input::problem_list(&allowed)));
                }
                Ok(if remarks.is_empty() { "ok".to_string() } else { format!("ok ({})", remarks.join("; ")) })
            }
        },
    }
}

fn convert(args: ConvertArgs) -> Result<(), Failure> {
    let (mut invalid, mut total) = (0, 0);
    // One lock and one buffer for all lines (see `check`); flushed before each message on standard error, so that
    // the two streams keep their order on a terminal.
    let mut out = BufWriter::new(io::stdout().lock());
    input::each_line(&args.fens, |text| {
        total += 1;
        match convert_one(text, &args) {
            // Two plain writes: `writeln!` would take the formatting machinery for a finished line.
            Ok(fen) => out.write_all(fen.as_bytes()).and_then(|()| out.write_all(b"\n")).or_else(closed_pipe)?,
            Err(message) => {
                invalid += 1;
                out.flush().or_else(closed_pipe)?;
                eprintln!("forsyth: '{text}': {message}");
            }
        }
        Ok(())
    })?;
    out.flush().or_else(closed_pipe)?;
    if invalid > 0 {
        return Err(Failure(format!("{invalid} of {total} FENs invalid")));
    }
    Ok(())
}

fn convert_one(text: &str, args: &ConvertArgs) -> Result<String, String> {
    if args.fairy.general() {
        return args.fairy.position(text).map(|pos| write_fen(&pos)).map_err(|e| e.0);
    }
    let problems_text = input::problem_list;
    let allowed = args.allow.allowed();
    // A canonical standard FEN needs nothing repaired or allowed: read it straight into its position.
    let canonical =
        if args.repair || !allowed.is_none() { None } else { Fen::parse_canonical_position(text, args.variant) };
    let pos = if let Some(position) = canonical {
        position.map_err(|e| format!("invalid {}", problems_text(&e.problems)))?
    } else {
        let (fen, _) = read(text, args.strict).map_err(|e| format!("error [{}] {e}", e.code))?;
        if !allowed.is_none() {
            // --repair drops what --allow of those codes drops.
            let allowed = if args.repair { allowed | Allowed::REPAIRABLE } else { allowed };
            let (pos, warnings) = fen
                .position_allowing(args.variant, allowed)
                .map_err(|e| format!("invalid {}", problems_text(&e.problems)))?;
            if !warnings.is_empty() {
                eprintln!("forsyth: warning: '{text}': allowed {}", problems_text(&warnings));
            }
            pos
        } else if args.repair {
            let (pos, dropped) =
                fen.position_repaired(args.variant).map_err(|e| format!("invalid {}", problems_text(&e.problems)))?;
            if !dropped.is_empty() {
                eprintln!("forsyth: '{text}': dropped {}", problems_text(&dropped));
            }
            pos
        } else {
            fen.position(args.variant).map_err(|e| format!("invalid {}", problems_text(&e.problems)))?
        }
    };
    Fen::from_position_with(&pos, args.ep)
        .to_string_with(args.castling)
        .map_err(|e| format!("[{}] {}", e.code, input::fen_write_failure(&e)))
}
