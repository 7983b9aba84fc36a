//! `datagen`: training data from fast Kaiser self-play. Each game starts from the variant's start
//! position (or an opening of a file) followed by 8 to 16 random moves, so that no two games are
//! alike, kept only where a short search finds the game still open and where no test opening
//! was met on the way (the openings matches are judged on are never trained on). Then Kaiser
//! plays both sides at a soft node limit a move (one search thread an engine). Every ply's move and score is recorded (`data::GameRecord`), and the game ends by the
//! rules, by adjudication once its score has stayed decisive or level for long enough, or at a
//! ply limit.
//!
//! Game `N` of a run depends on the seed and `N` alone, whatever the number of threads or
//! interruptions, and games reach the sink in the order of their numbers: two runs with one seed
//! write the same bytes, and a run resumes at the first game its file lacks.

use super::data::{Ending, GameRecord, GameResult, Header, PlyScore, RandomPlies, Source};
use super::matches::openings::test_keys;
use kaiser_engine::eval::nnue::Network;
use kaiser_engine::search::{Engine, Info, Limits, Listener, Score, SearchControl};
use kaiser_engine::{Color, Position, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, HashSet};
use std::io;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// When a game is decided without playing it out, by the search scores (White's view).
#[derive(Clone, Copy, Debug)]
pub struct Adjudication {
    /// A win: the score has been at least this for one side (or a forced win) ...
    pub win_cp: i32,
    /// ... for this many plies in a row.
    pub win_plies: u32,
    /// A draw: from this ply on, the score has been within `±draw_cp` ...
    pub draw_from_ply: usize,
    pub draw_cp: i32,
    /// ... for this many plies in a row.
    pub draw_plies: u32,
}

impl Default for Adjudication {
    fn default() -> Adjudication {
        Adjudication {
            win_cp: 1500,
            win_plies: 8,
            draw_from_ply: 80,
            draw_cp: 8,
            draw_plies: 16,
        }
    }
}

/// What to generate.
#[derive(Clone, Debug)]
pub struct Config {
    pub variant: Variant,
    /// Games wanted in the run, counting those already played.
    pub games: u32,
    /// The soft node limit of each move's search: no new iteration starts past it.
    pub nodes: u32,
    /// Random moves played after the opening.
    pub random_plies: RandomPlies,
    /// A game still going after this many plies ends as a draw.
    pub max_plies: usize,
    pub adjudication: Adjudication,
    pub threads: usize,
    pub seed: u64,
    /// Starting positions (FENs); games take them at random.
    pub openings: Vec<String>,
    /// Keys of the positions no game may start in or pass through before its start; `None`
    /// for the variant's test openings (`matches::openings::test_keys`), which `Config::new`
    /// leaves it at.
    pub excluded: Option<Arc<HashSet<u64>>>,
    /// The network that evaluates, in place of the engine's own (its built-in network for the
    /// variant, or else the hand-written evaluation).
    pub network: Option<Arc<Network>>,
}

/// The hard node limit of a move's search, as a multiple of the soft one.
const HARD_NODES_FACTOR: u64 = 4;
/// A game's start is drawn again while a search scores it beyond this (centipawns) ...
const MAX_START_CP: i32 = 300;
/// ... up to this many times.
const OPENING_DRAWS: u32 = 8;
/// Random lines that end the game or meet an excluded position are drawn again up to this
/// many times; then the game starts from its opening with no random moves.
const LINE_DRAWS: u32 = 64;
/// Hash table of each game's engine.
const HASH_MB: usize = 16;

impl Config {
    /// The keys of the positions no game may start in or pass through before its start.
    fn excluded(&self) -> &HashSet<u64> {
        self.excluded
            .as_deref()
            .unwrap_or_else(|| test_keys(self.variant))
    }

    /// The defaults of `kaiser datagen` for `variant`, starting from `openings` (none: the
    /// variant's start position), avoiding the variant's test openings.
    pub fn new(variant: Variant, openings: Vec<String>) -> Config {
        let openings = if openings.is_empty() {
            vec![variant.start_fen().to_string()]
        } else {
            openings
        };
        Config {
            variant,
            games: 1000,
            nodes: 2500,
            random_plies: RandomPlies { min: 8, max: 16 },
            max_plies: 400,
            adjudication: Adjudication::default(),
            threads: 1,
            seed: 1,
            openings,
            excluded: None,
            network: None,
        }
    }

    /// The header of the run's data file: what makes its games what they are.
    pub fn header(&self) -> Header {
        Header {
            variant: self.variant,
            source: Source::SelfPlay,
            nodes: self.nodes,
            seed: self.seed,
            openings: crc32fast::hash(self.openings.join("\n").as_bytes()),
            random_plies: self.random_plies,
        }
    }
}

/// The work of a run's searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchTally {
    pub searches: u64,
    pub nodes: u64,
}

