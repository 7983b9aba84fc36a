//! The games as XBoard knows them. XBoard plays standard chess itself (`normal`); Empire and Orda
//! are engine-defined variants: on `variant empire` Kaiser sends
//!
//! - `setup (<table>) 8x8+0_fairy <start FEN>`: the board size, no holdings, XBoard's catch-all
//!   parent variant `fairy`, the start position, and the piece-to-image table. The table lists,
//!   for each of XBoard's piece images in XBoard's own order, the letter that stands for it ('.'
//!   for an image not used), White's half then Black's, each ending with the king. The letters
//!   are Fairy-Stockfish's (the FEN letters); the images are the closest XBoard has: a hawk for
//!   the Eagle, a crowned bishop for the Cardinal, a tower for the Siege Tower, a crown for the
//!   Duke, a helmet for the Soldier; a unicorn for the Lancer, the archbishop's swords for the
//!   Horse Archer, the marshal's star for the Kheshig and a tent-like bell for the Yurt.
//! - `piece <letter> <Betza>` for every piece type of the variant: how it moves, in Betza's
//!   notation (`mQcN`: moves like a queen, captures like a knight), so that XBoard can check the
//!   moves entered on its board, find checks and mates, and write SAN. A letter with `&` holds for
//!   both colours; pawns that may double-step only on one side get a line per colour.
//!
//! The descriptions are derived from nothing but this table, and a test checks each of them
//! against the rules core's move patterns on every square.
//!
//! What XBoard cannot be told (the kings' faceoff, campmate, and the losses by stalemate and
//! repetition in Empire) Kaiser enforces itself: it answers `Illegal move` to a move the faceoff
//! forbids and claims the result of a game that ends by these rules (see the session).

use crate::Position;
use kaiser_rules::types::{Bitboard, Color, PieceType};
use kaiser_rules::variant::Variant;

/// The name XBoard uses for `variant`: `normal` for standard chess, which XBoard knows, and
/// Kaiser's own name for the games it defines.
pub fn xboard_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Chess => "normal",
        variant => variant.name(),
    }
}

/// The variant XBoard names `name` (Kaiser's name `chess` is accepted for `normal` too).
pub fn from_xboard_name(name: &str) -> Option<Variant> {
    Variant::ALL
        .into_iter()
        .find(|&variant| xboard_name(variant) == name || variant.name() == name)
}

/// The value of the `variants` feature: every game Kaiser plays, by XBoard's names.
pub fn feature_list() -> String {
    Variant::ALL
        .iter()
        .map(|&v| xboard_name(v))
        .collect::<Vec<_>>()
        .join(",")
}

/// The index of a piece type's image among XBoard's pieces (XBoard's `ChessSquare` order: 0
/// pawn, 1 knight, 2 bishop, 3 rook, 4 queen, 7 archbishop, 8 marshal, 10 commoner, 13 crowned
/// bishop, 15 crown, 17 hawk, 20 unicorn, 25 tower, 36 helmet), `None` for the king, which
/// always comes last.
fn image(pt: PieceType) -> Option<usize> {
    use PieceType::*;
    Some(match pt {
        Pawn => 0,
        Knight => 1,
        Bishop => 2,
        Rook => 3,
        Queen => 4,
        Archer => 7,
        Kheshig => 8,
        Yurt => 10,
        Cardinal => 13,
        Duke => 15,
        Eagle => 17,
        Lancer => 20,
        Tower => 25,
        Soldier => 36,
        King => return None,
    })
}

/// How a piece type moves, in Betza's notation, for a colour whose pawns may or may not
/// double-step. The king's castling is XBoard's own (from the FEN's castling rights).
fn betza(pt: PieceType, pawn_double_step: bool) -> &'static str {
    use PieceType::*;
    match pt {
        Pawn if pawn_double_step => "fmWfceFifmnD",
        Pawn => "fmWfceF",
        Knight => "N",
        Bishop => "B",
        Rook => "R",
        Queen => "Q",
        King => "K",
        Soldier => "fsW",
        Eagle => "mQcN",
        Cardinal => "mQcB",
        Tower => "mQcR",
        Duke => "mQcK",
        Kheshig => "KN",
        Lancer => "mNcR",
        Archer => "mNcB",
        Yurt => "FfW",
    }
}

