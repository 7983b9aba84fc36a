//! Search behaviour through the public API: forced wins under every terminal rule (claims
//! checked with Fairy-Stockfish), limits, MultiPV, searchmoves, stopping, pondering, threads and
//! play levels.

use kaiser_engine::search::skill::{Skill, CANDIDATES};
use kaiser_engine::search::{
    Clock, Engine, Info, Limits, Listener, NullListener, Parameters, Score, SearchControl,
};
use kaiser_engine::{Move, Position, Variant};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Collects every `Info`.
#[derive(Default)]
struct Recorder(Mutex<Vec<Info>>);

impl Listener for Recorder {
    fn info(&self, info: &Info) {
        self.0.lock().unwrap().push(info.clone());
    }
}

fn position(variant: Variant, fen: &str) -> Position {
    Position::from_fen(fen, variant).unwrap()
}

fn uci(pos: &Position, text: &str) -> Move {
    pos.parse_uci_move(text)
        .unwrap_or_else(|| panic!("{text} is not legal"))
}

/// After `ms` milliseconds, on another thread, calls `signal` (`SearchControl::stop` or
/// `ponderhit`) on `control`; joining the handle gives the moment it did.
fn signal_after(
    ms: u64,
    control: &Arc<SearchControl>,
    signal: fn(&SearchControl),
) -> std::thread::JoinHandle<Instant> {
    let control = Arc::clone(control);
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(ms));
        let at = Instant::now();
        signal(&control);
        at
    })
}

/// Searches to `depth` and returns the best move (as text) and the score.
fn search_depth(variant: Variant, fen: &str, depth: u32) -> (String, Score) {
    search_depth_with(variant, fen, depth, &[])
}

/// `search_depth` with the search parameters `parameters` set (by name).
fn search_depth_with(
    variant: Variant,
    fen: &str,
    depth: u32,
    parameters: &[(&str, i32)],
) -> (String, Score) {
    let pos = position(variant, fen);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut engine = Engine::new();
    for &(name, value) in parameters {
        engine
            .set_parameter(name, value)
            .expect("a valid parameter");
    }
    let result = engine.search(&pos, &limits, &SearchControl::new(), &NullListener);
    (result.best.expect("a move").to_string(), result.score)
}

#[test]
fn finds_checkmate() {
    let (best, score) = search_depth(Variant::Chess, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 4);
    assert_eq!((best.as_str(), score), ("d1d8", Score::Mate(1)));
    // The Tower moves like a queen to a8 and gives check like a rook.
    let (best, score) = search_depth(Variant::Empire, "7k/6pp/8/8/8/8/8/T3K3 w - - 0 1", 4);
    assert_eq!((best.as_str(), score), ("a1a8", Score::Mate(1)));
}

#[test]
fn the_changes_awaiting_their_sprts_keep_the_forced_wins() {
    // Each change that waits behind a default-off parameter, switched on alone, still finds
    // the forced wins under each terminal rule, searched deep enough for its pruning to act.
    let wins = [
        (
            Variant::Chess,
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
            Score::Mate(1),
        ),
        (
            Variant::Empire,
            "7k/6pp/8/8/8/8/8/T3K3 w - - 0 1",
            Score::Mate(1),
        ),
        (
            Variant::Empire,
            "7k/7p/8/8/8/8/8/3C2K1 w - - 0 1",
            Score::Mate(1),
        ),
        (
            Variant::Empire,
            "8/8/4K3/8/k7/8/8/8 w - - 0 1",
            Score::Mate(2),
        ),
        (
            Variant::Empire,
            "7k/8/8/7S/8/2K5/8/6T1 w - - 0 1",
            Score::Mate(1),
        ),
    ];
    let changes = [
        ("probcut_margin", 200),
        ("lmr_tactical", 1),
        ("lmr_former_pv", 1),
        ("history_prune_margin", 300),
    ];
    for (name, on) in changes {
        for (variant, fen, mate) in wins {
            let (_, score) = search_depth_with(variant, fen, 9, &[(name, on)]);
            assert_eq!(score, mate, "{name}={on}: {fen}");
        }
    }
}

#[test]
fn a_lone_minor_piece_is_searched_as_a_draw_in_chess() {
    // King and bishop (or knight) cannot mate a bare king, however the evaluation values the
    // piece; the network saw such endings reach the 50-move rule at about +2. (Off by default
    // until its SPRT.)
    for fen in [
        "8/8/3B4/8/8/8/k1K5/8 w - - 0 1",
        "8/8/3B4/8/8/8/k1K5/8 b - - 0 1",
        "8/6k1/4K3/8/8/8/8/4N3 w - - 0 1",
    ] {
        let (_, score) = search_depth_with(Variant::Chess, fen, 10, &[("material_draw", 1)]);
        assert_eq!(score, Score::Cp(0), "{fen}");
    }
}

