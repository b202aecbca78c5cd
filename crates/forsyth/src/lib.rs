//! # forsyth
//!
//! A chess notation engine: it reads and writes positions (FEN, X-FEN, Shredder-FEN), moves in many notations and
//! languages, and games (PGN), and checks everything against the full rules of standard chess, Chess960 and the
//! 10×8 Capablanca family.
//!
//! A tour: a position from its FEN, a move read in SAN and in UCI (parsed without a position, then resolved
//! against one), played, and the FEN written again; positions hash by their repetition key.
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use forsyth::{Position, Square, Piece, Color, Role, Variant, san::San, uci::Uci};
//! use std::collections::HashSet;
//! let pos: Position = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".parse()?;
//! let san: San = "Bb5".parse()?;
//! let m = san.to_move(&pos)?;
//! assert_eq!(m.to_string(), "f1b5");            // Display of Move = UCI
//! let uci: Uci = "f1b5".parse()?;
//! assert_eq!(uci.to_move(&pos)?, m);
//! let mut after = pos.clone();
//! after.play(m)?;
//! assert_eq!(after.to_string(), "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
//! let seen: HashSet<Position> = [pos.clone(), after.clone(), pos].into_iter().collect();
//! assert_eq!(seen.len(), 2);
//! assert_eq!("e4".parse::<Square>()?, Square::E4);
//! assert_eq!("n".parse::<Piece>()?, Piece { color: Color::Black, role: Role::Knight });
//! assert_eq!("chess960".parse::<Variant>()?, Variant::Chess960);
//! # Ok(())
//! # }
//! ```
//!
//! The same in German, and on a 10×8 board:
//!
//! ```
//! use forsyth::{Position, Variant, san::San};
//! use forsyth::notation::letters::Language;
//! let mut pos = Position::new(Variant::Standard);
//! let nf3 = San::parse_in("Sf3", Language::De)?.to_move(&pos)?;
//! pos.play(nf3)?;
//! assert_eq!(pos.to_string(), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
//! assert_eq!(Position::new(Variant::Capablanca).perft(2), 784);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Layers, lowest first: geometry and pieces ([`Square`], [`Piece`], [`bitboard`]), positions and move generation
//! ([`Position`], [`Move`]), notations ([`notation`]), start positions ([`start`]); on top, for people: diagrams in
//! text, Unicode and SVG, the piece count, and a FEN explained in English or German ([`diagram`]).

// Denied everywhere but in the one module that maps files (`pgn::mapped`; see TESTING.md, "Unsafe code").
#![deny(unsafe_code)]
#![warn(missing_docs)]
// Every `pub` item can be reached from outside (and has an example, run as a doctest: `tests/public_examples.rs`);
// what only the crate uses says so with `pub(crate)`.
#![warn(unreachable_pub)]

pub mod bitboard;
mod board;
mod color;
pub mod diagram;
pub mod general;
mod geometry;
mod movegen;
mod moves;
mod name_error;
pub mod notation;
pub mod openings;
pub mod pgn;
mod piece;
pub mod piece_kind;
mod position;
pub mod problem;
pub mod retro;
mod role;
#[cfg(feature = "serde")]
pub mod serialization;
mod setup;
mod square_set;
pub mod start;
mod variant;

pub use notation::{san, uci};

pub use board::Board;
pub use color::{ByColor, Color};
pub use geometry::{BoardShape, File, ParseSquareError, Rank, Square, Topology};
pub use moves::{MAX_MOVES, MAX_MOVES_TO, Move, MoveKind, MoveList, MovesTo};
pub use name_error::{NameKind, ParseNameError};
pub use piece::Piece;
pub use position::{
    Allowed, CastlingBlock, CastlingRightProblem, EnPassantProblem, History, IllegalMove, IllegalReason, Outcome,
    Position, PositionError, Problem, Status, UnknownAllowCode,
};
pub use role::Role;
pub use setup::{CastlingPrefix, Setup};
pub use square_set::{SquareSet, Squares};
pub use variant::{CastlingSide, UnknownVariant, Variant};

/// The README's library example, compiled and run as a doctest so that it stays true. The README is the
/// repository's, outside the published package (build.rs says where this crate is built).
#[cfg(all(doctest, forsyth_repository))]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

/// The crate README's example (the page crates.io shows), run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;
