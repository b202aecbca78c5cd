//! Retro analysis: no text may panic; for any FEN the analysis accepts, every retraction played forward from its
//! predecessor gives the position back, and the report and the identities of every piece answer (every variant,
//! 10×8 boards too). Run with
//! `RUSTC_BOOTSTRAP=1 cargo fuzz run retro -- -max_total_time=60`.

#![no_main]

use forsyth::notation::fen::Fen;
use forsyth::retro;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(pos) = retro::position_from_fen(text) else { return };
    for r in retro::retractions(&pos).expect("an accepted position is supported") {
        let before = Fen::from_position(&r.predecessor).to_string();
        let again = Fen::parse_position(&before, Some(pos.variant())).expect("the predecessor is legal");
        let after = again.after(r.mv).expect("the retracted move is legal from its predecessor");
        assert_eq!(after.board(), pos.board(), "{} from {before}", r.mv);
        assert_eq!(after.turn(), pos.turn());
    }
    retro::analyse(&pos).expect("an accepted position is supported");
    for (square, _) in pos.board().pieces() {
        retro::who(&pos, square).expect("a piece stands there");
    }
});
