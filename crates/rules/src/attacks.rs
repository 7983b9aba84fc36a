//! Attack tables: leaper patterns, magic-bitboard slider attacks, and the between/line tables.
//!
//! Every piece moves by a *pattern*. Orthodox pieces use one pattern for quiet moves and captures;
//! the Empire's pieces move like a queen, and Orda's Lancer and Horse Archer like a knight, but
//! capture by another pattern. "Attacks" always means the capture pattern: checks, pins and king
//! safety are computed from it alone.

use crate::types::{Bitboard, Color, PieceType, Square};
use once_cell::sync::Lazy;

/// A geometric movement rule. Each piece type names the two it moves by (its row in
/// `types::piece`'s table: `PieceType::capture_pattern` and `quiet_pattern`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pattern {
    /// One step diagonally forward (a pawn's capture).
    PawnCapture,
    /// One step straight forward (a pawn's single push, to an empty square).
    PawnPush,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    /// One step forward or sideways.
    Soldier,
    /// A knight's jump or a king's step (Orda's Kheshig).
    KnightKing,
    /// One step diagonally or straight forward (shogi's silver general, Orda's Yurt).
    Silver,
}

impl Pattern {
    /// Every pattern, in declaration order (`pattern as usize` indexes this).
    pub const ALL: [Pattern; 10] = [
        Pattern::PawnCapture,
        Pattern::PawnPush,
        Pattern::Knight,
        Pattern::Bishop,
        Pattern::Rook,
        Pattern::Queen,
        Pattern::King,
        Pattern::Soldier,
        Pattern::KnightKing,
        Pattern::Silver,
    ];
}

/// The squares reached from `sq` by `pattern` for a piece of colour `color`, given the board's
/// occupancy `occ` (sliders stop at, and include, the first occupied square).
#[inline(always)]
pub fn pattern_targets(pattern: Pattern, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    match pattern {
        Pattern::PawnCapture => pawn_attacks(color, sq),
        Pattern::PawnPush => PAWN_PUSHES[color.index()][sq.index()],
        Pattern::Knight => knight_attacks(sq),
        Pattern::Bishop => bishop_attacks(sq, occ),
        Pattern::Rook => rook_attacks(sq, occ),
        Pattern::Queen => bishop_attacks(sq, occ) | rook_attacks(sq, occ),
        Pattern::King => king_attacks(sq),
        Pattern::Soldier => soldier_attacks(color, sq),
        Pattern::KnightKing => knight_king_attacks(sq),
        Pattern::Silver => silver_attacks(color, sq),
    }
}

/// Both target sets of a `color` piece of type `pt` on `sq`: (capture pattern, quiet pattern).
/// Queen-moving pieces that capture like a bishop or rook share the slider lookup.
#[inline(always)]
pub fn capture_and_quiet_targets(
    pt: PieceType,
    color: Color,
    sq: Square,
    occ: Bitboard,
) -> (Bitboard, Bitboard) {
    match (pt.capture_pattern(), pt.quiet_pattern()) {
        (Pattern::Bishop, Pattern::Queen) => {
            let diagonal = bishop_attacks(sq, occ);
            (diagonal, diagonal | rook_attacks(sq, occ))
        }
        (Pattern::Rook, Pattern::Queen) => {
            let orthogonal = rook_attacks(sq, occ);
            (orthogonal, orthogonal | bishop_attacks(sq, occ))
        }
        (capture, quiet) if capture == quiet => {
            let targets = pattern_targets(capture, color, sq, occ);
            (targets, targets)
        }
        (capture, quiet) => (
            pattern_targets(capture, color, sq, occ),
            pattern_targets(quiet, color, sq, occ),
        ),
    }
}

/// The capture targets (attacks) of a `color` piece of type `pt` on `sq`.
#[inline]
pub fn attacks(pt: PieceType, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    pattern_targets(pt.capture_pattern(), color, sq, occ)
}

#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT[sq.index()]
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// A knight's jumps and a king's steps from `sq` (Orda's Kheshig).
#[inline]
pub fn knight_king_attacks(sq: Square) -> Bitboard {
    KNIGHT_KING[sq.index()]
}

/// The squares a `color` pawn on `sq` captures on.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN_ATTACKS[color.index()][sq.index()]
}

