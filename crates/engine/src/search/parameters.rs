//! The search's parameters: every constant of the search's pruning, reductions, extensions,
//! aspiration windows, history updates and time management, each a named field of
//! `Parameters` with its default, the range a tuner may move it in and a step (what an SPSA
//! tuner such as OpenBench's asks for: name, value, min, max, step), and the small named
//! functions (`reverse_futility`, `null_move_reduction`, `late_move_reduction`, ...) through
//! which the search reads them.
//!
//! Every parameter is an integer; fractions are kept in hundredths (`_percent`, `_centi`).
//! `Parameters::SPECS` lists them in declaration order and `Parameters::set` sets one by name
//! within its range, so that a tuner can enumerate and set them without knowing the fields.
//! Ranges are chosen so that no value in them can make the search misbehave (divisors stay
//! positive, reductions keep a ply to search).
//!
//! To add a search heuristic: declare its constants in the `parameters!` list below, write its
//! rule as a method here, and call it from the search.

use std::fmt;

/// What a node of the search is expected to be, as its parent searched it: on the principal
/// variation (an open window), a cut node (a null window where a fail high is expected: the
/// reduced search of a late move, and every other null-window child of an all node), or an
/// all node (a null window where every move is expected to fail low: the children of cut
/// nodes searched at full depth).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    Pv,
    Cut,
    All,
}

/// One tunable parameter: its name, default, range and SPSA step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    /// The perturbation of `kaiser spsa`'s last iteration (OpenBench's `c_end`, in the
    /// parameter's unit); earlier iterations perturb by more.
    pub step: i32,
}

/// Why `Parameters::set` refused a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParameterError {
    /// No parameter has this name.
    Unknown(String),
    /// The value is outside the parameter's range.
    OutOfRange { spec: Spec, value: i32 },
}

impl fmt::Display for ParameterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParameterError::Unknown(name) => write!(f, "no search parameter is named '{name}'"),
            ParameterError::OutOfRange { spec, value } => write!(
                f,
                "{} must be within {}..={}, not {value}",
                spec.name, spec.min, spec.max
            ),
        }
    }
}

impl std::error::Error for ParameterError {}

/// Declares `Parameters` with one documented `i32` field per entry, `Default`, `SPECS` and the
/// by-name access.
macro_rules! parameters {
    ($($(#[doc = $doc:literal])* $name:ident: $default:literal, $min:literal..=$max:literal,
        step $step:literal;)*) => {
        /// The search's tunable constants (see the module header). Read them through the
        /// search's rule methods; set them by name with `set`.
        #[derive(Clone, Debug)]
        pub struct Parameters {
            $($(#[doc = $doc])* $name: i32,)*
            /// Late move reductions by depth and move number, built from `lmr_base_centi` and
            /// `lmr_divisor_centi`.
            reductions: Box<[[u8; 64]; 64]>,
        }

        impl Parameters {
            /// Every parameter, in declaration order.
            pub const SPECS: &'static [Spec] = &[$(Spec {
                name: stringify!($name),
                default: $default,
                min: $min,
                max: $max,
                step: $step,
            },)*];

            /// The value of the parameter `name`.
            pub fn get(&self, name: &str) -> Option<i32> {
                match name {
                    $(stringify!($name) => Some(self.$name),)*
                    _ => None,
                }
            }

            fn slot(&mut self, name: &str) -> Option<&mut i32> {
                match name {
                    $(stringify!($name) => Some(&mut self.$name),)*
                    _ => None,
                }
            }
        }

        impl Default for Parameters {
            fn default() -> Parameters {
                let mut parameters = Parameters {
                    $($name: $default,)*
                    reductions: Box::new([[0; 64]; 64]),
                };
                parameters.build_reductions();
                parameters
            }
        }
    };
}

