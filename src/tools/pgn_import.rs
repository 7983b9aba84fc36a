//! Training data from games already played: reads PGN (as `kaiser match` or a GUI writes it)
//! and keeps each game's quiet positions, labelled with its result, as `datagen` does for the
//! games it plays itself.
//!
//! A position is kept by `datagen`'s rule (see `datagen::is_kept`); a move whose comment gives
//! a mate score (`+M3/12 0.1s`) counts as a search that saw a mate. Games without a decided
//! result (`*`), or of another variant than the one asked for, are skipped (a game without a
//! `Variant` tag is standard chess).

use super::datagen::{is_kept, Game};
use crate::notation::parse_san;
use crate::{Position, Variant};
use anyhow::{anyhow, bail, Context, Result};

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

/// Whether a move's comment reports a mate score (`+M3/12 ...`, `-M1 ...`).
fn saw_mate(comment: &str) -> bool {
    let mut chars = comment.chars();
    matches!(chars.next(), Some('+' | '-')) && chars.next() == Some('M')
}

/// The quiet positions of one game of `variant`, or `None` for a game to skip.
fn game_of(record: &Record, variant: Variant, skip_plies: usize) -> Result<Option<Game>> {
    let white_score = match record.tag("Result") {
        Some("1-0") => 1.0,
        Some("0-1") => 0.0,
        Some("1/2-1/2") => 0.5,
        _ => return Ok(None),
    };
    let game_variant = match record.tag("Variant") {
        Some(tag) if tag.eq_ignore_ascii_case("standard") => Some(Variant::Chess),
        Some(tag) => tag.parse::<Variant>().ok(),
        None => Some(Variant::Chess),
    };
    if game_variant != Some(variant) {
        return Ok(None);
    }
    let mut pos = match record.tag("FEN") {
        Some(fen) => Position::from_fen(fen, variant).map_err(|e| anyhow!("bad FEN tag: {e}"))?,
        None => Position::startpos(variant),
    };
    let mut fens = Vec::new();
    for (ply, (san, comment)) in moves_with_comments(&record.movetext)?.iter().enumerate() {
        let m = parse_san(&pos, san).map_err(|e| anyhow!("move {}: {e}", ply + 1))?;
        if ply >= skip_plies && !saw_mate(comment) && is_kept(&pos, m) {
            fens.push(pos.fen());
        }
        pos.make_move(m);
    }
    Ok(Some(Game { white_score, fens }))
}

/// The games of `pgn` that are of `variant` and decided, with their quiet positions (the first
/// `skip_plies` plies of each game left out).
pub fn import(pgn: &str, variant: Variant, skip_plies: usize) -> Result<Vec<Game>> {
    let mut games = Vec::new();
    for (number, record) in records(pgn).iter().enumerate() {
        match game_of(record, variant, skip_plies) {
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

    #[test]
    fn quiet_positions_of_decided_games_of_the_variant() {
        let games = import(PGN, Variant::Empire, 0).unwrap();
        assert_eq!(games.len(), 1);
        // Nf6, Eg2, Be7 and g4 are kept; fxg4 takes (and saw a mate), hxg4 takes.
        assert_eq!(games[0].fens.len(), 4);
        assert_eq!(games[0].white_score, 0.0);
        assert!(
            games[0].fens[0].starts_with("rnbqkbnr/pppp2pp/8/4pp2/1P6/P1PSSPPP/1CD2K2/TEC3ET b")
        );
        let chess = import(PGN, Variant::Chess, 2).unwrap();
        assert_eq!((chess.len(), chess[0].fens.len()), (1, 3));
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
