//! A line-based server exposing Kaiser's rules core to `tests/tools/crosscheck_pyffish.py`, which
//! compares it with Fairy-Stockfish (pyffish) along random games.
//!
//! Commands, one per line on standard input:
//! - `new <variant> <fen>`: set up a position (history cleared);
//! - `move <uci>`: play a legal move in the current position;
//! - `undo`: take back the last move;
//! - `san`: the SAN of every legal move, as space-separated `uci/SAN` pairs (one line);
//! - `parse <text>`: the UCI form of the legal move `parse_san` reads in `<text>`.
//!
//! After `san` and `parse` the line described there is printed (or `error <message>`). After each
//! other command one line is printed: `error <message>`, or the state of the position as
//! tab-separated fields: the FEN, `check` or `-`, the outcome (`-`, or `<result> <reason>` with
//! the result for the side to move: `win`, `loss` or `draw`), then the legal moves, each written
//! `uci/flags` with flags from: `x` capture, `+` gives check, `e` en passant, `o` castling,
//! `=` promotion, `k` king move, `d` double step that leaves an en-passant right, `a` the kings
//! end on one rank or file, `c` campmate. The flags only steer the random games.
//!
//! Build: `cargo build --release --example crosscheck_server`.

use kaiser_engine::notation::{parse_san, to_san};
use kaiser_engine::{Color, Move, MoveKind, PieceType, Position, Variant};
use std::io::{self, BufRead, Write};

fn flags(pos: &mut Position, m: Move) -> String {
    let mut f = String::new();
    let capture = m.kind() == MoveKind::EnPassant
        || (m.kind() != MoveKind::Castling && pos.piece_at(m.to()).is_some());
    let king_move = pos
        .piece_at(m.from())
        .is_some_and(|p| p.kind == PieceType::King);
    let pawn = pos
        .piece_at(m.from())
        .is_some_and(|p| p.kind == PieceType::Pawn);
    let double = pawn && m.from().rank().abs_diff(m.to().rank()) == 2;
    pos.make_move(m);
    let (a, b) = (pos.king_square(Color::White), pos.king_square(Color::Black));
    let aligned = a.file() == b.file() || a.rank() == b.rank();
    for (flag, set) in [
        ('x', capture),
        ('+', pos.in_check()),
        ('e', m.kind() == MoveKind::EnPassant),
        ('o', m.kind() == MoveKind::Castling),
        ('=', m.promotion_piece().is_some()),
        ('k', king_move),
        ('d', double && pos.en_passant().is_some()),
        ('a', aligned),
        ('c', pos.campmate_reached()),
    ] {
        if set {
            f.push(flag);
        }
    }
    pos.unmake_move(m);
    f
}

fn describe(pos: &mut Position) -> String {
    let outcome = match pos.outcome() {
        None => "-".to_string(),
        Some(o) => {
            let result = match o.winner() {
                None => "draw",
                Some(c) if c == pos.side_to_move() => "win",
                Some(_) => "loss",
            };
            format!("{result} {}", o.reason())
        }
    };
    let moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| format!("{m}/{}", flags(pos, m)))
        .collect();
    format!(
        "{}\t{}\t{}\t{}",
        pos.fen(),
        if pos.in_check() { "check" } else { "-" },
        outcome,
        moves.join(" ")
    )
}

fn main() {
    let stdin = io::stdin();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut pos: Option<Position> = None;
    let mut played: Vec<Move> = Vec::new();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let reply = match command {
            "new" => {
                let (variant, fen) = rest.split_once(' ').unwrap_or((rest, ""));
                match variant.parse::<Variant>() {
                    Err(e) => format!("error {e}"),
                    Ok(v) => match Position::from_fen(fen, v) {
                        Err(e) => format!("error {e}"),
                        Ok(p) => {
                            played.clear();
                            describe(pos.insert(p))
                        }
                    },
                }
            }
            "move" => match pos.as_mut() {
                None => "error no position".to_string(),
                Some(p) => match p.parse_uci_move(rest) {
                    None => format!("error illegal move {rest}"),
                    Some(m) => {
                        p.make_move(m);
                        played.push(m);
                        describe(p)
                    }
                },
            },
            "san" => match pos.as_ref() {
                None => "error no position".to_string(),
                Some(p) => p
                    .legal_moves()
                    .into_iter()
                    .map(|m| format!("{m}/{}", to_san(p, m)))
                    .collect::<Vec<_>>()
                    .join(" "),
            },
            "parse" => match pos.as_ref() {
                None => "error no position".to_string(),
                Some(p) => match parse_san(p, rest) {
                    Ok(m) => m.to_string(),
                    Err(e) => format!("error {e}"),
                },
            },
            "undo" => match (pos.as_mut(), played.pop()) {
                (Some(p), Some(m)) => {
                    p.unmake_move(m);
                    describe(p)
                }
                _ => "error nothing to undo".to_string(),
            },
            other => format!("error unknown command {other}"),
        };
        if writeln!(out, "{reply}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
}
