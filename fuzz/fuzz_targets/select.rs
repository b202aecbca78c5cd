//! PGN selections (`pgn filter --where`): no condition text may panic, and none may hang; a condition that parses
//! tests any game, and `not (C)` selects exactly the games `C` does not. The first line of the input is the
//! condition, the rest a PGN game. Run with `RUSTC_BOOTSTRAP=1 cargo fuzz run select -- -max_total_time=60`.

#![no_main]

use forsyth::pgn::{GameSplitter, PgnReadOptions, Selection, read_game};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (condition, game) = text.split_once('\n').unwrap_or((text, ""));
    let Ok(selection) = Selection::parse(condition) else { return };
    let negated = Selection::parse(&format!("not ({condition})"));
    for raw in GameSplitter::new(game.as_bytes()).take(4) {
        let Ok(raw) = raw else { return };
        let mut facts = selection.facts();
        read_game(&raw, &PgnReadOptions::default(), &mut facts);
        let selected = selection.matches(&facts);
        if let Ok(negated) = &negated {
            let mut facts = negated.facts();
            read_game(&raw, &PgnReadOptions::default(), &mut facts);
            assert_eq!(negated.matches(&facts), !selected, "not ({condition})");
        }
    }
});
