//! The games Kaiser plays and the rules that tell them apart.
//!
//! Each game is one `Rules` value, written out field by field (`CHESS`, `EMPIRE`, `ORDA`), and
//! `Variant` is the small copyable handle the rest of the program passes around: its methods read
//! its rules value. Adding a field to `Rules` makes the compiler ask every game for it, and adding
//! a game (one line in `variants!` and one `Rules` value) makes it ask for every field, so no
//! rule silently defaults for a game nobody thought of. What the engine keeps per game (weights,
//! opening book, bench positions) is the engine's own table, `kaiser_engine::variants`.

use crate::types::{Color, PieceType, Rank, MAX_PROMOTION_INDEX};
use std::fmt;
use std::str::FromStr;

/// How a terminal condition that is not checkmate scores for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TerminalValue {
    Draw,
    Loss,
}

/// Everything that tells one game from another. Colour-indexed fields are `[White, Black]`.
#[derive(Debug)]
pub struct Rules {
    /// The name used by `UCI_Variant` and on the command line.
    pub name: &'static str,
    /// The `Variant` tag of PGN files, as pychess writes it; `None` for standard chess, whose
    /// games carry no tag.
    pub pgn_tag: Option<&'static str>,
    /// The code in Kaiser's binary files (opening books, training data). New games take new
    /// codes; codes are never reused.
    pub file_code: u8,
    pub start_fen: &'static str,
    /// The piece types a FEN may contain, for either colour. Move generation and evaluation walk
    /// them in this order.
    pub piece_types: &'static [PieceType],
    /// The pieces a pawn may promote to, in the order promotions are generated.
    pub promotion_types: &'static [PieceType],
    /// The rank (0-based) from which each side's pawns may double-step.
    pub double_step_ranks: [Rank; 2],
    /// Kheshigs or Yurts may stand on the board (they are among `piece_types`). Attacker lookups
    /// ask for their patterns only then, so the other games do not pay for them.
    pub horde_pieces: bool,
    /// Kings may not face each other on an open rank or file ("flying general").
    pub faceoff: bool,
    /// A king reaching the far rank wins at once.
    pub campmate: bool,
    /// The result of stalemate for the stalemated side.
    pub stalemate: TerminalValue,
    /// The result of threefold repetition for the side to move in the repeated position.
    pub repetition: TerminalValue,
}

/// Orthodox chess.
pub const CHESS: Rules = Rules {
    name: "chess",
    pgn_tag: None,
    file_code: 1,
    start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    piece_types: &[
        PieceType::Pawn,
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
        PieceType::King,
    ],
    promotion_types: &[
        PieceType::Queen,
        PieceType::Rook,
        PieceType::Bishop,
        PieceType::Knight,
    ],
    double_step_ranks: [1, 6],
    horde_pieces: false,
    faceoff: false,
    campmate: false,
    stalemate: TerminalValue::Draw,
    repetition: TerminalValue::Draw,
};

/// Empire Chess: the Empire (White) against the Kingdom (Black). Empire pawns start on their
/// third rank and so never double-step, though the second rank is theirs as in Fairy-Stockfish.
pub const EMPIRE: Rules = Rules {
    name: "empire",
    pgn_tag: Some("Empire"),
    file_code: 2,
    start_fen: "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1",
    piece_types: &[
        PieceType::Pawn,
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
        PieceType::King,
        PieceType::Soldier,
        PieceType::Eagle,
        PieceType::Cardinal,
        PieceType::Tower,
        PieceType::Duke,
    ],
    promotion_types: &[PieceType::Queen],
    double_step_ranks: [1, 6],
    horde_pieces: false,
    faceoff: true,
    campmate: true,
    stalemate: TerminalValue::Loss,
    repetition: TerminalValue::Loss,
};