parameters! {
    /// Aspiration windows: the first window's half-width around the last iteration's score.
    aspiration_delta: 30, 5..=200, step 5;
    /// Aspiration windows are used from this depth on.
    aspiration_min_depth: 4, 1..=16, step 1;
    /// A failed window widens by this percentage of its delta.
    aspiration_widening_percent: 50, 10..=300, step 10;

    /// Internal iterative reduction: a node without a hash move loses a ply from this depth on.
    iir_min_depth: 4, 2..=16, step 1;

    /// Chess evaluation: 1 scales the static evaluation towards a draw where the side ahead
    /// lacks the material to win (`eval::scale_for_mating_material`), 0 keeps it whole. On
    /// since its SPRT for no loss in chess (3,848 games, -1.9 ± 7.6, bounds -10 and 0).
    material_draw: 1, 0..=1, step 1;

    /// Reverse futility pruning: the deepest node it applies to.
    rfp_max_depth: 7, 0..=16, step 1;
    /// Reverse futility pruning: the margin per ply of depth by which the static evaluation must
    /// beat beta.
    rfp_margin: 180, 20..=500, step 10;

    /// Razoring: the deepest node it applies to.
    razor_max_depth: 3, 0..=8, step 1;
    /// Razoring: the static evaluation's margin below alpha at any depth.
    razor_base: 500, 0..=2000, step 25;
    /// Razoring: the margin added per square of the depth.
    razor_depth_factor: 300, 0..=1000, step 20;

    /// Null-move pruning: the shallowest node it applies to.
    nmp_min_depth: 3, 1..=16, step 1;
    /// Null-move pruning: the base reduction.
    nmp_base_reduction: 3, 1..=8, step 1;
    /// Null-move pruning: one more ply of reduction per this many plies of depth.
    nmp_depth_divisor: 3, 1..=16, step 1;
    /// Null-move pruning: one more ply of reduction per this much static evaluation above beta.
    nmp_eval_divisor: 200, 20..=1000, step 20;
    /// Null-move pruning: at most this many plies of reduction for the evaluation above beta.
    nmp_eval_max_reduction: 3, 0..=8, step 1;

    /// ProbCut: at a non-PV node of at least `probcut_min_depth`, a capture that beats beta by
    /// this margin in a quiescence search and then in a search four plies shallower settles
    /// the node as a fail high; 0 tries none (main's search to the node). Off until its SPRT
    /// (`option.probcut_margin=200` against the same build).
    probcut_margin: 0, 0..=1000, step 10;
    /// ProbCut: the shallowest node it applies to.
    probcut_min_depth: 5, 5..=16, step 1;

    /// Late move pruning: the deepest node it applies to.
    lmp_max_depth: 4, 0..=16, step 1;
    /// Late move pruning: the quiet moves searched at any depth before the rest are pruned.
    lmp_base: 3, 0..=20, step 1;
    /// Late move pruning: the quiet moves searched besides, per square of the depth.
    lmp_depth_factor: 2, 0..=10, step 1;

    /// History pruning of quiet moves (Stockfish's continuation-history pruning): at a non-PV
    /// node of at most `history_prune_max_depth`, the quiet moves (not the hash move, a killer
    /// or a check) whose history score is below minus this per ply of depth are pruned; 0 prunes
    /// none (main's search to the node). Off until its SPRT (`option.history_prune_margin=300`
    /// against the same build).
    history_prune_margin: 0, 0..=4000, step 25;
    /// History pruning: the deepest node it applies to.
    history_prune_max_depth: 4, 1..=16, step 1;

    /// Futility pruning of quiet moves: the deepest node it applies to.
    fp_max_depth: 5, 0..=16, step 1;
    /// Futility pruning: the margin over the static evaluation at any depth.
    fp_base: 150, 0..=500, step 10;
    /// Futility pruning: the margin added per ply of depth.
    fp_margin: 100, 10..=400, step 10;

    /// Check extensions apply within this many times the root depth plies of the root.
    check_extension_reach: 2, 1..=8, step 1;

    /// Singular extensions: the shallowest node that tests its hash move.
    se_min_depth: 7, 4..=20, step 1;
    /// Singular extensions: the hash entry (a lower bound or exact) may be this many plies
    /// shallower than the node.
    se_tt_depth_margin: 3, 1..=8, step 1;
    /// Singular extensions: the other moves are searched against the hash value less this
    /// much per ply of depth.
    se_margin_per_depth: 2, 0..=32, step 1;
    /// Singular extensions: the hash move is extended twice (at non-PV nodes) when the other
    /// moves fall this far short.
    se_double_margin: 40, 0..=400, step 10;
    /// Singular extensions: at most this many double extensions on a path.
    se_max_double: 6, 0..=16, step 1;

    /// Late move reductions: the shallowest node whose moves are reduced (the reduced search
    /// keeps at least one ply).
    lmr_min_depth: 3, 2..=16, step 1;
    /// Late move reductions: the moves searched at full depth before reductions start.
    lmr_min_moves: 2, 1..=16, step 1;
    /// Late move reductions: the table's constant term, in hundredths of a ply.
    lmr_base_centi: 75, 0..=300, step 10;
    /// Late move reductions: the table's divisor of ln(depth) ln(move number), in hundredths.
    lmr_divisor_centi: 225, 100..=600, step 10;
    /// Late move reductions: plies less at principal-variation nodes.
    lmr_pv_bonus: 1, 0..=4, step 1;
    /// Late move reductions: plies more at cut nodes (`NodeKind::Cut`).
    lmr_cut_node: 1, 0..=4, step 1;
    /// Late move reductions: one ply less per this much move-ordering score (history).
    lmr_history_divisor: 8192, 1024..=65536, step 512;
    /// Late move reductions: plies less at a non-PV node that was once on a principal variation
    /// (its hash entry says so: Stockfish's `ttPv`); 0 none (main's search to the node). Off
    /// until its SPRT (`option.lmr_former_pv=1` against the same build).
    lmr_former_pv: 0, 0..=3, step 1;
    /// Late move reductions of captures, promotions and checks: 1 reduces them too (never a
    /// campmate step), a ply less than a quiet move and regardless of history; 0 reduces quiet
    /// moves alone (main's search to the node). Off until its SPRT (`option.lmr_tactical=1`
    /// against the same build).
    lmr_tactical: 0, 0..=1, step 1;

    /// Quiescence search: a capture is skipped when even winning its victim leaves the static
    /// evaluation this far below alpha (delta pruning).
    qs_delta_margin: 200, 0..=1000, step 20;

    /// History: the bonus for a cutoff per square of the depth.
    history_bonus_factor: 16, 1..=128, step 2;
    /// History: the largest bonus.
    history_bonus_max: 1600, 100..=8000, step 100;
    /// History: scores stay within plus or minus this (history gravity).
    history_limit: 16384, 1024..=65536, step 1024;
    /// History: the percentage of each score a new search keeps.
    history_kept_percent: 50, 0..=100, step 5;
    /// Continuation history: 1 orders quiet moves (and reduces them) by the continuation
    /// history of the opponent's last move and of the side's move before it as well as by the
    /// butterfly history (`history::Histories`), 0 by the butterfly history alone. On since
    /// its SPRT in Empire (2,552 games, +15.3 ± 12.9, bounds 0 and 10).
    continuation_history: 1, 0..=1, step 1;

    /// Correction history: an update's weight per ply of depth (plus one), out of 256.
    correction_weight_per_depth: 16, 1..=64, step 2;
    /// Correction history: the largest weight of an update, out of 256.
    correction_max_weight: 128, 16..=256, step 8;
    /// Correction history: corrections stay within plus or minus this (internal units).
    correction_limit: 128, 16..=512, step 8;

    /// Time: the moves assumed left in the game under sudden death or increment.
    time_moves_to_go: 25, 5..=100, step 2;
    /// Time: the most of the remaining clock one move plans to use, in percent.
    time_soft_max_percent: 40, 5..=90, step 5;
    /// Time: the hard limit as a percentage of the planned time.
    time_hard_percent: 400, 100..=1000, step 25;
    /// Time: the most of the remaining clock one move may use, in percent.
    time_hard_max_percent: 50, 5..=95, step 5;
    /// Time: a timed search with one legal move stops after an iteration of this depth.
    time_single_reply_depth: 4, 1..=16, step 1;
    /// Time: the planned time in percent when the best move changed in the last iteration.
    time_unstable_percent: 150, 100..=300, step 10;
    /// Time: percentage points less planned time for each iteration the best move has stood.
    time_stability_step_percent: 15, 0..=50, step 3;
    /// Time: the least planned time in percent, however long the best move has stood.
    time_stable_min_percent: 75, 30..=100, step 5;
    /// Time: the node-share factor is (this - the best move's percentage of the root's nodes)
    /// times `time_node_share_scale_percent`, in percent.
    time_node_share_base: 150, 100..=250, step 5;
    /// Time: the scale of the node-share factor, in percent.
    time_node_share_scale_percent: 135, 50..=300, step 10;
}

