//! The library in a dozen lines: a position from its FEN, a move read in SAN and in UCI, played, the FEN written
//! again, positions in a hash set, and the names of squares, pieces and variants read from text.
//!
//! Run with `cargo run -p forsyth-chess --example api_tour`.

// A first program as a reader writes it, word for word: it clones as a reader who does not yet know that a position
// is `Copy`.
#[allow(clippy::clone_on_copy)]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    use forsyth::{Color, Piece, Position, Role, Square, Variant, san::San, uci::Uci};
    use std::collections::HashSet;
    let pos: Position = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".parse()?;
    let san: San = "Bb5".parse()?;
    let m = san.to_move(&pos)?;
    assert_eq!(m.to_string(), "f1b5"); // Display of Move = UCI
    let uci: Uci = "f1b5".parse()?;
    assert_eq!(uci.to_move(&pos)?, m);
    let mut after = pos.clone();
    after.play(m)?;
    assert_eq!(after.to_string(), "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
    let seen: HashSet<Position> = [pos.clone(), after.clone(), pos].into_iter().collect();
    assert_eq!(seen.len(), 2);
    assert_eq!("e4".parse::<Square>()?, Square::E4);
    assert_eq!("n".parse::<Piece>()?, Piece { color: Color::Black, role: Role::Knight });
    assert_eq!("chess960".parse::<Variant>()?, Variant::Chess960);
    println!("api tour: every assertion holds");
    Ok(())
}
