//! Time management: turns the `go` limits into a soft limit (do not start another iteration
//! past it) and a hard limit (abort the search), both measured from when the clock starts (when
//! the command asking for the search was read, `Limits::start`, else when the search starts). While
//! pondering, the clock has not started; `ponderhit` starts it. Under a clock, the search
//! rescales the soft limit after every iteration (`rescale`) by how settled its best move is.
//! The tunable factors are search parameters (`parameters`, `time_...`).

use super::parameters::Parameters;
use super::Limits;
use crate::clock::Instant;
use std::time::Duration;

/// A `movestogo` beyond this counts as this many.
const MAX_MOVES_TO_GO: u32 = 50;
/// Overheads kept in hand beyond one per move to go.
const SPARE_OVERHEADS: i64 = 2;

/// The time budget of one search.
#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    /// The soft limit as planned from the clock, before `rescale` (none under a fixed move
    /// time, which is used whole).
    planned: Option<Duration>,
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl TimeManager {
    /// The budget for `limits`, keeping `overhead_ms` in hand for each move's communication.
    pub fn new(limits: &Limits, overhead_ms: u64, params: &Parameters) -> TimeManager {
        let overhead = overhead_ms as i64;
        let (soft, hard) = if let Some(movetime) = limits.movetime_ms {
            let t = (movetime as i64 - overhead).max(1);
            (Some(t), Some(t))
        } else if let Some(clock) = &limits.clock {
            let moves_to_go = clock.movestogo.map_or(params.moves_to_go(), |m| {
                i64::from(m.clamp(1, MAX_MOVES_TO_GO))
            });
            let inc = clock.inc_ms.max(0);
            // The budget over the moves to go: the clock plus the increments still to come, less
            // the overhead of every one of those moves. At a low clock this leaves almost nothing,
            // so the engine answers fast and the increment rebuilds the clock.
            let budget = clock
                .time_ms
                .saturating_add(inc.saturating_mul(moves_to_go - 1))
                - overhead * (moves_to_go + SPARE_OVERHEADS);
            let available = (clock.time_ms - overhead).max(1);
            // Never plan to use more than a fraction of what is left on the clock.
            let soft = (budget / moves_to_go).clamp(1, params.soft_time_cap(available).max(1));
            let hard = params.hard_time(soft, available).max(soft);
            (Some(soft), Some(hard))
        } else {
            (None, None)
        };
        let ms = |t: Option<i64>| t.map(|t| Duration::from_millis(t as u64));
        let by_clock = limits.movetime_ms.is_none();
        TimeManager {
            start: limits.start.unwrap_or_else(Instant::now),
            planned: ms(soft).filter(|_| by_clock),
            soft: ms(soft),
            hard: ms(hard),
        }
    }

    /// Sets the soft limit to `percent` of the planned one, never beyond the hard limit; a
    /// fixed move time is left as it is.
    pub fn rescale(&mut self, percent: i64) {
        if let (Some(planned), Some(hard)) = (self.planned, self.hard) {
            let scaled = planned.as_micros() as u64 * percent.max(0) as u64 / 100;
            self.soft = Some(Duration::from_micros(scaled).min(hard));
        }
    }

    /// Starts the clock now (on `ponderhit`).
    pub fn restart(&mut self) {
        self.start = Instant::now();
    }

    /// Time since the clock started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// True if the search is managed by a clock or movetime at all.
    pub fn is_timed(&self) -> bool {
        self.hard.is_some()
    }

    /// Past the point where a new iteration is worth starting.
    pub fn soft_exceeded(&self) -> bool {
        self.soft.is_some_and(|soft| self.elapsed() >= soft)
    }

    /// Past the point where the search must stop.
    pub fn hard_exceeded(&self) -> bool {
        self.hard.is_some_and(|hard| self.elapsed() >= hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Clock;
    use once_cell::sync::Lazy;

    static P: Lazy<Parameters> = Lazy::new(Parameters::default);

    fn limits(time_ms: i64, inc_ms: i64, movestogo: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock {
                time_ms,
                inc_ms,
                movestogo,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn budgets() {
        let tm = TimeManager::new(&limits(60_000, 0, None), 10, &P);
        // The overhead is charged for each of the 25 moves to go, and two more.
        assert_eq!(
            tm.soft,
            Some(Duration::from_millis((60_000 - 10 * 27) / 25))
        );
        assert!(tm.hard.unwrap() > tm.soft.unwrap());
        let tm = TimeManager::new(&limits(1_000, 0, Some(1)), 10, &P);
        assert!(tm.hard.unwrap() < Duration::from_millis(990));
        let tm = TimeManager::new(&limits(-50, 0, None), 10, &P);
        assert_eq!(tm.hard, Some(Duration::from_millis(1)));
        let tm = TimeManager::new(
            &Limits {
                movetime_ms: Some(500),
                ..Limits::default()
            },
            10,
            &P,
        );
        assert_eq!(
            (tm.soft, tm.hard),
            (
                Some(Duration::from_millis(490)),
                Some(Duration::from_millis(490))
            )
        );
        assert!(!TimeManager::new(&Limits::default(), 10, &P).is_timed());
    }

    #[test]
    fn rescaling_moves_the_soft_limit_within_the_hard_one_under_a_clock_only() {
        let mut tm = TimeManager::new(&limits(10_000, 0, Some(10)), 0, &P);
        assert_eq!(tm.soft, Some(Duration::from_millis(1000)));
        tm.rescale(50);
        assert_eq!(tm.soft, Some(Duration::from_millis(500)));
        tm.rescale(150);
        assert_eq!(tm.soft, Some(Duration::from_millis(1500)));
        tm.rescale(100_000);
        assert_eq!(tm.soft, tm.hard);
        let fixed = Limits {
            movetime_ms: Some(500),
            ..Limits::default()
        };
        let mut tm = TimeManager::new(&fixed, 0, &P);
        tm.rescale(50);
        assert_eq!(tm.soft, Some(Duration::from_millis(500)));
    }

    #[test]
    fn the_clock_starts_when_the_command_was_read() {
        let read = Instant::now() - Duration::from_millis(300);
        let limits = Limits {
            movetime_ms: Some(1000),
            start: Some(read),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, 10, &P);
        assert!(tm.elapsed() >= Duration::from_millis(300));
        assert!(!tm.hard_exceeded());
        let late = Limits {
            movetime_ms: Some(250),
            ..limits
        };
        assert!(TimeManager::new(&late, 10, &P).hard_exceeded());
        let now = TimeManager::new(&Limits::default(), 10, &P);
        assert!(now.elapsed() < Duration::from_millis(300));
    }

    #[test]
    fn a_low_clock_is_rebuilt_by_the_increment() {
        // 60 ms left, 20 ms increment, 30 ms overhead per move: answer at once.
        let tm = TimeManager::new(&limits(60, 20, None), 30, &P);
        assert_eq!(tm.soft, Some(Duration::from_millis(1)));
        assert_eq!(tm.hard, Some(Duration::from_millis(4)));
        // Plenty of time: think about a twenty-fifth of it, plus most of the increment.
        let tm = TimeManager::new(&limits(10_000, 100, None), 10, &P);
        assert_eq!(
            tm.soft,
            Some(Duration::from_millis((10_000 + 100 * 24 - 10 * 27) / 25))
        );
    }
}
