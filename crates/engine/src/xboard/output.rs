//! The lines Kaiser writes in XBoard's protocol: the features answered to `protover`, thinking
//! output, `stat01` status lines and result claims.

use super::definitions;
use crate::search::{Bound, Info, Score};
use crate::session::options::{Kind, OPTIONS};
use kaiser_rules::position::EndReason;
use kaiser_rules::types::Color;
use kaiser_rules::Outcome;
use std::fmt::Write as _;

/// Options the protocol sets by commands of its own, so they are not offered as `option`
/// features: `Hash` (`memory`), `Threads` (`cores`), `Ponder` (`hard`/`easy`), `UCI_Variant`
/// (`variant`), `UCI_AnalyseMode` (`analyze`), and `UCI_Chess960` (XBoard plays Fischer-random
/// chess as a variant of its own, which Kaiser does not offer).
pub const SET_BY_THE_PROTOCOL: [&str; 6] = [
    "Hash",
    "Threads",
    "Ponder",
    "UCI_Variant",
    "UCI_AnalyseMode",
    "UCI_Chess960",
];

/// The `feature` lines answered to `protover 2`, ending with `done=1`.
pub fn features() -> Vec<String> {
    let mut lines = vec![format!(
        "feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=0 sigint=0 \
         sigterm=0 reuse=1 analyze=1 colors=0 ics=0 name=0 pause=0 nps=0 debug=1 memory=1 \
         smp=1 myname=\"Kaiser {}\" variants=\"{}\"",
        env!("CARGO_PKG_VERSION"),
        definitions::feature_list()
    )];
    for option in OPTIONS {
        if SET_BY_THE_PROTOCOL.contains(&option.name) {
            continue;
        }
        let control = match &option.kind {
            Kind::Button { .. } => "-button".to_string(),
            Kind::Check { default, .. } => format!("-check {}", u8::from(*default)),
            Kind::Spin {
                default, min, max, ..
            } => format!("-spin {default} {min} {max}"),
            Kind::Combo {
                default, choices, ..
            } => {
                let choices: Vec<String> = choices
                    .iter()
                    .map(|choice| match choice == default {
                        true => format!("*{choice}"),
                        false => choice.to_string(),
                    })
                    .collect();
                format!("-combo {}", choices.join(" /// "))
            }
            Kind::Text { default, .. } => format!("-string {default}"),
        };
        lines.push(format!("feature option=\"{} {control}\"", option.name));
    }
    lines.push("feature done=1".to_string());
    lines
}

/// A score as XBoard reads it: centipawns, or 100000 + N for mate in N moves and -100000 - N
/// for being mated in N.
pub fn score(score: Score) -> i64 {
    match score {
        Score::Cp(cp) => i64::from(cp),
        Score::Mate(moves) if moves > 0 => 100_000 + i64::from(moves),
        Score::Mate(moves) => -100_000 + i64::from(moves),
    }
}

/// A thinking-output line: `depth score time nodes seldepth nps tbhits<TAB>pv`, time in
/// centiseconds, the line's moves in coordinate notation, ending in `?` for a fail low (an upper
/// bound) or `!` for a fail high (a lower bound).
pub fn thinking_line(info: &Info) -> String {
    let mut line = format!(
        "{} {} {} {} {} {} 0\t",
        info.depth,
        score(info.score),
        info.time_ms / 10,
        info.nodes,
        info.seldepth,
        info.nps
    );
    let moves: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    line.push_str(&moves.join(" "));
    match info.bound {
        Bound::Upper => line.push('?'),
        Bound::Lower => line.push('!'),
        Bound::Exact => {}
    }
    line
}

/// `stat01: time nodes depth movesleft movestotal` for the `.` command of analysis mode: the
/// progress of the last completed iteration, so no moves are left at its depth.
pub fn status_line(elapsed_ms: u128, info: Option<&Info>, legal_moves: usize) -> String {
    let (nodes, depth) = info.map_or((0, 0), |info| (info.nodes, info.depth));
    let left = if info.is_some() { 0 } else { legal_moves };
    format!(
        "stat01: {} {nodes} {depth} {left} {legal_moves}",
        elapsed_ms / 10
    )
}