/// Orda Chess: the Kingdom (White) against the Horde (Black), whose pawns start on their third
/// rank and so never double-step.
pub const ORDA: Rules = Rules {
    name: "orda",
    pgn_tag: Some("Orda"),
    file_code: 3,
    start_fen: "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
    piece_types: &[
        PieceType::Pawn,
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
        PieceType::King,
        PieceType::Kheshig,
        PieceType::Lancer,
        PieceType::Archer,
        PieceType::Yurt,
    ],
    promotion_types: &[PieceType::Queen, PieceType::Kheshig],
    double_step_ranks: [1, 6],
    horde_pieces: true,
    faceoff: false,
    campmate: true,
    stalemate: TerminalValue::Draw,
    repetition: TerminalValue::Draw,
};

/// Declares `Variant`, `Variant::ALL`, `Variant::rules` and the accessors asked for at every node
/// from one list, so they cannot disagree.
macro_rules! variants {
    ($($(#[$attr:meta])* $variant:ident => $rules:ident,)+) => {
        /// A game Kaiser plays: a handle on its `Rules`.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
        pub enum Variant {
            $($(#[$attr])* $variant,)+
        }

        impl Variant {
            /// Every variant, in declaration order (`ALL[v.index()] == v`).
            pub const ALL: [Variant; [$(Variant::$variant),+].len()] = [$(Variant::$variant),+];

            /// The variant's rules.
            #[inline]
            pub const fn rules(self) -> &'static Rules {
                match self {
                    $(Variant::$variant => &$rules,)+
                }
            }

            // The rules the move generator, the evaluation and the search ask for at every
            // node read the field in a match whose arms are constants, which the compiler folds
            // (into a comparison for a flag) instead of loading it through `rules()`.

            /// The rank (0-based) from which `color`'s pawns may double-step.
            #[inline]
            pub const fn double_step_rank(self, color: Color) -> Rank {
                match self {
                    $(Variant::$variant => $rules.double_step_ranks[color.index()],)+
                }
            }

            /// Kheshigs or Yurts may stand on the board (see `Rules::horde_pieces`).
            #[inline]
            pub const fn has_horde(self) -> bool {
                match self {
                    $(Variant::$variant => $rules.horde_pieces,)+
                }
            }

            /// Kings may not face each other on an open rank or file ("flying general").
            #[inline]
            pub const fn has_faceoff(self) -> bool {
                match self {
                    $(Variant::$variant => $rules.faceoff,)+
                }
            }

            /// A king reaching the far rank wins at once.
            #[inline]
            pub const fn has_campmate(self) -> bool {
                match self {
                    $(Variant::$variant => $rules.campmate,)+
                }
            }
        }
    };
}

variants! {
    /// Orthodox chess, the default (GUIs send no `UCI_Variant` for it).
    #[default]
    Chess => CHESS,
    /// Empire Chess.
    Empire => EMPIRE,
    /// Orda Chess.
    Orda => ORDA,
}

impl Variant {
    /// The position of the variant in `Variant::ALL`, for tables indexed by variant.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name used by `UCI_Variant` and on the command line.
    pub const fn name(self) -> &'static str {
        self.rules().name
    }

    /// The variant's code in Kaiser's binary files (see `Rules::file_code`).
    pub const fn file_code(self) -> u8 {
        self.rules().file_code
    }

    /// The variant with `file_code() == code`.
    pub fn from_file_code(code: u8) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.file_code() == code)
    }

    /// The variant a PGN `Variant` tag names (`None`: no tag, standard chess). Besides the
    /// tags Kaiser writes, it reads the variant names and `Standard`, ignoring case.
    pub fn from_pgn_tag(tag: Option<&str>) -> Result<Variant, UnknownVariant> {
        let Some(tag) = tag else {
            return Ok(Variant::ALL
                .into_iter()
                .find(|v| v.rules().pgn_tag.is_none())
                .unwrap_or_default());
        };
        if tag.trim().eq_ignore_ascii_case("standard") {
            return Ok(Variant::Chess);
        }
        Variant::ALL
            .into_iter()
            .find(|v| {
                v.rules()
                    .pgn_tag
                    .is_some_and(|t| t.eq_ignore_ascii_case(tag.trim()))
            })
            .map_or_else(|| tag.parse(), Ok)
    }

    pub const fn start_fen(self) -> &'static str {
        self.rules().start_fen
    }

    /// The piece types a FEN of this variant may contain (for either colour).
    #[inline]
    pub const fn piece_types(self) -> &'static [PieceType] {
        self.rules().piece_types
    }

    /// The pieces a pawn may promote to.
    #[inline]
    pub const fn promotion_types(self) -> &'static [PieceType] {
        self.rules().promotion_types
    }

    /// The rank (0-based) a `color` king must reach for campmate: its far rank.
    #[inline]
    pub const fn campmate_rank(self, color: Color) -> Rank {
        color.relative_rank(7)
    }

    /// The result of stalemate for the stalemated side.
    #[inline]
    pub const fn stalemate_value(self) -> TerminalValue {
        self.rules().stalemate
    }

    /// The result of threefold repetition for the side to move in the repeated position.
    #[inline]
    pub const fn repetition_value(self) -> TerminalValue {
        self.rules().repetition
    }
}