#[test]
fn finds_mate_that_needs_the_faceoff_rule() {
    // The Cardinal checks along the long diagonal; g8 is free but faces the Kaiser on g1.
    let (best, score) = search_depth(Variant::Empire, "7k/7p/8/8/8/8/8/3C2K1 w - - 0 1", 4);
    assert!(best == "d1d4" || best == "d1a1", "{best}");
    assert_eq!(score, Score::Mate(1));
}

#[test]
fn walks_the_kaiser_to_campmate() {
    let (best, score) = search_depth(Variant::Empire, "8/8/4K3/8/k7/8/8/8 w - - 0 1", 5);
    assert_eq!(score, Score::Mate(2));
    assert!(best.ends_with('7'), "{best} steps to rank 7");
    // Seen from the losing side.
    let (_, score) = search_depth(Variant::Empire, "8/8/4K3/8/k7/8/8/8 b - - 0 1", 5);
    assert_eq!(score, Score::Mate(-2));
}

#[test]
fn wins_by_stalemating_in_empire() {
    let fen = "7k/8/8/7S/8/2K5/8/6T1 w - - 0 1";
    let (best, score) = search_depth(Variant::Empire, fen, 4);
    assert_eq!((best.as_str(), score), ("h5h6", Score::Mate(1)));
}

