//! One module per `forsyth` command.

pub mod board;
pub mod completions;
pub mod count;
pub mod explain;
pub mod fen;
pub mod moves;
pub mod perft;
pub mod pgn;
pub mod pgn_export;
pub mod play;
pub mod retract;
pub mod retro;
pub mod serve;
pub mod start;
pub mod translate;
