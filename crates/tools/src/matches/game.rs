//! One game between two engines, arbitrated by Kaiser's rules: every move is checked for
//! legality, the clocks are the runner's own, the game ends by the rules of the variant
//! (`Position::outcome`, and in chess a draw when neither side has the material to mate), by
//! an engine's fault (illegal move, crash, stall, time forfeit) or by adjudication, and the
//! record keeps each move with the engine's score, depth and time.

use super::adjudication::{Adjudication, Adjudicator, Verdict};
use super::engine::{Engine, Fault};
use super::info::SearchInfo;
use super::time_control::{go_command, Clock, TimeControl};
use kaiser_engine::{Color, Move, Position, Variant};
use kaiser_rules::position::EndReason;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// What every game of a match shares.
#[derive(Clone, Copy, Debug)]
pub struct GameSettings {
    pub variant: Variant,
    pub adjudication: Adjudication,
    /// How long an engine may take to answer `isready`, to answer `bestmove` after `stop`, or
    /// to finish a search that has no time limit before it is sent `stop`.
    pub stall_timeout: Duration,
}

/// How a game ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Termination {
    /// By the rules of the variant.
    Rules(EndReason),
    /// The side to move answered with a move that is not legal (as written by the engine).
    IllegalMove(String),
    /// The side to move crashed or stalled.
    Fault(Fault),
    /// The side to move answered after its time (plus margin) ran out.
    TimeForfeit,
    Adjudication(Verdict),
    /// Stopped by the runner (the match ended) before a result.
    Aborted,
}

/// The result of a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameResult {
    Win(Color),
    Draw,
    /// Aborted: no result.
    Unfinished,
}

/// A move of the game with what its engine said about it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayedMove {
    pub mv: Move,
    pub info: SearchInfo,
    pub elapsed: Duration,
}

/// A finished (or aborted) game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub variant: Variant,
    /// The engines' names, White's first.
    pub names: [String; 2],
    pub time_controls: [TimeControl; 2],
    pub start_fen: String,
    pub moves: Vec<PlayedMove>,
    pub result: GameResult,
    pub termination: Termination,
}

/// "White" or "Black".
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl GameRecord {
    /// The short reason for the PGN `Termination` tag and the match summary: `checkmate`,
    /// `campmate`, `illegal move e2e5`, `crash`, `stall`, `time forfeit`, ...
    pub fn termination_tag(&self) -> String {
        match &self.termination {
            Termination::Rules(reason) => reason.to_string(),
            Termination::IllegalMove(mv) => format!("illegal move {mv}"),
            Termination::Fault(Fault::Crash(_)) => "crash".to_string(),
            Termination::Fault(Fault::Stall(_)) => "stall".to_string(),
            Termination::TimeForfeit => "time forfeit".to_string(),
            Termination::Adjudication(verdict) => verdict.describe().to_string(),
            Termination::Aborted => "aborted".to_string(),
        }
    }

    /// A sentence on how the game ended, in cutechess's manner: `White wins by checkmate`,
    /// `Black makes an illegal move: e2e5`, `White loses on time`, ...
    pub fn description(&self) -> String {
        let loser = match self.result {
            GameResult::Win(winner) => color_name(!winner),
            _ => "",
        };
        match (&self.termination, self.result) {
            (Termination::Rules(reason), GameResult::Win(winner)) => {
                format!("{} wins by {reason}", color_name(winner))
            }
            (Termination::Rules(reason), _) => format!("Draw by {reason}"),
            (Termination::IllegalMove(mv), _) => format!("{loser} makes an illegal move: {mv}"),
            (Termination::Fault(Fault::Crash(how)), _) => {
                format!("{loser}'s engine crashed ({how})")
            }
            (Termination::Fault(Fault::Stall(what)), _) => {
                format!("{loser}'s engine stalled (no {what})")
            }
            (Termination::TimeForfeit, _) => format!("{loser} loses on time"),
            (Termination::Adjudication(Verdict::Resign { .. }), _) => {
                format!("{loser} resigns (adjudication)")
            }
            (Termination::Adjudication(Verdict::MaxMoves), _) => {
                "Draw by adjudication (move limit)".to_string()
            }
            (Termination::Adjudication(Verdict::Draw), _) => {
                "Draw by adjudication (scores near zero)".to_string()
            }
            (Termination::Aborted, _) => "Game aborted".to_string(),
        }
    }
}