#[test]
fn scores_terminal_roots() {
    let engine_result = |variant, fen: &str| {
        let pos = position(variant, fen);
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        Engine::new().search(&pos, &limits, &SearchControl::new(), &NullListener)
    };
    // Stalemate: a draw in chess, a loss in Empire.
    let chess = engine_result(Variant::Chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!((chess.best, chess.score), (None, Score::Cp(0)));
    let empire = engine_result(Variant::Empire, "7k/8/7S/8/8/2K5/8/6T1 b - - 0 1");
    assert_eq!((empire.best, empire.score), (None, Score::Mate(0)));
}

#[test]
fn finished_games_are_answered_without_a_search() {
    // The 50-move rule has drawn this game, though White has moves.
    let pos = position(Variant::Chess, "7k/8/8/8/8/8/8/R6K w - - 100 80");
    let recorder = Recorder::default();
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let result = Engine::new().search(&pos, &limits, &SearchControl::new(), &recorder);
    assert_eq!((result.best, result.score), (None, Score::Cp(0)));
    let infos = recorder.0.into_inner().unwrap();
    assert_eq!(infos.len(), 1);
    assert_eq!((infos[0].depth, infos[0].score), (0, Score::Cp(0)));
    assert!(infos[0].pv.is_empty());
    // `go infinite` holds the answer until `stop`.
    let control = Arc::new(SearchControl::new());
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let start = Instant::now();
    let stopper = signal_after(150, &control, SearchControl::stop);
    let result = Engine::new().search(&pos, &limits, &control, &NullListener);
    stopper.join().unwrap();
    assert!(start.elapsed() >= Duration::from_millis(150));
    assert_eq!(result.best, None);
}

#[test]
fn threefold_repetition_loses_in_empire() {
    // After e1f2 b8c6 f2e1 c6b8 e1f2 b8c6 f2e1, c6b8 brings the start position back for the
    // third time with White to move: White has lost.
    let mut pos = Position::startpos(Variant::Empire);
    for m in ["e1f2", "b8c6", "f2e1", "c6b8", "e1f2", "b8c6", "f2e1"] {
        let m = uci(&pos, m);
        pos.make_move(m);
    }
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    // A third occurrence at the root's child is the game's own end: a true mate.
    let result = Engine::new().search(&pos, &limits, &SearchControl::new(), &NullListener);
    assert_eq!(result.best.unwrap().to_string(), "c6b8");
    assert_eq!(result.score, Score::Mate(1));
}

#[test]
fn searchmoves_restricts_the_root() {
    let pos = Position::startpos(Variant::Chess);
    let only = uci(&pos, "a2a3");
    let limits = Limits {
        depth: Some(5),
        searchmoves: vec![only],
        ..Limits::default()
    };
    let result = Engine::new().search(&pos, &limits, &SearchControl::new(), &NullListener);
    assert_eq!(result.best, Some(only));
}

#[test]
fn multipv_reports_distinct_lines() {
    let pos = Position::startpos(Variant::Empire);
    let mut engine = Engine::new();
    engine.set_multipv(3);
    let recorder = Recorder::default();
    let limits = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    engine.search(&pos, &limits, &SearchControl::new(), &recorder);
    let infos = recorder.0.lock().unwrap();
    let last_depth: Vec<&Info> = infos.iter().filter(|i| i.depth == 5).take(3).collect();
    assert_eq!(
        last_depth.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    let firsts: std::collections::HashSet<Move> = last_depth.iter().map(|i| i.pv[0]).collect();
    assert_eq!(firsts.len(), 3);
}

#[test]
fn stop_ends_an_infinite_search_promptly() {
    let pos = Position::startpos(Variant::Empire);
    let control = Arc::new(SearchControl::new());
    let stopper = signal_after(300, &control, SearchControl::stop);
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let result = Engine::new().search(&pos, &limits, &control, &NullListener);
    let stopped_at = stopper.join().unwrap();
    assert!(
        stopped_at.elapsed() < Duration::from_millis(200),
        "took too long to stop"
    );
    assert!(pos.legal_moves().contains(&result.best.unwrap()));
}

#[test]
fn infinite_search_waits_for_stop_even_when_done() {
    let pos = position(Variant::Chess, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    let control = Arc::new(SearchControl::new());
    let limits = Limits {
        infinite: true,
        depth: Some(2),
        ..Limits::default()
    };
    let start = Instant::now();
    let stopper = signal_after(150, &control, SearchControl::stop);
    let result = Engine::new().search(&pos, &limits, &control, &NullListener);
    stopper.join().unwrap();
    assert!(start.elapsed() >= Duration::from_millis(150));
    assert_eq!(result.best.unwrap().to_string(), "d1d8");
}

#[test]
fn pondering_ignores_the_clock_until_ponderhit() {
    let pos = Position::startpos(Variant::Chess);
    let control = Arc::new(SearchControl::new());
    control.set_pondering(true);
    let clock = Clock {
        time_ms: 100,
        inc_ms: 0,
        movestogo: None,
    };
    let limits = Limits {
        clock: Some(clock),
        ..Limits::default()
    };
    let start = Instant::now();
    let hitter = signal_after(300, &control, SearchControl::ponderhit);
    let result = Engine::new().search(&pos, &limits, &control, &NullListener);
    let hit_at = hitter.join().unwrap();
    assert!(start.elapsed() >= Duration::from_millis(300));
    // A 100 ms clock, so the search ends soon after the hit; the bound is loose so that a
    // loaded machine's scheduling does not fail it (a search that ignored the hit never ends).
    assert!(hit_at.elapsed() < Duration::from_millis(2000));
    assert!(result.best.is_some());
}

#[test]
fn time_and_node_limits_hold() {
    let pos = Position::startpos(Variant::Empire);
    let mut engine = Engine::new();
    let start = Instant::now();
    let limits = Limits {
        movetime_ms: Some(100),
        ..Limits::default()
    };
    assert!(engine
        .search(&pos, &limits, &SearchControl::new(), &NullListener)
        .best
        .is_some());
    // Loose for loaded machines: a search that ignored movetime would run to its depth limit.
    assert!(start.elapsed() < Duration::from_millis(2000));
    // No time at all still yields a move.
    let clock = Clock {
        time_ms: 0,
        inc_ms: 0,
        movestogo: None,
    };
    let limits = Limits {
        clock: Some(clock),
        ..Limits::default()
    };
    assert!(engine
        .search(&pos, &limits, &SearchControl::new(), &NullListener)
        .best
        .is_some());
    let recorder = Recorder::default();
    let limits = Limits {
        nodes: Some(20_000),
        ..Limits::default()
    };
    engine.search(&pos, &limits, &SearchControl::new(), &recorder);
    let last = recorder.0.lock().unwrap().last().unwrap().nodes;
    assert!(last <= 21_000, "{last} nodes");
}

#[test]
fn go_mate_stops_once_the_mate_is_found() {
    let pos = position(Variant::Empire, "8/8/4K3/8/k7/8/8/8 w - - 0 1");
    let limits = Limits {
        mate: Some(2),
        ..Limits::default()
    };
    let result = Engine::new().search(&pos, &limits, &SearchControl::new(), &NullListener);
    assert_eq!(result.score, Score::Mate(2));
}

#[test]
fn two_threads_search_and_agree_on_a_mate() {
    let mut engine = Engine::new();
    engine.set_threads(2);
    // A small table, so that `hashfull`'s sample of 1000 entries sees this short search's.
    engine.set_hash_mb(1);
    let pos = position(Variant::Empire, "7k/7p/8/8/8/8/8/3C2K1 w - - 0 1");
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let result = engine.search(&pos, &limits, &SearchControl::new(), &NullListener);
    assert_eq!(result.score, Score::Mate(1));
    let pos = Position::startpos(Variant::Empire);
    let limits = Limits {
        depth: Some(7),
        ..Limits::default()
    };
    let result = engine.search(&pos, &limits, &SearchControl::new(), &NullListener);
    assert!(pos.legal_moves().contains(&result.best.unwrap()));
    assert!(engine.hashfull() > 0);
}

#[test]
fn setting_the_hash_size_it_has_empties_the_table() {
    let mut engine = Engine::new();
    engine.set_hash_mb(1);
    let limits = Limits {
        depth: Some(7),
        ..Limits::default()
    };
    let pos = Position::startpos(Variant::Empire);
    engine.search(&pos, &limits, &SearchControl::new(), &NullListener);
    assert!(engine.hashfull() > 0);
    assert_eq!(engine.set_hash_mb(1), 1);
    assert_eq!(engine.hashfull(), 0);
}

#[test]
fn hash_size_falls_back_instead_of_aborting() {
    let mut engine = Engine::new();
    assert_eq!(engine.set_hash_mb(2), 2);
    assert_eq!(engine.set_hash_mb(0), 1);
}

#[test]
fn returns_a_legal_ponder_move() {
    let pos = Position::startpos(Variant::Empire);
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let result = Engine::new().search(&pos, &limits, &SearchControl::new(), &NullListener);
    let mut after = pos.clone();
    after.make_move(result.best.unwrap());
    assert!(after.legal_moves().contains(&result.ponder.unwrap()));
}

/// A search at a handicap level: `(move played, infos reported)`.
fn handicapped_search(level: i32, seed: u64) -> (Move, Vec<Info>) {
    let pos = Position::startpos(Variant::Empire);
    let mut engine = Engine::new();
    engine.set_skill(Skill::from_level(level));
    engine.seed_skill(seed);
    let recorder = Recorder::default();
    let limits = Limits {
        depth: Some(8),
        ..Limits::default()
    };
    let result = engine.search(&pos, &limits, &SearchControl::new(), &recorder);
    (result.best.unwrap(), recorder.0.into_inner().unwrap())
}

#[test]
fn play_levels_pick_among_the_best_lines_and_report_the_move_played() {
    let mut played = std::collections::HashSet::new();
    for seed in 0..12 {
        let (best, infos) = handicapped_search(0, seed);
        assert_eq!(
            handicapped_search(0, seed).0,
            best,
            "the seed repeats the pick"
        );
        // Level 0 stops at depth 1 and shows one line, though it searched more.
        assert!(
            infos.iter().all(|i| i.depth == 1 && i.multipv == 1),
            "{infos:?}"
        );
        let last = infos.last().unwrap();
        assert_eq!(last.pv[0], best, "the last report is the move played");
        played.insert(best);
    }
    assert!(
        (2..=CANDIDATES).contains(&played.len()),
        "level 0 plays several of its {CANDIDATES} candidates: {played:?}"
    );
    // Each level stops at its calibrated depth, below the limit of 8: level 5 at 1, level 6
    // at 2, level 14 at 3.
    for (level, depth) in [(5, 1), (6, 2), (14, 3)] {
        let (_, infos) = handicapped_search(level, 1);
        assert_eq!(
            infos.last().unwrap().depth,
            depth,
            "level {level}: {infos:?}"
        );
    }
}

#[test]
fn search_parameters_are_listed_and_set_by_name() {
    let pos = Position::startpos(Variant::Empire);
    let limits = Limits {
        depth: Some(7),
        ..Limits::default()
    };
    let nodes = |engine: &mut Engine| {
        let recorder = Recorder::default();
        engine.search(&pos, &limits, &SearchControl::new(), &recorder);
        let infos = recorder.0.into_inner().unwrap();
        infos.last().expect("a final report").nodes
    };
    let mut engine = Engine::new();
    let listed: Vec<(&str, i32)> = engine
        .parameters()
        .values()
        .map(|(spec, value)| (spec.name, value))
        .collect();
    assert_eq!(listed.len(), Parameters::SPECS.len());
    assert!(listed.contains(&("nmp_min_depth", 3)));
    let default_nodes = nodes(&mut engine);
    // Null-move pruning off: the same search takes another number of nodes.
    engine.set_parameter("nmp_min_depth", 16).unwrap();
    assert_eq!(engine.parameters().get("nmp_min_depth"), Some(16));
    assert_ne!(nodes(&mut engine), default_nodes);
    assert!(engine.set_parameter("nmp_min_depth", 17).is_err());
    assert!(engine.set_parameter("no_such_parameter", 1).is_err());
    engine.set_parameter("nmp_min_depth", 3).unwrap();
    engine.clear();
    assert_eq!(nodes(&mut engine), default_nodes);
}
