//! Notations: one module per way of writing positions and moves.

pub mod fen;
