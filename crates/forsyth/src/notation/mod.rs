//! Notations: one module per way of writing positions and moves.
//!
//! Moves: [`styles`] writes every style ([`write_move`]), [`san`] holds SAN and the disambiguation all algebraic
//! styles share, [`letters`] the piece letters of each language, and [`read`] the one lenient reader
//! ([`parse_move`]).

pub mod fen;
pub mod letters;
pub mod read;
pub mod san;
pub mod styles;

pub use letters::{Language, Letters, LettersError};
pub use read::{MoveError, MoveErrorKind, Normalised, ReadMove, ReadOptions, parse_move};
pub use san::{Disambiguation, write_san};
pub use styles::{Style, WriteOptions, write_move};
