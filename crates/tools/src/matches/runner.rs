//! The match: games handed out to `concurrency` worker threads, each with its own pair of engine
//! processes (restarted after a crash or stall), results gathered on the calling thread, written
//! to the PGN file game by game, and stopped early when the SPRT decides.
//!
//! Games `2k` and `2k + 1` form pair `k`: one opening, the first engine taking White in the
//! even game and Black in the odd one. A match of several variants gives the pairs to its
//! variants in turn (pair `k` plays variant `k % n`), each variant cycling through its own
//! openings; the engines are kept from one variant to the next and told the game's variant
//! before it starts (`Engine::new_game`).

use super::adjudication::Adjudication;
use super::engine::{Engine, EngineConfig};
use super::game::{self, GameRecord, GameSettings, Termination};
use super::pgn_out::PgnWriter;
use super::tally::Tally;
use crate::stats::{Decision, Sprt};
use anyhow::Result;
use kaiser_engine::{Color, Variant};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// How long an engine may take to answer `uci` with `uciok`.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(30);

/// One variant of a match and the openings it is played from.
#[derive(Clone, Debug)]
pub struct VariantOpenings {
    pub variant: Variant,
    /// Opening FENs in playing order; empty for the variant's start position.
    pub openings: Vec<String>,
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The variants played in turn, a game pair each; at least one, none twice.
    pub variants: Vec<VariantOpenings>,
    pub adjudication: Adjudication,
    /// See `GameSettings::stall_timeout`.
    pub stall_timeout: Duration,
    /// The engine under test first: results are given from its point of view.
    pub engines: [EngineConfig; 2],
    pub games: usize,
    pub concurrency: usize,
    pub pgn_out: Option<PathBuf>,
    pub sprt: Option<Sprt>,
}

/// A game as it finished.
pub struct FinishedGame {
    /// 0-based.
    pub index: usize,
    /// The first engine had White.
    pub first_white: bool,
    pub record: GameRecord,
}

/// The end of a match.
#[derive(Clone, Debug)]
pub struct MatchReport {
    pub tally: Tally,
    /// The SPRT's decision if there was a test.
    pub decision: Option<Decision>,
}

impl MatchConfig {
    /// The settings and the opening of game `index`.
    pub fn game(&self, index: usize) -> (GameSettings, &str) {
        let pair = index / 2;
        let count = self.variants.len();
        let VariantOpenings { variant, openings } = &self.variants[pair % count];
        let opening = match openings.len() {
            0 => variant.start_fen(),
            n => &openings[pair / count % n],
        };
        let settings = GameSettings {
            variant: *variant,
            adjudication: self.adjudication,
            stall_timeout: self.stall_timeout,
        };
        (settings, opening)
    }

    /// The variants of the match, in playing order.
    pub fn variant_list(&self) -> impl Iterator<Item = Variant> + '_ {
        self.variants.iter().map(|v| v.variant)
    }
}

/// Plays the match, calling `on_game` with each counted game and the tally after it.
pub fn run(
    config: &MatchConfig,
    mut on_game: impl FnMut(&FinishedGame, &Tally),
) -> Result<MatchReport> {
    let mut pgn = config
        .pgn_out
        .as_deref()
        .map(PgnWriter::append)
        .transpose()?;
    let next = AtomicUsize::new(0);
    let abort = AtomicBool::new(false);
    let mut tally = Tally::default();
    let mut decision = config.sprt.map(|_| Decision::Continue);
    let mut failure = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for _ in 0..config.concurrency.clamp(1, config.games.max(1)) {
            let tx = tx.clone();
            let (next, abort) = (&next, &abort);
            scope.spawn(move || worker(config, next, abort, &tx));
        }
        drop(tx);
        for message in rx {
            let finished = match message {
                Ok(finished) if finished.record.termination != Termination::Aborted => finished,
                Ok(_) => continue,
                Err(error) => {
                    abort.store(true, Ordering::Relaxed);
                    failure.get_or_insert(error);
                    continue;
                }
            };
            tally.add(finished.index, finished.first_white, &finished.record);
            if let Some(writer) = pgn.as_mut() {
                if let Err(error) = writer.write(&finished.record, finished.index + 1) {
                    abort.store(true, Ordering::Relaxed);
                    failure.get_or_insert(error);
                }
            }
            if let Some(sprt) = config.sprt {
                let verdict = sprt.decide(sprt.llr(&tally.pairs));
                decision = Some(verdict);
                if verdict != Decision::Continue {
                    abort.store(true, Ordering::Relaxed);
                }
            }
            on_game(&finished, &tally);
        }
    });
    match failure {
        Some(error) => Err(error),
        None => Ok(MatchReport { tally, decision }),
    }
}

/// The engine in `slot`, started first for `variant` if the slot is empty; an engine that
/// cannot play every variant of the match is an error.
fn started<'a>(
    slot: &'a mut Option<Engine>,
    config: &EngineConfig,
    variant: Variant,
    match_config: &MatchConfig,
) -> Result<&'a mut Engine> {
    let engine = match slot.take() {
        Some(engine) => engine,
        None => {
            let engine = Engine::start(config, variant, HANDSHAKE_TIMEOUT)?;
            for variant in match_config.variant_list() {
                engine.check_plays(variant)?;
            }
            engine
        }
    };
    Ok(slot.insert(engine))
}

/// One worker: takes the next game until there are none or the match is aborted.
fn worker(
    config: &MatchConfig,
    next: &AtomicUsize,
    abort: &AtomicBool,
    results: &mpsc::Sender<Result<FinishedGame>>,
) {
    let mut engines: [Option<Engine>; 2] = [None, None];
    while !abort.load(Ordering::Relaxed) {
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= config.games {
            break;
        }
        let (settings, opening) = config.game(index);
        let variant = settings.variant;
        let [first_slot, second_slot] = &mut engines;
        let started = started(first_slot, &config.engines[0], variant, config).and_then(|first| {
            let second = started(second_slot, &config.engines[1], variant, config)?;
            Ok((first, second))
        });
        let (first, second) = match started {
            Ok(engines) => engines,
            Err(error) => {
                let _ = results.send(Err(error));
                return;
            }
        };
        let first_white = index.is_multiple_of(2);
        let (white, black) = if first_white {
            (first, second)
        } else {
            (second, first)
        };
        let record = game::play(&settings, opening, white, black, abort);
        if let (Termination::Fault(_), game::GameResult::Win(winner)) =
            (&record.termination, record.result)
        {
            // The engine that crashed or stalled is replaced for the next game.
            let first_lost = (winner == Color::White) != first_white;
            engines[usize::from(!first_lost)] = None;
        }
        let finished = FinishedGame {
            index,
            first_white,
            record,
        };
        if results.send(Ok(finished)).is_err() {
            break;
        }
    }
    for engine in engines.into_iter().flatten() {
        engine.quit();
    }
}
