//! The invariant the FEN fuzz target and the property tests check: reading never panics, `Fen::parse_position`
//! (with its fast path for standard boards) says exactly what `Fen::parse` + `Fen::position` say, and a FEN that
//! reads as a legal position is written in every mode as text that reads back, strictly, as the same position;
//! relaxed reading never panics either, and what it reads counts, lists and writes consistently.
//! Shared with `fuzz/fuzz_targets/fen.rs`.

use forsyth::notation::fen::{CastlingStyle, EpMode, Fen, FenPositionError};
use forsyth::{Allowed, Position, Variant};

/// Reads `text` every way there is; for a legal position, checks every writing mode round-trips.
pub fn check_text(text: &str) {
    check_parse_position(text);
    check_relaxed(text);
    let _ = Fen::parse_strict(text);
    let _ = Fen::parse_diagram(text);
    let Ok((fen, _)) = Fen::parse_lenient(text) else { return };
    let _ = fen.to_string();
    if let Ok((pos, _)) = fen.position_repaired(None) {
        check_position(&pos);
    }
}

/// Writes `pos` in every mode and reads it back.
pub fn check_position(pos: &Position) {
    for ep in [EpMode::Always, EpMode::Pseudo, EpMode::Legal] {
        let written = Fen::from_position_with(pos, ep);
        for style in [CastlingStyle::Classic, CastlingStyle::XFen, CastlingStyle::Shredder] {
            let text = match written.to_string_with(style) {
                Ok(text) => text,
                Err(e) => {
                    assert_eq!(style, CastlingStyle::Classic, "only classic FEN may refuse: {e}");
                    continue;
                }
            };
            let read = Fen::parse_strict(&text).unwrap_or_else(|e| panic!("own output '{text}' is not canonical: {e}"));
            let back =
                read.position(Some(pos.variant())).unwrap_or_else(|e| panic!("own output '{text}' is not legal: {e}"));
            if ep == EpMode::Always {
                assert_eq!(&back, pos, "{text}");
            } else {
                assert_eq!(Fen::from_position_with(&back, ep), written, "{text}");
                assert_eq!(back.legal_moves(), pos.legal_moves(), "{text}");
            }
        }
    }
}

/// `Fen::parse_position` gives the position or the error of the general path, `Fen::parse` then `Fen::position`,
/// with the variant inferred and with each variant given (a 10×8 one included, which the fast path leaves alone).
pub fn check_parse_position(text: &str) {
    for variant in [None, Some(Variant::Standard), Some(Variant::Chess960), Some(Variant::Capablanca)] {
        let general = Fen::parse(text)
            .map_err(FenPositionError::Syntax)
            .and_then(|fen| fen.position(variant).map_err(FenPositionError::Illegal));
        assert_eq!(Fen::parse_position(text, variant), general, "{text:?} in {variant:?}");
    }
}

/// Relaxed reading with every problem allowed that still leaves a position (no king, several kings, pawns on the
/// back ranks, ...) never panics; on what it reads, counting moves in bulk agrees with listing them, and the FEN
/// written reads back, relaxed, as the same position.
pub fn check_relaxed(text: &str) {
    let everything: Allowed = "all,missing-king,too-many-kings,opposite-check,adjacent-kings".parse().unwrap();
    for variant in [None, Some(Variant::Standard), Some(Variant::Capablanca)] {
        let Ok((pos, _)) = Fen::parse_position_allowing(text, variant, everything) else { continue };
        let divide = pos.perft_divide(2);
        assert_eq!(divide.iter().map(|&(_, n)| n).sum::<u64>(), pos.perft(2), "{text:?} in {variant:?}");
        let written = Fen::from_position(&pos).to_string();
        let (back, _) = Fen::parse_position_allowing(&written, Some(pos.variant()), everything)
            .unwrap_or_else(|e| panic!("{text:?}: own output '{written}' does not read back: {e}"));
        assert_eq!(back, pos, "{text:?} -> {written}");
    }
}
