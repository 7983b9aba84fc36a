//! The analysis board's questions, answered by Kaiser's rules: one JSON request in, one JSON
//! answer out (`answer`), so that the page never judges a move itself.
//!
//! Requests, by `op`:
//! - `position`: `variant`, an optional `fen` (the variant's start without), `moves` (UCI or
//!   SAN). The answer: the start FEN, each move played with its UCI, SAN and the FEN after it,
//!   and for the last position its FEN, side to move, check, legal moves (UCI and SAN) and the
//!   outcome if the game is over.
//! - `pgn_in`: `text`, a PGN game; answered as `position` for its start and moves, with its tags.
//! - `pgn_out`: `variant`, `fen`, `moves`, `tags`: the game as PGN text.
//!
//! Every answer has `ok`; `ok: false` comes with `error`, saying what is wrong (a bad FEN, an
//! illegal move, malformed PGN or JSON), never a panic.

use kaiser_engine::notation::{parse_pgn, parse_san, to_san, PgnGame, PgnResult};
use kaiser_engine::{Color, Move, Position, Variant};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
enum Request {
    Position {
        variant: String,
        #[serde(default)]
        fen: Option<String>,
        #[serde(default)]
        moves: Vec<String>,
    },
    PgnIn {
        text: String,
    },
    PgnOut {
        variant: String,
        #[serde(default)]
        fen: Option<String>,
        #[serde(default)]
        moves: Vec<String>,
        #[serde(default)]
        tags: Vec<(String, String)>,
    },
}

/// A move as the board shows it.
#[derive(Serialize)]
struct BoardMove {
    uci: String,
    san: String,
}

/// A move played, with the position after it.
#[derive(Serialize)]
struct Played {
    uci: String,
    san: String,
    fen: String,
}

/// The answer to `request`, a JSON text.
pub fn answer(request: &str) -> String {
    let result = serde_json::from_str::<Request>(request)
        .map_err(|error| format!("bad request: {error}"))
        .and_then(|request| match request {
            Request::Position {
                variant,
                fen,
                moves,
            } => game(&variant, fen.as_deref(), &moves).map(|game| describe(&game)),
            Request::PgnIn { text } => pgn_in(&text),
            Request::PgnOut {
                variant,
                fen,
                moves,
                tags,
            } => pgn_out(&variant, fen.as_deref(), &moves, tags),
        });
    match result {
        Ok(mut value) => {
            value["ok"] = Value::Bool(true);
            value.to_string()
        }
        Err(error) => json!({ "ok": false, "error": error }).to_string(),
    }
}

