//! One module per `forsyth` command.

pub mod board;
pub mod completions;
pub mod count;
pub mod eco;
pub mod explain;
pub mod fen;
pub mod moves;
pub mod pattern;
pub mod perft;
pub mod pgn;
pub mod pgn_export;
pub mod pgn_filter;
pub mod pgn_positions;
pub mod pgn_read;
pub mod pgn_retag;
pub mod play;
pub mod problem;
pub mod retract;
pub mod retro;
pub mod serve;
pub mod solve;
pub mod start;
pub mod translate;
