//! Which search thread's move is played (lazy SMP), chosen as Stockfish chooses its best thread:
//! each thread votes for the move it found best, with a weight of its score above the lowest
//! thread's (plus `VOTE_FLOOR`) times the depth it completed, and the thread whose move gathers
//! the most votes is chosen; between threads of the same move, the heavier vote with a principal
//! variation longer than two moves. Proven results come before votes: a thread that proves a win
//! is chosen, the shortest win among several, and so is one that proves a loss, the quickest
//! loss among several (the deepest search sees the opponent's fastest mate). A thread that
//! completed no iteration does not vote. Ties keep the earlier thread, the main one first.

use super::thread::ThreadResult;
use super::value::MATE_BOUND;
use kaiser_rules::types::Move;
use std::collections::HashMap;

/// Added to every weight, so that the lowest-scoring thread still votes by its depth.
const VOTE_FLOOR: i64 = 14;

/// The thread whose line to play among `results` (the main thread's first).
pub(super) fn best_thread(results: &[ThreadResult]) -> &ThreadResult {
    let voters: Vec<&ThreadResult> = results.iter().filter(|r| r.depth > 0).collect();
    let Some(lowest) = voters.iter().map(|r| r.score()).min() else {
        return &results[0];
    };
    let weight =
        |r: &ThreadResult| (i64::from(r.score() - lowest) + VOTE_FLOOR) * i64::from(r.depth);
    let mut votes: HashMap<Move, i64> = HashMap::new();
    for &r in &voters {
        *votes.entry(r.line.mv).or_default() += weight(r);
    }
    let full_weight = |r: &ThreadResult| weight(r) * i64::from(r.line.pv.len() > 2);
    let mut best = voters[0];
    for &r in &voters[1..] {
        let (best_score, score) = (best.score(), r.score());
        let better = if is_win(best_score) {
            score > best_score
        } else if is_loss(best_score) {
            is_loss(score) && score < best_score
        } else {
            let (mine, theirs) = (votes[&r.line.mv], votes[&best.line.mv]);
            is_win(score)
                || is_loss(score)
                || mine > theirs
                || (mine == theirs && full_weight(r) > full_weight(best))
        };
        if better {
            best = r;
        }
    }
    best
}

fn is_win(score: i32) -> bool {
    score >= MATE_BOUND
}

fn is_loss(score: i32) -> bool {
    score <= -MATE_BOUND
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::thread::RootMove;
    use crate::search::value::{mate_in, mated_in, INFINITE};
    use crate::{Position, Variant};

    /// A thread that completed `depth` with `pv` (moves from the chess start), scoring `score`.
    fn thread(depth: i32, pv: &[&str], score: i32) -> ThreadResult {
        let mut pos = Position::startpos(Variant::Chess);
        let line: Vec<Move> = pv
            .iter()
            .map(|text| {
                let m = pos.parse_uci_move(text).unwrap();
                pos.make_move(m);
                m
            })
            .collect();
        ThreadResult {
            depth,
            line: RootMove {
                mv: line[0],
                score,
                previous_score: -INFINITE,
                seldepth: depth as usize,
                pv: line.into_iter().collect(),
                nodes: 0,
            },
        }
    }

    fn chosen(results: &[ThreadResult]) -> String {
        best_thread(results).line.mv.to_string()
    }

    const E4: &[&str] = &["e2e4", "e7e5", "g1f3"];
    const D4: &[&str] = &["d2d4", "d7d5", "c2c4"];

    #[test]
    fn one_thread_plays_its_own_move() {
        assert_eq!(chosen(&[thread(5, E4, 20)]), "e2e4");
    }

    #[test]
    fn the_move_most_threads_back_wins_over_the_main_threads() {
        let results = [thread(10, E4, 20), thread(10, D4, 20), thread(11, D4, 15)];
        assert_eq!(chosen(&results), "d2d4");
    }

    #[test]
    fn a_deeper_and_better_scored_vote_outweighs_a_shallower_one() {
        let results = [thread(8, E4, 10), thread(12, D4, 40)];
        assert_eq!(chosen(&results), "d2d4");
        let results = [thread(12, E4, 40), thread(8, D4, 10)];
        assert_eq!(chosen(&results), "e2e4");
    }

    #[test]
    fn equal_votes_keep_the_main_thread() {
        assert_eq!(chosen(&[thread(9, E4, 30), thread(9, D4, 30)]), "e2e4");
    }

    #[test]
    fn a_proven_win_comes_first_and_the_shortest_of_them() {
        let results = [thread(12, E4, 50), thread(9, D4, mate_in(9))];
        assert_eq!(chosen(&results), "d2d4");
        let results = [thread(12, E4, mate_in(7)), thread(9, D4, mate_in(5))];
        assert_eq!(chosen(&results), "d2d4");
        let results = [thread(12, E4, mate_in(5)), thread(14, D4, mate_in(7))];
        assert_eq!(chosen(&results), "e2e4");
    }

    #[test]
    fn a_proven_loss_is_trusted_and_the_quickest_of_them() {
        let results = [thread(12, E4, 0), thread(13, D4, mated_in(8))];
        assert_eq!(chosen(&results), "d2d4");
        let results = [thread(12, E4, mated_in(8)), thread(13, D4, mated_in(4))];
        assert_eq!(chosen(&results), "d2d4");
        let results = [thread(12, E4, mated_in(8)), thread(13, D4, 30)];
        assert_eq!(chosen(&results), "e2e4");
    }

    #[test]
    fn a_thread_without_a_completed_iteration_does_not_vote() {
        let results = [
            thread(6, E4, 10),
            thread(0, D4, mate_in(3)),
            thread(0, D4, 90),
        ];
        assert_eq!(chosen(&results), "e2e4");
    }
}
