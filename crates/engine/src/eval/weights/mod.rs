//! The evaluation weights, one table per variant (`crate::variants` says which variant uses
//! which). Empire's and Orda's were written by `kaiser tune`; chess has never been tuned (see
//! `chess.rs`).

pub(crate) mod chess;
pub(crate) mod empire;
pub(crate) mod orda;
