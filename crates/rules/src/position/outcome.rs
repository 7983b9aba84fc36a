//! Whether the game is over in a position, given the moves that led to it, and how it ended.
//!
//! Precedence follows Fairy-Stockfish: campmate first, then the 50-move rule (a draw unless the
//! side to move is checkmated) and threefold repetition, then checkmate and stalemate.
//!
//! Insufficient material is the arbiter's rule, not the engine's: `outcome` leaves it out, as
//! Fairy-Stockfish's engine does, and `insufficient_material` answers it for a game's arbiter
//! (as pychess asks pyffish, and cutechess-cli applies it in chess).

use super::{PieceTracker, Position};
use crate::types::{Bitboard, Color, PieceType};
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
    /// Neither side has the material to checkmate (`Position::insufficient_material`).
    InsufficientMaterial,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Campmate => "campmate",
            EndReason::Repetition => "threefold repetition",
            EndReason::FiftyMoves => "50-move rule",
            EndReason::InsufficientMaterial => "insufficient material",
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

    /// Whether neither side has the material to checkmate, whatever the other does: a draw by
    /// the rules of chess (a dead position), judged by material as Fairy-Stockfish's
    /// `has_insufficient_material` judges it for both sides. Never in a variant that a bare king
    /// can still win (campmate) or where a stalemate or a repetition is not a draw.
    pub fn insufficient_material(&self) -> bool {
        let variant = self.variant;
        !variant.has_campmate()
            && variant.stalemate_value() == TerminalValue::Draw
            && variant.repetition_value() == TerminalValue::Draw
            && [Color::White, Color::Black]
                .into_iter()
                .all(|color| self.cannot_mate(color))
    }

    /// Whether `color` cannot mate even with its opponent's help: it has at most minor pieces,
    /// and either none, or bishops whose squares are all of one colour (with every other piece
    /// on the board a king or a bishop on that colour), or one knight and no other piece.
    fn cannot_mate(&self, color: Color) -> bool {
        let kings = self.pieces_of_type(PieceType::King);
        let (knights, bishops) = (
            self.pieces(color, PieceType::Knight),
            self.pieces(color, PieceType::Bishop),
        );
        if self.pieces_of(color) & !kings != knights | bishops {
            return false;
        }
        let all_bishops = self.pieces_of_type(PieceType::Bishop);
        let others = self.occupied() & !kings & !all_bishops;
        let both_colours = (all_bishops & Bitboard::DARK_SQUARES).any()
            && (all_bishops & !Bitboard::DARK_SQUARES).any();
        if bishops.any() && (both_colours || others.any()) {
            return false;
        }
        !(knights.any() && (self.occupied() & !kings).more_than_one())
    }

    /// How many times the current position occurred before (same pieces, side to move, castling
    /// and en-passant rights), looking back no further than the last capture or pawn move.
    pub fn repetitions(&self) -> usize {
        let reach = (self.state.halfmove_clock as usize).min(self.history.len());
        self.keys_back(2, reach)
            .filter(|&key| key == self.state.key)
            .count()
    }

    /// The keys of the positions `first`, `first + 2`, ... plies back, up to `reach` plies back
    /// (at most the length of the history).
    pub(super) fn keys_back(&self, first: usize, reach: usize) -> impl Iterator<Item = u64> + '_ {
        (first..=reach)
            .step_by(2)
            .map(move |back| self.history[self.history.len() - back].key)
    }
}
