//! The running score of a match from the first engine's point of view: games (win, draw,
//! loss), the same by the colour it played (in Empire and Orda the two armies differ) and by
//! variant (a match may mix them), game pairs (pentanomial: the two games of one opening,
//! colours swapped) and how the games ended.

use super::game::{GameRecord, GameResult, Termination};
use crate::stats::{self, Pentanomial, Trinomial};
use kaiser_engine::{Color, Variant};
use std::collections::{BTreeMap, HashMap};

/// Results so far.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Games, by the first engine's result.
    pub games: Trinomial,
    /// The same games by the colour the first engine played, White's first.
    pub by_colour: [Trinomial; 2],
    /// The same games by variant, indexed by `Variant::index`.
    pub by_variant: [Trinomial; Variant::ALL.len()],
    /// Completed game pairs, by the first engine's pair score.
    pub pairs: Pentanomial,
    /// How many games ended each way (`checkmate`, `time forfeit`, ...).
    pub terminations: BTreeMap<String, u64>,
    /// The first engine's result in pairs of which one game is done.
    pending: HashMap<usize, stats::GameResult>,
}

/// The short name of a way to end a game, without details such as the illegal move.
fn termination_kind(record: &GameRecord) -> String {
    match record.termination {
        Termination::IllegalMove(_) => "illegal move".to_string(),
        _ => record.termination_tag(),
    }
}

impl Tally {
    /// Counts game `index` (0-based; games `2k` and `2k + 1` form a pair), whose White was the
    /// first engine if `first_white`. An unfinished game is not counted.
    pub fn add(&mut self, index: usize, first_white: bool, record: &GameRecord) {
        let first = if first_white {
            Color::White
        } else {
            Color::Black
        };
        let result = match record.result {
            GameResult::Win(winner) if winner == first => stats::GameResult::Win,
            GameResult::Win(_) => stats::GameResult::Loss,
            GameResult::Draw => stats::GameResult::Draw,
            GameResult::Unfinished => return,
        };
        self.games.add(result);
        self.by_colour[first.index()].add(result);
        self.by_variant[record.variant.index()].add(result);
        *self
            .terminations
            .entry(termination_kind(record))
            .or_default() += 1;
        let pair = index / 2;
        match self.pending.remove(&pair) {
            Some(other) => self.pairs.add(other, result),
            None => {
                self.pending.insert(pair, result);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::time_control::TimeControl;
    use kaiser_engine::Variant;
    use kaiser_rules::position::EndReason;

    fn record(result: GameResult, termination: Termination) -> GameRecord {
        GameRecord {
            variant: Variant::Empire,
            names: ["a".to_string(), "b".to_string()],
            time_controls: [TimeControl::default(); 2],
            start_fen: Variant::Empire.start_fen().to_string(),
            moves: Vec::new(),
            result,
            termination,
        }
    }

    #[test]
    fn counts_games_and_pairs_from_the_first_engines_side() {
        let mate = Termination::Rules(EndReason::Checkmate);
        let mut tally = Tally::default();
        // Pair 0: the first engine wins with White, then draws with Black.
        tally.add(
            0,
            true,
            &record(GameResult::Win(Color::White), mate.clone()),
        );
        tally.add(1, false, &record(GameResult::Draw, mate.clone()));
        // Pair 1, finished in reverse order: it loses with Black, then wins with White.
        tally.add(
            3,
            false,
            &record(GameResult::Win(Color::White), mate.clone()),
        );
        assert_eq!(tally.pairs.total(), 1);
        let illegal = Termination::IllegalMove("a1a1".to_string());
        tally.add(2, true, &record(GameResult::Win(Color::White), illegal));
        tally.add(
            4,
            true,
            &record(GameResult::Unfinished, Termination::Aborted),
        );
        assert_eq!(
            (
                tally.games.wins(),
                tally.games.draws(),
                tally.games.losses()
            ),
            (2, 1, 1)
        );
        assert_eq!(tally.pairs.counts, [0, 0, 1, 1, 0]);
        assert_eq!(tally.by_colour[0].counts, [0, 0, 2], "White: two wins");
        assert_eq!(
            tally.by_colour[1].counts,
            [1, 1, 0],
            "Black: a loss, a draw"
        );
        assert_eq!(tally.by_variant[Variant::Empire.index()].total(), 4);
        assert_eq!(tally.terminations["checkmate"], 3);
        assert_eq!(tally.terminations["illegal move"], 1);
    }
}
