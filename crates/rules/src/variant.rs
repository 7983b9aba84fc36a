//! The games Kaiser plays and the rules that tell them apart. Everything variant-specific that the
//! rules core needs is asked of `Variant`, so adding a game means adding data here.

use crate::types::{Color, PieceType, Rank, MAX_PROMOTION_INDEX};
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Variant {
    /// Orthodox chess.
    #[default]
    Chess,
    /// Empire Chess: the Empire (White) against the Kingdom (Black).
    Empire,
    /// Orda Chess: the Kingdom (White) against the Horde (Black).
    Orda,
}

/// How a terminal condition that is not checkmate scores for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TerminalValue {
    Draw,
    Loss,
}

impl Variant {
    pub const ALL: [Variant; 3] = [Variant::Chess, Variant::Empire, Variant::Orda];

    /// The name used by `UCI_Variant` and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Empire => "empire",
            Variant::Orda => "orda",
        }
    }

    /// The variant's code in Kaiser's binary files (opening books, training data). New variants
    /// take new codes; codes are never reused.
    pub const fn file_code(self) -> u8 {
        match self {
            Variant::Chess => 1,
            Variant::Empire => 2,
            Variant::Orda => 3,
        }
    }

    /// The variant with `file_code() == code`.
    pub fn from_file_code(code: u8) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.file_code() == code)
    }

    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::Chess => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Variant::Empire => "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1",
            Variant::Orda => "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        }
    }

    /// The piece types a FEN of this variant may contain (for either colour).
    pub const fn piece_types(self) -> &'static [PieceType] {
        use PieceType::*;
        match self {
            Variant::Chess => &[Pawn, Knight, Bishop, Rook, Queen, King],
            Variant::Empire => &[
                Pawn, Knight, Bishop, Rook, Queen, King, Soldier, Eagle, Cardinal, Tower, Duke,
            ],
            Variant::Orda => &[
                Pawn, Knight, Bishop, Rook, Queen, King, Kheshig, Lancer, Archer, Yurt,
            ],
        }
    }

    /// The pieces a pawn may promote to.
    pub const fn promotion_types(self) -> &'static [PieceType] {
        use PieceType::*;
        match self {
            Variant::Chess => &[Queen, Rook, Bishop, Knight],
            Variant::Empire => &[Queen],
            Variant::Orda => &[Queen, Kheshig],
        }
    }

    /// The rank (0-based) from which `color`'s pawns may double-step. As in Fairy-Stockfish this
    /// is each side's second rank in every variant; Empire pawns and Orda's Horde pawns start on
    /// their third rank and so never double-step from the start.
    pub const fn double_step_rank(self, color: Color) -> Rank {
        match color {
            Color::White => 1,
            Color::Black => 6,
        }
    }

    /// The Horde's pieces may stand on the board. Attacker lookups ask for Kheshigs and Yurts
    /// only then, so Empire and chess do not pay for their patterns.
    pub const fn has_horde(self) -> bool {
        matches!(self, Variant::Orda)
    }

    /// Kings may not face each other on an open rank or file ("flying general").
    pub const fn has_faceoff(self) -> bool {
        matches!(self, Variant::Empire)
    }

    /// A king reaching the far rank wins at once.
    pub const fn has_campmate(self) -> bool {
        matches!(self, Variant::Empire | Variant::Orda)
    }

    /// The rank (0-based) a `color` king must reach for campmate.
    pub const fn campmate_rank(self, color: Color) -> Rank {
        match color {
            Color::White => 7,
            Color::Black => 0,
        }
    }

    /// The result of stalemate for the stalemated side.
    pub const fn stalemate_value(self) -> TerminalValue {
        match self {
            Variant::Chess | Variant::Orda => TerminalValue::Draw,
            Variant::Empire => TerminalValue::Loss,
        }
    }

    /// The result of threefold repetition for the side to move in the repeated position.
    pub const fn repetition_value(self) -> TerminalValue {
        match self {
            Variant::Chess | Variant::Orda => TerminalValue::Draw,
            Variant::Empire => TerminalValue::Loss,
        }
    }
}

// Every promotion piece must fit the move encoding.
const _: () = {
    let mut v = 0;
    while v < Variant::ALL.len() {
        let types = Variant::ALL[v].promotion_types();
        let mut i = 0;
        while i < types.len() {
            assert!(types[i].index() <= MAX_PROMOTION_INDEX);
            i += 1;
        }
        v += 1;
    }
};

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for a variant name Kaiser does not play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        write!(
            f,
            "unknown variant '{}' (known: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// Parses a variant name, ignoring case.
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn has_horde_is_true_exactly_where_kheshigs_or_yurts_may_stand() {
        for variant in Variant::ALL {
            let types = variant.piece_types();
            let horde = types.contains(&PieceType::Kheshig) || types.contains(&PieceType::Yurt);
            assert_eq!(variant.has_horde(), horde, "{variant}");
        }
    }
}
