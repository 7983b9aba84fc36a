//! Legal move generation. Moves are generated legal from the start: checks, pins and the faceoff
//! rule are resolved with bitboard masks, so no move is tried and rejected (only en passant, rare,
//! is verified on the board it leaves).
//!
//! Pins come from the capture patterns alone (Eagles and Dukes never pin; a Cardinal or Horse
//! Archer pins only on diagonals, a Tower or Lancer only on ranks and files); with the faceoff rule
//! the enemy king also "pins" any lone piece, of either colour, standing between the two kings. A
//! pinned piece keeps every target on its pin line, quiet ones included (a pinned Lancer or Archer,
//! whose quiet moves are knight jumps, keeps only captures along the line).

use super::{CastlingSide, PieceTracker, Position};
use crate::attacks::{self, Pattern};
use crate::types::{Bitboard, Move, MoveKind, PieceType, Square};
use arrayvec::ArrayVec;

/// Which moves to generate. `Captures` is captures and promotions; `Quiets` is every other move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GenType {
    All,
    Captures,
    Quiets,
}

/// Enough for any position: at most 15 queen-moving pieces with 27 quiet moves and 8 captures
/// each, plus the king.
const MAX_MOVES: usize = 600;

/// A fixed-capacity list of moves, kept on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Where generated moves go: a list, or a counter that only needs the number of moves (perft's
/// last ply), so both share one generator.
trait MoveSink {
    /// Adds the moves from `from` to each square of `to`.
    fn add_targets(&mut self, from: Square, to: Bitboard);
    /// Adds a promotion to each of `pieces` for every square of `to`.
    fn add_promotions(&mut self, from: Square, to: Bitboard, pieces: &[PieceType]);
    fn add(&mut self, m: Move);
}

impl MoveSink for MoveList {
    #[inline]
    fn add_targets(&mut self, from: Square, to: Bitboard) {
        for sq in to {
            self.push(Move::normal(from, sq));
        }
    }

    #[inline]
    fn add_promotions(&mut self, from: Square, to: Bitboard, pieces: &[PieceType]) {
        for sq in to {
            for &pt in pieces {
                self.push(Move::promotion(from, sq, pt));
            }
        }
    }

    #[inline]
    fn add(&mut self, m: Move) {
        self.push(m);
    }
}

/// Looks for one move among those generated (to check a move from elsewhere for legality).
struct MoveFinder {
    wanted: Move,
    found: bool,
}

impl MoveSink for MoveFinder {
    #[inline]
    fn add_targets(&mut self, from: Square, to: Bitboard) {
        let wanted = self.wanted;
        self.found |=
            wanted.kind() == MoveKind::Normal && wanted.from() == from && to.contains(wanted.to());
    }

    #[inline]
    fn add_promotions(&mut self, from: Square, to: Bitboard, pieces: &[PieceType]) {
        if let MoveKind::Promotion(pt) = self.wanted.kind() {
            self.found |=
                self.wanted.from() == from && to.contains(self.wanted.to()) && pieces.contains(&pt);
        }
    }

    #[inline]
    fn add(&mut self, m: Move) {
        self.found |= m == self.wanted;
    }
}

/// Counts moves without storing them.
struct MoveCounter(usize);

impl MoveSink for MoveCounter {
    #[inline]
    fn add_targets(&mut self, _from: Square, to: Bitboard) {
        self.0 += to.count() as usize;
    }

    #[inline]
    fn add_promotions(&mut self, _from: Square, to: Bitboard, pieces: &[PieceType]) {
        self.0 += to.count() as usize * pieces.len();
    }

    #[inline]
    fn add(&mut self, _m: Move) {
        self.0 += 1;
    }
}

