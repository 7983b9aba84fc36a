//! The position: pieces on the board, side to move, castling and en-passant rights, counters, and
//! the history of earlier states (for unmaking moves and detecting repetitions).
//!
//! Submodules: `fen` reads and writes FEN, `makemove` plays and takes back moves, `checks` tells
//! whether a move gives check before it is played, `movegen` generates legal moves, `outcome`
//! decides whether the game is over, `zobrist` holds hash keys.

mod castling;
mod changes;
mod checks;
mod fen;
mod makemove;
mod movegen;
mod outcome;
mod tracker;
mod zobrist;

pub use castling::{CastlingRights, CastlingSide};
pub use changes::PieceChanges;
pub use checks::CheckInfo;
pub use fen::FenError;
pub use movegen::{GenType, MoveList};
pub use outcome::{EndReason, Outcome};
pub use tracker::PieceTracker;

use crate::attacks::{self, Pattern};
use crate::types::{Bitboard, Color, Piece, PieceType, Square};
use crate::variant::Variant;
use std::fmt;

/// Number of capture patterns, for the per-pattern occupancy table.
const PATTERN_COUNT: usize = Pattern::ALL.len();

/// What changes with every move and must be restored when it is taken back.
#[derive(Clone, Copy, Debug)]
struct State {
    key: u64,
    castling: CastlingRights,
    /// Set only when a pawn of the side to move attacks the square (Fairy-Stockfish's habit).
    en_passant: Option<Square>,
    halfmove_clock: u32,
    /// The piece captured by the move that led here.
    captured: Option<Piece>,
    /// Pieces of the side not to move that attack the king of the side to move.
    checkers: Bitboard,
    /// The kings face each other on an open file, which only an en-passant capture can cause
    /// (see `en_passant_is_legal`): the side to move must then block the file or step off it.
    kings_facing: bool,
}

/// A position of `variant`, keeping `T` (see `PieceTracker`) up to date as pieces move.
#[derive(Clone)]
pub struct Position<T: PieceTracker = ()> {
    variant: Variant,
    board: [Option<Piece>; 64],
    by_color: [Bitboard; 2],
    by_type: [Bitboard; PieceType::COUNT],
    /// Pieces grouped by capture pattern, so attackers of a square are found with a few lookups.
    by_capture: [Bitboard; PATTERN_COUNT],
    /// The tracked sum over the pieces, kept up to date as pieces move.
    tracker: T,
    side_to_move: Color,
    /// Plies since the start of the game (fullmove number and side to move combined).
    game_ply: u32,
    state: State,
    history: Vec<State>,
}

impl<T: PieceTracker> Position<T> {
    /// The start position of `variant`.
    pub fn startpos(variant: Variant) -> Self {
        Self::from_fen(variant.start_fen(), variant).expect("start FENs are valid")
    }

    fn empty(variant: Variant) -> Self {
        Position {
            variant,
            board: [None; 64],
            by_color: [Bitboard::EMPTY; 2],
            by_type: [Bitboard::EMPTY; PieceType::COUNT],
            by_capture: [Bitboard::EMPTY; PATTERN_COUNT],
            tracker: T::default(),
            side_to_move: Color::White,
            game_ply: 0,
            state: State {
                key: 0,
                castling: CastlingRights::NONE,
                en_passant: None,
                halfmove_clock: 0,
                captured: None,
                checkers: Bitboard::EMPTY,
                kings_facing: false,
            },
            history: Vec::with_capacity(256),
        }
    }

    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn pieces_of(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    pub fn pieces_of_type(&self, pt: PieceType) -> Bitboard {
        self.by_type[pt.index()]
    }

    #[inline]
    pub fn pieces(&self, color: Color, pt: PieceType) -> Bitboard {
        self.by_color[color.index()] & self.by_type[pt.index()]
    }

    /// Pieces (of both colours) that capture by `pattern`.
    #[inline]
    fn capturing_by(&self, pattern: Pattern) -> Bitboard {
        self.by_capture[pattern as usize]
    }

    /// Pieces (of both colours) whose capture pattern covers diagonals, and ranks and files.
    #[inline]
    fn diagonal_and_orthogonal_attackers(&self) -> (Bitboard, Bitboard) {
        let queens = self.capturing_by(Pattern::Queen);
        (
            queens | self.capturing_by(Pattern::Bishop),
            queens | self.capturing_by(Pattern::Rook),
        )
    }

    /// The king square of `color`. Every valid position has exactly one king per side.
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(color, PieceType::King).lsb()
    }

