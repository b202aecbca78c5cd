//! Translates a game scored in German (FIDE algebraic with German piece letters: `Sf3`, `Lb5`, `0-0`) into English
//! SAN, checking every move on the way.
//!
//! `cargo run -p forsyth-chess --example translate_german -- "1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 4.La4 Sf6 5.0-0"`

use forsyth::Position;
use forsyth::notation::letters::Language;
use forsyth::san::San;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let score = std::env::args().nth(1).unwrap_or_else(|| "1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 4.La4 Sf6 5.0-0".to_string());
    let mut pos = Position::default();
    let mut english = Vec::new();
    // Move numbers ("1.", "2...", also glued to the move: "2.Sf3") are not moves: drop them with their dots.
    let without_number = |word: &str| -> String {
        match word.find(|c: char| !c.is_ascii_digit()) {
            Some(i) if i > 0 && word[i..].starts_with('.') => word[i..].trim_start_matches('.').to_string(),
            _ => word.to_string(),
        }
    };
    for word in score.split_whitespace().map(without_number) {
        if word.is_empty() {
            continue;
        }
        let german = San::parse_in(&word, Language::De)?;
        let m = german.to_move(&pos)?;
        if pos.turn().is_white() {
            english.push(format!("{}.", pos.fullmoves()));
        }
        english.push(San::from_move(&pos, m).to_string());
        pos.play(m)?;
    }
    println!("{}", english.join(" "));
    Ok(())
}
