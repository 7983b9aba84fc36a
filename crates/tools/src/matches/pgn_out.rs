//! The PGN of a played game: tags (the roster, `Variant`, `FEN`/`SetUp` for openings,
//! `TimeControl`, `Termination`, `PlyCount`), SAN movetext and a comment per move with the
//! engine's score, depth and time (`{+0.35/12 0.503s}`, as cutechess-cli writes them). Games are
//! appended to the file one by one as they finish.

use super::game::{GameRecord, GameResult, PlayedMove};
use anyhow::{Context, Result};
use kaiser_engine::notation::{PgnGame, PgnResult};
use kaiser_engine::{Color, Position};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The `Event` tag of match games.
const EVENT: &str = "Kaiser match";

/// The comment of one move: `+0.35/12 0.503s`, or just the time if the engine gave no score.
pub fn move_comment(played: &PlayedMove) -> String {
    let time = format!("{:.3}s", played.elapsed.as_secs_f64());
    match (played.info.score, played.info.depth) {
        (Some(score), Some(depth)) => format!("{score}/{depth} {time}"),
        (Some(score), None) => format!("{score} {time}"),
        (None, _) => time,
    }
}

/// Today's date as PGN writes it (`2024.05.31`), in UTC.
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Howard Hinnant's civil_from_days: days since 1970-01-01 to year, month, day.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The game as PGN, with `round` (1-based game number) as its `Round` tag.
pub fn to_pgn_game(record: &GameRecord, round: usize) -> Result<PgnGame> {
    let start = Position::from_fen(&record.start_fen, record.variant)
        .map_err(|e| anyhow::anyhow!("bad start position: {e}"))?;
    let mut game = PgnGame::new(&start);
    let [white, black] = &record.names;
    for (name, value) in [
        ("Event", EVENT),
        ("Site", "?"),
        ("Date", &today()),
        ("Round", &round.to_string()),
        ("White", white),
        ("Black", black),
    ] {
        game.set_tag(name, value);
    }
    let [white_tc, black_tc] = record.time_controls;
    if white_tc == black_tc {
        game.set_tag("TimeControl", &white_tc.to_string());
    } else {
        game.set_tag("WhiteTimeControl", &white_tc.to_string());
        game.set_tag("BlackTimeControl", &black_tc.to_string());
    }
    game.set_tag("Termination", &record.termination_tag());
    game.set_tag("PlyCount", &record.moves.len().to_string());
    for played in &record.moves {
        game.push(played.mv, Some(move_comment(played)))
            .context("a played move is not legal")?;
    }
    game.result = record.result.into();
    Ok(game)
}

impl From<GameResult> for PgnResult {
    fn from(result: GameResult) -> PgnResult {
        match result {
            GameResult::Win(Color::White) => PgnResult::WhiteWins,
            GameResult::Win(Color::Black) => PgnResult::BlackWins,
            GameResult::Draw => PgnResult::Draw,
            GameResult::Unfinished => PgnResult::Unknown,
        }
    }
}

/// A PGN file that games are appended to.
pub struct PgnWriter {
    path: PathBuf,
    file: File,
}

impl PgnWriter {
    /// Opens `path` for appending, creating it if needed.
    pub fn append(path: &Path) -> Result<PgnWriter> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("cannot open PGN file {}", path.display()))?;
        Ok(PgnWriter {
            path: path.to_path_buf(),
            file,
        })
    }

    /// Appends one game and flushes it.
    pub fn write(&mut self, record: &GameRecord, round: usize) -> Result<()> {
        let text = to_pgn_game(record, round)?.to_pgn();
        self.file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.flush())
            .with_context(|| format!("cannot write to PGN file {}", self.path.display()))
    }
}
