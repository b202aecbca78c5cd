//! The general FEN reader behind every entry point: lenient or strict, on either board shape, with notes for what
//! it assumed and a column for every error.

use super::board::*;
use super::castling::*;
use super::fields::*;
use crate::{BoardShape, ByColor, Color, File, Rank, Setup, Square, SquareSet, Variant};

/// The reader behind every public entry point.
pub(super) fn read(
    text: &str,
    strict: bool,
    notes: &mut Vec<Note>,
    mut unknown: Option<&mut ByColor<SquareSet>>,
) -> Result<(Setup, Option<Variant>), FenError> {
    let bytes = text.as_bytes();
    let n = bytes.len();
    let mut notes = Notes { strict, list: notes, text };
    let lead = bytes.iter().take_while(|b| b.is_ascii_whitespace()).count();
    if lead == n {
        return Err(error(
            text,
            0,
            E_EMPTY,
            FenField::Board,
            "",
            "empty FEN: expected a board such as rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".to_string(),
        ));
    }
    // The board is read where it starts, up to the whitespace (or bracket) that ends it; anything odd is
    // explained afterwards by `diagnose_board`.
    let opens = bytes[lead] == b'[';
    let content_start = lead + usize::from(opens);
    let mut placement = Placement::new();
    let fast = read_board(&bytes[content_start..], &mut placement, unknown.as_deref_mut());
    let field_end = match fast {
        Some((_, len)) if bytes.get(content_start + len).is_none_or(|b| b.is_ascii_whitespace()) => content_start + len,
        _ => bytes[content_start..].iter().position(|b| b.is_ascii_whitespace()).map_or(n, |p| content_start + p),
    };
    let fields = split_fields(bytes, (lead, field_end), lead);
    if fields.irregular {
        notes.add(N_WHITESPACE, 0, FenField::Board, "surrounding or repeated whitespace ignored".to_string())?;
    }
    let closes = bytes[field_end - 1] == b']';
    if opens || closes {
        if !(opens && closes && field_end - lead >= 2) {
            let at = if opens { lead } else { field_end - 1 };
            return Err(error(
                text,
                at,
                E_BRACKET,
                FenField::Board,
                &text[lead..field_end],
                "a bracket without its partner: write the board as [..] or without brackets".to_string(),
            ));
        }
        notes.add(N_BRACKETS, lead, FenField::Board, "brackets around the board removed".to_string())?;
    }
    let content_end = field_end - usize::from(closes);
    let shape = match fast {
        Some((shape, len)) if content_start + len == content_end => shape,
        _ => return Err(diagnose_board(text, content_start, content_end, unknown.is_some())),
    };
    let janus = placement.janus();
    // Built in place, so that the FEN is not copied on its way out.
    let mut read_setup = Setup::empty(shape);
    let setup = &mut read_setup;
    setup.board = placement.into_board(shape);

    if fields.count < 6 {
        let missing: Vec<&str> = FenField::ORDER[fields.count..6].iter().map(|f| f.name()).collect();
        let defaults = ["w", "-", "-", "0", "1"];
        let assumed = defaults[fields.count - 1..].join(" ");
        notes.add(
            N_MISSING,
            text.trim_end().len(),
            FenField::ORDER[fields.count],
            format!("missing {}: assumed {assumed}", missing.join(", ")),
        )?;
    }

    // Side to move.
    if fields.count > 1 {
        let (s, e) = fields.ranges[1];
        setup.turn = match &bytes[s..e] {
            b"w" => Color::White,
            b"b" => Color::Black,
            b"W" | b"B" => {
                notes.add(
                    N_TURN_CASE,
                    s,
                    FenField::Turn,
                    format!("side to move '{}' read as lower case", &text[s..e]),
                )?;
                if bytes[s] == b'W' { Color::White } else { Color::Black }
            }
            _ => {
                return Err(error(
                    text,
                    s,
                    E_TURN,
                    FenField::Turn,
                    &text[s..e],
                    "the side to move is w (White) or b (Black)".to_string(),
                ));
            }
        };
    }

    // Castling.
    if fields.count > 2 {
        let (s, e) = fields.ranges[2];
        read_castling(text, s, e, setup, &mut notes)?;
    }

    // En passant.
    if fields.count > 3 {
        let (s, e) = fields.ranges[3];
        setup.ep_square = read_ep(text, s, e, shape, &mut notes)?;
    }

    // Clocks.
    if fields.count > 4 {
        let (s, e) = fields.ranges[4];
        setup.halfmoves = read_number(text, s, e, FenField::Halfmoves, &mut notes)?;
    }
    if fields.count > 5 {
        let (s, e) = fields.ranges[5];
        setup.fullmoves = read_number(text, s, e, FenField::Fullmoves, &mut notes)?;
        if setup.fullmoves == 0 {
            notes.add(N_MOVE_ZERO, s, FenField::Fullmoves, "move number 0: assumed 1 (moves count from 1)".into())?;
            setup.fullmoves = 1;
        }
    }
    // (A seventh field is named after the six are read, so that errors come in the order of the text: `a 3` for an
    // en-passant square is an error at the `a`, not at the last field.)
    if fields.count == 7 {
        let (s, e) = fields.ranges[6];
        return Err(error(
            text,
            s,
            E_EXTRA,
            FenField::Extra,
            &text[s..e],
            "a FEN has six fields: board, side to move, castling, en passant, half-move clock, move number".to_string(),
        ));
    }

    Ok((read_setup, janus.then_some(Variant::Janus)))
}

