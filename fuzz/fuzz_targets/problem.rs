//! Problem descriptions: no Popeye input and no YACPDB entry may panic; what is read is written in English and
//! German keywords and as a YACPDB entry, and each reads back to the same problem. Run with
//! `RUSTC_BOOTSTRAP=1 cargo fuzz run problem -- -max_total_time=60`.

#![no_main]

use forsyth::problem::popeye::{self, PopeyeLanguage};
use forsyth::problem::yacpdb;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut problems = popeye::parse(text).unwrap_or_default();
    if let Ok(entry) = yacpdb::parse(text) {
        problems.push(entry.problem);
    }
    for problem in problems {
        let _ = problem.position();
        let _ = problem.general_position();
        let _ = problem.count();
        for language in [PopeyeLanguage::English, PopeyeLanguage::German] {
            let written = problem.write(language);
            let again = popeye::parse(&written).expect("written Popeye input reads back");
            assert_eq!(again.len(), 1);
            assert_eq!(again[0].pieces, problem.pieces);
            assert_eq!(again[0].stipulation, problem.stipulation);
        }
        let entry = yacpdb::parse(&yacpdb::write(&problem)).expect("a written YACPDB entry reads back");
        assert_eq!(entry.problem.pieces, problem.pieces);
        assert_eq!(entry.problem.authors, problem.authors);
    }
});
