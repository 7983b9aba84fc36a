//! Where each tuned weight sits: the evaluation's weights are one flat table per variant
//! (`Weights`), and this module names its sections, so that the evaluation, its trace for the
//! tuner and the tuner's writer agree on every index. The table has a row for every piece type
//! and every piece-square table; a variant's weights file (`weights/`, written by `kaiser tune`)
//! holds only the rows of the pieces its game has (`game_weight_count`), and `expand` puts them
//! in their places, the other rows zero.

use super::params::{s, PIECES, S};
use crate::Variant;
use kaiser_rules::types::PieceType;

/// Whether `pt` owns a piece-square table: whether the table it uses (`params::PieceParams`'s
/// `table`) is its own.
const fn owns_table(pt: usize) -> bool {
    PIECES[pt].table.index() == pt
}

// A piece borrows the table of a piece that uses its own.
const _: () = {
    let mut pt = 0;
    while pt < PieceType::COUNT {
        assert!(owns_table(PIECES[pt].table.index()));
        pt += 1;
    }
};

/// The number of piece types before index `end` that own a piece-square table: the tables are
/// in the order of their owners' `PieceType::index()`.
const fn tables_owned_before(end: usize) -> usize {
    let mut count = 0;
    let mut pt = 0;
    while pt < end {
        if owns_table(pt) {
            count += 1;
        }
        pt += 1;
    }
    count
}

/// Each piece type's piece-square table, by `PieceType::index()`.
const TABLE_OF: [usize; PieceType::COUNT] = {
    let mut tables = [0; PieceType::COUNT];
    let mut pt = 0;
    while pt < PieceType::COUNT {
        tables[pt] = tables_owned_before(PIECES[pt].table.index());
        pt += 1;
    }
    tables
};

/// The number of piece-square tables.
pub const PST_COUNT: usize = tables_owned_before(PieceType::COUNT);
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

/// The index of the piece-square bonus of a `pt` piece (in its table) on `rank` (0 = the
/// owner's first rank) and `file` (0..8, mirrored onto a-d).
pub const fn piece_square_index(pt: PieceType, rank: usize, file: usize) -> usize {
    let half_file = if file < 4 { file } else { 7 - file };
    PIECE_SQUARE + TABLE_OF[pt.index()] * PST_SQUARES + rank * 4 + half_file
}

/// What a section's rows stand for.
#[derive(Clone, Copy)]
pub enum Rows {
    /// One row a piece type, by `PieceType::index()`; a game has the rows of its pieces.
    PerPiece,
    /// Eight rows a piece-square table, its ranks; a game has the tables its pieces use.
    PerTable,
    /// This many rows, each named by the function; every game has them all.
    Fixed(usize, fn(usize) -> String),
}

/// A section of the table, for the tuner: its short name (for `kaiser tune --freeze`), its
/// title, where it starts, what its rows stand for and how many weights each row holds.
pub struct Section {
    pub name: &'static str,
    pub title: &'static str,
    pub start: usize,
    pub rows: Rows,
    pub row_len: usize,
}

impl Section {
    /// The number of rows in the table.
    pub const fn row_count(&self) -> usize {
        match self.rows {
            Rows::PerPiece => PieceType::COUNT,
            Rows::PerTable => PST_COUNT * 8,
            Rows::Fixed(count, _) => count,
        }
    }

    /// The number of weights in the table.
    pub const fn weight_count(&self) -> usize {
        self.row_count() * self.row_len
    }

    /// Whether `variant`'s game has row `row`: the row is not of a piece, or of a table, the
    /// game has no use for.
    pub const fn in_game(&self, variant: Variant, row: usize) -> bool {
        match self.rows {
            Rows::PerPiece => has_piece(variant, row),
            Rows::PerTable => uses_table(variant, row / 8),
            Rows::Fixed(..) => true,
        }
    }

    /// The comment of row `row` in `variant`'s weights file.
    pub fn row_label(&self, variant: Variant, row: usize) -> String {
        match self.rows {
            Rows::PerPiece => format!("{:?}", PieceType::ALL[row]),
            Rows::PerTable => {
                let users: Vec<String> = variant
                    .piece_types()
                    .iter()
                    .filter(|pt| TABLE_OF[pt.index()] == row / 8)
                    .map(|pt| format!("{pt:?}"))
                    .collect();
                format!("{} table, rank {}, files a-d", users.join("/"), row % 8 + 1)
            }
            Rows::Fixed(_, label) => label(row),
        }
    }
}

