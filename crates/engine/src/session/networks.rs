//! `EvalFile`: the network file a user names, read when it is set and again whenever the variant
//! changes. The variant it was written for plays with it, every other variant with its built-in
//! network, so the options may come in any order.

use super::runner::Runner;
use super::Note;
use crate::eval::nnue::{self, NetError, Network};
use kaiser_rules::variant::Variant;
use std::path::Path;
use std::sync::Arc;

/// The `EvalFile` setting.
#[derive(Default)]
pub(super) struct EvalFile {
    /// The file's path, if one is set.
    path: Option<String>,
}

impl EvalFile {
    /// `EvalFile`: the network for `variant`, the variant in play, is the built-in one (`None`)
    /// or one read from `path` now. A network written for another variant is kept for when that
    /// variant is chosen; any other file that is not a whole, undamaged network is refused, and
    /// the evaluation stays as it was.
    pub fn set(&mut self, path: Option<&str>, variant: Variant, runner: &mut Runner) -> Note {
        let Some(path) = path else {
            self.path = None;
            use_built_in_network(variant, runner);
            return None;
        };
        match Network::load(Path::new(path), variant) {
            Ok(net) => {
                self.path = Some(path.to_string());
                use_file_network(variant, path, net, runner)
            }
            Err(NetError::WrongVariant {
                found: Some(found), ..
            }) => {
                self.path = Some(path.to_string());
                Some(format!(
                    "EvalFile {path}: a network for {found}, used once UCI_Variant is {found}; \
                     {variant} keeps its evaluation"
                ))
            }
            Err(error) => Some(format!(
                "EvalFile {path} refused: {error}; the evaluation stays as it was"
            )),
        }
    }

    /// Gives `variant`, just chosen, the file's network, read again now, or its built-in one
    /// when no file is set or the file is not a network for it.
    pub fn variant_chosen(&self, variant: Variant, runner: &mut Runner) -> Note {
        let Some(path) = &self.path else {
            use_built_in_network(variant, runner);
            return None;
        };
        match Network::load(Path::new(path), variant) {
            Ok(net) => use_file_network(variant, path, net, runner),
            Err(error) => {
                use_built_in_network(variant, runner);
                Some(format!(
                    "EvalFile {path} not used: {error}; {variant} plays with its built-in network"
                ))
            }
        }
    }
}

/// `variant` evaluates with its built-in network (or none, if it has none).
fn use_built_in_network(variant: Variant, runner: &mut Runner) {
    runner
        .idle_engine()
        .set_network(variant, nnue::embedded(variant));
}

/// `variant` evaluates with `net`, read from the file at `path`.
fn use_file_network(variant: Variant, path: &str, net: Network, runner: &mut Runner) -> Note {
    let shape = format!(
        "{} hidden neurons a side, {}, {} output buckets",
        net.hidden,
        net.inputs,
        net.output_buckets()
    );
    runner
        .idle_engine()
        .set_network(variant, Some(Arc::new(net)));
    Some(format!(
        "EvalFile {path}: network for {variant} loaded ({shape})"
    ))
}