/// The piece-to-image table of `variant` (see the module header).
pub fn piece_table(variant: Variant) -> String {
    let types = variant.piece_types();
    let len = types.iter().filter_map(|&pt| image(pt)).max().unwrap_or(0) + 1;
    let mut white = vec!['.'; len];
    for &pt in types {
        if let Some(index) = image(pt) {
            white[index] = pt.letter().to_ascii_uppercase();
        }
    }
    white.push(PieceType::King.letter().to_ascii_uppercase());
    let white: String = white.into_iter().collect();
    format!("{white}{}", white.to_ascii_lowercase())
}

/// Whether `color`'s pawns can double-step in `variant`'s games: they start on the rank they
/// double-step from (Empire's and the Horde's pawns start a rank further and never do).
fn pawns_double_step(variant: Variant, color: Color) -> bool {
    let start = Position::startpos(variant);
    (start.pieces(color, PieceType::Pawn) & Bitboard::rank(variant.double_step_rank(color))).any()
}

/// The `piece` lines of `variant`.
pub fn piece_lines(variant: Variant) -> Vec<String> {
    let mut lines = Vec::new();
    for &pt in variant.piece_types() {
        let letter = pt.letter().to_ascii_uppercase();
        let [white, black] = [Color::White, Color::Black].map(|color| {
            betza(
                pt,
                pt == PieceType::Pawn && pawns_double_step(variant, color),
            )
        });
        if white == black {
            lines.push(format!("piece {letter}& {white}"));
        } else {
            lines.push(format!("piece {letter} {white}"));
            lines.push(format!("piece {} {black}", letter.to_ascii_lowercase()));
        }
    }
    lines
}

