//! # forsyth
//!
//! A chess notation engine: it reads and writes positions (FEN, X-FEN, Shredder-FEN), moves in many notations and
//! languages, and games (PGN), and checks everything against the full rules of standard chess, Chess960 and the
//! 10×8 Capablanca family.
//!
//! ```
//! use forsyth::{Position, Variant, notation::fen::Fen};
//!
//! // Read a FEN, list the legal moves, play one, write the FEN again.
//! let fen: Fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2".parse().unwrap();
//! let mut pos = fen.position(None).unwrap();
//! assert_eq!(pos.variant(), Variant::Standard);
//! assert_eq!(pos.legal_moves().len(), 29);
//! let nf3 = pos.parse_uci("g1f3").unwrap();
//! pos.play(nf3).unwrap();
//! assert_eq!(Fen::from_position(&pos).to_string(),
//!            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
//!
//! // Perft on a 10×8 board.
//! assert_eq!(Position::new(Variant::Capablanca).perft(2), 784);
//! ```
//!
//! Layers, lowest first: geometry and pieces ([`Square`], [`Piece`], [`bitboard`]), positions and move generation
//! ([`Position`], [`Move`]), notations ([`notation`]), start positions ([`start`]); on top, for people: diagrams in
//! text, Unicode and SVG, the piece count, and a FEN explained in English or German ([`diagram`]).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bitboard;
mod board;
mod color;
pub mod diagram;
mod geometry;
mod movegen;
mod moves;
pub mod notation;
pub mod pgn;
mod piece;
mod position;
mod role;
mod square_set;
pub mod start;
mod variant;

pub use board::Board;
pub use color::{ByColor, Color};
pub use geometry::{BoardShape, File, ParseSquareError, Rank, Square};
pub use moves::{MAX_MOVES, MAX_MOVES_TO, Move, MoveKind, MoveList, MovesTo};
pub use piece::Piece;
pub use position::{
    CastlingPrefix, CastlingRightProblem, EnPassantProblem, History, IllegalMove, Outcome, Position, PositionError,
    Problem, Setup, Status,
};
pub use role::Role;
pub use square_set::SquareSet;
pub use variant::{CastlingSide, UnknownVariant, Variant};

/// The README's library example, compiled and run as a doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
