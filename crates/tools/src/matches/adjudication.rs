//! Optional adjudication, as cutechess-cli does it: resign when an engine's score stays low,
//! draw when both scores stay near zero, and a draw after a maximum number of moves. The rules
//! of the game always come first; adjudication only ends games the rules have not ended.

use super::info::Score;
use kaiser_engine::Color;

/// `-resign movecount=N score=X [twosided=true]`: an engine whose score is at least `score`
/// centipawns below zero for `move_count` consecutive moves of its own loses; with `two_sided`
/// its opponent must agree (score at least `score` above zero) all that time.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ResignRule {
    pub move_count: u32,
    pub score: i32,
    pub two_sided: bool,
}

/// `-draw movenumber=M movecount=N score=X`: once `move_number` full moves have been played, a
/// game in which both engines' scores stay within `score` centipawns of zero for `move_count`
/// consecutive moves each is a draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DrawRule {
    pub move_number: u32,
    pub move_count: u32,
    pub score: i32,
}

/// The adjudication rules of a match; all optional.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Adjudication {
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    /// `-maxmoves N`: a game still going after `N` full moves is a draw.
    pub max_moves: Option<u32>,
}

/// An adjudicated end of a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// `loser` resigned on its score.
    Resign { loser: Color },
    /// Drawn on the scores.
    Draw,
    /// Drawn at the move limit.
    MaxMoves,
}

impl Verdict {
    /// A short description, for the PGN `Termination` tag and the results.
    pub fn describe(self) -> &'static str {
        match self {
            Verdict::Resign { .. } => "adjudication: resign",
            Verdict::Draw => "adjudication: draw",
            Verdict::MaxMoves => "adjudication: maximum moves",
        }
    }
}

/// The running counts of one game.
#[derive(Clone, Debug)]
pub struct Adjudicator {
    rules: Adjudication,
    /// Consecutive own moves with a resigning score, per colour.
    resign_counts: [u32; 2],
    /// Consecutive plies with a drawish score.
    draw_count: u32,
    plies: u32,
}

impl Adjudicator {
    pub fn new(rules: Adjudication) -> Adjudicator {
        Adjudicator {
            rules,
            resign_counts: [0; 2],
            draw_count: 0,
            plies: 0,
        }
    }

    /// Takes the move just played by `mover` with the score it reported (its own point of view;
    /// `None` if it reported none, which breaks every run) and says whether to end the game.
    pub fn after_move(&mut self, mover: Color, score: Option<Score>) -> Option<Verdict> {
        self.plies += 1;
        let cp = score.map(Score::centipawns);
        if let Some(rule) = self.rules.resign {
            let own = &mut self.resign_counts[mover.index()];
            *own = match cp {
                Some(cp) if cp <= -rule.score => *own + 1,
                _ => 0,
            };
            if rule.two_sided && cp.is_none_or(|cp| cp < rule.score) {
                self.resign_counts[(!mover).index()] = 0;
            }
            if self.resign_counts[mover.index()] >= rule.move_count {
                return Some(Verdict::Resign { loser: mover });
            }
        }
        if let Some(rule) = self.rules.draw {
            self.draw_count = match cp {
                Some(cp) if cp.abs() <= rule.score => self.draw_count + 1,
                _ => 0,
            };
            if self.plies / 2 >= rule.move_number && self.draw_count >= 2 * rule.move_count {
                return Some(Verdict::Draw);
            }
        }
        match self.rules.max_moves {
            Some(moves) if self.plies >= 2 * moves => Some(Verdict::MaxMoves),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    /// Plays alternating scores, White first, and returns the ply (1-based) and verdict of the
    /// first adjudication.
    fn run(rules: Adjudication, scores: &[(i32, i32)]) -> Option<(usize, Verdict)> {
        let mut adjudicator = Adjudicator::new(rules);
        let plies = scores.iter().flat_map(|&(w, b)| [(White, w), (Black, b)]);
        plies.enumerate().find_map(|(i, (mover, cp))| {
            adjudicator
                .after_move(mover, Some(Score::Cp(cp)))
                .map(|v| (i + 1, v))
        })
    }

    fn resign(two_sided: bool) -> Adjudication {
        Adjudication {
            resign: Some(ResignRule {
                move_count: 3,
                score: 500,
                two_sided,
            }),
            ..Adjudication::default()
        }
    }

    #[test]
    fn resigns_after_consecutive_low_scores() {
        let scores = [
            (600, -600),
            (600, -400),
            (600, -600),
            (600, -700),
            (600, -900),
        ];
        assert_eq!(
            run(resign(false), &scores),
            Some((10, Verdict::Resign { loser: Black }))
        );
    }

    #[test]
    fn two_sided_resign_needs_the_opponent_to_agree() {
        let scores = [(-600, 100), (-600, 100), (-600, 100), (-600, 100)];
        assert_eq!(
            run(resign(false), &scores),
            Some((5, Verdict::Resign { loser: White }))
        );
        assert_eq!(run(resign(true), &scores), None);
        let agreed = [(-600, 600), (-600, 600), (-600, 600)];
        assert_eq!(
            run(resign(true), &agreed),
            Some((5, Verdict::Resign { loser: White }))
        );
    }

    #[test]
    fn draws_on_small_scores_after_the_move_number() {
        let rules = Adjudication {
            draw: Some(DrawRule {
                move_number: 4,
                move_count: 2,
                score: 10,
            }),
            ..Adjudication::default()
        };
        assert_eq!(run(rules, &[(0, 0); 10]), Some((8, Verdict::Draw)));
        let broken = [(0, 0), (0, 50), (0, 0), (0, 0), (5, -5), (0, 0)];
        assert_eq!(run(rules, &broken), Some((8, Verdict::Draw)));
        assert_eq!(run(rules, &[(0, 50); 10]), None);
    }

    #[test]
    fn max_moves_counts_full_moves() {
        let rules = Adjudication {
            max_moves: Some(3),
            ..Adjudication::default()
        };
        assert_eq!(run(rules, &[(0, 0); 5]), Some((6, Verdict::MaxMoves)));
    }

    #[test]
    fn a_missing_score_breaks_the_run() {
        let mut adjudicator = Adjudicator::new(resign(false));
        for _ in 0..2 {
            assert_eq!(adjudicator.after_move(White, Some(Score::Cp(-900))), None);
        }
        assert_eq!(adjudicator.after_move(White, None), None);
        assert_eq!(adjudicator.after_move(White, Some(Score::Cp(-900))), None);
    }
}
