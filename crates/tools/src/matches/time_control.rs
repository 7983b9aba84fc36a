//! Time controls and clocks. A `TimeControl` is what one engine is given (a clock with
//! increment, a fixed time per move, a node or depth limit, or several of these at once, as in
//! cutechess-cli); a `Clock` is the runner's own account of one side's time during a game.

use anyhow::{ensure, Context, Result};
use kaiser_rules::types::Color;
use std::fmt;
use std::time::Duration;

/// A game clock: `moves` moves in `base` (then `base` again), or all moves in `base`, plus
/// `increment` after every move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ClockSpec {
    pub moves: Option<u32>,
    pub base: Duration,
    pub increment: Duration,
}

/// The limits one engine searches under. At least one is set.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TimeControl {
    pub clock: Option<ClockSpec>,
    /// A fixed time per move (`go movetime`).
    pub movetime: Option<Duration>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
}

/// Reads a number of seconds (`5`, `0.05`) or minutes and seconds (`1:30`).
pub fn parse_seconds(text: &str) -> Result<Duration> {
    let seconds = match text.split_once(':') {
        Some((minutes, seconds)) => {
            let minutes: u64 = minutes.parse().ok().context("bad minutes")?;
            let seconds: f64 = seconds.parse().ok().context("bad seconds")?;
            minutes as f64 * 60.0 + seconds
        }
        None => text.parse().ok().context("not a number of seconds")?,
    };
    ensure!(
        seconds.is_finite() && (0.0..1e7).contains(&seconds),
        "{seconds} seconds is out of range"
    );
    Ok(Duration::from_secs_f64(seconds))
}

impl ClockSpec {
    /// Reads cutechess's `[moves/]time[+increment]` with times in seconds: `5+0.05`, `40/60`,
    /// `40/1:30+0.5`.
    pub fn parse(text: &str) -> Result<ClockSpec> {
        let read = || -> Result<ClockSpec> {
            let (moves, rest) = match text.split_once('/') {
                Some((moves, rest)) => {
                    let moves: u32 = moves.parse().ok().context("bad number of moves")?;
                    ensure!(moves > 0, "the number of moves must be positive");
                    (Some(moves), rest)
                }
                None => (None, text),
            };
            let (base, increment) = match rest.split_once('+') {
                Some((base, inc)) => (parse_seconds(base)?, parse_seconds(inc)?),
                None => (parse_seconds(rest)?, Duration::ZERO),
            };
            ensure!(!base.is_zero(), "the base time must be positive");
            Ok(ClockSpec {
                moves,
                base,
                increment,
            })
        };
        read().with_context(|| {
            format!("bad time control '{text}' (expected e.g. 5+0.05, 40/60 or 40/1:30+0.5)")
        })
    }
}

/// Seconds without needless decimals: `5`, `0.05`.
fn seconds_text(d: Duration) -> String {
    let ms = d.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        format!("{}", ms as f64 / 1000.0)
    }
}

impl fmt::Display for ClockSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(moves) = self.moves {
            write!(f, "{moves}/")?;
        }
        write!(f, "{}", seconds_text(self.base))?;
        if !self.increment.is_zero() {
            write!(f, "+{}", seconds_text(self.increment))?;
        }
        Ok(())
    }
}

impl TimeControl {
    pub fn is_set(&self) -> bool {
        self.clock.is_some()
            || self.movetime.is_some()
            || self.nodes.is_some()
            || self.depth.is_some()
    }

    /// Fills each limit not set here from `other`.
    pub fn or(self, other: TimeControl) -> TimeControl {
        TimeControl {
            clock: self.clock.or(other.clock),
            movetime: self.movetime.or(other.movetime),
            nodes: self.nodes.or(other.nodes),
            depth: self.depth.or(other.depth),
        }
    }

    /// The time the engine may use for its next move before it forfeits (without the margin),
    /// if it plays on a clock or with a fixed move time.
    pub fn allowance(&self, clock: &Clock) -> Option<Duration> {
        match (self.clock.map(|_| clock.remaining), self.movetime) {
            (Some(left), Some(movetime)) => Some(left.min(movetime)),
            (left, movetime) => left.or(movetime),
        }
    }
}