impl SearchTally {
    fn add(&mut self, other: SearchTally) {
        self.searches += other.searches;
        self.nodes += other.nodes;
    }
}

/// Keeps the node count of a search's last report: its total.
#[derive(Default)]
struct LastNodes(AtomicU64);

impl Listener for LastNodes {
    fn info(&self, info: &Info) {
        self.0.store(info.nodes, Ordering::Relaxed);
    }
}

/// Plays games `first..config.games`, handing each to `sink` in the order of their numbers
/// (under a lock). Stops at the first error `sink` returns. Returns the searches' work.
pub fn run(
    config: &Config,
    first: u32,
    sink: &mut (dyn FnMut(&GameRecord) -> io::Result<()> + Send),
) -> io::Result<SearchTally> {
    if config.openings.is_empty() {
        return Err(io::Error::other("no openings to start games from"));
    }
    if config.random_plies.min > config.random_plies.max {
        return Err(io::Error::other(format!(
            "random moves {}: the least is above the most",
            config.random_plies
        )));
    }
    for fen in &config.openings {
        let pos = Position::from_fen(fen, config.variant)
            .map_err(|e| io::Error::other(format!("opening {fen}: {e}")))?;
        if config.excluded().contains(&pos.key()) {
            return Err(io::Error::other(format!(
                "opening {fen} is a test opening: games judged on it must not be trained on"
            )));
        }
    }
    let next = AtomicU32::new(first);
    let writer = Mutex::new(OrderedSink {
        next: first,
        waiting: BTreeMap::new(),
        sink,
        failure: None,
    });
    let tally = Mutex::new(SearchTally::default());
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let mut engine = Engine::new();
                engine.set_hash_mb(HASH_MB);
                if let Some(net) = &config.network {
                    engine.set_network(config.variant, Some(Arc::clone(net)));
                }
                let mut searches = SearchTally::default();
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games || writer.lock().unwrap().failure.is_some() {
                        tally.lock().unwrap().add(searches);
                        return;
                    }
                    let game = play(config, index, &mut engine, &mut searches);
                    writer.lock().unwrap().push(game);
                }
            });
        }
    });
    let tally = tally.into_inner().unwrap();
    writer.into_inner().unwrap().failure.map_or(Ok(tally), Err)
}

/// Hands games to a sink in the order of their numbers, holding those that finish early.
struct OrderedSink<'a> {
    next: u32,
    waiting: BTreeMap<u32, GameRecord>,
    sink: &'a mut (dyn FnMut(&GameRecord) -> io::Result<()> + Send),
    failure: Option<io::Error>,
}

impl OrderedSink<'_> {
    fn push(&mut self, game: GameRecord) {
        self.waiting.insert(game.index, game);
        while let Some(game) = self.waiting.remove(&self.next) {
            if self.failure.is_none() {
                if let Err(error) = (self.sink)(&game) {
                    self.failure = Some(error);
                }
            }
            self.next += 1;
        }
    }
}

/// The adjudication streaks of a game under way.
#[derive(Default)]
struct Streaks {
    /// Plies in a row with a winning score for White (positive) or Black (negative).
    win: i32,
    /// Plies in a row with a level score.
    level: u32,
}

impl Streaks {
    /// Takes in the score of ply `ply`; the result if the game is now adjudicated.
    fn update(&mut self, rules: &Adjudication, ply: usize, score: PlyScore) -> Option<Ending> {
        let (white_wins, black_wins, level) = match score {
            PlyScore::Mate(color) => (color == Color::White, color == Color::Black, false),
            PlyScore::Cp(cp) => {
                let cp = i32::from(cp);
                (
                    cp >= rules.win_cp,
                    cp <= -rules.win_cp,
                    cp.abs() <= rules.draw_cp,
                )
            }
            PlyScore::Unscored => (false, false, false),
        };
        self.win = match (white_wins, black_wins) {
            (true, _) => self.win.max(0) + 1,
            (_, true) => self.win.min(0) - 1,
            _ => 0,
        };
        self.level = if level && ply >= rules.draw_from_ply {
            self.level + 1
        } else {
            0
        };
        if self.win.unsigned_abs() >= rules.win_plies {
            Some(Ending::AdjudicatedWin)
        } else if self.level >= rules.draw_plies {
            Some(Ending::AdjudicatedDraw)
        } else {
            None
        }
    }

    fn winner(&self) -> Option<Color> {
        match self.win {
            w if w > 0 => Some(Color::White),
            w if w < 0 => Some(Color::Black),
            _ => None,
        }
    }
}

