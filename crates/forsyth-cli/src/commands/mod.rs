//! One module per `forsyth` command.

pub mod fen;
pub mod moves;
pub mod perft;
pub mod play;
pub mod start;
