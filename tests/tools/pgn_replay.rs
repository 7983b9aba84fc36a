//! Replays PGN games under Kaiser's rules: every move must be legal where it stands, and a game
//! whose Result tag says it was decided must end in a position where Kaiser's rules give that
//! result. Used on the games XBoard saves (`tests/tools/xboard_selfplay.sh`); any PGN that
//! `kaiser_engine::notation::parse_pgn` reads will do (Variant and FEN tags give the start).
//!
//! Run: `cargo run --release --example pgn_replay -- GAMES.pgn [MORE.pgn ...]`. Prints a line a
//! game and exits with status 1 if a file cannot be read, a move is illegal, or a result does
//! not follow from the rules.

use kaiser_engine::notation::{parse_pgn, PgnResult};
use std::process::ExitCode;

fn main() -> ExitCode {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: pgn_replay GAMES.pgn [MORE.pgn ...]");
        return ExitCode::from(2);
    }
    kaiser_rules::attacks::init();
    let mut failures = 0;
    for path in &paths {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) => {
                println!("{path}: cannot read: {error}");
                failures += 1;
                continue;
            }
        };
        // `parse_pgn` plays every move, so an illegal move is an error here.
        let games = match parse_pgn(&text) {
            Ok(games) => games,
            Err(error) => {
                println!("{path}: {error}");
                failures += 1;
                continue;
            }
        };
        for (number, game) in games.iter().enumerate() {
            let position = game.position();
            let end = match position.outcome() {
                Some(outcome) => format!(
                    "{} by {} (Kaiser's rules)",
                    outcome.pgn_result(),
                    outcome.reason()
                ),
                None => "not over by the rules".to_string(),
            };
            let agrees = match (game.result, position.outcome()) {
                (PgnResult::Unknown, _) => true,
                (result, Some(outcome)) => result == PgnResult::from(outcome),
                // Decided otherwise (time, adjudication): nothing to check.
                (_, None) => true,
            };
            println!(
                "{path} game {}: {} {} plies, all legal; result {}; final position: {end}{}",
                number + 1,
                game.variant(),
                game.moves().len(),
                game.result,
                if agrees { "" } else { " -- DISAGREES" }
            );
            if !agrees {
                failures += 1;
            }
        }
    }
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
