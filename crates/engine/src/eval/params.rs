//! The evaluation's fixed settings, and the packed middlegame/endgame pair `S` its weights are
//! made of. The tuned weights themselves are in `weights/` (one table per variant, laid out as
//! `layout` says); what stays here is what the tuner does not touch: the exchange values the
//! search uses, the game phase, the tempo, which piece uses which piece-square table, and the
//! typical mobility counts.
//!
//! Values are in Fairy-Stockfish's internal units (a pawn is worth 213 in the endgame).

use kaiser_rules::types::PieceType;

/// A packed (middlegame, endgame) pair, Stockfish style: `eg << 16 + mg`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct S(i32);

impl S {
    pub const ZERO: S = S(0);

    #[inline]
    pub const fn mg(self) -> i32 {
        self.0 as i16 as i32
    }

    #[inline]
    pub const fn eg(self) -> i32 {
        ((self.0 + 0x8000) >> 16) as i16 as i32
    }

    /// Blends the pair by `phase` (0 = pure endgame .. `PHASE_MAX` = pure middlegame).
    #[inline]
    pub const fn taper(self, phase: i32) -> i32 {
        (self.mg() * phase + self.eg() * (PHASE_MAX - phase)) / PHASE_MAX
    }
}

/// Packs a middlegame and an endgame weight.
pub const fn s(mg: i32, eg: i32) -> S {
    S((eg << 16) + mg)
}

impl std::ops::Add for S {
    type Output = S;
    #[inline]
    fn add(self, rhs: S) -> S {
        S(self.0 + rhs.0)
    }
}

impl std::ops::Sub for S {
    type Output = S;
    #[inline]
    fn sub(self, rhs: S) -> S {
        S(self.0 - rhs.0)
    }
}

impl std::ops::AddAssign for S {
    #[inline]
    fn add_assign(&mut self, rhs: S) {
        self.0 += rhs.0;
    }
}

impl std::ops::SubAssign for S {
    #[inline]
    fn sub_assign(&mut self, rhs: S) {
        self.0 -= rhs.0;
    }
}

impl std::ops::Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, rhs: i32) -> S {
        S(self.0 * rhs)
    }
}

/// The endgame value of a pawn: 100 centipawns when scores are reported.
pub const PAWN_VALUE_EG: i32 = 213;

/// Fairy-Stockfish's piece values, indexed by `PieceType::index()` (the king counts 0): the
/// search's exchange values, and (middlegame) the material that sets the game phase. The
/// evaluation's own material values are tuned weights, starting from these.
pub const PIECE_VALUE: [S; PieceType::COUNT] = [
    s(120, 213),   // Pawn
    s(781, 854),   // Knight
    s(825, 915),   // Bishop
    s(1276, 1380), // Rook
    s(2538, 2682), // Queen
    s(0, 0),       // King
    s(200, 270),   // Soldier
    s(1000, 1075), // Eagle
    s(1225, 1420), // Cardinal
    s(1375, 1480), // Tower
    s(1050, 1150), // Duke
    s(1800, 1900), // Kheshig
    s(1050, 1250), // Lancer
    s(1100, 1200), // Archer
    s(630, 630),   // Yurt
];

/// Game phase: the non-pawn material of both sides at which the game counts as pure
/// middlegame, and pure endgame (Stockfish's limits).
pub const MIDGAME_LIMIT: i32 = 15258;
pub const ENDGAME_LIMIT: i32 = 3915;
/// The phase scale: `taper` weighs the middlegame value by `phase / PHASE_MAX`.
pub const PHASE_MAX: i32 = 128;

/// The side to move's bonus.
pub const TEMPO: i32 = 28;

/// Which table each piece type uses, indexed by `PieceType::index()`. The Empire's pieces
/// borrow the table of the orthodox piece whose capture pattern they share; Orda's knight-moving
/// Lancer and Horse Archer share one table. Orda's tables are hand-made, not yet tuned.
pub const PST_OF: [usize; PieceType::COUNT] = [
    0, // Pawn
    1, // Knight
    2, // Bishop
    3, // Rook
    4, // Queen
    5, // King
    6, // Soldier
    1, // Eagle: captures like a knight
    2, // Cardinal: captures like a bishop
    3, // Tower: captures like a rook
    4, // Duke: a queen-moving piece
    7, // Kheshig
    8, // Lancer: moves like a knight
    8, // Archer: moves like a knight
    9, // Yurt
];

/// Campmate terms are only looked at for a king at most this many ranks from its far rank.
pub const CAMP_HORIZON: u8 = 5;

/// Mobility: the typical number of squares, (capture pattern, quiet pattern), by
/// `PieceType::index()`. A piece reaching more earns its weights, one reaching fewer loses
/// them, so mobility leaves the material values as they are on average.
pub const MOBILITY_TYPICAL: [(i32, i32); PieceType::COUNT] = [
    (0, 0),  // Pawn
    (4, 0),  // Knight
    (6, 0),  // Bishop
    (6, 0),  // Rook
    (12, 0), // Queen
    (0, 0),  // King
    (0, 0),  // Soldier
    (4, 12), // Eagle
    (6, 12), // Cardinal
    (6, 12), // Tower
    (5, 12), // Duke
    (8, 0),  // Kheshig
    (6, 4),  // Lancer
    (6, 4),  // Archer
    (3, 0),  // Yurt
];
