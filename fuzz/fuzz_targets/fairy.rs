//! Piece definitions and FEN with a letter table: no input may panic (invariants in
//! `crates/forsyth/tests/fairy_check/mod.rs`). The first line is a list of declarations (`G=grasshopper
//! Z=betza:ZW`), the rest a FEN read on every board topology. Run with
//! `RUSTC_BOOTSTRAP=1 cargo fuzz run fairy -- -max_total_time=60`.

#![no_main]

#[path = "../../crates/forsyth/tests/fairy_check/mod.rs"]
mod fairy_check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        fairy_check::check_text(text);
    }
});
