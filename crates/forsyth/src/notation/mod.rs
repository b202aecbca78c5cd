//! Notations: one module per way of writing positions and moves.
//!
//! Moves: [`san`] and [`uci`] hold moves as written, parsed without a position and resolved against one ([`San`],
//! [`Uci`]); [`styles`] writes every style ([`write_move`]), [`disambiguation`] is the rule all algebraic styles
//! share, [`letters`] the piece letters of each language, and [`read`] the one lenient reader ([`parse_move`]);
//! [`score`] splits a game score into moves and translates it.
//!
//! ```
//! use forsyth::Position;
//! use forsyth::notation::{San, Uci, fen::Fen};
//! let pos = Position::default();
//! let m = "Nf3".parse::<San>().unwrap().to_move(&pos).unwrap();
//! assert_eq!("g1f3".parse::<Uci>().unwrap().to_move(&pos).unwrap(), m);
//! assert_eq!(Fen::from_position(&pos.after(m).unwrap()).to_string(),
//!            "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
//! ```

pub mod disambiguation;
mod error;
pub mod fen;
pub mod general;
pub mod letters;
mod move_style;
pub mod read;
pub mod san;
pub mod score;
pub mod styles;
pub mod uci;

pub use disambiguation::Disambiguation;
pub use error::{MoveError, MoveErrorKind};
pub use letters::{Language, Letters, LettersError};
pub use read::{MoveReadOptions, Normalised, ReadMove, parse_move};
pub use san::{San, write_san};
pub use styles::{MoveStyle, MoveWriteOptions, write_move};
pub use uci::{Uci, write_uci, write_uci_into};
