//! Upcoming repetitions: whether the side to move has a legal move back to a position that
//! stood an odd number of plies ago, found without generating moves (Marcel van Kervinck's
//! cuckoo tables, as Stockfish uses them).
//!
//! A reversible move (any piece but a pawn, between two squares each reachable from the other
//! by the piece's quiet pattern on an empty board) changes the key by the same amount wherever
//! it is played: the keys of the piece on its two squares and the side-to-move key. Every such
//! change is stored, with its move, in a cuckoo hash table (two slots per change, found by two
//! hash functions of the key). The key difference between the current position and one an odd
//! number of plies back is looked up there; a hit names the only move that could bridge them.
//! Variants' quiet patterns differ (an Empire piece moves like a queen, a Soldier's sideways
//! step comes back, its forward step does not), so the table holds every piece type of every
//! variant.

use super::{zobrist, PieceTracker, Position};
use crate::attacks::pattern_targets;
use crate::types::{Bitboard, Color, Move, Piece, PieceType, Square};
use once_cell::sync::Lazy;

/// Slots in the cuckoo table: about four times the reversible moves of all piece types.
const SLOTS: usize = 1 << 16;

/// A reversible move's key change and the move (from the lower square to the higher).
#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    piece: Piece,
    from: Square,
    to: Square,
}

struct Cuckoo {
    slots: Vec<Option<Slot>>,
}

#[inline]
fn first_hash(key: u64) -> usize {
    (key & (SLOTS as u64 - 1)) as usize
}

#[inline]
fn second_hash(key: u64) -> usize {
    ((key >> 16) & (SLOTS as u64 - 1)) as usize
}

static CUCKOO: Lazy<Cuckoo> = Lazy::new(|| {
    let mut cuckoo = Cuckoo {
        slots: vec![None; SLOTS],
    };
    for color in Color::BOTH {
        for kind in PieceType::ALL
            .into_iter()
            .filter(|&pt| pt != PieceType::Pawn)
        {
            let piece = Piece::new(color, kind);
            let quiet = |sq| pattern_targets(kind.quiet_pattern(), color, sq, Bitboard::EMPTY);
            for from in Square::ALL {
                for to in quiet(from).into_iter().filter(|&to| to > from) {
                    if quiet(to).contains(from) {
                        cuckoo.insert(Slot {
                            key: zobrist::piece_key(piece, from)
                                ^ zobrist::piece_key(piece, to)
                                ^ zobrist::side_key(),
                            piece,
                            from,
                            to,
                        });
                    }
                }
            }
        }
    }
    cuckoo
});

impl Cuckoo {
    /// Inserts `slot`, moving whatever stands in its way to that entry's other slot, and so on.
    fn insert(&mut self, slot: Slot) {
        let mut moving = slot;
        let mut index = first_hash(moving.key);
        for _ in 0..SLOTS {
            let Some(evicted) = self.slots[index].replace(moving) else {
                return;
            };
            moving = evicted;
            index = match first_hash(moving.key) == index {
                true => second_hash(moving.key),
                false => first_hash(moving.key),
            };
        }
        unreachable!("the cuckoo table is too small for the reversible moves");
    }

    /// The reversible move whose key change is `key`, if any.
    #[inline]
    fn find(&self, key: u64) -> Option<Slot> {
        [first_hash(key), second_hash(key)]
            .into_iter()
            .filter_map(|index| self.slots[index])
            .find(|slot| slot.key == key)
    }
}

impl<T: PieceTracker> Position<T> {
    /// True if the side to move has a legal move to a position that would end the game by
    /// repetition in a search `tree_plies` plies below its root: one that stood on the search
    /// path (at most `tree_plies` plies back, at least 3), or one that has stood twice already
    /// counting the game. Looks back no further than the last capture, pawn move or pass.
    pub fn upcoming_repetition(&self, tree_plies: usize) -> bool {
        let reach = (self.state.halfmove_clock as usize).min(self.history.len());
        let key = self.state.key;
        (3..=reach).step_by(2).any(|back| {
            let earlier = self.history[self.history.len() - back].key;
            self.bridging_move_is_legal(key ^ earlier)
                && (back <= tree_plies || self.keys_back(back + 2, reach).any(|k| k == earlier))
        })
    }

    /// True if the key change `diff` is a reversible move that the side to move can play here.
    fn bridging_move_is_legal(&self, diff: u64) -> bool {
        let Some(slot) = CUCKOO.find(diff) else {
            return false;
        };
        let m = match (self.piece_at(slot.from), self.piece_at(slot.to)) {
            (Some(p), None) if p == slot.piece => Move::normal(slot.from, slot.to),
            (None, Some(p)) if p == slot.piece => Move::normal(slot.to, slot.from),
            _ => return false,
        };
        slot.piece.color == self.side_to_move && self.is_legal(m)
    }
}

