//! What the runner reads from an engine's `info` lines: the last reported score and depth, which
//! feed adjudication and the PGN move comments.

use std::fmt;

/// A score as an engine reports it, from the point of view of the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: the engine is getting mated).
    Mate(i32),
}

/// The centipawn value given to a mate score, less one per move to the mate.
const MATE_CP: i32 = 100_000;

impl Score {
    /// The score on one centipawn scale: a mate is worth more than any centipawn score.
    pub fn centipawns(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => MATE_CP - n,
            Score::Mate(n) => -MATE_CP - n,
        }
    }
}

impl fmt::Display for Score {
    /// cutechess's form: `+0.35`, `-1.20`, `+M3`, `-M2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Cp(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                let cp = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", cp / 100, cp % 100)
            }
            Score::Mate(n) => write!(f, "{}M{}", if n < 0 { '-' } else { '+' }, n.abs()),
        }
    }
}

/// The latest score and depth seen in the `info` lines of one search.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SearchInfo {
    pub score: Option<Score>,
    pub depth: Option<u32>,
}

impl SearchInfo {
    /// Takes what an `info` line reports. Bound scores (`lowerbound`, `upperbound`), `info
    /// string` lines and lines of other PV lines than the first are ignored.
    pub fn update(&mut self, line: &str) {
        let mut tokens = line.split_whitespace();
        if tokens.next() != Some("info") {
            return;
        }
        let tokens: Vec<&str> = tokens.collect();
        let value_after = |key: &str| {
            tokens
                .iter()
                .position(|&t| t == key)
                .and_then(|i| tokens.get(i + 1))
        };
        if tokens.first() == Some(&"string")
            || value_after("multipv").is_some_and(|&n| n != "1")
            || tokens
                .iter()
                .any(|&t| t == "lowerbound" || t == "upperbound")
        {
            return;
        }
        if let Some(depth) = value_after("depth").and_then(|d| d.parse().ok()) {
            self.depth = Some(depth);
        }
        let score = value_after("score").and_then(|&kind| {
            let value = value_after(kind)?.parse().ok()?;
            match kind {
                "cp" => Some(Score::Cp(value)),
                "mate" => Some(Score::Mate(value)),
                _ => None,
            }
        });
        if score.is_some() {
            self.score = score;
        }
    }
}

/// The move of a `bestmove` line (`bestmove e2e4 ponder e7e5` gives `e2e4`); `None` for other
/// lines. A `bestmove` line without a move gives `(none)`, as Stockfish writes it, which no
/// position accepts.
pub fn bestmove(line: &str) -> Option<&str> {
    let mut tokens = line.split_whitespace();
    (tokens.next() == Some("bestmove")).then(|| tokens.next().unwrap_or("(none)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(lines: &[&str]) -> SearchInfo {
        let mut info = SearchInfo::default();
        for line in lines {
            info.update(line);
        }
        info
    }

    #[test]
    fn keeps_the_last_exact_score_and_depth() {
        let info = read(&[
            "info depth 1 seldepth 1 score cp 20 nodes 20 pv e1f2",
            "info depth 2 seldepth 3 multipv 1 score cp -35 nodes 90 pv e1f2 b8c6",
            "info depth 3 score cp 900 lowerbound",
            "info depth 3 multipv 2 score cp 500",
            "info string score cp 700",
            "info nodes 2000 nps 10000",
        ]);
        assert_eq!(info.score, Some(Score::Cp(-35)));
        assert_eq!(info.depth, Some(2));
    }

    #[test]
    fn reads_mate_scores() {
        let info = read(&["info depth 12 score mate -3 pv e1f2"]);
        assert_eq!(info.score, Some(Score::Mate(-3)));
        assert!(Score::Mate(-3).centipawns() < -10_000);
        assert!(Score::Mate(2).centipawns() > Score::Mate(5).centipawns());
    }

    #[test]
    fn formats_scores_like_cutechess() {
        assert_eq!(Score::Cp(35).to_string(), "+0.35");
        assert_eq!(Score::Cp(-120).to_string(), "-1.20");
        assert_eq!(Score::Cp(-5).to_string(), "-0.05");
        assert_eq!(Score::Cp(0).to_string(), "+0.00");
        assert_eq!(Score::Mate(3).to_string(), "+M3");
        assert_eq!(Score::Mate(-2).to_string(), "-M2");
    }

    #[test]
    fn reads_bestmove_lines() {
        assert_eq!(bestmove("bestmove e2e4 ponder e7e5"), Some("e2e4"));
        assert_eq!(bestmove("bestmove"), Some("(none)"));
        assert_eq!(bestmove("info depth 1"), None);
    }
}