const fn contains(types: &[PieceType], pt: PieceType) -> bool {
    let mut i = 0;
    while i < types.len() {
        if types[i].index() == pt.index() {
            return true;
        }
        i += 1;
    }
    false
}

const fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

// What every rules value must satisfy, checked when compiling.
const _: () = {
    let mut untagged = 0;
    let mut v = 0;
    while v < Variant::ALL.len() {
        let variant = Variant::ALL[v];
        let rules = variant.rules();
        assert!(variant.index() == v, "ALL is in declaration order");
        let types = rules.piece_types;
        assert!(contains(types, PieceType::King) && contains(types, PieceType::Pawn));
        assert!(
            rules.horde_pieces
                == (contains(types, PieceType::Kheshig) || contains(types, PieceType::Yurt)),
            "horde_pieces says whether Kheshigs or Yurts may stand"
        );
        let promotions = rules.promotion_types;
        let mut i = 0;
        while i < promotions.len() {
            // Every promotion piece must fit the move encoding and belong to the game.
            assert!(promotions[i].index() <= MAX_PROMOTION_INDEX);
            assert!(contains(types, promotions[i]));
            i += 1;
        }
        if rules.pgn_tag.is_none() {
            untagged += 1;
        }
        let mut w = 0;
        while w < v {
            let other = Variant::ALL[w].rules();
            assert!(rules.file_code != other.file_code, "file codes are unique");
            assert!(!same_text(rules.name, other.name), "names are unique");
            w += 1;
        }
        v += 1;
    }
    assert!(
        untagged == 1,
        "one game, standard chess, has no PGN Variant tag"
    );
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
    fn file_codes_are_kept() {
        // Book and training-data files store these codes: they never change.
        let codes: Vec<(&str, u8)> = Variant::ALL
            .iter()
            .map(|v| (v.name(), v.file_code()))
            .collect();
        assert_eq!(codes, [("chess", 1), ("empire", 2), ("orda", 3)]);
        for variant in Variant::ALL {
            assert_eq!(Variant::from_file_code(variant.file_code()), Some(variant));
        }
        assert_eq!(Variant::from_file_code(0), None);
    }

    #[test]
    fn names_and_pgn_tags_are_read() {
        for variant in Variant::ALL {
            assert_eq!(variant.name().parse(), Ok(variant));
            assert_eq!(variant.name().to_uppercase().parse(), Ok(variant));
            assert_eq!(Variant::from_pgn_tag(variant.rules().pgn_tag), Ok(variant));
        }
        assert_eq!(Variant::from_pgn_tag(None), Ok(Variant::Chess));
        assert_eq!(Variant::from_pgn_tag(Some("Standard")), Ok(Variant::Chess));
        assert_eq!(Variant::from_pgn_tag(Some("empire")), Ok(Variant::Empire));
        assert!(Variant::from_pgn_tag(Some("Atomic")).is_err());
        assert!("atomic".parse::<Variant>().is_err());
    }
}