/// A search score as a ply's score: from the side to move's view to White's.
fn ply_score(score: Score, side_to_move: Color) -> PlyScore {
    let (for_mover, cp) = match score {
        Score::Mate(moves) => (moves > 0, None),
        Score::Cp(cp) => (cp > 0, Some(cp)),
    };
    let white_view = |cp: i32| match side_to_move {
        Color::White => cp,
        Color::Black => -cp,
    };
    match cp {
        Some(cp) => PlyScore::cp(white_view(cp)),
        None if for_mover => PlyScore::Mate(side_to_move),
        None => PlyScore::Mate(!side_to_move),
    }
}

/// A game's start: an opening and random moves from it, drawn again (up to
/// `OPENING_DRAWS` times) while a search scores the result beyond `±MAX_START_CP`. The
/// engine is cleared once, first: a game depends on its index and the seed alone, and what
/// the searches of its start learnt serves its first move.
fn start(
    config: &Config,
    index: u32,
    engine: &mut Engine,
    limits: &Limits,
    tally: &mut SearchTally,
) -> (Position, GameRecord) {
    let mut rng =
        StdRng::seed_from_u64(config.seed ^ u64::from(index).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    engine.clear();
    let mut draws = 0;
    loop {
        draws += 1;
        let (pos, game) = random_start(config, index, &mut rng);
        if draws == OPENING_DRAWS || pos.outcome().is_some() {
            return (pos, game);
        }
        let score = search(engine, &pos, limits, tally).1;
        if matches!(score, PlyScore::Cp(cp) if i32::from(cp).abs() <= MAX_START_CP) {
            return (pos, game);
        }
    }
}

/// An opening and a random line from it that neither ends the game nor meets an excluded
/// position, drawn up to `LINE_DRAWS` times; then the opening alone (never excluded: `run`
/// checks the openings). A fixed number of random moves draws no length from `rng`, so runs
/// made before lengths were drawn play the same games.
fn random_start(config: &Config, index: u32, rng: &mut StdRng) -> (Position, GameRecord) {
    let RandomPlies { min, max } = config.random_plies;
    let excluded = config.excluded();
    let mut draw = 0;
    loop {
        draw += 1;
        let opening = &config.openings[rng.gen_range(0..config.openings.len())];
        let mut pos =
            Position::from_fen(opening, config.variant).expect("openings are checked on load");
        let length = if min == max {
            min
        } else {
            rng.gen_range(min..=max)
        };
        let length = if draw == LINE_DRAWS { 0 } else { length };
        let mut plies = Vec::new();
        let mut met_excluded = false;
        for _ in 0..length {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            let m = moves[rng.gen_range(0..moves.len())];
            plies.push((m, PlyScore::Unscored));
            pos.make_move(m);
            met_excluded |= excluded.contains(&pos.key());
        }
        if draw < LINE_DRAWS && (met_excluded || pos.outcome().is_some()) {
            continue;
        }
        let game = GameRecord {
            index,
            start_fen: (opening != config.variant.start_fen()).then(|| opening.clone()),
            opening_plies: plies.len() as u8,
            plies,
            result: GameResult::Draw,
            ending: Ending::PlyLimit,
        };
        return (pos, game);
    }
}

/// Searches `pos`, adding the search to `tally`: the move chosen and its score for White.
fn search(
    engine: &mut Engine,
    pos: &Position,
    limits: &Limits,
    tally: &mut SearchTally,
) -> (kaiser_engine::Move, PlyScore) {
    let nodes = LastNodes::default();
    let result = engine.search(pos, limits, &SearchControl::new(), &nodes);
    tally.add(SearchTally {
        searches: 1,
        nodes: nodes.0.load(Ordering::Relaxed),
    });
    let m = result.best.expect("a position that is not over has a move");
    (m, ply_score(result.score, pos.side_to_move()))
}

/// Plays game `index` of the run, adding its searches to `tally`.
pub fn play(
    config: &Config,
    index: u32,
    engine: &mut Engine,
    tally: &mut SearchTally,
) -> GameRecord {
    let limits = Limits {
        soft_nodes: Some(u64::from(config.nodes)),
        nodes: Some(u64::from(config.nodes) * HARD_NODES_FACTOR),
        ..Limits::default()
    };
    let (mut pos, mut game) = start(config, index, engine, &limits, tally);
    let mut streaks = Streaks::default();
    let mut adjudicated = None;
    loop {
        if let Some(outcome) = pos.outcome() {
            game.result = GameResult::from_winner(outcome.winner());
            game.ending = Ending::Rules(outcome.reason());
            return game;
        }
        if let Some(ending) = adjudicated {
            game.result = GameResult::from_winner(streaks.winner());
            game.ending = ending;
            return game;
        }
        if game.plies.len() >= config.max_plies {
            return game;
        }
        let (m, score) = search(engine, &pos, &limits, tally);
        game.plies.push((m, score));
        pos.make_move(m);
        adjudicated = streaks.update(&config.adjudication, game.plies.len(), score);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::TrainingPosition;

    fn config() -> Config {
        let mut config = Config::new(
            Variant::Empire,
            vec![Variant::Empire.start_fen().to_string()],
        );
        config.nodes = 200;
        config.games = 3;
        config.threads = 2;
        config
    }

    #[test]
    fn games_replay_and_are_reproducible() {
        let config = config();
        let mut engine = Engine::new();
        let game = play(&config, 1, &mut engine, &mut SearchTally::default());
        assert_eq!(game.start_fen, None);
        assert!((8..=16).contains(&game.opening_plies));
        let mut positions = 0;
        game.training_positions(Variant::Empire, 0, |p: TrainingPosition| {
            assert!(!p.pos.in_check() && p.pos.outcome().is_none());
            assert!(matches!(p.score, PlyScore::Cp(_)));
            assert_eq!(p.result, game.result);
            positions += 1;
        })
        .unwrap();
        assert!(positions > 0);
        assert_eq!(
            play(&config, 1, &mut Engine::new(), &mut SearchTally::default()),
            game
        );
    }

    #[test]
    fn no_game_starts_in_or_passes_through_an_excluded_position() {
        let mut config = config();
        let start = Position::startpos(Variant::Empire);
        let mut excluded = HashSet::new();
        for m in start.legal_moves() {
            let mut pos = start.clone();
            pos.make_move(m);
            if m != start.legal_moves()[0] {
                excluded.insert(pos.key());
            }
        }
        config.excluded = Some(Arc::new(excluded));
        config.random_plies = RandomPlies::fixed(1);
        let mut rng = StdRng::seed_from_u64(5);
        for index in 0..20 {
            let (_, game) = random_start(&config, index, &mut rng);
            let first = game.plies.first().map(|&(m, _)| m);
            assert!(first.is_none() || first == Some(start.legal_moves()[0]));
        }
        let mut all = config.excluded().clone();
        let mut first = start.clone();
        first.make_move(start.legal_moves()[0]);
        all.insert(first.key());
        config.excluded = Some(Arc::new(all));
        let (pos, game) = random_start(&config, 0, &mut rng);
        assert_eq!(
            (game.opening_plies, pos.key()),
            (0, start.key()),
            "the opening alone"
        );
    }

    #[test]
    fn test_openings_are_refused_as_starts() {
        let mut config = config();
        config.openings = crate::matches::openings::built_in(Variant::Empire)[..3].to_vec();
        let error = run(&config, 0, &mut |_| Ok(())).unwrap_err();
        assert!(error.to_string().contains("is a test opening"), "{error}");
    }

    #[test]
    fn games_reach_the_sink_in_order_whatever_the_threads() {
        let mut config = config();
        let mut indices = Vec::new();
        run(&config, 1, &mut |game| {
            indices.push(game.index);
            Ok(())
        })
        .unwrap();
        assert_eq!(indices, [1, 2]);
        config.threads = 1;
        let mut one_thread = Vec::new();
        run(&config, 0, &mut |game| {
            one_thread.push(game.clone());
            Ok(())
        })
        .unwrap();
        assert_eq!(
            one_thread[2],
            play(&config, 2, &mut Engine::new(), &mut SearchTally::default())
        );
    }

    #[test]
    fn decisive_and_level_scores_are_adjudicated() {
        let rules = Adjudication::default();
        let mut streaks = Streaks::default();
        let win = PlyScore::cp(-2000);
        for ply in 1..rules.win_plies {
            assert_eq!(streaks.update(&rules, ply as usize, win), None);
        }
        assert_eq!(
            streaks.update(&rules, 9, PlyScore::Mate(Color::Black)),
            Some(Ending::AdjudicatedWin)
        );
        assert_eq!(streaks.winner(), Some(Color::Black));
        let mut streaks = Streaks::default();
        for ply in 0..rules.draw_plies as usize {
            assert_eq!(streaks.update(&rules, ply, PlyScore::Cp(0)), None);
        }
        let late = rules.draw_from_ply;
        for ply in late..late + rules.draw_plies as usize - 1 {
            assert_eq!(streaks.update(&rules, ply, PlyScore::Cp(3)), None);
        }
        assert_eq!(
            streaks.update(&rules, late + 99, PlyScore::Cp(-3)),
            Some(Ending::AdjudicatedDraw)
        );
        assert_eq!(streaks.winner(), None);
    }

    #[test]
    fn scores_are_turned_to_whites_view() {
        assert_eq!(ply_score(Score::Cp(30), Color::Black), PlyScore::Cp(-30));
        assert_eq!(
            ply_score(Score::Mate(-2), Color::Black),
            PlyScore::Mate(Color::White)
        );
        assert_eq!(
            ply_score(Score::Mate(3), Color::Black),
            PlyScore::Mate(Color::Black)
        );
    }
}
