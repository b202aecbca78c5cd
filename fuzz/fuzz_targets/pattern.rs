//! The composers' notation: no text may panic; a pattern read in German is written in German and English, and each
//! text reads back to a pattern that writes the same text; listing it from the standard start position, and from a
//! fairy position whose grasshopper and nightrider letters the pattern declares, stays within its limits. Run with
//! `RUSTC_BOOTSTRAP=1 cargo fuzz run pattern -- -max_total_time=60`.

#![no_main]

use forsyth::notation::general::read_fen;
use forsyth::notation::letters::Language;
use forsyth::piece_kind::PieceTable;
use forsyth::problem::{Limits, Pattern, PatternPosition, sequences};
use forsyth::{Position, Topology};

fn listed_within_limits<P: PatternPosition>(pattern: &Pattern, pos: &P) {
    let limits = Limits { max_plies: 3, max_sequences: 50, max_nodes: 20_000 };
    if let Ok(listing) = sequences(pattern, pos, &limits) {
        assert!(listing.sequences.len() <= limits.max_sequences);
        assert!(listing.sequences.iter().all(|s| s.len() <= limits.max_plies));
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pattern) = Pattern::parse(text, Language::De) {
        for language in [Language::De, Language::En] {
            let written = pattern.write(language);
            let again = Pattern::parse(&written, language).expect("a written pattern reads back");
            assert_eq!(again.write(language), written);
            assert_eq!(again.write(Language::De), pattern.write(Language::De));
        }
        listed_within_limits(&pattern, &Position::default());
    }
    let mut table = PieceTable::new();
    table.declare_text("G=grasshopper").expect("a catalogue piece");
    table.declare_text("S=nightrider").expect("a catalogue piece");
    if let Ok(pattern) = Pattern::parse_declaring(text, Language::De, table.declared()) {
        let written = pattern.write(Language::De);
        let again = Pattern::parse_declaring(&written, Language::De, table.declared()).expect("reads back");
        assert_eq!(again.write(Language::De), written);
        let pos = read_fen("4k3/8/8/8/8/8/4P3/G3K1S1 w - - 0 1", &table, Topology::Plain).expect("a legal position");
        listed_within_limits(&pattern, &pos);
    }
});
