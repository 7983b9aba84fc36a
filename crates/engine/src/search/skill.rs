//! Play levels (`Skill Level`, `UCI_LimitStrength` with `UCI_Elo`): weaker play that still looks
//! like chess.
//!
//! Below full strength the search looks at `CANDIDATES` root lines (or MultiPV's, if more), stops
//! at the level's depth, and then picks one of those lines with level-dependent noise: every
//! candidate is one of the best few moves the search found, so a weak level plays second-best
//! moves rather than random blunders. The pick is Stockfish's skill rule (Heinz van Saanen's
//! idea); the levels -20..20 and the `UCI_Elo` scale are Fairy-Stockfish's, and `ANCHORS`
//! calibrates, by games, the depth and the noise of each level so that Kaiser's level n plays
//! like Fairy-Stockfish's level n (`tuning/README.md`, "Play levels").

use super::value::MAX_PLY;
use crate::eval::params::PIECE_VALUE;
use kaiser_rules::types::PieceType;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The weakest level.
pub const MIN_LEVEL: i32 = -20;
/// Full strength: no handicap.
pub const MAX_LEVEL: i32 = 20;
/// Root lines searched below full strength (MultiPV's number if that is larger).
pub const CANDIDATES: usize = 4;

/// `weakness = WEAKNESS_AT_LEVEL_0 - WEAKNESS_PER_LEVEL * level`: 82 at level 19, 120 at level 0,
/// 160 at level -20. Above `PUSH_SCALE` the rule prefers worse candidates (the negative levels).
const WEAKNESS_AT_LEVEL_0: i32 = 120;
const WEAKNESS_PER_LEVEL: i32 = 2;
/// A candidate's push is `(weakness * gap + spread * noise) / PUSH_SCALE`, with `gap` its score
/// below the best and `noise` uniform in `0..weakness`.
const PUSH_SCALE: i32 = 128;
/// The spread of the candidates' scores that scales the noise, at most a middlegame pawn.
const MAX_SPREAD: i32 = PIECE_VALUE[PieceType::Pawn.index()].mg();

/// `UCI_Elo`'s range and default, Fairy-Stockfish's.
pub const MIN_ELO: i32 = 500;
pub const MAX_ELO: i32 = 2850;
pub const DEFAULT_ELO: i32 = 1350;
/// The Elo of level 0 and of one level above it: `level = (d / ELO_PER_LEVEL)^(1 /
/// LEVEL_EXPONENT)` for `d = elo - ELO_AT_LEVEL_0 > 0`, and `d / ELO_PER_LEVEL + (d /
/// LOW_ELO_SCALE)^5` below level 0 (Fairy-Stockfish's fit, until Kaiser's own games replace it).
const ELO_AT_LEVEL_0: f64 = 1346.6;
const ELO_PER_LEVEL: f64 = 143.4;
const LEVEL_EXPONENT: f64 = 0.806;
const LOW_ELO_SCALE: f64 = 500.0;

/// A play level, possibly fractional (from `UCI_Elo`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    level: f64,
}

impl Default for Skill {
    fn default() -> Skill {
        Skill::from_level(MAX_LEVEL)
    }
}

impl Skill {
    /// `Skill Level`, clamped to `MIN_LEVEL..=MAX_LEVEL`.
    pub fn from_level(level: i32) -> Skill {
        Skill {
            level: f64::from(level.clamp(MIN_LEVEL, MAX_LEVEL)),
        }
    }

    /// The level that plays at `elo` (clamped to `MIN_ELO..=MAX_ELO`). The one place that maps
    /// the Elo scale to levels.
    pub fn from_elo(elo: i32) -> Skill {
        let d = f64::from(elo.clamp(MIN_ELO, MAX_ELO)) - ELO_AT_LEVEL_0;
        let level = if d > 0.0 {
            (d / ELO_PER_LEVEL).powf(1.0 / LEVEL_EXPONENT)
        } else {
            d / ELO_PER_LEVEL + (d / LOW_ELO_SCALE).powi(5)
        };
        Skill {
            level: level.clamp(f64::from(MIN_LEVEL), f64::from(MAX_LEVEL)),
        }
    }

