//! The option table (`session::options`) in UCI's form: the `option` lines answered to `uci`.

use crate::session::options::{Kind, OPTIONS};
use vampirc_uci::{Serializable, UciOptionConfig};

/// The `option ...` lines answered to `uci`.
pub fn option_lines() -> Vec<String> {
    OPTIONS
        .iter()
        .map(|option| {
            let name = option.name.to_string();
            let config = match &option.kind {
                Kind::Button { .. } => UciOptionConfig::Button { name },
                Kind::Check { default, .. } => UciOptionConfig::Check {
                    name,
                    default: Some(*default),
                },
                Kind::Spin {
                    default, min, max, ..
                } => UciOptionConfig::Spin {
                    name,
                    default: Some(*default),
                    min: Some(*min),
                    max: Some(*max),
                },
                Kind::Combo {
                    default, choices, ..
                } => {
                    let mut var: Vec<String> = choices.iter().map(|c| c.to_string()).collect();
                    var.sort();
                    UciOptionConfig::Combo {
                        name,
                        default: Some(default.to_string()),
                        var,
                    }
                }
                Kind::Text { default, .. } => UciOptionConfig::String {
                    name,
                    default: Some(default.to_string()),
                },
            };
            // `serialize` writes the whole line, `option name ...` included.
            config.serialize()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_lists_every_option_but_the_search_parameters() {
        let text = option_lines().join("\n");
        assert_eq!(option_lines().len(), OPTIONS.len());
        assert!(!text.contains("lmr_base_centi"));
        for line in [
            "name Hash type spin default 16 min 1 max 65536",
            "name Clear Hash type button",
            "name Skill Level type spin default 20 min -20 max 20",
            "name UCI_Elo type spin default 1350 min 500 max 2850",
            "name UCI_Chess960 type check default false",
            "name UCI_AnalyseMode type check default false",
            "name UCI_LimitStrength type check default false",
            "name VariantPath type string default <empty>",
            "name OwnBook type check default true",
            "name BookFile type string default <built-in>",
            "name UCI_Variant type combo default chess var chess var empire var orda",
        ] {
            assert!(text.contains(line), "{line} missing: {text}");
        }
    }
}
