//! The composers' notation: no text may panic; a pattern read in German is written in German and English, and each
//! text reads back to a pattern that writes the same text; listing it from the standard start position stays within
//! its limits. Run with `RUSTC_BOOTSTRAP=1 cargo fuzz run pattern -- -max_total_time=60`.

#![no_main]

use forsyth::Position;
use forsyth::notation::letters::Language;
use forsyth::problem::{Limits, Pattern, sequences};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(pattern) = Pattern::parse(text, Language::De) else { return };
    for language in [Language::De, Language::En] {
        let written = pattern.write(language);
        let again = Pattern::parse(&written, language).expect("a written pattern reads back");
        assert_eq!(again.write(language), written);
        assert_eq!(again.write(Language::De), pattern.write(Language::De));
    }
    let limits = Limits { max_plies: 3, max_sequences: 50, max_nodes: 20_000 };
    if let Ok(listing) = sequences(&pattern, &Position::default(), &limits) {
        assert!(listing.sequences.len() <= limits.max_sequences);
        assert!(listing.sequences.iter().all(|s| s.len() <= limits.max_plies));
    }
});