/// The squares some `color` pawn of `pawns` captures on (set-wise).
#[inline]
pub fn pawn_attacks_of(color: Color, pawns: Bitboard) -> Bitboard {
    pawns.forward(color).sideways()
}

/// The squares some `color` Soldier of `soldiers` moves and captures to (set-wise).
#[inline]
pub fn soldier_attacks_of(color: Color, soldiers: Bitboard) -> Bitboard {
    soldiers.forward(color) | soldiers.sideways()
}

/// The squares from which a `color` pawn attacks some square of `targets` (set-wise): those
/// an enemy pawn on `targets` would attack.
#[inline]
pub fn pawn_attack_origins(color: Color, targets: Bitboard) -> Bitboard {
    pawn_attacks_of(!color, targets)
}

/// The squares a `color` Soldier on `sq` moves and captures to.
#[inline]
pub fn soldier_attacks(color: Color, sq: Square) -> Bitboard {
    SOLDIER[color.index()][sq.index()]
}

/// The squares a `color` silver general (Yurt) on `sq` moves and captures to.
#[inline]
pub fn silver_attacks(color: Color, sq: Square) -> Bitboard {
    SILVER[color.index()][sq.index()]
}

#[inline]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    SLIDERS.bishop.attacks(sq, occ)
}

#[inline]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    SLIDERS.rook.attacks(sq, occ)
}

/// The bishop's rays from `sq` on an empty board.
#[inline]
pub fn bishop_rays(sq: Square) -> Bitboard {
    BISHOP_RAYS[sq.index()]
}

/// The rook's rays from `sq` on an empty board.
#[inline]
pub fn rook_rays(sq: Square) -> Bitboard {
    ROOK_RAYS[sq.index()]
}

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal; else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index()][b.index()]
}

/// The whole line (edge to edge) through `a` and `b` when they share a rank, file or diagonal;
/// else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINE[a.index()][b.index()]
}

/// Walks rays from `sq` in the given directions, stopping at (and including) the first occupied
/// square. Slow; used to build the tables at compile time and, in tests, to check them.
pub const fn slow_ray_attacks(sq: Square, occ: Bitboard, directions: &[(i8, i8)]) -> Bitboard {
    let mut result = 0u64;
    let mut d = 0;
    while d < directions.len() {
        let (df, dr) = directions[d];
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            result |= 1 << next.index();
            if occ.0 >> next.index() & 1 != 0 {
                break;
            }
            cur = next;
        }
        d += 1;
    }
    Bitboard(result)
}

pub const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

// The small tables are built at compile time, so lookups are plain reads of static data. The
// magic tables (100K entries) would take half a minute of compile-time evaluation; they are filled
// once at start-up instead, from the fixed magics below.
static KNIGHT: [Bitboard; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [Bitboard; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
static KNIGHT_KING: [Bitboard; 64] = {
    let mut table = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = Bitboard(KNIGHT[i].0 | KING[i].0);
        i += 1;
    }
    table
};
static PAWN_ATTACKS: [[Bitboard; 64]; 2] = colored_leaper_table(&[(-1, 1), (1, 1)]);
static PAWN_PUSHES: [[Bitboard; 64]; 2] = colored_leaper_table(&[(0, 1)]);
static SOLDIER: [[Bitboard; 64]; 2] = colored_leaper_table(&[(0, 1), (-1, 0), (1, 0)]);
static SILVER: [[Bitboard; 64]; 2] =
    colored_leaper_table(&[(-1, 1), (0, 1), (1, 1), (-1, -1), (1, -1)]);
static BETWEEN: [[Bitboard; 64]; 64] = line_tables().0;
static LINE: [[Bitboard; 64]; 64] = line_tables().1;
static BISHOP_RAYS: [Bitboard; 64] = ray_table(&BISHOP_DIRECTIONS);
static ROOK_RAYS: [Bitboard; 64] = ray_table(&ROOK_DIRECTIONS);

struct Sliders {
    bishop: MagicSlider,
    rook: MagicSlider,
}

static SLIDERS: Lazy<Sliders> = Lazy::new(|| Sliders {
    bishop: MagicSlider::build(&BISHOP_DIRECTIONS, &BISHOP_MAGICS),
    rook: MagicSlider::build(&ROOK_DIRECTIONS, &ROOK_MAGICS),
});

/// Builds the magic tables now rather than on first use (e.g. before a timed search).
pub fn init() {
    Lazy::force(&SLIDERS);
}

const fn ray_table(directions: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = slow_ray_attacks(Square::from_index(i as u8), Bitboard::EMPTY, directions);
        i += 1;
    }
    table
}

