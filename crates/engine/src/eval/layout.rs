//! Where each tuned weight sits: the evaluation's weights are one flat table per variant
//! (`Weights`, written by `kaiser tune` into `weights/`), and this module names its sections,
//! so that the evaluation, its trace for the tuner and the tuner's writer agree on every index.

use super::params::S;
use kaiser_rules::types::PieceType;

/// The piece-square tables, shared by pieces that move alike (`params::PIECES` says which
/// piece uses which).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Table {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    Soldier,
    Kheshig,
    /// Orda's knight-moving pieces, the Lancer and the Horse Archer.
    Horse,
    Yurt,
}

impl Table {
    /// Every table, in weight-table order.
    pub const ALL: [Table; 10] = [
        Table::Pawn,
        Table::Knight,
        Table::Bishop,
        Table::Rook,
        Table::Queen,
        Table::King,
        Table::Soldier,
        Table::Kheshig,
        Table::Horse,
        Table::Yurt,
    ];
}

const _: () = {
    let mut i = 0;
    while i < Table::ALL.len() {
        assert!(Table::ALL[i] as usize == i);
        i += 1;
    }
};

/// The number of piece-square tables.
pub const PST_COUNT: usize = Table::ALL.len();
/// Squares in a half table: eight ranks of four files (a-d, mirrored onto e-h).
pub const PST_SQUARES: usize = 32;
/// The campmate distance bonuses, by ranks still to go (index 0 unused).
pub const CAMP_DISTANCES: usize = 8;

/// Material, by `PieceType::index()`.
pub const MATERIAL: usize = 0;
/// Piece-square bonuses: table `t`, rank `r` (from the owner's side), file `f` (a-d) is at
/// `PIECE_SQUARE + t * PST_SQUARES + r * 4 + f`.
pub const PIECE_SQUARE: usize = MATERIAL + PieceType::COUNT;
/// Campmate: the bonus by ranks still to go, when the king's next step forward is free.
pub const CAMP_DISTANCE: usize = PIECE_SQUARE + PST_COUNT * PST_SQUARES;
/// Campmate: per rank ahead where the king has a free square within one file.
pub const CAMP_FREE_RANK: usize = CAMP_DISTANCE + CAMP_DISTANCES;
/// Campmate: the whole road to the far rank looks free.
pub const CAMP_OPEN_ROAD: usize = CAMP_FREE_RANK + 1;
/// Mobility: per square a piece's capture pattern reaches, by `PieceType::index()`.
pub const MOBILITY_CAPTURE: usize = CAMP_OPEN_ROAD + 1;
/// Mobility: per empty square a piece's different quiet pattern reaches, by `PieceType::index()`.
pub const MOBILITY_QUIET: usize = MOBILITY_CAPTURE + PieceType::COUNT;
/// King attack: per square of the enemy king's zone (its square and its neighbours) a piece's
/// capture pattern reaches, by `PieceType::index()`.
pub const KING_ATTACK: usize = MOBILITY_QUIET + PieceType::COUNT;
/// Threats: per enemy piece (not a pawn, Soldier or king) a pawn or Soldier attacks.
pub const THREAT_BY_PAWN: usize = KING_ATTACK + PieceType::COUNT;
/// Threats: per enemy piece (not the king) attacked and not defended.
pub const HANGING: usize = THREAT_BY_PAWN + 1;
/// Pawns: a passed pawn, by rank from its owner's side.
pub const PASSED_PAWN: usize = HANGING + 1;
/// Pawns: a pawn with no friendly pawn or Soldier on the files beside it.
pub const ISOLATED_PAWN: usize = PASSED_PAWN + 8;
/// Pawns: a pawn with a friendly pawn ahead on its file.
pub const DOUBLED_PAWN: usize = ISOLATED_PAWN + 1;
/// Pawns: two Soldiers side by side.
pub const SOLDIER_PAIR: usize = DOUBLED_PAWN + 1;
/// King shield: per own pawn or Soldier on the three squares in front of the king.
pub const KING_SHIELD: usize = SOLDIER_PAIR + 1;
/// Faceoff (Empire): a piece standing alone between the kings on a rank or file.
pub const FACEOFF_TIED: usize = KING_SHIELD + 1;
/// Faceoff (Empire): per square next to the enemy king that the own king sees along an open rank
/// or file (the enemy king may not go there).
pub const FACEOFF_DENIED: usize = FACEOFF_TIED + 1;
/// The number of weights.
pub const WEIGHT_COUNT: usize = FACEOFF_DENIED + 1;

