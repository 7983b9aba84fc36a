//! Self-play: two Kaiser processes play whole games through UCI at a fast time control, and the
//! rules core arbitrates every move (legal, game over exactly when the rules say so), with the
//! clocks kept here. The default run plays a few short games; the full 100-game run is
//! `cargo test --release --test selfplay -- --ignored`.

mod common;

use common::Engine;
use kaiser::{Color, Position, Variant};
use std::time::{Duration, Instant};

/// Clock per side and increment, in milliseconds (sudden death plus increment).
const BASE_MS: i64 = 2000;
const INCREMENT_MS: i64 = 20;
/// A game still running after this many plies is adjudicated a draw.
const MAX_PLIES: usize = 300;

fn new_player(variant: Variant) -> Engine {
    let mut engine = Engine::start();
    engine.send(&format!("setoption name UCI_Variant value {variant}"));
    // The clocks here also count process start-up and pipe latency on a busy machine.
    engine.send("setoption name Move Overhead value 30");
    engine.send("ucinewgame");
    engine.sync();
    engine
}

/// Plays one game with `white` moving first from the variant's start and says how it ended;
/// panics on any illegal move, missing answer or time forfeit.
fn play_game(variant: Variant, white: &mut Engine, black: &mut Engine) -> String {
    let mut pos = Position::startpos(variant);
    let mut moves: Vec<String> = Vec::new();
    let mut clock = [BASE_MS, BASE_MS];
    loop {
        if let Some(outcome) = pos.outcome() {
            return format!("{outcome:?} after {} plies", moves.len());
        }
        if moves.len() >= MAX_PLIES {
            return format!("adjudicated a draw after {MAX_PLIES} plies");
        }
        let side = pos.side_to_move();
        let engine = if side == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        let started = Instant::now();
        let (_, best) = engine.bestmove(&format!(
            "go wtime {} btime {} winc {INCREMENT_MS} binc {INCREMENT_MS}",
            clock[0], clock[1]
        ));
        let used = started.elapsed().as_millis() as i64;
        let left = &mut clock[side as usize];
        *left -= used;
        assert!(
            *left > 0,
            "{side:?} lost on time after {}: {}",
            moves.join(" "),
            *left
        );
        *left += INCREMENT_MS;
        let text = best
            .split_whitespace()
            .nth(1)
            .expect("bestmove names a move")
            .to_string();
        let m = pos.parse_uci_move(&text).unwrap_or_else(|| {
            panic!(
                "illegal move {text} in {} after {}",
                pos.fen(),
                moves.join(" ")
            )
        });
        pos.make_move(m);
        moves.push(text);
    }
}

/// Plays `games` games, alternating colours between two engine processes and the variants.
fn self_play(games: usize) {
    for game in 0..games {
        let variant = if game % 4 == 3 {
            Variant::Chess
        } else {
            Variant::Empire
        };
        let (mut a, mut b) = (new_player(variant), new_player(variant));
        let end = if game % 2 == 0 {
            play_game(variant, &mut a, &mut b)
        } else {
            play_game(variant, &mut b, &mut a)
        };
        eprintln!("game {} ({variant}): {end}", game + 1);
        a.close();
        b.close();
    }
}

#[test]
fn two_short_self_play_games() {
    let started = Instant::now();
    self_play(2);
    assert!(started.elapsed() < Duration::from_secs(120));
}

#[test]
#[ignore]
fn hundred_self_play_games() {
    self_play(100);
}
