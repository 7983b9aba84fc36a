//! A worker's share of a batch's gradient, kept sparse where the network is large: the first
//! layer has a row of weights per input, and a batch sets only some inputs, so only the rows it
//! touched are written, listed and later summed and stepped; the rest of the network (biases,
//! output layer) is small and kept whole.

use super::model::{Model, Views};

/// Gradient sums over some positions.
pub struct Gradient {
    /// As long as the model's parameters; a first-layer row not in `rows` is zero.
    pub values: Vec<f32>,
    /// Whether each first-layer row (input) has been touched since the last `clear_row`.
    touched: Vec<bool>,
    /// The touched rows, in the order first touched.
    pub rows: Vec<u32>,
}

impl Gradient {
    /// A zero gradient for `model`'s shape.
    pub fn new(model: &Model) -> Gradient {
        let layout = model.layout();
        Gradient {
            values: vec![0.0; layout.len],
            touched: vec![false; layout.feature_bias / layout.hidden],
            rows: Vec::new(),
        }
    }

    /// Adds the gradient of one position's loss against `target` (see `Model::backward`) and
    /// returns the loss.
    pub fn add(&mut self, model: &Model, views: &Views, target: f32) -> f32 {
        for &input in views.iter().flatten() {
            self.touch(usize::from(input));
        }
        model.backward_views(views, target, &mut self.values)
    }

    /// Lists `row` as touched (its values are zero if it was not).
    pub fn touch(&mut self, row: usize) {
        if !self.touched[row] {
            self.touched[row] = true;
            self.rows.push(row as u32);
        }
    }

    /// Zeroes `row`'s values (`hidden` of them) and marks it untouched, for a caller that has
    /// taken `rows` away.
    pub fn clear_row(&mut self, row: usize, hidden: usize) {
        self.values[row * hidden..][..hidden].fill(0.0);
        self.touched[row] = false;
    }
}