/// One variant's weights, indexed by the constants above.
pub type Weights = [S; WEIGHT_COUNT];

/// The index of the piece-square bonus of table `table` on `rank` (0 = the owner's first rank)
/// and `file` (0..8, mirrored onto a-d).
pub const fn piece_square_index(table: Table, rank: usize, file: usize) -> usize {
    let half_file = if file < 4 { file } else { 7 - file };
    PIECE_SQUARE + table as usize * PST_SQUARES + rank * 4 + half_file
}

/// A section of the table, for the tuner: its short name (for `kaiser tune --freeze`), its
/// title, where it starts, how many rows it has and how many weights each row holds.
pub struct Section {
    pub name: &'static str,
    pub title: &'static str,
    pub start: usize,
    pub rows: usize,
    pub row_len: usize,
    /// The comment of row `i`.
    pub row_label: fn(usize) -> String,
}

fn piece_name(index: usize) -> String {
    format!("{:?}", PieceType::ALL[index])
}

fn table_rank(row: usize) -> String {
    format!(
        "{:?} table, rank {}, files a-d",
        Table::ALL[row / 8],
        row % 8 + 1
    )
}

/// Every section, in table order.
pub const SECTIONS: [Section; 11] = [
    Section {
        name: "material",
        title: "Material, by piece type",
        start: MATERIAL,
        rows: PieceType::COUNT,
        row_len: 1,
        row_label: piece_name,
    },
    Section {
        name: "pst",
        title: "Piece-square tables (see `params::PIECES`), from the owner's side",
        start: PIECE_SQUARE,
        rows: PST_COUNT * 8,
        row_len: 4,
        row_label: table_rank,
    },
    Section {
        name: "camp-distance",
        title: "Campmate: by ranks still to go, when the next step forward is free",
        start: CAMP_DISTANCE,
        rows: CAMP_DISTANCES,
        row_len: 1,
        row_label: |distance| format!("{distance} to go"),
    },
    Section {
        name: "camp-road",
        title: "Campmate: per free rank ahead, and for a road free all the way",
        start: CAMP_FREE_RANK,
        rows: 2,
        row_len: 1,
        row_label: |row| ["free rank", "open road"][row].to_string(),
    },
    Section {
        name: "mobility-capture",
        title: "Mobility: per square of the capture pattern",
        start: MOBILITY_CAPTURE,
        rows: PieceType::COUNT,
        row_len: 1,
        row_label: piece_name,
    },
    Section {
        name: "mobility-quiet",
        title: "Mobility: per empty square of a different quiet pattern",
        start: MOBILITY_QUIET,
        rows: PieceType::COUNT,
        row_len: 1,
        row_label: piece_name,
    },
    Section {
        name: "king-attack",
        title: "King attack: per square of the enemy king's zone reached",
        start: KING_ATTACK,
        rows: PieceType::COUNT,
        row_len: 1,
        row_label: piece_name,
    },
    Section {
        name: "threats",
        title: "Threats: a piece attacked by a pawn or Soldier, a piece hanging",
        start: THREAT_BY_PAWN,
        rows: 2,
        row_len: 1,
        row_label: |row| ["by a pawn", "hanging"][row].to_string(),
    },
    Section {
        name: "passed",
        title: "Pawns: a passed pawn, by rank",
        start: PASSED_PAWN,
        rows: 8,
        row_len: 1,
        row_label: |rank| format!("rank {}", rank + 1),
    },
    Section {
        name: "pawns",
        title: "Pawns: isolated, doubled; Soldiers side by side",
        start: ISOLATED_PAWN,
        rows: 3,
        row_len: 1,
        row_label: |row| ["isolated", "doubled", "Soldier pair"][row].to_string(),
    },
    Section {
        name: "kings",
        title: "Kings: the shield; faceoff ties and denied squares",
        start: KING_SHIELD,
        rows: 3,
        row_len: 1,
        row_label: |row| ["shield", "faceoff tie", "faceoff denied"][row].to_string(),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sections_cover_the_table_in_order() {
        let mut next = 0;
        for section in &SECTIONS {
            assert_eq!(section.start, next, "{}", section.title);
            next += section.rows * section.row_len;
        }
        assert_eq!(next, WEIGHT_COUNT);
    }
}