impl Parameters {
    /// Sets the parameter `name` to `value`, if it is a parameter and `value` is in its range.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), ParameterError> {
        let spec = *Parameters::SPECS
            .iter()
            .find(|spec| spec.name == name)
            .ok_or_else(|| ParameterError::Unknown(name.to_string()))?;
        if !(spec.min..=spec.max).contains(&value) {
            return Err(ParameterError::OutOfRange { spec, value });
        }
        *self.slot(name).expect("every spec names a field") = value;
        self.build_reductions();
        Ok(())
    }

    /// Every parameter with its current value, in declaration order.
    pub fn values(&self) -> impl Iterator<Item = (&'static Spec, i32)> + '_ {
        Parameters::SPECS
            .iter()
            .map(|spec| (spec, self.get(spec.name).expect("every spec names a field")))
    }

    fn build_reductions(&mut self) {
        let base = f64::from(self.lmr_base_centi) / 100.0;
        let divisor = f64::from(self.lmr_divisor_centi) / 100.0;
        for (depth, row) in self.reductions.iter_mut().enumerate().skip(1) {
            for (count, r) in row.iter_mut().enumerate().skip(1) {
                let plies = base + (depth as f64).ln() * (count as f64).ln() / divisor;
                *r = (plies as i32).clamp(0, u8::MAX.into()) as u8;
            }
        }
    }

    // The search's rules, in the order a node meets them.

    /// True if an iteration of `depth` searches in an aspiration window around the last score
    /// (else in a full window).
    #[inline]
    pub fn aspiration(&self, depth: i32) -> bool {
        depth >= self.aspiration_min_depth
    }

    /// The first half-width of an aspiration window.
    #[inline]
    pub fn aspiration_delta(&self) -> i32 {
        self.aspiration_delta
    }

    /// The next half-width after a window of half-width `delta` failed (always wider).
    #[inline]
    pub fn widen_aspiration(&self, delta: i32) -> i32 {
        delta + (delta * self.aspiration_widening_percent / 100).max(1)
    }

    /// Internal iterative reduction: the plies a node of `depth` loses for having no hash move.
    #[inline]
    pub fn iir_reduction(&self, depth: i32, has_tt_move: bool) -> i32 {
        i32::from(depth >= self.iir_min_depth && !has_tt_move)
    }

    /// Reverse futility pruning: the static evaluation's margin over beta at `depth`.
    #[inline]
    pub fn reverse_futility_margin(&self, depth: i32) -> i32 {
        self.rfp_margin * depth
    }

    /// Reverse futility pruning: true if a node of `depth` whose static evaluation is `eval` is
    /// so far above `beta` that it returns at once.
    #[inline]
    pub fn reverse_futility(&self, depth: i32, eval: i32, beta: i32) -> bool {
        depth <= self.rfp_max_depth && eval - self.reverse_futility_margin(depth) >= beta
    }

    /// Razoring: true if a node of `depth` whose static evaluation is `eval` is so far below
    /// `alpha` that a quiescence search decides whether it is searched at all.
    #[inline]
    pub fn razors(&self, depth: i32, eval: i32, alpha: i32) -> bool {
        depth <= self.razor_max_depth
            && eval + self.razor_base + self.razor_depth_factor * depth * depth < alpha
    }

    /// Null-move pruning: true if a node of `depth` may try it.
    #[inline]
    pub fn null_move_allowed(&self, depth: i32) -> bool {
        depth >= self.nmp_min_depth
    }

    /// ProbCut: the bar a capture's searches must reach at a node of `depth` whose window's
    /// top is `beta`, or None where ProbCut does not apply.
    #[inline]
    pub fn probcut_beta(&self, depth: i32, beta: i32) -> Option<i32> {
        (self.probcut_margin != 0 && depth >= self.probcut_min_depth)
            .then_some(beta + self.probcut_margin)
    }

    /// ProbCut: the depth a cutoff found at a node of `depth` counts for (its verifying
    /// search, from the child, is a ply less): it is stored at this depth, and a hash entry at
    /// least this deep that falls short of the bar makes ProbCut pointless.
    #[inline]
    pub fn probcut_depth(&self, depth: i32) -> i32 {
        depth - 3
    }

    /// Null-move pruning: the reduction of the null move's search at `depth`, with the static
    /// evaluation `excess` above beta.
    #[inline]
    pub fn null_move_reduction(&self, depth: i32, excess: i32) -> i32 {
        self.nmp_base_reduction
            + depth / self.nmp_depth_divisor
            + (excess / self.nmp_eval_divisor).min(self.nmp_eval_max_reduction)
    }

    /// Late move pruning: true if the `move_count`-th move of a node of `depth` comes too late to
    /// be searched (when quiet).
    #[inline]
    pub fn late_move_prunes(&self, depth: i32, move_count: i32) -> bool {
        depth <= self.lmp_max_depth
            && move_count > self.lmp_base + self.lmp_depth_factor * depth * depth
    }

    /// Futility pruning: the margin over the static evaluation a quiet move at `depth` is given
    /// to reach alpha.
    #[inline]
    pub fn futility_margin(&self, depth: i32) -> i32 {
        self.fp_base + self.fp_margin * depth
    }

    /// Futility pruning: true if quiet moves at `depth` cannot lift a static evaluation `eval`
    /// to `alpha`.
    #[inline]
    pub fn futility_prunes(&self, depth: i32, eval: i32, alpha: i32) -> bool {
        depth <= self.fp_max_depth && eval + self.futility_margin(depth) <= alpha
    }

    /// History pruning: true if a quiet move whose ordering score is `order` comes too late at
    /// a node of `depth` to be searched (the quiet moves are handed out in that order, so every
    /// later one does too).
    #[inline]
    pub fn history_prunes(&self, depth: i32, order: i32) -> bool {
        self.history_prune_margin != 0
            && depth <= self.history_prune_max_depth
            && order < -self.history_prune_margin * depth
    }

    /// The extension of a move that gives check (`gives_check`) at `ply` in an iteration of
    /// `root_depth`.
    #[inline]
    pub fn check_extension(&self, gives_check: bool, ply: usize, root_depth: i32) -> i32 {
        i32::from(gives_check && ply < (self.check_extension_reach * root_depth) as usize)
    }

    /// Singular extensions: true if a node of `depth` whose hash entry (a lower bound or
    /// exact) has `tt_depth` tests whether its hash move is singular.
    #[inline]
    pub fn singular_candidate(&self, depth: i32, tt_depth: i32) -> bool {
        depth >= self.se_min_depth && tt_depth >= depth - self.se_tt_depth_margin
    }

    /// Singular extensions: the bound the other moves must reach at `depth` for the hash move,
    /// valued `tt_value`, not to be singular.
    #[inline]
    pub fn singular_beta(&self, tt_value: i32, depth: i32) -> i32 {
        tt_value - self.se_margin_per_depth * depth
    }

    /// Singular extensions: the depth the other moves are searched to.
    #[inline]
    pub fn singular_depth(&self, depth: i32) -> i32 {
        (depth - 1) / 2
    }

    /// Singular extensions: true if the hash move is extended twice, the other moves reaching
    /// `value` against `singular_beta`, with `doubles` double extensions on the path already.
    #[inline]
    pub fn double_extends(&self, value: i32, singular_beta: i32, doubles: u8) -> bool {
        value < singular_beta - self.se_double_margin && i32::from(doubles) < self.se_max_double
    }

    /// Late move reductions: true if the `move_count`-th move of a node of `depth` may be
    /// reduced (when not in check; a capture, promotion or check only with `lmr_tactical`).
    #[inline]
    pub fn late_move_reduces(&self, depth: i32, move_count: i32) -> bool {
        depth >= self.lmr_min_depth && move_count > self.lmr_min_moves
    }

    /// Late move reductions: the reduction of the `move_count`-th move of a `node` of `depth`,
    /// with move-ordering score `order`. May be negative or too large; the caller clamps it.
    #[inline]
    pub fn late_move_reduction(
        &self,
        depth: i32,
        move_count: i32,
        node: NodeKind,
        order: i32,
    ) -> i32 {
        let base = self.reductions[depth.min(63) as usize][move_count.min(63) as usize];
        let by_kind = match node {
            NodeKind::Pv => -self.lmr_pv_bonus,
            NodeKind::Cut => self.lmr_cut_node,
            NodeKind::All => 0,
        };
        i32::from(base) + by_kind - order / self.lmr_history_divisor
    }

    /// Late move reductions: the plies less at a node that is not on the principal variation
    /// but was once (`former_pv`).
    #[inline]
    pub fn former_pv_reduction_bonus(&self, former_pv: bool) -> i32 {
        i32::from(former_pv) * self.lmr_former_pv
    }

    /// Late move reductions: the reduction of the `move_count`-th move of a `node` of `depth`
    /// when the move captures, promotes or gives check; None while `lmr_tactical` is off. May
    /// be negative or too large; the caller clamps it.
    #[inline]
    pub fn tactical_move_reduction(
        &self,
        depth: i32,
        move_count: i32,
        node: NodeKind,
    ) -> Option<i32> {
        (self.lmr_tactical != 0).then(|| self.late_move_reduction(depth, move_count, node, 0) - 1)
    }

    /// Quiescence search's delta pruning: true if capturing `gain` cannot lift the static
    /// evaluation `eval` to `alpha`.
    #[inline]
    pub fn delta_prunes(&self, eval: i32, gain: i32, alpha: i32) -> bool {
        eval + gain + self.qs_delta_margin <= alpha
    }

    /// The history bonus for a cutoff with `depth` left (and the malus of the moves before it).
    #[inline]
    pub fn history_bonus(&self, depth: i32) -> i32 {
        (depth * depth * self.history_bonus_factor).min(self.history_bonus_max)
    }

    /// History scores stay within plus or minus this.
    #[inline]
    pub fn history_limit(&self) -> i32 {
        self.history_limit
    }

    /// Chess evaluation: true if the static evaluation is scaled for the material the side
    /// ahead has to win with.
    #[inline]
    pub fn material_draw(&self) -> bool {
        self.material_draw != 0
    }

    /// Continuation history: true if it scores quiet moves.
    #[inline]
    pub fn continuation_history(&self) -> bool {
        self.continuation_history != 0
    }

    /// What a history score becomes when a new search starts.
    #[inline]
    pub fn faded_history(&self, score: i32) -> i32 {
        score * self.history_kept_percent / 100
    }

    /// Correction history: the weight, out of 256, of what a search with `depth` left found.
    #[inline]
    pub fn correction_weight(&self, depth: i32) -> i32 {
        ((depth + 1) * self.correction_weight_per_depth).min(self.correction_max_weight)
    }

    /// Correction history: corrections stay within plus or minus this (internal units).
    #[inline]
    pub fn correction_limit(&self) -> i32 {
        self.correction_limit
    }

    /// Time: the moves assumed left in a game without `movestogo`.
    #[inline]
    pub fn moves_to_go(&self) -> i64 {
        self.time_moves_to_go.into()
    }

    /// Time: the most a move plans to use of `available` milliseconds.
    #[inline]
    pub fn soft_time_cap(&self, available: i64) -> i64 {
        available.saturating_mul(self.time_soft_max_percent.into()) / 100
    }

    /// Time: the hard limit for `soft` milliseconds planned and `available` left.
    #[inline]
    pub fn hard_time(&self, soft: i64, available: i64) -> i64 {
        let hard = soft.saturating_mul(self.time_hard_percent.into()) / 100;
        hard.min(available.saturating_mul(self.time_hard_max_percent.into()) / 100)
    }

    /// Time: the share of the planned time, in percent, to spend on a search whose best move
    /// has stood for `stable_iterations` iterations and took `best_move_node_percent` of the
    /// root's nodes (unsure searches take longer, settled ones stop sooner).
    #[inline]
    pub fn time_scale_percent(&self, stable_iterations: i32, best_move_node_percent: i64) -> i64 {
        let stability = (self.time_unstable_percent
            - self.time_stability_step_percent * stable_iterations.min(100))
        .max(self.time_stable_min_percent);
        let node_share = (i64::from(self.time_node_share_base)
            - best_move_node_percent.clamp(0, 100))
            * i64::from(self.time_node_share_scale_percent)
            / 100;
        i64::from(stability) * node_share / 100
    }

    /// Time: true if a timed search whose root has a single legal move may stop after an
    /// iteration of `depth`.
    #[inline]
    pub fn single_reply_done(&self, depth: i32) -> bool {
        depth >= self.time_single_reply_depth
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_parameter_is_listed_with_a_sound_range() {
        let defaults = Parameters::default();
        let mut names = HashSet::new();
        for (spec, value) in defaults.values() {
            assert!(names.insert(spec.name), "{} twice", spec.name);
            assert_eq!(value, spec.default, "{}", spec.name);
            assert!(
                spec.min <= spec.default && spec.default <= spec.max,
                "{spec:?}"
            );
            assert!(
                spec.step > 0 && spec.step <= spec.max - spec.min,
                "{spec:?}"
            );
        }
        assert_eq!(names.len(), Parameters::SPECS.len());
    }

    #[test]
    fn every_parameter_can_be_set_by_name_within_its_range() {
        for spec in Parameters::SPECS {
            let mut parameters = Parameters::default();
            for value in [spec.min, spec.max, spec.default] {
                parameters.set(spec.name, value).unwrap();
                assert_eq!(parameters.get(spec.name), Some(value));
            }
            for value in [spec.min - 1, spec.max + 1] {
                assert_eq!(
                    parameters.set(spec.name, value),
                    Err(ParameterError::OutOfRange { spec: *spec, value })
                );
                assert_eq!(parameters.get(spec.name), Some(spec.default));
            }
            // Nothing else moved.
            for (other, value) in parameters.values() {
                assert_eq!(
                    value, other.default,
                    "{} after setting {}",
                    other.name, spec.name
                );
            }
        }
        let mut parameters = Parameters::default();
        assert_eq!(
            parameters.set("no_such_parameter", 1),
            Err(ParameterError::Unknown("no_such_parameter".into()))
        );
        assert_eq!(parameters.get("no_such_parameter"), None);
    }

    #[test]
    fn the_reduction_table_follows_its_parameters() {
        let mut parameters = Parameters::default();
        // 0.75 + ln(d) ln(n) / 2.25, truncated.
        let all = NodeKind::All;
        assert_eq!(parameters.late_move_reduction(1, 30, all, 0), 0);
        assert_eq!(parameters.late_move_reduction(8, 8, all, 0), 2);
        assert_eq!(parameters.late_move_reduction(63, 63, all, 0), 8);
        assert_eq!(parameters.late_move_reduction(100, 100, all, 0), 8);
        assert_eq!(parameters.late_move_reduction(8, 8, NodeKind::Pv, 8192), 0);
        assert_eq!(parameters.late_move_reduction(8, 8, NodeKind::Cut, 0), 3);
        assert_eq!(parameters.former_pv_reduction_bonus(true), 0);
        parameters.set("lmr_former_pv", 1).unwrap();
        assert_eq!(parameters.former_pv_reduction_bonus(true), 1);
        assert_eq!(parameters.former_pv_reduction_bonus(false), 0);
        assert_eq!(
            parameters.tactical_move_reduction(8, 8, NodeKind::Cut),
            None
        );
        parameters.set("lmr_tactical", 1).unwrap();
        assert_eq!(
            parameters.tactical_move_reduction(8, 8, NodeKind::Cut),
            Some(2)
        );
        parameters.set("lmr_cut_node", 0).unwrap();
        assert_eq!(parameters.late_move_reduction(8, 8, NodeKind::Cut, 0), 2);
        parameters.set("lmr_base_centi", 275).unwrap();
        assert_eq!(parameters.late_move_reduction(8, 8, all, 0), 4);
        parameters.set("lmr_divisor_centi", 600).unwrap();
        assert_eq!(parameters.late_move_reduction(8, 8, all, 0), 3);
    }

    #[test]
    fn history_pruning_follows_its_parameters() {
        let mut p = Parameters::default();
        p.set("history_prune_margin", 300).unwrap();
        assert!(p.history_prunes(3, -901) && !p.history_prunes(3, -900));
        assert!(!p.history_prunes(5, -1_000_000));
        p.set("history_prune_max_depth", 5).unwrap();
        assert!(p.history_prunes(5, -1_501));
    }

    #[test]
    fn rules_at_the_defaults() {
        let p = Parameters::default();
        assert_eq!(p.null_move_reduction(9, 1000), 3 + 3 + 3);
        assert_eq!(p.null_move_reduction(3, 199), 4);
        assert!(p.late_move_prunes(2, 12) && !p.late_move_prunes(2, 11));
        assert!(!p.late_move_prunes(5, 100));
        assert_eq!(p.futility_margin(3), 450);
        assert!(!p.history_prunes(1, -1_000_000));
        assert!(p.singular_candidate(7, 4) && !p.singular_candidate(7, 3));
        assert!(!p.singular_candidate(6, 10));
        assert_eq!(p.singular_beta(100, 10), 80);
        assert_eq!(p.singular_depth(10), 4);
        assert!(p.double_extends(39, 80, 5) && !p.double_extends(40, 80, 5));
        assert!(!p.double_extends(0, 80, 6));
        assert!(p.razors(2, -1701, 0) && !p.razors(2, -1700, 0) && !p.razors(4, -9000, 0));
        // 180 a ply.
        assert!(p.reverse_futility(3, 540, 0) && !p.reverse_futility(3, 539, 0));
        assert_eq!(p.history_bonus(5), 400);
        assert_eq!(p.history_bonus(20), 1600);
        assert_eq!(p.faded_history(-3), -1);
        assert_eq!(p.widen_aspiration(45), 67);
        assert!(!p.aspiration(3) && p.aspiration(4));
        assert_eq!(p.soft_time_cap(1000), 400);
        assert_eq!(p.hard_time(100, 1000), 400);
        assert_eq!(p.hard_time(300, 1000), 500);
        // A best move that just changed and took half the nodes: 150% x 135%.
        assert_eq!(p.time_scale_percent(0, 50), 202);
        // One that has stood for ten iterations and took every node: 75% x 67%.
        assert_eq!(p.time_scale_percent(10, 100), 50);
    }
}
