//! What a match shows while it runs and when it ends: a line per finished game, a status line
//! (W/D/L, Elo with its 95% interval, pentanomial counts, LLR and SPRT bounds) under a progress
//! bar that is redrawn in place on a terminal and printed after each game otherwise, and the
//! final summary.

use super::runner::{FinishedGame, MatchReport};
use super::tally::Tally;
use crate::progress::Progress;
use crate::stats::{Decision, EloModel, Pentanomial, Sprt, Trinomial};
use kaiser_engine::notation::PgnResult;
use kaiser_engine::Variant;
use std::fmt::Write as _;
use std::time::Duration;

/// The live display on standard error.
pub struct MatchProgress {
    total: usize,
    sprt: Option<Sprt>,
    display: Progress,
}

impl MatchProgress {
    pub fn new(total: usize, sprt: Option<Sprt>) -> MatchProgress {
        MatchProgress {
            total,
            sprt,
            display: Progress::new(total as u64, Duration::ZERO),
        }
    }

    /// Shows a finished game and the standing after it.
    pub fn game_finished(&self, finished: &FinishedGame, tally: &Tally) {
        let record = &finished.record;
        self.display.println(&format!(
            "Finished game {} ({} vs {}): {} {{{}}}",
            finished.index + 1,
            record.names[0],
            record.names[1],
            PgnResult::from(record.result),
            record.description()
        ));
        let status = status_line(tally, self.total, self.sprt.as_ref());
        self.display
            .update(tally.games.total(), self.total as u64, status);
    }

    /// Ends the status line before the summary.
    pub fn finish(&self) {
        self.display.finish();
    }
}

/// The Elo of the results so far: from the game pairs once there are any, else from the games.
fn elo_text(tally: &Tally) -> String {
    if tally.pairs.total() > 0 {
        format!("{}", tally.pairs.elo())
    } else {
        format!("{}", tally.games.elo())
    }
}

/// `LLR 0.12 [-2.94, 2.94]`.
fn llr_text(sprt: &Sprt, pairs: &Pentanomial) -> String {
    let (lower, upper) = sprt.bounds();
    format!("LLR {:.2} [{lower:.2}, {upper:.2}]", sprt.llr(pairs))
}

/// The one-line standing: `25/100  W 10 D 5 L 10  Elo ...  Ptnml [...]  LLR ...`.
fn status_line(tally: &Tally, total: usize, sprt: Option<&Sprt>) -> String {
    let games = &tally.games;
    let mut line = format!(
        "{}/{total}  W {} D {} L {}  Elo {}  Ptnml {}",
        games.total(),
        games.wins(),
        games.draws(),
        games.losses(),
        elo_text(tally),
        tally.pairs
    );
    if let Some(sprt) = sprt {
        let _ = write!(line, "  {}", llr_text(sprt, &tally.pairs));
    }
    line
}

/// The final summary: score, the score by colour (and by variant when the match had several),
/// Elo (logistic and normalized), pentanomial counts, the SPRT and how the games ended.
pub fn summary(
    names: [&str; 2],
    report: &MatchReport,
    sprt: Option<&Sprt>,
    elapsed: Duration,
) -> String {
    let tally = &report.tally;
    let games = &tally.games;
    let mut text = format!(
        "Score of {} vs {}: {} - {} - {}  [{:.3}] {}\n",
        names[0],
        names[1],
        games.wins(),
        games.losses(),
        games.draws(),
        games.score(),
        games.total()
    );
    let [white, black] = &tally.by_colour;
    let _ = writeln!(
        text,
        "{} as White: {} - {} - {}, as Black: {} - {} - {}",
        names[0],
        white.wins(),
        white.losses(),
        white.draws(),
        black.wins(),
        black.losses(),
        black.draws()
    );
    let played: Vec<(Variant, &Trinomial)> = Variant::ALL
        .into_iter()
        .zip(&tally.by_variant)
        .filter(|(_, games)| games.total() > 0)
        .collect();
    if played.len() > 1 {
        let scores: Vec<String> = played
            .iter()
            .map(|(variant, games)| {
                let (w, l, d) = (games.wins(), games.losses(), games.draws());
                format!("{variant}: {w} - {l} - {d}")
            })
            .collect();
        let _ = writeln!(text, "By variant: {}", scores.join(", "));
    }
    let _ = writeln!(text, "{}", elo_lines(tally));
    if let (Some(sprt), Some(decision)) = (sprt, report.decision) {
        let _ = writeln!(text, "{}", sprt_line(sprt, &tally.pairs, decision));
    }
    let endings: Vec<String> = tally
        .terminations
        .iter()
        .map(|(how, count)| format!("{how} {count}"))
        .collect();
    let _ = writeln!(text, "Endings: {}", endings.join(", "));
    let _ = write!(text, "Time: {:.1} s", elapsed.as_secs_f64());
    text
}

/// `Elo difference: ... (95%), nElo: ...` from the game pairs (from the games while no pair is
/// complete), then `Ptnml(0-2): [...]`.
pub fn elo_lines(tally: &Tally) -> String {
    let (elo, normalized) = if tally.pairs.total() > 0 {
        (tally.pairs.elo(), tally.pairs.normalized_elo())
    } else {
        (tally.games.elo(), tally.games.normalized_elo())
    };
    format!(
        "Elo difference: {elo} (95%), nElo: {normalized}\nPtnml(0-2): {}",
        tally.pairs
    )
}

/// `SPRT (normalized elo0=0 elo1=5 alpha=0.05 beta=0.05): LLR 1.23 [-2.94, 2.94] - no decision`.
pub fn sprt_line(sprt: &Sprt, pairs: &Pentanomial, decision: Decision) -> String {
    let model = match sprt.model {
        EloModel::Normalized => "normalized",
        EloModel::Logistic => "logistic",
    };
    let verdict = match decision {
        Decision::AcceptH1 => "H1 accepted",
        Decision::AcceptH0 => "H0 accepted",
        Decision::Continue => "no decision",
    };
    format!(
        "SPRT ({model} elo0={} elo1={} alpha={} beta={}): {} - {verdict}",
        sprt.elo0,
        sprt.elo1,
        sprt.alpha,
        sprt.beta,
        llr_text(sprt, pairs)
    )
}
