//! Move reader: any text, in a position, style and language the input picks, never panics, and a move read is
//! legal and round-trips through SAN. Run with `RUSTC_BOOTSTRAP=1 cargo fuzz run moves -- -max_total_time=60`.

#![no_main]

#[path = "../../crates/forsyth/tests/invariants/mod.rs"]
mod invariants;

libfuzzer_sys::fuzz_target!(|data: &[u8]| invariants::check_move_text(data));
