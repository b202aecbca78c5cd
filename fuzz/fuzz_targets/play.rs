//! Play/undo invariants: the input picks a variant, a start array and a legal move per byte; after every ply the
//! FEN round-trips in every mode, `play` agrees with the move generator on a made-up move and leaves the
//! original untouched, and a move written in any style and language reads back to the same move. Run with
//! `RUSTC_BOOTSTRAP=1 cargo fuzz run play -- -max_total_time=60`.

#![no_main]

#[path = "../../crates/forsyth/tests/invariants/mod.rs"]
mod invariants;

libfuzzer_sys::fuzz_target!(|data: &[u8]| invariants::check_game(data));