impl<T: PieceTracker> Position<T> {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(GenType::All, &mut list);
        list
    }

    /// The number of legal moves, counted without listing them.
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = MoveCounter(0);
        self.generate_legal::<_, true, true>(&mut counter, Bitboard::FULL);
        counter.0
    }

    /// True if `m` is legal here. For moves that come from elsewhere (a hash table, another
    /// node). The common case, a plain move of a piece other than a pawn or the king with no
    /// check and no facing kings, is decided from the piece's targets and its pin alone; the
    /// rest generates the moving piece's moves.
    pub fn is_legal(&self, m: Move) -> bool {
        let us = self.side_to_move;
        let (from, to) = (m.from(), m.to());
        let Some(piece) = self.piece_at(from).filter(|p| p.color == us) else {
            return false;
        };
        let plain = m.kind() == MoveKind::Normal
            && !matches!(piece.kind, PieceType::Pawn | PieceType::King)
            && self.checkers().is_empty()
            && !self.state.kings_facing
            && !self.campmate_reached();
        if plain {
            let occ = self.occupied();
            let reachable = match self.piece_at(to) {
                Some(target) if target.color == us => return false,
                Some(_) => attacks::attacks(piece.kind, us, from, occ),
                None => attacks::pattern_targets(piece.kind.quiet_pattern(), us, from, occ),
            };
            // Only a piece on a line through its king can be pinned, and it may move along it.
            let ksq = self.king_square(us);
            let pin_line = attacks::line(ksq, from);
            return reachable.contains(to)
                && (pin_line.contains(to)
                    || pin_line.is_empty()
                    || !self.pinned(us).contains(from));
        }
        let mut finder = MoveFinder {
            wanted: m,
            found: false,
        };
        self.generate_legal::<_, true, true>(&mut finder, Bitboard::from(from));
        finder.found
    }

    /// Appends the legal moves of kind `gen` to `list`. A position where the game has ended by
    /// campmate has no moves.
    pub fn generate(&self, gen: GenType, list: &mut MoveList) {
        self.generate_from(Bitboard::FULL, gen, list);
    }

    /// Appends the legal moves of kind `gen` of the pieces standing on `origins` to `list`.
    pub fn generate_from(&self, origins: Bitboard, gen: GenType, list: &mut MoveList) {
        match gen {
            GenType::All => self.generate_legal::<_, true, true>(list, origins),
            GenType::Captures => self.generate_legal::<_, true, false>(list, origins),
            GenType::Quiets => self.generate_legal::<_, false, true>(list, origins),
        }
    }

    fn generate_legal<S: MoveSink, const CAPTURES: bool, const QUIETS: bool>(
        &self,
        sink: &mut S,
        origins: Bitboard,
    ) {
        if self.campmate_reached() {
            return;
        }
        let us = self.side_to_move;
        let ksq = self.king_square(us);
        let occ = self.occupied();

        if origins.contains(ksq) {
            self.generate_king_steps::<S, CAPTURES, QUIETS>(ksq, sink);
        }
        let checkers = self.checkers();
        if checkers.more_than_one() {
            return;
        }
        // Outside check any square will do; in check, a move must capture or block the checker.
        let mut evasions = match checkers.any() {
            true => attacks::between(ksq, checkers.lsb()) | checkers,
            false => Bitboard::FULL,
        };
        if self.state.kings_facing {
            // As in Fairy-Stockfish: not a check, but only moves that block the file will do.
            evasions &= attacks::between(ksq, self.king_square(!us));
        }
        let enemies = self.pieces_of(!us);
        let mut wanted = Bitboard::EMPTY;
        if CAPTURES {
            wanted |= enemies;
        }
        if QUIETS {
            wanted |= !occ;
        }
        let targets = evasions & wanted;
        let pinned = self.pinned(us);

        for &pt in self.variant.piece_types() {
            if pt == PieceType::Pawn || pt == PieceType::King {
                continue;
            }
            for from in self.pieces(us, pt) & origins {
                // Only the patterns asked for are computed (the quiet one of an Empire piece
                // is a queen's, which captures-only generation never needs).
                let mut to = targets
                    & match (CAPTURES, QUIETS) {
                        (true, false) => attacks::attacks(pt, us, from, occ) & enemies,
                        (false, true) => {
                            attacks::pattern_targets(pt.quiet_pattern(), us, from, occ) & !occ
                        }
                        _ => {
                            let (capture, quiet) =
                                attacks::capture_and_quiet_targets(pt, us, from, occ);
                            (capture & enemies) | (quiet & !occ)
                        }
                    };
                if pinned.contains(from) {
                    to &= attacks::line(ksq, from);
                }
                sink.add_targets(from, to);
            }
        }

        let pawns = self.pieces(us, PieceType::Pawn) & origins;
        self.generate_pawn_moves::<S, CAPTURES, QUIETS>(
            pawns, ksq, evasions, targets, pinned, sink,
        );
        if QUIETS && checkers.is_empty() && origins.contains(ksq) {
            self.generate_castling(ksq, sink);
        }
    }

    /// King steps to squares that are neither attacked nor on the enemy king's open lines.
    fn generate_king_steps<S: MoveSink, const CAPTURES: bool, const QUIETS: bool>(
        &self,
        ksq: Square,
        sink: &mut S,
    ) {
        let us = self.side_to_move;
        let occ = self.occupied();
        let mut to = attacks::king_attacks(ksq) & !self.pieces_of(us);
        if !CAPTURES {
            to &= !occ;
        }
        if !QUIETS {
            to &= occ;
        }
        let without_king = occ ^ ksq;
        let safe = to.filter(|&sq| {
            !self.is_attacked(sq, !us, without_king) && !self.faces_enemy_king(sq, us, without_king)
        });
        for sq in safe {
            sink.add(Move::normal(ksq, sq));
        }
    }

    /// Pawn pushes, double steps, captures, promotions (all counted as captures) and en passant
    /// of the `pawns` given. `evasions` is the check restriction; `targets` adds the
    /// capture/quiet one.
    fn generate_pawn_moves<S: MoveSink, const CAPTURES: bool, const QUIETS: bool>(
        &self,
        pawns: Bitboard,
        ksq: Square,
        evasions: Bitboard,
        targets: Bitboard,
        pinned: Bitboard,
        sink: &mut S,
    ) {
        let us = self.side_to_move;
        let occ = self.occupied();
        let enemies = self.pieces_of(!us);
        let promotion_rank = Bitboard::rank(us.relative_rank(7));
        let double_step_rank = self.variant.double_step_rank(us);
        // Without quiet moves, only pawns that attack an enemy, stand one step from promotion
        // or may capture en passant have anything to generate.
        let pawns = match QUIETS || self.en_passant().is_some() {
            true => pawns,
            false => {
                pawns
                    & (attacks::pawn_attack_origins(us, enemies)
                        | Bitboard::rank(us.relative_rank(6)))
            }
        };
        for from in pawns {
            let single = attacks::pattern_targets(Pattern::PawnPush, us, from, occ) & !occ;
            let mut to = single;
            if single.any() && from.rank() == double_step_rank {
                to |= attacks::pattern_targets(Pattern::PawnPush, us, single.lsb(), occ) & !occ;
            }
            to |= attacks::pawn_attacks(us, from) & enemies;
            if pinned.contains(from) {
                to &= attacks::line(ksq, from);
            }
            if CAPTURES {
                let promotions = to & promotion_rank & evasions;
                sink.add_promotions(from, promotions, self.variant.promotion_types());
            }
            sink.add_targets(from, to & !promotion_rank & targets);
            if let Some(ep) = self.en_passant() {
                if CAPTURES
                    && attacks::pawn_attacks(us, from).contains(ep)
                    && self.en_passant_is_legal(from, ep)
                {
                    sink.add(Move::en_passant(from, ep));
                }
            }
        }
    }
    /// Plays the capture on a scratch occupancy and tests the king: en passant removes two pieces
    /// from their squares and may open a line to the king, or a rank between the kings.
    ///
    /// Fairy-Stockfish, whose perft counts define correctness, skips the faceoff test for en
    /// passant altogether. RULES.md asks that an en-passant capture emptying a *rank* between the
    /// kings be illegal, and we follow it; but a capturing pawn that is the lone blocker between
    /// kings on a *file* may capture en passant, as in Fairy-Stockfish (the shared perft suite
    /// counts such captures, e.g. `exf6` in
    /// `r1b1k1nr/p1p4p/8/1p1pPp2/3S4/bP5P/3E1E2/T2DKC2 w kq f6 0 16`).
    fn en_passant_is_legal(&self, from: Square, to: Square) -> bool {
        let us = self.side_to_move;
        let ksq = self.king_square(us);
        let captured = Square::new(to.file(), from.rank());
        let occ = (self.occupied() ^ from ^ captured) | to;
        let attackers =
            self.attackers_to(ksq, occ) & self.pieces_of(!us) & !Bitboard::from(captured);
        let opens_rank_between_kings =
            ksq.rank() == self.king_square(!us).rank() && self.faces_enemy_king(ksq, us, occ);
        attackers.is_empty() && !opens_rank_between_kings
    }

    /// Castling: the right is held, the squares between king and rook are empty, and the king is
    /// not in check (the caller's test), passes through no attacked square and, with the faceoff
    /// rule, through no square facing the enemy king.
    fn generate_castling<S: MoveSink>(&self, ksq: Square, sink: &mut S) {
        let us = self.side_to_move;
        let occ = self.occupied();
        let without_king = occ ^ ksq;
        for side in CastlingSide::ALL {
            if side.color != us || !self.castling_rights().has(side) {
                continue;
            }
            if (attacks::between(ksq, side.rook_from()) & occ).any() {
                continue;
            }
            let path = attacks::between(ksq, side.king_to()) | side.king_to();
            let safe = path.into_iter().all(|sq| {
                !self.is_attacked(sq, !us, without_king)
                    && !self.faces_enemy_king(sq, us, without_king)
            });
            if safe {
                sink.add(Move::castling(ksq, side.king_to()));
            }
        }
    }
}

impl<T: PieceTracker> Position<T> {
    /// The legal move written `text` in UCI notation (`e2e4`, `e7e8q`, castling as the king's
    /// move), if there is one.
    pub fn parse_uci_move(&self, text: &str) -> Option<Move> {
        self.legal_moves()
            .into_iter()
            .find(|m| m.to_string() == text)
    }
}