fn name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The `RESULT {comment}` line claiming a finished game. `to_move` is the side to move in the
/// final position (the one stalemated or repeating, or being mated).
pub fn claim(outcome: Outcome, to_move: Color) -> String {
    let mut line = outcome.pgn_result().to_string();
    let _ = match outcome {
        Outcome::Win { winner, reason } => match reason {
            EndReason::Checkmate => write!(line, " {{{} mates}}", name(winner)),
            EndReason::Campmate => write!(line, " {{{} wins by campmate}}", name(winner)),
            EndReason::Stalemate => {
                write!(line, " {{{} is stalemated and loses}}", name(to_move))
            }
            EndReason::Repetition => {
                write!(line, " {{{} loses by threefold repetition}}", name(to_move))
            }
            EndReason::FiftyMoves | EndReason::InsufficientMaterial => {
                write!(line, " {{{} wins}}", name(winner))
            }
        },
        Outcome::Draw { reason } => match reason {
            EndReason::Stalemate => write!(line, " {{Stalemate}}"),
            EndReason::Repetition => write!(line, " {{Draw by repetition}}"),
            EndReason::FiftyMoves => write!(line, " {{Draw by 50-move rule}}"),
            EndReason::InsufficientMaterial => write!(line, " {{Insufficient material}}"),
            EndReason::Checkmate | EndReason::Campmate => write!(line, " {{Draw}}"),
        },
    };
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_and_thinking_lines() {
        assert_eq!(score(Score::Cp(-31)), -31);
        assert_eq!(score(Score::Mate(3)), 100_003);
        assert_eq!(score(Score::Mate(-2)), -100_002);
        let info = Info {
            depth: 7,
            seldepth: 11,
            multipv: 1,
            score: Score::Cp(42),
            bound: Bound::Lower,
            wdl: None,
            nodes: 12345,
            nps: 1_000_000,
            hashfull: 3,
            time_ms: 1234,
            pv: vec![],
        };
        assert_eq!(thinking_line(&info), "7 42 123 12345 11 1000000 0\t!");
    }

    #[test]
    fn every_option_offered_or_set_by_a_command() {
        let names: Vec<&str> = OPTIONS.iter().map(|option| option.name).collect();
        for name in SET_BY_THE_PROTOCOL {
            assert!(names.contains(&name), "{name} is no option");
        }
        let lines = features().join("\n");
        assert!(lines.contains("feature option=\"Skill Level -spin 20 -20 20\""));
        assert!(lines.contains("feature option=\"Clear Hash -button\""));
        assert!(lines.contains("feature option=\"OwnBook -check 1\""));
        assert!(!lines.contains("option=\"Hash "));
        assert!(lines.ends_with("feature done=1"));
    }

    #[test]
    fn claims_name_the_rule() {
        let win = |winner, reason| Outcome::Win { winner, reason };
        assert_eq!(
            claim(win(Color::White, EndReason::Campmate), Color::Black),
            "1-0 {White wins by campmate}"
        );
        assert_eq!(
            claim(win(Color::White, EndReason::Stalemate), Color::Black),
            "1-0 {Black is stalemated and loses}"
        );
        assert_eq!(
            claim(win(Color::Black, EndReason::Repetition), Color::White),
            "0-1 {White loses by threefold repetition}"
        );
        assert_eq!(
            claim(win(Color::Black, EndReason::Checkmate), Color::White),
            "0-1 {Black mates}"
        );
        assert_eq!(
            claim(
                Outcome::Draw {
                    reason: EndReason::FiftyMoves
                },
                Color::White
            ),
            "1/2-1/2 {Draw by 50-move rule}"
        );
    }
}