#[cfg(test)]
mod tests {
    use super::zobrist;
    use crate::types::{Color, Piece, PieceType, Square};
    use crate::{Position, Variant};

    fn play(pos: &mut Position, moves: &str) {
        for text in moves.split_whitespace() {
            let m = *pos
                .legal_moves()
                .iter()
                .find(|m| m.to_string() == text)
                .unwrap_or_else(|| panic!("{text} is not legal in {pos:?}"));
            pos.make_move(m);
        }
    }

    /// After Nf3 Nf6 Ng1, Black's Ng8 returns to the start position: an upcoming repetition
    /// inside a search of 3 plies or more, and before the root only once the start position
    /// has stood twice.
    #[test]
    fn a_knight_going_back_repeats_the_start() {
        crate::attacks::init();
        let mut pos: Position = Position::startpos(Variant::Chess);
        play(&mut pos, "g1f3 g8f6 f3g1");
        assert!(pos.upcoming_repetition(3));
        assert!(!pos.upcoming_repetition(2));
        play(&mut pos, "f6g8 g1f3 g8f6 f3g1");
        assert!(pos.upcoming_repetition(0));
    }

    /// Every reversible move of every piece type has its slot.
    #[test]
    fn the_table_holds_every_reversible_move() {
        let stored = super::CUCKOO.slots.iter().flatten().count();
        assert!(stored > 4000 && stored < super::SLOTS / 2, "{stored}");
    }

    /// Whether the side to move of the first FEN has one legal move to the second position.
    fn bridged(variant: Variant, here: &str, there: &str) -> bool {
        crate::attacks::init();
        let here: Position = Position::from_fen(here, variant).unwrap();
        let there: Position = Position::from_fen(there, variant).unwrap();
        here.bridging_move_is_legal(here.key() ^ there.key())
    }

    /// A slider's way back must be clear, the move legal and the side to move's.
    #[test]
    fn a_blocked_pinned_or_foreign_move_bridges_nothing() {
        let chess = Variant::Chess;
        let rook_a1 = "4k3/8/8/8/8/8/8/R3K3 b - - 0 1";
        assert!(bridged(chess, "4k3/8/8/8/R7/8/8/4K3 w - - 0 1", rook_a1));
        // A knight on a3 blocks the way back.
        let blocked = (
            "4k3/8/8/8/R7/n7/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/n7/8/R3K3 b - - 0 1",
        );
        assert!(!bridged(chess, blocked.0, blocked.1));
        // The rook on e2 is pinned to its king (the position after e2a2 is not a legal one, so
        // its key change is built from the keys).
        let pinned: Position =
            Position::from_fen("4r2k/8/8/8/8/8/4R3/4K3 w - - 0 1", chess).unwrap();
        let rook = Piece::new(Color::White, PieceType::Rook);
        let [e2, a2] = ["e2", "a2"].map(|name| Square::parse(name).unwrap());
        let e2a2 =
            zobrist::piece_key(rook, e2) ^ zobrist::piece_key(rook, a2) ^ zobrist::side_key();
        assert!(!pinned.bridging_move_is_legal(e2a2));
        let free: Position = Position::from_fen("7k/8/8/8/8/8/4R3/4K3 w - - 0 1", chess).unwrap();
        assert!(free.bridging_move_is_legal(e2a2));
        // Black to move cannot move White's rook.
        assert!(!bridged(
            chess,
            "4k3/8/8/8/R7/8/8/4K3 b - - 0 1",
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
        ));
    }

    /// An Eagle moves like a queen, so its long quiet move comes back the same way; a
    /// Soldier's sideways step comes back, its forward step does not.
    #[test]
    fn empire_pieces_and_soldiers_come_back_by_their_quiet_moves() {
        let empire = Variant::Empire;
        assert!(bridged(
            empire,
            "3k4/8/8/8/8/8/8/E3K3 w - - 0 1",
            "3k4/8/8/8/3E4/8/8/4K3 b - - 0 1"
        ));
        let soldier_d2 = "3k4/8/8/8/8/8/3S4/4K3 w - - 0 1";
        assert!(bridged(
            empire,
            soldier_d2,
            "3k4/8/8/8/8/8/2S5/4K3 b - - 0 1"
        ));
        assert!(!bridged(
            empire,
            soldier_d2,
            "3k4/8/8/8/8/3S4/8/4K3 b - - 0 1"
        ));
    }
}
