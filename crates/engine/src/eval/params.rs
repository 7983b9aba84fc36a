//! The evaluation's fixed settings, and the packed middlegame/endgame pair `S` its weights are
//! made of. The tuned weights themselves are in `weights/` (one table per variant, laid out as
//! `layout` says); what stays here is what the tuner does not touch: the game phase, the tempo,
//! and for each piece type (one row of `PIECES`) the exchange value the search uses, the
//! piece-square table it uses (from which `layout` counts the tables) and its typical mobility
//! counts.
//!
//! Values are in Fairy-Stockfish's internal units (a pawn is worth 213 in the endgame).

use kaiser_rules::types::PieceType;

/// A packed (middlegame, endgame) pair, Stockfish style but with 32-bit halves: `eg << 32 + mg`.
/// (With 16-bit halves the endgame sum overflowed on boards a FEN may set up, such as a dozen
/// queens on one side; 32-bit halves hold any board's sums.)
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct S(i64);

impl S {
    pub const ZERO: S = S(0);

    #[inline]
    pub const fn mg(self) -> i32 {
        self.0 as i32
    }

    #[inline]
    pub const fn eg(self) -> i32 {
        ((self.0 + 0x8000_0000) >> 32) as i32
    }

    /// Blends the pair by `phase` (0 = pure endgame .. `PHASE_MAX` = pure middlegame).
    #[inline]
    pub const fn taper(self, phase: i32) -> i32 {
        (self.mg() * phase + self.eg() * (PHASE_MAX - phase)) / PHASE_MAX
    }
}

/// Packs a middlegame and an endgame weight.
pub const fn s(mg: i32, eg: i32) -> S {
    S(((eg as i64) << 32) + mg as i64)
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
        S(self.0 * rhs as i64)
    }
}

/// The endgame value of a pawn: 100 centipawns when scores are reported.
pub const PAWN_VALUE_EG: i32 = 213;

/// What the evaluation and the search keep for one piece type, apart from its tuned weights.
#[derive(Clone, Copy, Debug)]
pub struct PieceParams {
    /// The piece type of the row (rows are in `PieceType::index()` order).
    pub kind: PieceType,
    /// Fairy-Stockfish's value (the king counts 0): the search's exchange values, and
    /// (middlegame) the material that sets the game phase. The evaluation's own material values
    /// are tuned weights, starting from these.
    pub value: S,
    /// The piece whose piece-square table it uses: itself, or a piece that uses its own.
    pub table: PieceType,
    /// Mobility: the typical number of squares of its capture pattern and of its quiet pattern. A
    /// piece reaching more earns its weights, one reaching fewer loses them, so mobility leaves
    /// the material values as they are on average. `None`: its mobility is not counted.
    pub mobility: Option<(i32, i32)>,
}

/// Every piece type's parameters, one row per piece, by `PieceType::index()`. The Empire's pieces
/// borrow the table of the orthodox piece whose capture pattern they share (the Duke, a
/// queen-moving piece, the queen's); Orda's knight-moving Horse Archer borrows the Lancer's.
#[rustfmt::skip]
pub const PIECES: [PieceParams; PieceType::COUNT] = {
    use PieceType::*;
    const fn row(kind: PieceType, value: S, table: PieceType, mobility: Option<(i32, i32)>) -> PieceParams {
        PieceParams { kind, value, table, mobility }
    }
    [
        //  kind      value          table    mobility
        row(Pawn,     s(120, 213),   Pawn,    None),
        row(Knight,   s(781, 854),   Knight,  Some((4, 0))),
        row(Bishop,   s(825, 915),   Bishop,  Some((6, 0))),
        row(Rook,     s(1276, 1380), Rook,    Some((6, 0))),
        row(Queen,    s(2538, 2682), Queen,   Some((12, 0))),
        row(King,     s(0, 0),       King,    None),
        row(Soldier,  s(200, 270),   Soldier, None),
        row(Eagle,    s(1000, 1075), Knight,  Some((4, 12))),
        row(Cardinal, s(1225, 1420), Bishop,  Some((6, 12))),
        row(Tower,    s(1375, 1480), Rook,    Some((6, 12))),
        row(Duke,     s(1050, 1150), Queen,   Some((5, 12))),
        row(Kheshig,  s(1800, 1900), Kheshig, Some((8, 0))),
        row(Lancer,   s(1050, 1250), Lancer,  Some((6, 4))),
        row(Archer,   s(1100, 1200), Lancer,  Some((6, 4))),
        row(Yurt,     s(630, 630),   Yurt,    Some((3, 0))),
    ]
};

// The rows are in `PieceType::index()` order.
const _: () = {
    let mut i = 0;
    while i < PieceType::COUNT {
        assert!(PIECES[i].kind.index() == i);
        i += 1;
    }
};

/// The parameters of `pt`.
#[inline]
pub const fn piece(pt: PieceType) -> &'static PieceParams {
    &PIECES[pt.index()]
}

/// The `value` column of `PIECES`, by `PieceType::index()`: the search's exchange values.
pub const PIECE_VALUE: [S; PieceType::COUNT] = {
    let mut values = [S::ZERO; PieceType::COUNT];
    let mut i = 0;
    while i < PieceType::COUNT {
        values[i] = PIECES[i].value;
        i += 1;
    }
    values
};

/// Game phase: the non-pawn material of both sides at which the game counts as pure
/// middlegame, and pure endgame (Stockfish's limits).
pub const MIDGAME_LIMIT: i32 = 15258;
pub const ENDGAME_LIMIT: i32 = 3915;
/// The phase scale: `taper` weighs the middlegame value by `phase / PHASE_MAX`.
pub const PHASE_MAX: i32 = 128;

/// The side to move's bonus.
pub const TEMPO: i32 = 28;

/// Campmate terms are only looked at for a king at most this many ranks from its far rank.
pub const CAMP_HORIZON: u8 = 5;