pub(super) fn read_ep(
    text: &str,
    start: usize,
    end: usize,
    shape: BoardShape,
    notes: &mut Notes,
) -> Result<Option<Square>, FenError> {
    let bytes = &text.as_bytes()[start..end];
    if bytes == b"-" {
        return Ok(None);
    }
    let field = &text[start..end];
    if let [f, r] = *bytes
        && let Some(file) = File::from_char(f.to_ascii_lowercase() as char)
        && let Some(rank) = Rank::from_char(r as char)
    {
        if file.index() >= shape.files() {
            return Err(error(
                text,
                start,
                E_EP_FILE,
                FenField::EnPassant,
                field,
                format!("the board has {} files; the en-passant square must lie on it, or be -", shape.files()),
            ));
        }
        if f.is_ascii_uppercase() {
            notes.add(
                N_EP_CASE,
                start,
                FenField::EnPassant,
                format!("en-passant square '{field}' read as lower case"),
            )?;
        }
        return Ok(Some(Square::new(file, rank)));
    }
    Err(error(
        text,
        start,
        E_EP,
        FenField::EnPassant,
        field,
        "expected the square a double step skipped, such as e3 or d6, or - for none".to_string(),
    ))
}

pub(super) fn read_number(
    text: &str,
    start: usize,
    end: usize,
    field: FenField,
    notes: &mut Notes,
) -> Result<u32, FenError> {
    let bytes = &text.as_bytes()[start..end];
    let mut value: u32 = 0;
    let mut ok = !bytes.is_empty();
    for &b in bytes {
        if !b.is_ascii_digit() {
            ok = false;
            break;
        }
        match value.checked_mul(10).and_then(|v| v.checked_add((b - b'0') as u32)) {
            Some(v) => value = v,
            None => {
                ok = false;
                break;
            }
        }
    }
    if !ok {
        let (code, what) = match field {
            FenField::Halfmoves => {
                (E_HALFMOVES, "the half-move clock counts half-moves since the last capture or pawn move")
            }
            _ => (E_FULLMOVES, "the move number counts from 1"),
        };
        // An EPD line (test suites: `... w - - bm Bc7; id "WAC.001";`) has operations where a FEN has its clocks.
        let operation = field == FenField::Halfmoves && bytes.first().is_some_and(u8::is_ascii_alphabetic);
        let epd = if operation {
            "; this looks like an EPD operation: a FEN ends with the two clocks, or after the en-passant field"
        } else {
            ""
        };
        return Err(error(
            text,
            start,
            code,
            field,
            &text[start..end],
            format!("{what}: expected a whole number from 0 to {}{epd}", u32::MAX),
        ));
    }
    if bytes.len() > 1 && bytes[0] == b'0' {
        notes.add(N_NUMBER, start, field, format!("'{}' read as {value}", &text[start..end]))?;
    }
    Ok(value)
}
