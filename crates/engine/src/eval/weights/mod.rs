//! The tuned evaluation weights, one table per variant, each written by `kaiser tune`.

mod chess;
mod empire;
mod orda;

use super::layout::Weights;
use crate::Variant;

/// The weights `variant` is evaluated with.
pub const fn weights(variant: Variant) -> &'static Weights {
    match variant {
        Variant::Chess => &chess::WEIGHTS,
        Variant::Empire => &empire::WEIGHTS,
        Variant::Orda => &orda::WEIGHTS,
    }
}
