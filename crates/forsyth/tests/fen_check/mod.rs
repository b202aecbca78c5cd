//! The invariant the FEN fuzz target and the property tests check: reading never panics, `Fen::parse_position`
//! (with its fast path for standard boards) says exactly what `Fen::parse` + `Fen::position` say, and a FEN that
//! reads as a legal position is written in every mode as text that reads back, strictly, as the same position.
//! Shared with `fuzz/fuzz_targets/fen.rs`.

use forsyth::notation::fen::{CastlingStyle, EpMode, Fen, FenPositionError};
use forsyth::{Position, Variant};

/// Reads `text` every way there is; for a legal position, checks every writing mode round-trips.
pub fn check_text(text: &str) {
    check_parse_position(text);
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
