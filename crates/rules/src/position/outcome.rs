//! Whether the game is over in a position, given the moves that led to it, and how it ended.
//!
//! Precedence follows Fairy-Stockfish: campmate first, then the 50-move rule (a draw unless the
//! side to move is checkmated) and threefold repetition, then checkmate and stalemate.

use super::{PieceTracker, Position};
use crate::types::Color;
use crate::variant::TerminalValue;
use std::fmt;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    /// A king reached its far rank.
    Campmate,
    /// The position occurred for the third time.
    Repetition,
    /// 100 plies without a capture or a pawn move.
    FiftyMoves,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Campmate => "campmate",
            EndReason::Repetition => "threefold repetition",
            EndReason::FiftyMoves => "50-move rule",
        })
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    Win { winner: Color, reason: EndReason },
    Draw { reason: EndReason },
}

impl Outcome {
    pub fn reason(self) -> EndReason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }

    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// The PGN result string: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn_result(self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl<T: PieceTracker> Position<T> {
    /// The outcome if the game is over, else `None`.
    pub fn outcome(&self) -> Option<Outcome> {
        let us = self.side_to_move;
        let terminal = |value: TerminalValue, reason| match value {
            TerminalValue::Loss => Outcome::Win {
                winner: !us,
                reason,
            },
            TerminalValue::Draw => Outcome::Draw { reason },
        };
        if self.campmate_reached() {
            // The king that reached its far rank wins; in a real game that is the side that just
            // moved, but a FEN may set up either.
            let them_reached = self.king_square(!us).rank() == self.variant.campmate_rank(!us);
            let winner = if them_reached { !us } else { us };
            return Some(Outcome::Win {
                winner,
                reason: EndReason::Campmate,
            });
        }
        let no_moves = self.legal_moves().is_empty();
        if self.state.halfmove_clock >= 100 && !(no_moves && self.in_check()) {
            return Some(Outcome::Draw {
                reason: EndReason::FiftyMoves,
            });
        }
        if self.repetitions() >= 2 {
            return Some(terminal(
                self.variant.repetition_value(),
                EndReason::Repetition,
            ));
        }
        if no_moves {
            return Some(if self.in_check() {
                Outcome::Win {
                    winner: !us,
                    reason: EndReason::Checkmate,
                }
            } else {
                terminal(self.variant.stalemate_value(), EndReason::Stalemate)
            });
        }
        None
    }

    /// How many times the current position occurred before (same pieces, side to move, castling
    /// and en-passant rights), looking back no further than the last capture or pawn move.
    pub fn repetitions(&self) -> usize {
        let reach = (self.state.halfmove_clock as usize).min(self.history.len());
        self.history[self.history.len() - reach..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|s| s.key == self.state.key)
            .count()
    }
}