    /// The tracked sum over the pieces on the board.
    #[inline]
    pub fn tracker(&self) -> T {
        self.tracker
    }

    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.state.castling
    }

    /// The en-passant target square, present only when a pawn of the side to move attacks it.
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.state.en_passant
    }

    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.state.halfmove_clock
    }

    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.game_ply / 2 + 1
    }

    /// Plies played since the position this one was set up from.
    #[inline]
    pub fn plies_played(&self) -> usize {
        self.history.len()
    }

    /// The Zobrist key: variant, pieces, side to move, castling rights and en-passant square.
    #[inline]
    pub fn key(&self) -> u64 {
        self.state.key
    }

    /// Pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.state.checkers
    }

    #[inline]
    pub fn in_check(&self) -> bool {
        self.state.checkers.any()
    }

    /// Pieces of either colour that attack `sq` when the board's occupancy is `occ`.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occ: Bitboard) -> Bitboard {
        let (diagonal, orthogonal) = self.diagonal_and_orthogonal_attackers();
        let mut attackers = (attacks::knight_attacks(sq) & self.capturing_by(Pattern::Knight))
            | (attacks::king_attacks(sq) & self.capturing_by(Pattern::King))
            | (attacks::bishop_attacks(sq, occ) & diagonal)
            | (attacks::rook_attacks(sq, occ) & orthogonal)
            | (attacks::pawn_attacks(Color::White, sq)
                & self.pieces(Color::Black, PieceType::Pawn))
            | (attacks::pawn_attacks(Color::Black, sq)
                & self.pieces(Color::White, PieceType::Pawn))
            | (attacks::soldier_attacks(Color::White, sq)
                & self.pieces_of(Color::Black)
                & self.capturing_by(Pattern::Soldier))
            | (attacks::soldier_attacks(Color::Black, sq)
                & self.pieces_of(Color::White)
                & self.capturing_by(Pattern::Soldier));
        if self.variant.has_horde() {
            for by in Color::BOTH {
                attackers |= self.kheshig_and_yurt_attackers(sq, by) & self.pieces_of(by);
            }
        }
        attackers
    }

    /// Pieces of `by` that attack `sq` with occupancy `occ`: `attackers_to(sq, occ) &
    /// pieces_of(by)`, but cheaper: a slider lookup only when a slider of `by` stands on one of
    /// the square's lines.
    #[inline]
    pub fn attackers_by(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        let theirs = self.pieces_of(by);
        let mut leapers = (attacks::knight_attacks(sq) & self.capturing_by(Pattern::Knight))
            | (attacks::king_attacks(sq) & self.capturing_by(Pattern::King))
            | (attacks::pawn_attacks(!by, sq) & self.by_type[PieceType::Pawn.index()])
            | (attacks::soldier_attacks(!by, sq) & self.capturing_by(Pattern::Soldier));
        if self.variant.has_horde() {
            leapers |= self.kheshig_and_yurt_attackers(sq, by);
        }
        let mut attackers = leapers & theirs;
        let (diagonal, orthogonal) = self.diagonal_and_orthogonal_attackers();
        let (diagonal, orthogonal) = (diagonal & theirs, orthogonal & theirs);
        if (attacks::bishop_rays(sq) & diagonal).any() {
            attackers |= attacks::bishop_attacks(sq, occ) & diagonal;
        }
        if (attacks::rook_rays(sq) & orthogonal).any() {
            attackers |= attacks::rook_attacks(sq, occ) & orthogonal;
        }
        attackers
    }

    /// Kheshigs (of either colour) and Yurts (of `by`'s colour, as a Yurt's steps depend on its
    /// side) that attack `sq`.
    #[inline]
    fn kheshig_and_yurt_attackers(&self, sq: Square, by: Color) -> Bitboard {
        (attacks::knight_king_attacks(sq) & self.capturing_by(Pattern::KnightKing))
            | (attacks::silver_attacks(!by, sq) & self.capturing_by(Pattern::Silver))
    }

    /// True if a piece of `by` attacks `sq` with occupancy `occ`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        self.attackers_by(sq, by, occ).any()
    }

    /// True if a king of `color` standing on `sq` would face the other king along an open rank or
    /// file, with occupancy `occ` (faceoff variants only).
    #[inline]
    pub fn faces_enemy_king(&self, sq: Square, color: Color, occ: Bitboard) -> bool {
        self.variant.has_faceoff()
            && attacks::rook_attacks(sq, occ).contains(self.king_square(!color))
    }

    /// True if `color` has a piece other than its king, pawns and Soldiers.
    #[inline]
    pub fn has_pieces(&self, color: Color) -> bool {
        let pawns_and_kings = self.by_type[PieceType::Pawn.index()]
            | self.by_type[PieceType::Soldier.index()]
            | self.by_type[PieceType::King.index()];
        (self.pieces_of(color) & !pawns_and_kings).any()
    }

    /// True if the side to move may pass (a null move): not in check, kings not facing.
    #[inline]
    pub fn may_pass(&self) -> bool {
        self.state.checkers.is_empty() && !self.state.kings_facing
    }

    /// The game is over by campmate: a king stands on its far rank.
    #[inline]
    pub fn campmate_reached(&self) -> bool {
        self.variant.has_campmate()
            && Color::BOTH
                .into_iter()
                .any(|c| self.king_square(c).rank() == self.variant.campmate_rank(c))
    }

    /// Pieces of `color` that may not leave the line between their king and an enemy slider (or,
    /// with the faceoff rule, the enemy king) without exposing their king.
    pub fn pinned(&self, color: Color) -> Bitboard {
        let (diagonal, mut orthogonal) = self.diagonal_and_orthogonal_attackers();
        if self.variant.has_faceoff() {
            orthogonal |= self.by_type[PieceType::King.index()];
        }
        let them = self.pieces_of(!color);
        let ksq = self.king_square(color);
        self.lone_blockers(ksq, diagonal & them, orthogonal & them) & self.pieces_of(color)
    }

    /// Pieces (of either colour) that stand alone between `sq` and one of the `diagonal`
    /// sliders on a diagonal or one of the `orthogonal` sliders on a rank or file.
    fn lone_blockers(&self, sq: Square, diagonal: Bitboard, orthogonal: Bitboard) -> Bitboard {
        let snipers = (attacks::bishop_rays(sq) & diagonal) | (attacks::rook_rays(sq) & orthogonal);
        let occ = self.occupied();
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = attacks::between(sq, sniper) & occ;
            if between.any() && !between.more_than_one() {
                blockers |= between;
            }
        }
        blockers
    }

    #[inline]
    fn put_piece(&mut self, piece: Piece, sq: Square) {
        self.board[sq.index()] = Some(piece);
        self.by_color[piece.color.index()] |= sq;
        self.by_type[piece.kind.index()] |= sq;
        self.by_capture[piece.kind.capture_pattern() as usize] |= sq;
        self.tracker.add(self.variant, piece, sq);
    }

    #[inline]
    fn remove_piece(&mut self, sq: Square) -> Piece {
        let piece = self.board[sq.index()]
            .take()
            .expect("a piece on the square");
        self.by_color[piece.color.index()] ^= sq;
        self.by_type[piece.kind.index()] ^= sq;
        self.by_capture[piece.kind.capture_pattern() as usize] ^= sq;
        self.tracker.remove(self.variant, piece, sq);
        piece
    }

    #[inline]
    fn move_piece(&mut self, from: Square, to: Square) {
        let piece = self.remove_piece(from);
        self.put_piece(piece, to);
    }

    /// The key computed from scratch (the incremental one must always equal it).
    pub fn compute_key(&self) -> u64 {
        let mut key = zobrist::variant_key(self.variant);
        for sq in self.occupied() {
            key ^= zobrist::piece_key(self.board[sq.index()].expect("occupied"), sq);
        }
        if self.side_to_move == Color::Black {
            key ^= zobrist::side_key();
        }
        key ^= zobrist::castling_key(self.state.castling.0);
        if let Some(ep) = self.state.en_passant {
            key ^= zobrist::en_passant_key(ep);
        }
        key
    }

    /// Checks that the mailbox, the bitboards and the key agree. For tests and debug builds.
    pub fn is_consistent(&self) -> bool {
        let mut by_color = [Bitboard::EMPTY; 2];
        let mut by_type = [Bitboard::EMPTY; PieceType::COUNT];
        for sq in Square::ALL {
            if let Some(p) = self.board[sq.index()] {
                by_color[p.color.index()] |= sq;
                by_type[p.kind.index()] |= sq;
            }
        }
        let mut by_capture = [Bitboard::EMPTY; PATTERN_COUNT];
        for pt in PieceType::ALL {
            by_capture[pt.capture_pattern() as usize] |= by_type[pt.index()];
        }
        let mut tracker = T::default();
        for sq in self.occupied() {
            tracker.add(self.variant, self.board[sq.index()].expect("occupied"), sq);
        }
        by_color == self.by_color
            && by_type == self.by_type
            && tracker == self.tracker
            && by_capture == self.by_capture
            && self.compute_key() == self.state.key
    }
}

impl<T: PieceTracker> fmt::Display for Position<T> {
    /// A board diagram, Stockfish's `d` style, followed by the FEN and the key.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SEPARATOR: &str = " +---+---+---+---+---+---+---+---+";
        writeln!(f, "{SEPARATOR}")?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let letter = self
                    .piece_at(Square::new(file, rank))
                    .map_or(' ', Piece::letter);
                write!(f, " | {letter}")?;
            }
            writeln!(f, " | {}", rank + 1)?;
            writeln!(f, "{SEPARATOR}")?;
        }
        writeln!(f, "   a   b   c   d   e   f   g   h")?;
        writeln!(f)?;
        writeln!(f, "Fen: {}", self.fen())?;
        write!(f, "Key: {:016X}", self.key())
    }
}

impl<T: PieceTracker> fmt::Debug for Position<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {})", self.variant, self.fen())
    }
}