/// The `go` command for `mover`, given each side's clock and time control (White's first).
pub fn go_command(mover: Color, clocks: &[Clock; 2], controls: &[TimeControl; 2]) -> String {
    let mut go = String::from("go");
    for (color, prefix) in [(Color::White, "w"), (Color::Black, "b")] {
        if let Some(spec) = controls[color.index()].clock {
            let left = clocks[color.index()].remaining.as_millis();
            go += &format!(
                " {prefix}time {left} {prefix}inc {}",
                spec.increment.as_millis()
            );
        }
    }
    let own = &controls[mover.index()];
    if let (Some(_), Some(left)) = (own.clock, clocks[mover.index()].moves_to_go) {
        go += &format!(" movestogo {left}");
    }
    if let Some(movetime) = own.movetime {
        go += &format!(" movetime {}", movetime.as_millis());
    }
    if let Some(nodes) = own.nodes {
        go += &format!(" nodes {nodes}");
    }
    if let Some(depth) = own.depth {
        go += &format!(" depth {depth}");
    }
    go
}

impl fmt::Display for TimeControl {
    /// The PGN `TimeControl` value: `40/60+0.6`, `5+0.05`, `1/move` for a fixed move time,
    /// `-` when only nodes or depth limit the search.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.clock, self.movetime) {
            (Some(spec), _) => write!(f, "{spec}"),
            (None, Some(movetime)) => write!(f, "{}/move", seconds_text(movetime)),
            (None, None) => f.write_str("-"),
        }
    }
}

/// One side's clock during a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clock {
    pub remaining: Duration,
    /// Moves until the next time period, for a `moves/time` control.
    pub moves_to_go: Option<u32>,
}

impl Clock {
    /// A full clock for `control` (an empty one when it has no clock).
    pub fn new(control: &TimeControl) -> Clock {
        Clock {
            remaining: control.clock.map_or(Duration::ZERO, |spec| spec.base),
            moves_to_go: control.clock.and_then(|spec| spec.moves),
        }
    }

    /// Charges a move that took `elapsed`, then adds the increment and, at the end of a time
    /// period, the next period's time.
    pub fn charge(&mut self, control: &TimeControl, elapsed: Duration) {
        let Some(spec) = control.clock else { return };
        self.remaining = self.remaining.saturating_sub(elapsed) + spec.increment;
        if let Some(left) = self.moves_to_go.as_mut() {
            *left -= 1;
            if *left == 0 {
                *left = spec.moves.unwrap_or(1);
                self.remaining += spec.base;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(text: &str) -> TimeControl {
        TimeControl {
            clock: Some(ClockSpec::parse(text).unwrap()),
            ..TimeControl::default()
        }
    }

    #[test]
    fn reads_and_writes_cutechess_clocks() {
        for (text, written) in [
            ("5+0.05", "5+0.05"),
            ("40/60", "40/60"),
            ("40/1:30+0.5", "40/90+0.5"),
            ("0.5", "0.5"),
        ] {
            assert_eq!(ClockSpec::parse(text).unwrap().to_string(), written);
        }
        for bad in ["", "fast", "0", "0/60", "5+", "-5", "40/", "1:xx"] {
            assert!(ClockSpec::parse(bad).is_err(), "{bad}");
        }
        let movetime = TimeControl {
            movetime: Some(Duration::from_millis(1500)),
            ..TimeControl::default()
        };
        assert_eq!(movetime.to_string(), "1.5/move");
        let depth = TimeControl {
            depth: Some(8),
            ..TimeControl::default()
        };
        assert_eq!(depth.to_string(), "-");
    }

    #[test]
    fn clocks_charge_moves_and_add_increments_and_periods() {
        let control = clock("2/10+1");
        let mut clock = Clock::new(&control);
        clock.charge(&control, Duration::from_secs(3));
        assert_eq!(clock.remaining, Duration::from_secs(8));
        assert_eq!(clock.moves_to_go, Some(1));
        clock.charge(&control, Duration::from_secs(4));
        assert_eq!(clock.remaining, Duration::from_secs(15));
        assert_eq!(clock.moves_to_go, Some(2));
        assert_eq!(control.allowance(&clock), Some(Duration::from_secs(15)));
        let depth = TimeControl {
            depth: Some(3),
            ..TimeControl::default()
        };
        assert_eq!(depth.allowance(&Clock::new(&depth)), None);
    }

    #[test]
    fn go_commands_carry_both_clocks_and_the_movers_limits() {
        let white = clock("40/60+0.5");
        let black = TimeControl {
            nodes: Some(1000),
            movetime: Some(Duration::from_millis(250)),
            ..clock("5")
        };
        let controls = [white, black];
        let clocks = controls.each_ref().map(Clock::new);
        assert_eq!(
            go_command(Color::White, &clocks, &controls),
            "go wtime 60000 winc 500 btime 5000 binc 0 movestogo 40"
        );
        assert_eq!(
            go_command(Color::Black, &clocks, &controls),
            "go wtime 60000 winc 500 btime 5000 binc 0 movetime 250 nodes 1000"
        );
    }
}
