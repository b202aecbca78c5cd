//! Lists Chess960 start positions by their number (0 to 959, Scharnagl's numbering; 518 is the classical array)
//! with their back rank and FEN.
//!
//! `cargo run -p forsyth-chess --example chess960_starts -- 0 518 959` (without arguments, the first ten).

use forsyth::{Position, Variant, start};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let numbers: Vec<u16> = match std::env::args().skip(1).map(|a| a.parse()).collect::<Result<Vec<u16>, _>>()? {
        numbers if numbers.is_empty() => (0..10).collect(),
        numbers => numbers,
    };
    for n in numbers {
        let (Some(array), Some(setup)) = (start::chess960_array(n), start::chess960_setup(n)) else {
            return Err(format!("{n} is not a Chess960 start number (0 to 959)").into());
        };
        let pos = Position::from_setup(&setup, Variant::Chess960)?;
        println!("{n:>3} {array} {pos}");
    }
    Ok(())
}
