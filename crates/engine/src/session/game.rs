//! The game a session plays: its variant, the position reached and the moves played since the
//! start (or since the position was set), so that a protocol can take moves back (`undo`) and
//! count them (XBoard's clock sessions). Setting a position from text checks it here, once, for
//! both protocols.

use crate::Position;
use kaiser_rules::types::Move;
use kaiser_rules::variant::Variant;
use kaiser_rules::FenError;
use std::fmt;

/// A game: a variant, a position and the moves that led to it.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    /// The moves played since the start or since `set_position`.
    moves: Vec<Move>,
}

/// What is wrong with a position sent as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The FEN cannot be read; the game keeps its position.
    Fen { fen: String, error: FenError },
    /// A move is not legal where it is played; the game keeps the position reached before it.
    IllegalMove { text: String, fen: String },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            PositionError::Fen { fen, error } => write!(f, "Invalid FEN '{fen}': {error}"),
            PositionError::IllegalMove { text, fen } => {
                write!(f, "Illegal move '{text}' in {fen}; position kept before it")
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl Game {
    /// A game of `variant` from its start position.
    pub fn new(variant: Variant) -> Game {
        Game {
            position: Position::startpos(variant),
            moves: Vec::new(),
        }
    }

    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played since the start or since the position was set.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position `fen` (the start position for `None`) of the game's variant, then `moves`
    /// played from it. A FEN that cannot be read keeps the game as it was; an illegal move keeps
    /// the position reached before it. Either is the error returned.
    pub fn set_position(
        &mut self,
        fen: Option<&str>,
        moves: &[String],
    ) -> Result<(), PositionError> {
        match fen {
            None => *self = Game::new(self.variant()),
            Some(fen) => self.set_fen(fen).map_err(|error| PositionError::Fen {
                fen: fen.to_string(),
                error,
            })?,
        }
        for text in moves {
            match self.position.parse_uci_move(text) {
                Some(m) => self.play(m),
                None => {
                    return Err(PositionError::IllegalMove {
                        text: text.clone(),
                        fen: self.position.fen(),
                    })
                }
            }
        }
        Ok(())
    }

    /// The position `fen` of the game's variant, no moves played; a FEN that cannot be read keeps
    /// the game as it was.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), FenError> {
        *self = Game {
            position: Position::from_fen(fen, self.variant())?,
            moves: Vec::new(),
        };
        Ok(())
    }

    /// Plays `m`, a legal move in the game's position.
    pub fn play(&mut self, m: Move) {
        self.position.make_move(m);
        self.moves.push(m);
    }

    /// Takes back the last `count` moves; false (and nothing taken back) if fewer were played.
    pub fn take_back(&mut self, count: usize) -> bool {
        if self.moves.len() < count {
            return false;
        }
        for _ in 0..count {
            let m = self.moves.pop().expect("counted");
            self.position.unmake_move(m);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_moves_and_take_backs() {
        kaiser_rules::attacks::init();
        let mut game = Game::new(Variant::Empire);
        let moves = ["e1f2", "b8c6"].map(String::from);
        assert_eq!(game.set_position(None, &moves), Ok(()));
        assert_eq!(game.moves().len(), 2);
        assert!(game.take_back(1));
        assert!(!game.take_back(2));
        assert_eq!(game.moves().len(), 1);
        let bad = ["c6b8".to_string(), "f2e1".to_string()];
        let error = game.set_position(None, &bad).unwrap_err();
        assert!(
            error.to_string().starts_with("Illegal move 'c6b8'"),
            "{error}"
        );
        assert_eq!(game.position().plies_played(), 0);
        let error = game.set_position(Some("8/8/8 w - - 0 1"), &[]).unwrap_err();
        assert!(matches!(error, PositionError::Fen { .. }));
        assert_eq!(game.variant(), Variant::Empire);
    }
}