const fn leaper_table(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        let sq = Square::from_index(i as u8);
        let mut s = 0;
        while s < steps.len() {
            if let Some(to) = sq.offset(steps[s].0, steps[s].1) {
                table[i].0 |= 1 << to.index();
            }
            s += 1;
        }
        i += 1;
    }
    table
}

/// The table for a colour-dependent leaper whose steps are given for White (rank offsets flip for
/// Black): index 0 White, 1 Black.
const fn colored_leaper_table<const N: usize>(white_steps: &[(i8, i8); N]) -> [[Bitboard; 64]; 2] {
    let mut black_steps = *white_steps;
    let mut i = 0;
    while i < N {
        black_steps[i].1 = -black_steps[i].1;
        i += 1;
    }
    [leaper_table(white_steps), leaper_table(&black_steps)]
}

/// The between and line tables.
const fn line_tables() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    const DIRECTIONS: [(i8, i8); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    let mut between = [[Bitboard::EMPTY; 64]; 64];
    let mut line = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let from = Square::from_index(a as u8);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let whole = slow_ray_attacks(from, Bitboard::EMPTY, &[(df, dr), (-df, -dr)]).0 | 1 << a;
            let mut gap = 0u64;
            let mut cur = from;
            while let Some(b) = cur.offset(df, dr) {
                between[a][b.index()] = Bitboard(gap);
                line[a][b.index()] = Bitboard(whole);
                gap |= 1 << b.index();
                cur = b;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

/// "Fancy" magic bitboards for one slider: for each square a mask of the relevant occupancy, a
/// multiplier that maps each masked occupancy to a unique slot of the square's part of the
/// table, and the shift.
struct MagicSlider {
    entries: [MagicEntry; 64],
    table: Vec<Bitboard>,
}

#[derive(Clone, Copy, Default)]
struct MagicEntry {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

impl MagicSlider {
    #[inline]
    fn attacks(&self, sq: Square, occ: Bitboard) -> Bitboard {
        let e = &self.entries[sq.index()];
        let slot = ((occ.0 & e.mask).wrapping_mul(e.magic) >> e.shift) as usize;
        self.table[e.offset + slot]
    }

    /// Fills the table from known magics (`ROOK_MAGICS`, `BISHOP_MAGICS`), enumerating every
    /// subset of each mask (Carry-Rippler) and checking that no two occupancies with different
    /// attack sets share a slot.
    fn build(directions: &[(i8, i8)], magics: &[u64; 64]) -> MagicSlider {
        let mut entries = [MagicEntry::default(); 64];
        let mut table = Vec::new();
        for sq in Square::ALL {
            let mask = relevant_occupancy(sq, directions);
            let shift = 64 - mask.count();
            let magic = magics[sq.index()];
            let mut slots = vec![None; 1 << mask.count()];
            let mut subset = 0u64;
            loop {
                let attacks = slow_ray_attacks(sq, Bitboard(subset), directions);
                let slot = &mut slots[(subset.wrapping_mul(magic) >> shift) as usize];
                assert!(slot.is_none_or(|a| a == attacks), "bad magic for {sq}");
                *slot = Some(attacks);
                subset = subset.wrapping_sub(mask.0) & mask.0;
                if subset == 0 {
                    break;
                }
            }
            entries[sq.index()] = MagicEntry {
                mask: mask.0,
                magic,
                shift,
                offset: table.len(),
            };
            table.extend(slots.into_iter().map(Option::unwrap_or_default));
        }
        MagicSlider { entries, table }
    }
}

/// The squares whose occupancy matters to a slider on `sq`: its rays, less the board's edges.
const fn relevant_occupancy(sq: Square, directions: &[(i8, i8)]) -> Bitboard {
    let ranks = Bitboard::rank(0).0 | Bitboard::rank(7).0;
    let files = Bitboard::file(0).0 | Bitboard::file(7).0;
    let edges = (ranks & !Bitboard::rank(sq.rank()).0) | (files & !Bitboard::file(sq.file()).0);
    Bitboard(slow_ray_attacks(sq, Bitboard::EMPTY, directions).0 & !edges)
}

/// Magic multipliers for rook attacks, found by `tests::find_magics` from `tests::ROOK_SEED`
/// (`tests::the_stored_magics_are_the_finders` checks it).
const ROOK_MAGICS: [u64; 64] = [
    0x0080021620804001,
    0x0040001000200041,
    0x0200102200088040,
    0x4080040800821000,
    0x2200020004200810,
    0x4b00020c000d0008,
    0x01000c4183000600,
    0x2080010000402c80,
    0x8002800826864000,
    0x0410802000884000,
    0x0c01004010200100,
    0x020300100100203c,
    0x0450800801040080,
    0x4010800200040080,
    0x8804000208048110,
    0x0c40800080004100,
    0xa2018880024004a0,
    0x0080848020004004,
    0x1010410010200101,
    0x2010008008008010,
    0x0a08010004110008,
    0x0802080104209040,
    0x0080040090010802,
    0x0280020000841069,
    0x080c400080248000,
    0x2048850100224008,
    0x00200800c0300040,
    0x11400d0100201000,
    0x0041001100080204,
    0x4802000200040810,
    0x0100080c00103601,
    0x0020084200043085,
    0x0100804000800022,
    0x0460401000402002,
    0x8309002001001044,
    0x0000800800801000,
    0x0000800800800400,
    0xb542040080800200,
    0x1041000401000200,
    0x000318b04a000401,
    0x0280082000484000,
    0x0080400081010030,
    0x0010002000108080,
    0x012010002101000a,
    0x0801000408010012,
    0x0004008002008004,
    0x0ad1005200110014,
    0x4000004110820004,
    0x9400400080003080,
    0x0000802200490200,
    0x1521100080200280,
    0x9021000824100100,
    0x0081080080840280,
    0x0002000904100200,
    0x0130024801302400,
    0x0102008100442200,
    0x0080984063800101,
    0x0016810201412812,
    0x40200101603008c1,
    0x2851100004082101,
    0x1049001002880005,
    0x0081000804000201,
    0x100020901208410c,
    0x0101064400813102,
];
/// Magic multipliers for bishop attacks, found by `tests::find_magics` from
/// `tests::BISHOP_SEED`.
const BISHOP_MAGICS: [u64; 64] = [
    0x0060040410840210,
    0x4402080210860000,
    0x0004012c010000e8,
    0x0004410023014480,
    0x0001114000000009,
    0x8111012010008002,
    0x0241042120e80000,
    0x0484240208240280,
    0x4002400448088520,
    0x4010020408060448,
    0x0048080809102000,
    0xa940890401060208,
    0x0080040420124000,
    0x1020020210044040,
    0xc882008090101010,
    0x0108190448042400,
    0x001102200481080b,
    0x0010804254010c08,
    0x1608084046004210,
    0x1018001501410002,
    0x0084001280a02020,
    0x0212003900610420,
    0x0001002044026010,
    0x6006080080410800,
    0x0850041a40251401,
    0x94082430a3102200,
    0x0408110012040900,
    0x6310040000440008,
    0x011003004a200800,
    0x8c00848018080440,
    0x0494410004010148,
    0x0008510140840100,
    0x032a202002121200,
    0x010221100004b020,
    0x4000820100408408,
    0x4ac0200501080108,
    0x2120208400808020,
    0x0a02080200204050,
    0x00900200a0820080,
    0x00c500410a520303,
    0x8481086004221200,
    0x8080880818002300,
    0x0020209150001800,
    0x0014044208000080,
    0x8a00200200800410,
    0x88a204480200a088,
    0x0014514801018200,
    0x00a200e401000080,
    0x8081069050a88000,
    0x01020201018808dc,
    0x8100604208113000,
    0x0409200020880100,
    0x20c6008903040023,
    0x0121501002882002,
    0x0010500121240800,
    0x0020aa4c00408058,
    0x0022240048041000,
    0x2000010861042000,
    0x0002800100411000,
    0x4090000804208825,
    0x0080000812320208,
    0xc00008c011620220,
    0x00b4100282780210,
    0x0820021000608480,
];

/// A small deterministic generator (SplitMix64), for Zobrist keys and the magic finder.
pub(crate) struct SplitMix64(pub u64);

impl SplitMix64 {
    pub const fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_wise_pawn_and_soldier_attacks_match_the_tables() {
        for color in [Color::White, Color::Black] {
            for index in 0..64 {
                let sq = Square::from_index(index);
                let one = Bitboard::from_square(sq);
                assert_eq!(pawn_attacks_of(color, one), pawn_attacks(color, sq));
                assert_eq!(soldier_attacks_of(color, one), soldier_attacks(color, sq));
                let origins = pawn_attack_origins(color, one);
                let expected = (0..64)
                    .map(Square::from_index)
                    .filter(|&from| pawn_attacks(color, from).contains(sq))
                    .fold(Bitboard::EMPTY, |set, from| {
                        set | Bitboard::from_square(from)
                    });
                assert_eq!(origins, expected);
            }
        }
    }

    /// Every subset of `mask` (Carry-Rippler enumeration) with the slider's true attack set.
    fn occupancy_subsets(
        sq: Square,
        mask: Bitboard,
        directions: &[(i8, i8)],
    ) -> Vec<(u64, Bitboard)> {
        let mut subsets = Vec::with_capacity(1 << mask.count());
        let mut subset = 0u64;
        loop {
            subsets.push((subset, slow_ray_attacks(sq, Bitboard(subset), directions)));
            subset = subset.wrapping_sub(mask.0) & mask.0;
            if subset == 0 {
                return subsets;
            }
        }
    }

    /// The seeds `find_magics` found the stored magics from.
    const ROOK_SEED: u64 = 0x9e37_79b9_7f4a_7c15;
    const BISHOP_SEED: u64 = 0x2545_f491_4f6c_dd1d;

    /// Finds a magic for every square by trial (sparse random candidates).
    fn find_magics(directions: &[(i8, i8)], seed: u64) -> [u64; 64] {
        let mut rng = SplitMix64(seed);
        std::array::from_fn(|i| {
            let sq = Square::from_index(i as u8);
            let mask = relevant_occupancy(sq, directions);
            let shift = 64 - mask.count();
            let subsets = occupancy_subsets(sq, mask, directions);
            loop {
                let candidate = rng.next() & rng.next() & rng.next();
                if (mask.0.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                    continue;
                }
                let mut slots = vec![None; 1 << mask.count()];
                let fits = subsets.iter().all(|&(occ, att)| {
                    let slot = &mut slots[(occ.wrapping_mul(candidate) >> shift) as usize];
                    let ok = slot.is_none_or(|a| a == att);
                    *slot = Some(att);
                    ok
                });
                if fits {
                    return candidate;
                }
            }
        })
    }

    /// Every stored magic maps every occupancy of its square's mask to the true attack set:
    /// checked exhaustively, not only where the search happens to look.
    #[test]
    fn every_stored_magic_is_valid() {
        for (directions, magics) in [
            (ROOK_DIRECTIONS, &ROOK_MAGICS),
            (BISHOP_DIRECTIONS, &BISHOP_MAGICS),
        ] {
            let slider = MagicSlider::build(&directions, magics);
            for sq in Square::ALL {
                let mask = relevant_occupancy(sq, &directions);
                // Pieces off the mask (on the edges, on the square itself) must not matter.
                let outside = !mask.0;
                for (occ, attacks) in occupancy_subsets(sq, mask, &directions) {
                    assert_eq!(slider.attacks(sq, Bitboard(occ)), attacks, "{sq} {occ:#x}");
                    assert_eq!(slider.attacks(sq, Bitboard(occ | outside)), attacks);
                }
            }
        }
    }

    /// The stored tables are the ones `find_magics` finds from their seeds, so they can be
    /// regenerated: after a change to the finder or the seeds, this test fails and its message
    /// is the new table to paste in.
    #[test]
    fn the_stored_magics_are_the_finders() {
        for (name, directions, seed, stored) in [
            ("ROOK", ROOK_DIRECTIONS, ROOK_SEED, &ROOK_MAGICS),
            ("BISHOP", BISHOP_DIRECTIONS, BISHOP_SEED, &BISHOP_MAGICS),
        ] {
            let found = find_magics(&directions, seed);
            let lines: Vec<String> = found.iter().map(|m| format!("    {m:#018x},")).collect();
            assert!(
                found == *stored,
                "const {name}_MAGICS: [u64; 64] = [\n{}\n];",
                lines.join("\n")
            );
        }
    }
}