    /// The handicap of one search: the level's noise and depth (`ANCHORS`; a fractional level
    /// rounds up with the probability of its fraction, and so does a fractional noise level)
    /// and the seed of its pick. `None` at full strength.
    pub fn handicap(self, rng: &mut impl Rng) -> Option<Handicap> {
        let level = round_randomly(self.level, rng);
        if level >= MAX_LEVEL {
            return None;
        }
        let upper = ANCHORS
            .iter()
            .position(|anchor| anchor.level > level)
            .expect("the last anchor is full strength");
        let (low, high) = (&ANCHORS[upper - 1], &ANCHORS[upper]);
        let fraction = f64::from(level - low.level) / f64::from(high.level - low.level);
        let noise = low.noise + fraction * (high.noise - low.noise);
        Some(Handicap::new(
            round_randomly(noise, rng),
            low.depth,
            rng.gen(),
        ))
    }
}

/// `value` rounded down or up, up with the probability of its fraction.
fn round_randomly(value: f64, rng: &mut impl Rng) -> i32 {
    let whole = value.floor();
    whole as i32 + i32::from(rng.gen::<f64>() < value - whole)
}

/// A calibration point: at `level`, the skill rule runs with the weakness of level `noise` of
/// Stockfish's rule, and the search stops at `depth`.
struct Anchor {
    level: i32,
    noise: f64,
    depth: i32,
}

/// An `Anchor`, written short for the table.
const fn anchor(level: i32, noise: f64, depth: i32) -> Anchor {
    Anchor {
        level,
        noise,
        depth,
    }
}

/// The calibration, by games (`tuning/README.md`, "Play levels"): at the `Skill Level` of each of
/// pychess's play levels 0 to 7 (fairyfishnet's table), the depth that level's `go` allows and
/// the noise that makes Kaiser score about 50% there against Fairy-Stockfish at the same level.
/// Between two anchors the noise is interpolated and the lower one's depth applies; the first
/// anchor extends the rule down to the weakest level, the last is full strength. Kaiser stops
/// at these depths whatever `go` allows, so that a level plays alike in every GUI. Each row:
/// level, noise level, depth.
const ANCHORS: [Anchor; 10] = [
    anchor(MIN_LEVEL, -20.0, 1),
    anchor(-4, -3.7, 1),
    anchor(0, 1.7, 1),
    anchor(3, 10.1, 1),
    anchor(6, 1.3, 2),
    anchor(10, 4.4, 2),
    anchor(14, 6.7, 3),
    anchor(16, 14.6, 6),
    anchor(18, 16.0, 10),
    anchor(MAX_LEVEL, 20.0, MAX_PLY as i32),
];

/// A level below full strength, applied to one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Handicap {
    /// The level of Stockfish's rule whose weakness the pick uses.
    noise: i32,
    /// The deepest iteration.
    depth: i32,
    seed: u64,
}

impl Handicap {
    /// The handicap of noise level `noise` (clamped to the levels below full strength), the
    /// deepest iteration `depth` and the pick's seed.
    pub fn new(noise: i32, depth: i32, seed: u64) -> Handicap {
        Handicap {
            noise: noise.clamp(MIN_LEVEL, MAX_LEVEL - 1),
            depth: depth.max(1),
            seed,
        }
    }

    /// The deepest iteration.
    pub fn max_depth(self) -> i32 {
        self.depth
    }

    /// The root lines to search when MultiPV asks for `multipv`.
    pub fn lines(self, multipv: usize) -> usize {
        multipv.max(CANDIDATES)
    }

