//! Problem chess: the composers' notation of the German problem-chess conventions ([`Pattern`]), patterns checked
//! against positions and games ([`sequences`], [`game_fits`]), and problem descriptions in Popeye's input language
//! ([`popeye`]) with how their play starts ([`start`]: who moves first, Popeye's options that change the
//! position).
//!
//! This module sits above positions and notations; nothing below it imports it.
//!
//! ```
//! use forsyth::notation::letters::Language;
//! use forsyth::problem::Pattern;
//! let p = Pattern::parse("Ke8~c2", Language::De)?;
//! assert_eq!(p.write(Language::En), "Ke8~c2");
//! # Ok::<(), forsyth::problem::PatternError>(())
//! ```

mod letters;
mod matching;
pub mod orientation;
mod pattern;
mod pattern_position;
pub mod popeye;
pub mod solve;
pub mod start;
pub mod stipulation;
#[cfg(feature = "yacpdb")]
pub mod yacpdb;

pub use letters::{LetterProblem, PieceLetter, piece_of_letter};
pub use matching::{Fit, Limits, Listing, game_fits, holds, sequences};
pub use pattern::{
    Assessment, CaptureSign, Castling, Ending, Line, MAX_NESTING, Pattern, PatternError, PatternErrorKind, Place,
    StateSign, Step, StepKind, Subject,
};
pub use pattern_position::PatternPosition;
