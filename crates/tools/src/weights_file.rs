//! Writes a variant's evaluation weights as the Rust source of `src/eval/weights/<variant>.rs`,
//! section by section as `eval::layout` names them, and only the rows of the pieces and tables
//! the variant's game has (`layout::expand` puts them in their places), so the tuner's result is
//! compiled into the binary.

use kaiser_engine::eval::layout::{Weights, SECTIONS};
use kaiser_engine::Variant;
use std::fmt::Write;

/// The source file holding `weights` as `variant`'s table.
pub fn render(variant: Variant, weights: &Weights) -> String {
    let name = variant.name();
    let tag = format!("{variant:?}");
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! The evaluation weights for {name}, written by `kaiser tune` (see `tuning/README.md`):\n\
         //! the rows of {name}'s pieces and piece-square tables only; `eval::layout` says which\n\
         //! weight is which.\n"
    );
    let _ = writeln!(
        out,
        "use crate::eval::layout::{{expand, game_weight_count, Weights}};"
    );
    let _ = writeln!(out, "use crate::eval::params::{{s, S}};");
    let _ = writeln!(out, "use crate::Variant;\n");
    let _ = writeln!(
        out,
        "pub const WEIGHTS: Weights = expand(Variant::{tag}, &GAME_WEIGHTS);\n"
    );
    let _ = writeln!(out, "#[rustfmt::skip]");
    let _ = writeln!(
        out,
        "const GAME_WEIGHTS: [S; game_weight_count(Variant::{tag})] = ["
    );
    for section in &SECTIONS {
        let _ = writeln!(out, "    // {}", section.title);
        for row in (0..section.row_count()).filter(|&row| section.in_game(variant, row)) {
            let start = section.start + row * section.row_len;
            let pairs: Vec<String> = weights[start..start + section.row_len]
                .iter()
                .map(|w| format!("s({}, {}),", w.mg(), w.eg()))
                .collect();
            let _ = writeln!(
                out,
                "    {} // {}",
                pairs.join(" "),
                section.row_label(variant, row)
            );
        }
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaiser_engine::eval::weights;

    /// The weights files below the header comment are what the tuner writes for the weights
    /// they hold (chess's header says that it was never tuned).
    #[test]
    fn the_weights_files_are_as_the_tuner_writes_them() {
        let body = |text: &str| text[text.find("\nuse ").expect("a use line")..].to_string();
        for variant in Variant::ALL {
            let path = format!(
                "{}/../engine/src/eval/weights/{}.rs",
                env!("CARGO_MANIFEST_DIR"),
                variant.name()
            );
            let file = std::fs::read_to_string(&path).expect("the weights file");
            let written = render(variant, weights(variant));
            assert_eq!(body(&file), body(&written), "{path}");
        }
    }
}
