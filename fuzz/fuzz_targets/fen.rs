//! FEN reader: no input may panic, `Fen::parse_position` must agree with `Fen::parse` + `Fen::position`, and every
//! FEN that reads as a legal position must round-trip through every writing mode. Run with `RUSTC_BOOTSTRAP=1 cargo fuzz run fen -- -max_total_time=60`.

#![no_main]

#[path = "../../crates/forsyth/tests/fen_check/mod.rs"]
mod fen_check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        fen_check::check_text(text);
    }
});
