//! PGN reader and writer: any bytes split and read in any encoding never panic, and every game read writes PGN
//! that reads back to the same game. Run with `RUSTC_BOOTSTRAP=1 cargo fuzz run pgn -- -max_total_time=60`.

#![no_main]

#[path = "../../crates/forsyth/tests/invariants/mod.rs"]
mod invariants;

libfuzzer_sys::fuzz_target!(|data: &[u8]| invariants::check_pgn(data));