/// What Kaiser sends on `variant <name>`: nothing for standard chess, which XBoard knows; the
/// `setup` and `piece` lines of an engine-defined variant.
pub fn definition(variant: Variant) -> Vec<String> {
    if variant == Variant::Chess {
        return Vec::new();
    }
    let mut lines = vec![format!(
        "setup ({}) 8x8+0_fairy {}",
        piece_table(variant),
        variant.start_fen()
    )];
    lines.extend(piece_lines(variant));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaiser_rules::attacks;
    use kaiser_rules::types::Square;
    use rand::{Rng, SeedableRng};

    /// The exact lines XBoard reads are `tests/xboard.rs`'s (`variant empire`, `variant orda`);
    /// `betza_matches_the_rules_core` checks what each piece line means.
    #[test]
    fn definitions_have_their_form() {
        assert!(definition(Variant::Chess).is_empty());
        for variant in [Variant::Empire, Variant::Orda] {
            let lines = definition(variant);
            assert!(lines[0].starts_with("setup ("), "{lines:?}");
            // One line a piece kind, the pawn two (one for each side), after the setup.
            assert_eq!(lines.len(), 2 + variant.piece_types().len(), "{lines:?}");
        }
    }

    #[test]
    fn tables_fit_xboard() {
        for variant in [Variant::Empire, Variant::Orda] {
            let table = piece_table(variant);
            // XBoard takes 12 to 88 letters, an even number, with each letter used once.
            assert!(
                table.len().is_multiple_of(2) && (12..=88).contains(&table.len()),
                "{table}"
            );
            let letters: Vec<char> = table.chars().filter(|&c| c != '.').collect();
            let mut unique = letters.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), letters.len(), "{table}");
            assert_eq!(letters.len(), 2 * variant.piece_types().len(), "{table}");
        }
    }

    #[test]
    fn names_round_trip() {
        for variant in Variant::ALL {
            assert_eq!(from_xboard_name(xboard_name(variant)), Some(variant));
        }
        assert_eq!(feature_list(), "normal,empire,orda");
        assert_eq!(from_xboard_name("atomic"), None);
    }

    /// The squares a Betza description reaches from `from` for `color`, moving (`captures`
    /// false: to empty squares) or capturing (to occupied ones), on a board occupied by `occ`.
    /// Knows what the descriptions above use: the atoms W F D N K Q R B, the directions f b s,
    /// the modes m c (e is taken as c, i and n are dropped: double steps are tested apart).
    fn betza_reach(
        desc: &str,
        color: Color,
        from: Square,
        occ: Bitboard,
        captures: bool,
    ) -> Bitboard {
        let mut result = Bitboard::EMPTY;
        let forward: i8 = if color == Color::White { 1 } else { -1 };
        let mut modifiers = String::new();
        for c in desc.chars() {
            if c.is_ascii_lowercase() {
                modifiers.push(c);
                continue;
            }
            let initial = modifiers.contains('i');
            let mode_m = modifiers.contains('m');
            let mode_c = modifiers.contains('c') || modifiers.contains('e');
            let (may_move, may_capture) = if mode_m || mode_c {
                (mode_m, mode_c)
            } else {
                (true, true)
            };
            let dirs: String = modifiers.chars().filter(|c| "fbs".contains(*c)).collect();
            modifiers.clear();
            if initial {
                continue; // double steps: tested apart
            }
            const ORTHOGONAL: &[(i8, i8)] = &[(0, 1), (0, -1), (1, 0), (-1, 0)];
            const DIAGONAL: &[(i8, i8)] = &[(1, 1), (1, -1), (-1, 1), (-1, -1)];
            const KNIGHT: &[(i8, i8)] = &[
                (1, 2),
                (2, 1),
                (-1, 2),
                (-2, 1),
                (1, -2),
                (2, -1),
                (-1, -2),
                (-2, -1),
            ];
            let all_eight = || [ORTHOGONAL, DIAGONAL].concat();
            let (steps, slide): (Vec<(i8, i8)>, bool) = match c {
                'W' => (ORTHOGONAL.to_vec(), false),
                'F' => (DIAGONAL.to_vec(), false),
                'D' => (
                    ORTHOGONAL.iter().map(|&(f, r)| (2 * f, 2 * r)).collect(),
                    false,
                ),
                'N' => (KNIGHT.to_vec(), false),
                'K' => (all_eight(), false),
                'R' => (ORTHOGONAL.to_vec(), true),
                'B' => (DIAGONAL.to_vec(), true),
                'Q' => (all_eight(), true),
                other => panic!("atom {other} not known to the test"),
            };
            for &(df, dr) in &steps {
                let allowed = dirs.is_empty()
                    || dirs.chars().any(|d| match d {
                        'f' => dr == 2 * forward || dr == forward,
                        'b' => dr == -2 * forward || dr == -forward,
                        's' => dr == 0,
                        _ => false,
                    });
                if !allowed {
                    continue;
                }
                let (mut f, mut r) = (df, dr);
                while let Some(to) = from.offset(f, r) {
                    let occupied = occ.contains(to);
                    if occupied && captures && may_capture || !occupied && !captures && may_move {
                        result |= Bitboard::from_square(to);
                    }
                    if occupied || !slide {
                        break;
                    }
                    f += df;
                    r += dr;
                }
            }
        }
        result
    }

    /// Every description moves and captures exactly as the rules core's patterns say, for both
    /// colours, on every square, among random other pieces.
    #[test]
    fn betza_matches_the_rules_core() {
        attacks::init();
        let mut rng = rand::rngs::StdRng::seed_from_u64(39);
        for pt in PieceType::ALL {
            for color in [Color::White, Color::Black] {
                let desc = betza(pt, false);
                for from in Square::ALL {
                    for _ in 0..8 {
                        let occ = Bitboard(rng.gen::<u64>() & rng.gen::<u64>())
                            & !Bitboard::from_square(from);
                        let (capture, quiet) =
                            attacks::capture_and_quiet_targets(pt, color, from, occ);
                        assert_eq!(
                            betza_reach(desc, color, from, occ, true),
                            capture & occ,
                            "{pt:?} {color:?} {from} captures ({desc})"
                        );
                        assert_eq!(
                            betza_reach(desc, color, from, occ, false),
                            quiet & !occ,
                            "{pt:?} {color:?} {from} quiet moves ({desc})"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn only_pawns_on_their_double_step_rank_double_step() {
        assert!(!pawns_double_step(Variant::Empire, Color::White));
        assert!(pawns_double_step(Variant::Empire, Color::Black));
        assert!(pawns_double_step(Variant::Orda, Color::White));
        assert!(!pawns_double_step(Variant::Orda, Color::Black));
        assert!(pawns_double_step(Variant::Chess, Color::Black));
    }
}