/// Whether `variant`'s game has the piece type of index `pt`.
const fn has_piece(variant: Variant, pt: usize) -> bool {
    let pieces = variant.piece_types();
    let mut i = 0;
    while i < pieces.len() {
        if pieces[i].index() == pt {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether a piece of `variant`'s game uses piece-square table `table`.
const fn uses_table(variant: Variant, table: usize) -> bool {
    let pieces = variant.piece_types();
    let mut i = 0;
    while i < pieces.len() {
        if TABLE_OF[pieces[i].index()] == table {
            return true;
        }
        i += 1;
    }
    false
}

/// The number of weights `variant`'s weights file holds: its game's rows of every section.
pub const fn game_weight_count(variant: Variant) -> usize {
    let mut count = 0;
    let mut section = 0;
    while section < SECTIONS.len() {
        let mut row = 0;
        while row < SECTIONS[section].row_count() {
            if SECTIONS[section].in_game(variant, row) {
                count += SECTIONS[section].row_len;
            }
            row += 1;
        }
        section += 1;
    }
    count
}

/// `variant`'s table from its weights file: `game` holds its game's rows of every section, in
/// table order (as `kaiser tune` writes them); the rows of pieces and tables the game has no
/// use for are zero.
pub const fn expand(variant: Variant, game: &[S]) -> Weights {
    assert!(game.len() == game_weight_count(variant));
    let mut weights = [s(0, 0); WEIGHT_COUNT];
    let mut next = 0;
    let mut section = 0;
    while section < SECTIONS.len() {
        let (start, row_len) = (SECTIONS[section].start, SECTIONS[section].row_len);
        let mut row = 0;
        while row < SECTIONS[section].row_count() {
            if SECTIONS[section].in_game(variant, row) {
                let mut i = 0;
                while i < row_len {
                    weights[start + row * row_len + i] = game[next];
                    next += 1;
                    i += 1;
                }
            }
            row += 1;
        }
        section += 1;
    }
    weights
}

/// Every section, in table order.
pub const SECTIONS: [Section; 11] = [
    Section {
        name: "material",
        title: "Material, by piece type",
        start: MATERIAL,
        rows: Rows::PerPiece,
        row_len: 1,
    },
    Section {
        name: "pst",
        title: "Piece-square tables (see `params::PIECES`), from the owner's side",
        start: PIECE_SQUARE,
        rows: Rows::PerTable,
        row_len: 4,
    },
    Section {
        name: "camp-distance",
        title: "Campmate: by ranks still to go, when the next step forward is free",
        start: CAMP_DISTANCE,
        rows: Rows::Fixed(CAMP_DISTANCES, |distance| format!("{distance} to go")),
        row_len: 1,
    },
    Section {
        name: "camp-road",
        title: "Campmate: per free rank ahead, and for a road free all the way",
        start: CAMP_FREE_RANK,
        rows: Rows::Fixed(2, |row| ["free rank", "open road"][row].to_string()),
        row_len: 1,
    },
    Section {
        name: "mobility-capture",
        title: "Mobility: per square of the capture pattern",
        start: MOBILITY_CAPTURE,
        rows: Rows::PerPiece,
        row_len: 1,
    },
    Section {
        name: "mobility-quiet",
        title: "Mobility: per empty square of a different quiet pattern",
        start: MOBILITY_QUIET,
        rows: Rows::PerPiece,
        row_len: 1,
    },
    Section {
        name: "king-attack",
        title: "King attack: per square of the enemy king's zone reached",
        start: KING_ATTACK,
        rows: Rows::PerPiece,
        row_len: 1,
    },
    Section {
        name: "threats",
        title: "Threats: a piece attacked by a pawn or Soldier, a piece hanging",
        start: THREAT_BY_PAWN,
        rows: Rows::Fixed(2, |row| ["by a pawn", "hanging"][row].to_string()),
        row_len: 1,
    },
    Section {
        name: "passed",
        title: "Pawns: a passed pawn, by rank",
        start: PASSED_PAWN,
        rows: Rows::Fixed(8, |rank| format!("rank {}", rank + 1)),
        row_len: 1,
    },
    Section {
        name: "pawns",
        title: "Pawns: isolated, doubled; Soldiers side by side",
        start: ISOLATED_PAWN,
        rows: Rows::Fixed(3, |row| {
            ["isolated", "doubled", "Soldier pair"][row].to_string()
        }),
        row_len: 1,
    },
    Section {
        name: "kings",
        title: "Kings: the shield; faceoff ties and denied squares",
        start: KING_SHIELD,
        rows: Rows::Fixed(3, |row| {
            ["shield", "faceoff tie", "faceoff denied"][row].to_string()
        }),
        row_len: 1,
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
            next += section.weight_count();
        }
        assert_eq!(next, WEIGHT_COUNT);
    }
}