    /// Which of the candidates, scored `scores` (best first, internal units), to play.
    pub fn pick(self, scores: &[i32]) -> usize {
        let mut rng = StdRng::seed_from_u64(self.seed);
        let (Some(&top), Some(&last)) = (scores.first(), scores.last()) else {
            return 0;
        };
        let spread = (top - last).min(MAX_SPREAD);
        let weakness = WEAKNESS_AT_LEVEL_0 - WEAKNESS_PER_LEVEL * self.noise;
        let mut chosen = (i32::MIN, 0);
        for (index, &score) in scores.iter().enumerate() {
            let noise = rng.gen_range(0..weakness);
            let push = (weakness * (top - score) + spread * noise) / PUSH_SCALE;
            if score + push >= chosen.0 {
                chosen = (score + push, index);
            }
        }
        chosen.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How often `level` plays something other than the best of `scores`, over 2000 seeds.
    fn non_best_picks(level: i32, scores: &[i32]) -> usize {
        (0..2000)
            .filter(|&seed| Handicap::new(level, 1, seed).pick(scores) != 0)
            .count()
    }

    #[test]
    fn lower_levels_leave_the_best_move_more_often() {
        let scores = [60, 40, 15, -30];
        let counts: Vec<usize> = [-10, -4, 0, 6, 12, 19]
            .iter()
            .map(|&level| non_best_picks(level, &scores))
            .collect();
        assert!(counts.windows(2).all(|w| w[0] > w[1]), "{counts:?}");
        assert!(counts[0] > counts[5] * 3 / 2, "{counts:?}");
        // Near the top a move well ahead (about a pawn and a half) is always played.
        let clear = [300, 0, -50, -100];
        assert!((0..500).all(|seed| Handicap::new(19, 1, seed).pick(&clear) == 0));
        // A candidate a queen down is never played above level 0.
        let blunder = [50, 40, 30, -2500];
        for level in 0..MAX_LEVEL {
            assert!((0..500).all(|seed| Handicap::new(level, 1, seed).pick(&blunder) != 3));
        }
    }

    #[test]
    fn full_strength_has_no_handicap_and_picks_are_reproducible() {
        let mut rng = StdRng::seed_from_u64(7);
        assert_eq!(Skill::from_level(MAX_LEVEL).handicap(&mut rng), None);
        assert_eq!(Skill::default(), Skill::from_level(99));
        let scores = [20, 10, 5, 0];
        let handicap = Skill::from_level(3).handicap(&mut rng).unwrap();
        assert_eq!(handicap.pick(&scores), handicap.pick(&scores));
        assert_eq!(Handicap::new(5, 1, 1).pick(&[42]), 0);
        assert_eq!(Handicap::new(10, 3, 0).max_depth(), 3);
        assert_eq!(Handicap::new(10, 3, 0).lines(1), CANDIDATES);
        assert_eq!(Handicap::new(10, 3, 0).lines(6), 6);
    }

    #[test]
    fn elo_maps_to_levels_monotonically() {
        assert!(Skill::from_elo(ELO_AT_LEVEL_0 as i32).level.abs() < 0.1);
        assert!(Skill::from_elo(MIN_ELO).level < -19.0);
        let top = Skill::from_elo(MAX_ELO).level;
        assert!((18.0..19.0).contains(&top), "{top}");
        let levels: Vec<f64> = (MIN_ELO..=MAX_ELO)
            .step_by(50)
            .map(|elo| Skill::from_elo(elo).level)
            .collect();
        assert!(levels.windows(2).all(|w| w[0] < w[1]), "{levels:?}");
        // A fractional level plays its two neighbours in proportion.
        let mut rng = StdRng::seed_from_u64(3);
        let sevens = (0..4000)
            .filter(|_| round_randomly(6.25, &mut rng) == 7)
            .count();
        assert!((850..1150).contains(&sevens), "{sevens}");
    }

    #[test]
    fn levels_take_their_anchors_depth_and_noise() {
        let mut rng = StdRng::seed_from_u64(5);
        for anchor in &ANCHORS[..ANCHORS.len() - 1] {
            let handicap = Skill::from_level(anchor.level).handicap(&mut rng).unwrap();
            assert_eq!(handicap.max_depth(), anchor.depth);
            assert!((f64::from(handicap.noise) - anchor.noise).abs() < 1.0);
        }
        assert!(ANCHORS.windows(2).all(|w| w[0].level < w[1].level));
        assert!(ANCHORS.windows(2).all(|w| w[0].depth <= w[1].depth));
    }
}
