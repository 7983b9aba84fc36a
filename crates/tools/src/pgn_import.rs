//! Training data from games already played: reads PGN (as `kaiser match` or a GUI writes it)
//! and turns each game into a data record (`data::GameRecord`), as `datagen` writes the games
//! it plays itself.
//!
//! Each move takes the score of its comment (`+0.35/12 0.1s`, from the mover's view, as
//! cutechess-cli and `kaiser match` write it; `+M3` a mate): none when the comment has no score.
//! Games without a decided result (`*`), or of another variant than the one asked for, are
//! skipped (a game without a `Variant` tag is standard chess).

use super::data::{Ending, GameRecord, GameResult, PlyScore};
use anyhow::{anyhow, bail, Context, Result};
use kaiser_engine::notation::parse_san;
use kaiser_engine::{Color, Position, Variant};

/// One game's record: its tags, and its movetext as moves with their comments.
#[derive(Default)]
struct Record {
    tags: Vec<(String, String)>,
    movetext: String,
}

impl Record {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }
}

/// Splits PGN text into game records.
fn records(text: &str) -> Vec<Record> {
    let mut records = Vec::new();
    let mut current = Record::default();
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            if !current.movetext.trim().is_empty() {
                records.push(std::mem::take(&mut current));
            }
            if let Some((name, value)) = tag.split_once(' ') {
                let value = value.trim().trim_matches('"').to_string();
                current.tags.push((name.to_string(), value));
            }
        } else {
            current.movetext.push_str(line);
            current.movetext.push(' ');
        }
    }
    if !current.tags.is_empty() || !current.movetext.trim().is_empty() {
        records.push(current);
    }
    records
}

/// The moves of a movetext, each with the comment that follows it (move numbers, NAGs and the
/// result token dropped).
fn moves_with_comments(movetext: &str) -> Result<Vec<(String, String)>> {
    let mut moves: Vec<(String, String)> = Vec::new();
    let mut rest = movetext;
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() {
            rest = &rest[c.len_utf8()..];
        } else if c == '{' {
            let end = rest.find('}').context("a comment without its '}'")?;
            if let Some(last) = moves.last_mut() {
                last.1 = rest[1..end].trim().to_string();
            }
            rest = &rest[end + 1..];
        } else {
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '{')
                .unwrap_or(rest.len());
            let token = rest[..end].trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            let skipped = token.is_empty()
                || token.starts_with('$')
                || ["1-0", "0-1", "1/2-1/2", "*"].contains(&&rest[..end]);
            if !skipped {
                moves.push((token.to_string(), String::new()));
            }
            rest = &rest[end..];
        }
    }
    Ok(moves)
}

/// The score a move's comment gives (`+0.35/12 0.1s`, `-M1 ...`, from the view of `mover`),
/// as White's.
fn comment_score(comment: &str, mover: Color) -> PlyScore {
    let token = comment.split(['/', ' ']).next().unwrap_or("");
    let white = |value: i32| match mover {
        Color::White => value,
        Color::Black => -value,
    };
    let mate_for = match token.get(..2) {
        Some("+M") => Some(mover),
        Some("-M") => Some(!mover),
        _ => None,
    };
    if let Some(winner) = mate_for.filter(|_| token[2..].parse::<u32>().is_ok()) {
        return PlyScore::Mate(winner);
    }
    match token.parse::<f64>() {
        Ok(pawns) if pawns.is_finite() && token.contains('.') => {
            PlyScore::cp(white((pawns * 100.0).round().clamp(-1e6, 1e6) as i32))
        }
        _ => PlyScore::Unscored,
    }
}

