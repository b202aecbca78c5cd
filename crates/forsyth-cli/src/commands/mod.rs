//! One module per `forsyth` command.

pub mod chess960;
pub mod moves;
pub mod perft;
pub mod play;
