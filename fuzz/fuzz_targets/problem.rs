//! Problem descriptions: no Popeye input and no YACPDB entry may panic; what is read is written in English and
//! German keywords and as a YACPDB entry, and each reads back to the same problem. Run with
//! `RUSTC_BOOTSTRAP=1 cargo fuzz run problem -- -max_total_time=60`.

#![no_main]

#[path = "../../crates/forsyth/tests/invariants/mod.rs"]
mod invariants;

libfuzzer_sys::fuzz_target!(|data: &[u8]| invariants::check_problem(data));