/// The `position` command for a game from `start_fen` after `moves`.
fn position_command(variant: Variant, start_fen: &str, moves: &[PlayedMove]) -> String {
    let mut command = if start_fen == variant.start_fen() {
        "position startpos".to_string()
    } else {
        format!("position fen {start_fen}")
    };
    if !moves.is_empty() {
        command.push_str(" moves");
        for played in moves {
            command.push(' ');
            command.push_str(&played.mv.to_string());
        }
    }
    command
}

/// Plays a game from `start_fen` (a valid FEN of `settings.variant`) with `white` and `black`,
/// until it ends or `abort` is set (checked between moves).
pub fn play(
    settings: &GameSettings,
    start_fen: &str,
    white: &mut Engine,
    black: &mut Engine,
    abort: &AtomicBool,
) -> GameRecord {
    let mut engines = [white, black];
    let controls = engines.each_ref().map(|e| e.config().time_control);
    let mut record = GameRecord {
        variant: settings.variant,
        names: engines.each_ref().map(|e| e.config().name.clone()),
        time_controls: controls,
        start_fen: start_fen.to_string(),
        moves: Vec::new(),
        result: GameResult::Unfinished,
        termination: Termination::Aborted,
    };
    let (result, termination) = run(settings, &mut engines, &mut record, abort);
    record.result = result;
    record.termination = termination;
    record
}

/// The game loop: returns the result and how the game ended, filling in `record.moves`.
fn run(
    settings: &GameSettings,
    engines: &mut [&mut Engine; 2],
    record: &mut GameRecord,
    abort: &AtomicBool,
) -> (GameResult, Termination) {
    let mut pos = Position::from_fen(&record.start_fen, settings.variant)
        .expect("openings are checked when they are read");
    let lose = |color: Color, termination| (GameResult::Win(!color), termination);
    for color in [Color::White, Color::Black] {
        if let Err(fault) =
            engines[color.index()].new_game(settings.variant, settings.stall_timeout)
        {
            return lose(color, Termination::Fault(fault));
        }
    }
    let controls = record.time_controls;
    let mut clocks = controls.each_ref().map(Clock::new);
    let mut adjudicator = Adjudicator::new(settings.adjudication);
    let rules_end = |pos: &Position| match pos.outcome() {
        Some(outcome) => {
            let result = outcome.winner().map_or(GameResult::Draw, GameResult::Win);
            Some((result, Termination::Rules(outcome.reason())))
        }
        // The arbiter's rule, which the engines' own rules leave out.
        None if pos.insufficient_material() => Some((
            GameResult::Draw,
            Termination::Rules(EndReason::InsufficientMaterial),
        )),
        None => None,
    };
    if let Some(end) = rules_end(&pos) {
        return end;
    }
    loop {
        if abort.load(Ordering::Relaxed) {
            return (GameResult::Unfinished, Termination::Aborted);
        }
        let side = pos.side_to_move();
        let engine = &mut engines[side.index()];
        let margin = engine.config().time_margin;
        let allowance = controls[side.index()].allowance(&clocks[side.index()]);
        let patience = allowance.map_or(settings.stall_timeout, |time| time + margin);
        let reply = match engine.think(
            &position_command(settings.variant, &record.start_fen, &record.moves),
            &go_command(side, &clocks, &controls),
            patience,
            settings.stall_timeout,
        ) {
            Ok(reply) => reply,
            Err(fault) => return lose(side, Termination::Fault(fault)),
        };
        if allowance.is_some_and(|time| reply.elapsed > time + margin) {
            return lose(side, Termination::TimeForfeit);
        }
        clocks[side.index()].charge(&controls[side.index()], reply.elapsed);
        let Some(mv) = pos.parse_uci_move(&reply.bestmove) else {
            return lose(side, Termination::IllegalMove(reply.bestmove));
        };
        pos.make_move(mv);
        record.moves.push(PlayedMove {
            mv,
            info: reply.info,
            elapsed: reply.elapsed,
        });
        if let Some(end) = rules_end(&pos) {
            return end;
        }
        if let Some(verdict) = adjudicator.after_move(side, reply.info.score) {
            let result = match verdict {
                Verdict::Resign { loser } => GameResult::Win(!loser),
                Verdict::Draw | Verdict::MaxMoves => GameResult::Draw,
            };
            return (result, Termination::Adjudication(verdict));
        }
    }
}