/// The game of `variant` from `fen` (or the start) through `moves`, checked move by move.
fn game(variant: &str, fen: Option<&str>, moves: &[String]) -> Result<PgnGame, String> {
    let variant: Variant = variant.parse().map_err(|e| format!("{e}"))?;
    let start = match fen {
        None => Position::startpos(variant),
        Some(fen) => {
            Position::from_fen(fen, variant).map_err(|e| format!("invalid FEN '{fen}': {e}"))?
        }
    };
    let mut game = PgnGame::new(&start);
    for text in moves {
        let position = game.position();
        let m = read_move(position, text)
            .ok_or_else(|| format!("illegal move '{text}' in {}", position.fen()))?;
        game.push(m, None).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

/// A move in UCI or SAN, if it is legal in `position`.
fn read_move(position: &Position, text: &str) -> Option<Move> {
    position
        .parse_uci_move(text)
        .or_else(|| parse_san(position, text).ok())
}

/// Everything the board shows of `game` (see the module header).
fn describe(game: &PgnGame) -> Value {
    let mut position = game.start().clone();
    let mut played = Vec::with_capacity(game.moves().len());
    for m in game.moves() {
        let san = to_san(&position, m.mv);
        position.make_move(m.mv);
        played.push(Played {
            uci: m.mv.to_string(),
            san,
            fen: position.fen(),
        });
    }
    let legal: Vec<BoardMove> = match position.outcome() {
        Some(_) => Vec::new(),
        None => position
            .legal_moves()
            .iter()
            .map(|&m| BoardMove {
                uci: m.to_string(),
                san: to_san(&position, m),
            })
            .collect(),
    };
    let outcome = position.outcome().map(|outcome| {
        json!({
            "result": outcome.pgn_result(),
            "reason": outcome.reason().to_string(),
            "winner": outcome.winner().map(color_name),
        })
    });
    json!({
        "variant": game.variant().name(),
        "start": game.start().fen(),
        "moves": played,
        "fen": position.fen(),
        "turn": color_name(position.side_to_move()),
        "check": position.in_check(),
        "legal": legal,
        "outcome": outcome,
    })
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The first game of a PGN text, described, with its tags.
fn pgn_in(text: &str) -> Result<Value, String> {
    let games = parse_pgn(text).map_err(|e| e.to_string())?;
    let game = games.first().ok_or("the PGN text holds no game")?;
    let mut value = describe(game);
    value["tags"] = json!(game.tags);
    Ok(value)
}

/// The game as PGN text, its result from the rules where the game is over.
fn pgn_out(
    variant: &str,
    fen: Option<&str>,
    moves: &[String],
    tags: Vec<(String, String)>,
) -> Result<Value, String> {
    let mut game = game(variant, fen, moves)?;
    for (name, value) in &tags {
        game.set_tag(name, value);
    }
    game.result = game
        .position()
        .outcome()
        .map_or(PgnResult::Unknown, PgnResult::from);
    Ok(json!({ "pgn": game.to_pgn() }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(request: Value) -> Value {
        serde_json::from_str(&answer(&request.to_string())).unwrap()
    }

    #[test]
    fn empire_start_and_a_move() {
        let a = ask(json!({"op": "position", "variant": "empire", "moves": ["e1f2"]}));
        assert_eq!(a["ok"], true);
        assert_eq!(a["turn"], "black");
        assert_eq!(a["moves"][0]["uci"], "e1f2");
        assert!(a["legal"].as_array().unwrap().len() > 10);
        assert!(a["outcome"].is_null());
    }

    #[test]
    fn san_moves_and_mate_are_read() {
        let moves = ["f3", "e5", "g4", "Qh4#"];
        let a = ask(json!({"op": "position", "variant": "chess", "moves": moves}));
        assert_eq!(a["moves"][3]["san"], "Qh4#");
        assert_eq!(a["outcome"]["result"], "0-1");
        assert_eq!(a["legal"].as_array().unwrap().len(), 0);
        assert_eq!(a["check"], true);
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        for request in [
            json!({"op": "position", "variant": "empire", "fen": "not a fen"}),
            json!({"op": "position", "variant": "empire", "moves": ["e2e5"]}),
            json!({"op": "position", "variant": "shogi"}),
            json!({"op": "pgn_in", "text": "1. e4 e5 2. Zz9"}),
            json!({"op": "pgn_in", "text": ""}),
            json!({"op": "fly"}),
        ] {
            let a = ask(request);
            assert_eq!(a["ok"], false);
            assert!(!a["error"].as_str().unwrap().is_empty());
        }
        assert_eq!(answer("{{{"), answer("{{{"));
        assert!(answer("{{{").contains("\"ok\":false"));
    }

    #[test]
    fn pgn_round_trip() {
        let out = ask(
            json!({"op": "pgn_out", "variant": "orda", "moves": ["e2e4", "d6d5"],
                             "tags": [["White", "me"]]}),
        );
        let text = out["pgn"].as_str().unwrap();
        assert!(text.contains("[Variant \"Orda\"]") || text.contains("[Variant \"orda\"]"));
        let back = ask(json!({"op": "pgn_in", "text": text}));
        assert_eq!(back["variant"], "orda");
        assert_eq!(back["moves"][1]["uci"], "d6d5");
        assert!(back["tags"].to_string().contains("me"));
    }
}