/// The record of one game of `variant`, numbered `index`, or `None` for a game to skip.
fn game_of(record: &Record, variant: Variant, index: u32) -> Result<Option<GameRecord>> {
    let result = match record.tag("Result") {
        Some("1-0") => GameResult::WhiteWins,
        Some("0-1") => GameResult::BlackWins,
        Some("1/2-1/2") => GameResult::Draw,
        _ => return Ok(None),
    };
    if Variant::from_pgn_tag(record.tag("Variant")).ok() != Some(variant) {
        return Ok(None);
    }
    let mut pos = match record.tag("FEN") {
        Some(fen) => Position::from_fen(fen, variant).map_err(|e| anyhow!("bad FEN tag: {e}"))?,
        None => Position::startpos(variant),
    };
    let start_fen = Some(pos.fen()).filter(|fen| fen != variant.start_fen());
    let mut plies = Vec::new();
    for (ply, (san, comment)) in moves_with_comments(&record.movetext)?.iter().enumerate() {
        if pos.outcome().is_some() {
            bail!("move {}: the game is already over", ply + 1);
        }
        let m = parse_san(&pos, san).map_err(|e| anyhow!("move {}: {e}", ply + 1))?;
        plies.push((m, comment_score(comment, pos.side_to_move())));
        pos.make_move(m);
    }
    let ending = pos
        .outcome()
        .map_or(Ending::Recorded, |outcome| Ending::Rules(outcome.reason()));
    Ok(Some(GameRecord {
        index,
        start_fen,
        opening_plies: 0,
        plies,
        result,
        ending,
    }))
}

/// The games of `pgn` that are of `variant` and decided, numbered from `first`.
pub fn import(pgn: &str, variant: Variant, first: u32) -> Result<Vec<GameRecord>> {
    let mut games = Vec::new();
    for (number, record) in records(pgn).iter().enumerate() {
        let index = first + games.len() as u32;
        match game_of(record, variant, index) {
            Ok(Some(game)) => games.push(game),
            Ok(None) => {}
            Err(err) => bail!("game {}: {err:#}", number + 1),
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PGN: &str = r#"[Event "Kaiser match"]
[Result "0-1"]
[Variant "Empire"]
[SetUp "1"]
[FEN "rnbqkbnr/pppp2pp/8/4pp2/1P6/P1PSSPPP/1CD2K2/TEC3ET b kq - 0 5"]

5... Nf6 {-0.17/9 0.134s} 6. Eg2 {-0.33/9 0.300s} 6... Be7 {-0.07/9 0.093s} 7.
g4 {-0.25/8 0.178s} 7... fxg4 {+M5/9 0.110s} 8. hxg4 0-1

[Event "Kaiser match"]
[Result "*"]
[Variant "Empire"]

1. Ed2 *

[Event "Kaiser match"]
[Result "1-0"]

1. e4 e5 2. Nf3 $1 Nc6 3. Bb5 1-0
"#;

    /// The training positions of `game`: (FEN, score) pairs.
    fn training(game: &GameRecord, variant: Variant) -> Vec<(String, PlyScore)> {
        let mut kept = Vec::new();
        game.training_positions(variant, 0, |p| kept.push((p.pos.fen(), p.score)))
            .unwrap();
        kept
    }

    #[test]
    fn decided_games_of_the_variant_with_their_scores() {
        let games = import(PGN, Variant::Empire, 5).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(
            (games[0].index, games[0].result),
            (5, GameResult::BlackWins)
        );
        assert_eq!(games[0].plies.len(), 6);
        assert_eq!(games[0].plies[4].1, PlyScore::Mate(Color::Black));
        assert_eq!(games[0].plies[5].1, PlyScore::Unscored);
        // Nf6, Eg2, Be7 and g4 are kept; fxg4 takes (and saw a mate), hxg4 takes.
        let kept = training(&games[0], Variant::Empire);
        assert_eq!(kept.len(), 4);
        assert!(kept[0]
            .0
            .starts_with("rnbqkbnr/pppp2pp/8/4pp2/1P6/P1PSSPPP/1CD2K2/TEC3ET b"));
        // Black's -0.17 is +17 for White; White's -0.33 is -33.
        assert_eq!(kept[0].1, PlyScore::Cp(17));
        assert_eq!(kept[1].1, PlyScore::Cp(-33));
        let chess = import(PGN, Variant::Chess, 0).unwrap();
        assert_eq!(chess.len(), 1);
        assert_eq!(chess[0].start_fen, None);
        assert_eq!(training(&chess[0], Variant::Chess).len(), 5);
    }

    #[test]
    fn a_bad_move_names_its_game() {
        let bad = "[Result \"1-0\"]\n\n1. e4 Ke3 1-0\n";
        let error = import(bad, Variant::Chess, 0).err().unwrap().to_string();
        assert!(
            error.contains("game 1") && error.contains("move 2"),
            "{error}"
        );
    }
}
