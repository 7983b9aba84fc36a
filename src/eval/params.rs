//! Every evaluation weight, in one place so a tuner can rewrite it.
//!
//! Weights are packed middlegame/endgame pairs (`S`), in Fairy-Stockfish's internal units
//! (a pawn is worth 213 in the endgame). Piece-square tables are given for White on the files
//! a-d (rank 1 first) and mirrored for the e-h files and for Black.

use crate::types::PieceType;

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

/// Material, Fairy-Stockfish's values, indexed by `PieceType::index()` (the king counts 0).
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

/// A piece-square table for White on files a-d, rank 1 first.
pub type HalfTable = [[S; 4]; 8];

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

/// The tables `PST_OF` points into.
pub const PST: [HalfTable; 10] = [
    PAWN_PST,
    KNIGHT_PST,
    BISHOP_PST,
    ROOK_PST,
    QUEEN_PST,
    KING_PST,
    SOLDIER_PST,
    KHESHIG_PST,
    HORSE_PST,
    YURT_PST,
];

const PAWN_PST: HalfTable = [
    [s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
    [s(-6, -4), s(4, -4), s(8, 2), s(10, 4)],
    [s(-8, 0), s(-6, 0), s(12, 0), s(20, 2)],
    [s(-6, 8), s(-4, 6), s(14, 2), s(30, 0)],
    [s(2, 24), s(4, 20), s(10, 16), s(18, 14)],
    [s(10, 60), s(14, 56), s(18, 50), s(22, 46)],
    [s(20, 110), s(24, 104), s(28, 98), s(30, 94)],
    [s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
];

const SOLDIER_PST: HalfTable = [
    [s(-10, -10), s(-6, -8), s(-4, -6), s(-2, -4)],
    [s(-6, -6), s(0, -4), s(2, -2), s(4, 0)],
    [s(-4, -2), s(2, 0), s(6, 2), s(8, 4)],
    [s(0, 2), s(6, 4), s(12, 6), s(16, 8)],
    [s(4, 6), s(10, 8), s(16, 10), s(20, 12)],
    [s(8, 10), s(14, 12), s(20, 14), s(24, 16)],
    [s(10, 12), s(16, 14), s(22, 16), s(26, 18)],
    [s(6, 10), s(10, 12), s(14, 14), s(16, 16)],
];

/// Orda's Kheshig (knight + king): central, and less tied to the centre than a knight.
const KHESHIG_PST: HalfTable = [
    [s(-60, -50), s(-35, -30), s(-25, -20), s(-20, -12)],
    [s(-30, -30), s(-12, -15), s(0, -5), s(5, 0)],
    [s(-20, -18), s(0, -5), s(12, 5), s(18, 12)],
    [s(-12, -12), s(8, 2), s(22, 12), s(28, 20)],
    [s(-10, -12), s(10, 2), s(25, 12), s(30, 20)],
    [s(-12, -18), s(8, -5), s(20, 5), s(24, 10)],
    [s(-30, -30), s(-10, -15), s(0, -8), s(8, 0)],
    [s(-70, -55), s(-35, -35), s(-25, -25), s(-15, -15)],
];

/// Orda's Lancer and Horse Archer: they move like knights, so a knight's preference for the
/// centre, softened because they capture from afar like a rook or a bishop.
const HORSE_PST: HalfTable = [
    [s(-90, -50), s(-48, -34), s(-38, -25), s(-36, -12)],
    [s(-40, -34), s(-20, -27), s(-12, -9), s(-6, 4)],
    [s(-30, -20), s(-8, -13), s(4, -4), s(8, 14)],
    [s(-18, -18), s(6, -1), s(20, 7), s(25, 14)],
    [s(-17, -22), s(8, -8), s(22, 5), s(26, 20)],
    [s(-5, -25), s(12, -22), s(28, -8), s(26, 8)],
    [s(-34, -34), s(-14, -25), s(2, -25), s(18, 6)],
    [s(-100, -50), s(-42, -44), s(-28, -28), s(-14, -9)],
];

/// Orda's Yurt (a silver general): best a little forward and central, near its own king.
const YURT_PST: HalfTable = [
    [s(-20, -20), s(-10, -12), s(-6, -8), s(-4, -6)],
    [s(-12, -12), s(0, -4), s(4, 0), s(6, 2)],
    [s(-8, -6), s(4, 0), s(10, 4), s(12, 6)],
    [s(-6, -2), s(6, 4), s(12, 8), s(16, 10)],
    [s(-6, 0), s(6, 6), s(12, 10), s(14, 12)],
    [s(-8, -2), s(4, 4), s(8, 8), s(10, 10)],
    [s(-12, -8), s(-2, 0), s(2, 2), s(4, 4)],
    [s(-20, -16), s(-10, -8), s(-8, -6), s(-6, -4)],
];

const KNIGHT_PST: HalfTable = [
    [s(-175, -96), s(-92, -65), s(-74, -49), s(-73, -21)],
    [s(-77, -67), s(-41, -54), s(-27, -18), s(-15, 8)],
    [s(-61, -40), s(-17, -27), s(6, -8), s(12, 29)],
    [s(-35, -35), s(8, -2), s(40, 13), s(49, 28)],
    [s(-34, -45), s(13, -16), s(44, 9), s(51, 39)],
    [s(-9, -51), s(22, -44), s(58, -16), s(53, 17)],
    [s(-67, -69), s(-27, -50), s(4, -51), s(37, 12)],
    [s(-201, -100), s(-83, -88), s(-56, -56), s(-26, -17)],
];

const BISHOP_PST: HalfTable = [
    [s(-53, -57), s(-5, -30), s(-8, -37), s(-23, -12)],
    [s(-15, -37), s(8, -13), s(19, -17), s(4, 1)],
    [s(-7, -16), s(21, -1), s(-5, -2), s(17, 10)],
    [s(-5, -20), s(11, -6), s(25, 0), s(39, 17)],
    [s(-12, -17), s(29, -1), s(22, -14), s(31, 15)],
    [s(-16, -30), s(6, 6), s(1, 4), s(11, 6)],
    [s(-17, -31), s(-14, -20), s(5, -1), s(0, 1)],
    [s(-48, -46), s(1, -42), s(-14, -37), s(-23, -24)],
];

const ROOK_PST: HalfTable = [
    [s(-31, -9), s(-20, -13), s(-14, -10), s(-5, -9)],
    [s(-21, -12), s(-13, -9), s(-8, -1), s(6, -2)],
    [s(-25, 6), s(-11, -8), s(-1, -2), s(3, -6)],
    [s(-13, -6), s(-5, 1), s(-4, -9), s(-6, 7)],
    [s(-27, -5), s(-15, 8), s(-4, 7), s(3, -6)],
    [s(-22, 6), s(-2, 1), s(6, -7), s(12, 10)],
    [s(-2, 4), s(12, 5), s(16, 20), s(18, -5)],
    [s(-17, 18), s(-19, 0), s(-1, 19), s(9, 13)],
];

const QUEEN_PST: HalfTable = [
    [s(3, -69), s(-5, -57), s(-5, -47), s(4, -26)],
    [s(-3, -55), s(5, -31), s(8, -22), s(12, -4)],
    [s(-3, -39), s(6, -18), s(13, -9), s(7, 3)],
    [s(4, -23), s(5, -3), s(9, 13), s(8, 24)],
    [s(0, -29), s(14, -6), s(12, 9), s(5, 21)],
    [s(-4, -38), s(10, -18), s(6, -12), s(8, 1)],
    [s(-5, -50), s(6, -27), s(10, -24), s(8, -8)],
    [s(-2, -75), s(-2, -52), s(1, -43), s(-2, -36)],
];

/// The king's middlegame half keeps it home; in Empire the campmate terms pull it forward.
const KING_PST: HalfTable = [
    [s(271, 1), s(327, 45), s(271, 85), s(198, 76)],
    [s(278, 53), s(303, 100), s(234, 133), s(179, 135)],
    [s(195, 88), s(258, 130), s(169, 169), s(120, 175)],
    [s(164, 103), s(190, 156), s(138, 172), s(98, 172)],
    [s(154, 96), s(179, 166), s(105, 199), s(70, 199)],
    [s(123, 92), s(145, 172), s(81, 184), s(31, 191)],
    [s(88, 47), s(120, 121), s(65, 116), s(33, 131)],
    [s(59, 11), s(89, 59), s(45, 73), s(-1, 78)],
];

/// Campmate: a bonus by the number of ranks a king still has to go (index 0 unused: the game is
/// over), given only when its next step forward is free.
pub const CAMP_DISTANCE: [S; 8] = [
    s(0, 0),
    s(120, 260),
    s(60, 150),
    s(30, 80),
    s(10, 40),
    s(0, 15),
    s(0, 0),
    s(0, 0),
];

/// Campmate: per rank ahead, up to the far rank, where the king has a free square (not attacked
/// by the enemy, not held by its own piece) within one file of its own.
pub const CAMP_FREE_RANK: S = s(6, 22);

/// Campmate: the whole road to the far rank looks free.
pub const CAMP_OPEN_ROAD: S = s(40, 120);

/// Campmate terms are only looked at for a king at most this many ranks from its far rank.
pub const CAMP_HORIZON: u8 = 5;

/// Mobility, by `PieceType::index()`: the weight of each square a piece's capture pattern
/// reaches (its attacks).
pub const MOBILITY_CAPTURE: [S; PieceType::COUNT] = [
    s(0, 0), // Pawn
    s(8, 8), // Knight
    s(7, 8), // Bishop
    s(4, 8), // Rook
    s(3, 5), // Queen
    s(0, 0), // King
    s(0, 0), // Soldier
    s(8, 8), // Eagle
    s(7, 8), // Cardinal
    s(4, 8), // Tower
    s(6, 6), // Duke
    s(5, 5), // Kheshig
    s(4, 8), // Lancer
    s(7, 8), // Archer
    s(4, 4), // Yurt
];

/// Mobility: the weight of each empty square a piece may go to by a quiet pattern that differs
/// from its capture pattern (the Empire's queen-movers, the Horde's Lancer and Archer); for the
/// other pieces the two are the same, already counted.
pub const MOBILITY_QUIET: [S; PieceType::COUNT] = [
    s(0, 0), // Pawn
    s(0, 0), // Knight
    s(0, 0), // Bishop
    s(0, 0), // Rook
    s(0, 0), // Queen
    s(0, 0), // King
    s(0, 0), // Soldier
    s(2, 3), // Eagle
    s(2, 3), // Cardinal
    s(2, 3), // Tower
    s(2, 3), // Duke
    s(0, 0), // Kheshig
    s(4, 4), // Lancer
    s(4, 4), // Archer
    s(0, 0), // Yurt
];

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
