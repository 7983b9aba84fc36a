//! Writes a variant's evaluation weights as the Rust source of `src/eval/weights/<variant>.rs`,
//! section by section as `eval::layout` names them, so the tuner's result is compiled into the
//! binary.

use kaiser_engine::eval::layout::{Weights, SECTIONS};
use kaiser_engine::Variant;
use std::fmt::Write;

/// The source file holding `weights` as `variant`'s table.
pub fn render(variant: Variant, weights: &Weights) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! The evaluation weights for {}, written by `kaiser tune` (see `tuning/README.md`);\n\
         //! `eval::layout` says which weight is which.\n",
        variant.name()
    );
    let _ = writeln!(out, "use kaiser_engine::eval::layout::Weights;");
    let _ = writeln!(out, "use kaiser_engine::eval::params::s;\n");
    let _ = writeln!(out, "#[rustfmt::skip]");
    let _ = writeln!(out, "pub const WEIGHTS: Weights = [");
    for section in &SECTIONS {
        let _ = writeln!(out, "    // {}", section.title);
        for row in 0..section.rows {
            let start = section.start + row * section.row_len;
            let pairs: Vec<String> = weights[start..start + section.row_len]
                .iter()
                .map(|w| format!("s({}, {}),", w.mg(), w.eg()))
                .collect();
            let _ = writeln!(
                out,
                "    {} // {}",
                pairs.join(" "),
                (section.row_label)(row)
            );
        }
    }
    out.push_str("];\n");
    out
}
