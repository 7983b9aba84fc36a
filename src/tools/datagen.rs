//! `datagen`: training data for the evaluation tuner. Plays fast Kaiser self-play games (a fixed
//! number of nodes a move, one thread an engine) from a variant's test openings, each followed by
//! a few random moves so that no two games are alike, and labels the quiet positions of every
//! game with its result.
//!
//! A position is kept when the side to move is not in check, the move the engine chose there is
//! neither a capture nor a promotion, the search saw no mate, and the game is past its first few
//! plies. The file holds one game after another: a `# game N RESULT` line, then one
//! `FEN | R` line a position, `R` the result from White's side (1, 0.5 or 0). Games are written
//! whole, so an interrupted run resumes by counting the games already in the file. Game `N` is
//! the same whatever the number of threads or interruptions: its random choices come from the
//! seed and `N` alone.

use crate::search::{Engine, Limits, NullListener, Score, SearchControl};
use crate::types::{Move, MoveKind};
use crate::{Color, Position, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// What to generate.
#[derive(Clone, Debug)]
pub struct Config {
    pub variant: Variant,
    /// Games wanted in the file, counting those already there.
    pub games: usize,
    /// Nodes searched for each move.
    pub nodes: u64,
    /// Random moves played after the opening.
    pub random_plies: u32,
    /// Plies after the random moves whose positions are not kept.
    pub skip_plies: usize,
    /// A game still going after this many plies ends as a draw.
    pub max_plies: usize,
    pub threads: usize,
    pub seed: u64,
    /// Starting positions (FENs); games take them at random.
    pub openings: Vec<String>,
}

impl Config {
    /// The defaults of `kaiser datagen` for `variant`, starting from `openings`.
    pub fn new(variant: Variant, openings: Vec<String>) -> Config {
        Config {
            variant,
            games: 1000,
            nodes: 5000,
            random_plies: 2,
            skip_plies: 4,
            max_plies: 400,
            threads: 1,
            seed: 1,
            openings,
        }
    }
}

/// What starts each game's line in a data file, before its index and result.
pub const GAME_HEADER: &str = "# game ";

/// One finished game: its result from White's side and its kept positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub white_score: f32,
    pub fens: Vec<String>,
}

impl Game {
    fn pgn_result(&self) -> &'static str {
        match self.white_score {
            s if s > 0.75 => "1-0",
            s if s < 0.25 => "0-1",
            _ => "1/2-1/2",
        }
    }

    /// Writes the game in the file format (see the module header).
    pub fn write(&self, index: usize, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{GAME_HEADER}{index} {}", self.pgn_result())?;
        for fen in &self.fens {
            writeln!(out, "{fen} | {}", self.white_score)?;
        }
        Ok(())
    }
}

/// The number of games a data file already holds.
pub fn games_in(file: impl BufRead) -> io::Result<usize> {
    let mut count = 0;
    for line in file.lines() {
        count += usize::from(line?.starts_with(GAME_HEADER));
    }
    Ok(count)
}

/// How far a run has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub games: usize,
    pub positions: usize,
}

/// Plays games `first..config.games`, handing each to `sink` (under a lock, in the order they
/// finish) with its index. Stops at the first error `sink` returns.
pub fn run(
    config: &Config,
    first: usize,
    sink: &mut (dyn FnMut(usize, &Game) -> io::Result<()> + Send),
) -> io::Result<()> {
    if config.openings.is_empty() {
        return Err(io::Error::other("no openings to start games from"));
    }
    let next = AtomicUsize::new(first);
    let sink = Mutex::new(sink);
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let mut engine = Engine::new();
                engine.set_hash_mb(16);
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games || failure.lock().unwrap().is_some() {
                        return;
                    }
                    let game = play(config, index, &mut engine);
                    let mut sink = sink.lock().unwrap();
                    if let Err(err) = (*sink)(index, &game) {
                        *failure.lock().unwrap() = Some(err);
                    }
                }
            });
        }
    });
    failure.into_inner().unwrap().map_or(Ok(()), Err)
}

/// Whether `pos` is quiet enough to be kept when `m` is played from it: the side to move is not
/// in check, and `m` is neither a capture nor a promotion (nor castling or en passant).
pub fn is_kept(pos: &Position, m: Move) -> bool {
    !pos.in_check() && pos.piece_at(m.to()).is_none() && m.kind() == MoveKind::Normal
}

/// Plays game `index` of the run.
pub fn play(config: &Config, index: usize, engine: &mut Engine) -> Game {
    let mut rng =
        StdRng::seed_from_u64(config.seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let opening = &config.openings[rng.gen_range(0..config.openings.len())];
    let mut pos =
        Position::from_fen(opening, config.variant).expect("openings are checked on load");
    for _ in 0..config.random_plies {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.outcome().is_some() {
            break;
        }
        pos.make_move(moves[rng.gen_range(0..moves.len())]);
    }
    engine.clear();
    let limits = Limits {
        nodes: Some(config.nodes),
        ..Limits::default()
    };
    let mut fens = Vec::new();
    for ply in 0..config.max_plies {
        if let Some(outcome) = pos.outcome() {
            let white_score = match outcome.winner() {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
            return Game { white_score, fens };
        }
        let result = engine.search(&pos, &limits, &SearchControl::new(), &NullListener);
        let m = result.best.expect("a position that is not over has a move");
        if ply >= config.skip_plies && matches!(result.score, Score::Cp(_)) && is_kept(&pos, m) {
            fens.push(pos.fen());
        }
        pos.make_move(m);
    }
    Game {
        white_score: 0.5,
        fens,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> Config {
        let mut config = Config::new(
            Variant::Empire,
            vec![Variant::Empire.start_fen().to_string()],
        );
        config.nodes = 200;
        config.games = 2;
        config
    }

    #[test]
    fn games_are_labelled_and_reproducible() {
        let config = config();
        let mut engine = Engine::new();
        let game = play(&config, 1, &mut engine);
        assert!([0.0, 0.5, 1.0].contains(&game.white_score));
        assert!(!game.fens.is_empty());
        for fen in &game.fens {
            let pos = Position::from_fen(fen, Variant::Empire).unwrap();
            assert!(!pos.in_check() && pos.outcome().is_none());
        }
        assert_eq!(play(&config, 1, &mut engine), game);
    }

    #[test]
    fn a_run_resumes_by_counting_games() {
        let config = config();
        let mut file = Vec::new();
        run(&config, 0, &mut |index, game| game.write(index, &mut file)).unwrap();
        assert_eq!(games_in(&file[..]).unwrap(), 2);
        let mut more = config.clone();
        more.games = 3;
        let first = games_in(&file[..]).unwrap();
        run(&more, first, &mut |index, game| {
            game.write(index, &mut file)
        })
        .unwrap();
        assert_eq!(games_in(&file[..]).unwrap(), 3);
        let text = String::from_utf8(file).unwrap();
        assert!(text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .all(|l| l.contains(" | ")));
    }
}
