//! What the engine keeps for each game, one row per variant: the evaluation's weights, the opening
//! book built into the binary, the bench positions and the NNUE network. The rules themselves are
//! the rules core's (`kaiser_rules::variant::Rules`); this is the engine's side of a game. Adding a
//! game adds a row here, and the compiler asks for every field of it.

use crate::eval::layout::Weights;
use crate::eval::weights;
use crate::Variant;

/// The engine's data for one variant.
pub struct VariantData {
    /// The evaluation weights (`eval/weights/<variant>.rs`, laid out as `eval::layout` says).
    pub weights: &'static Weights,
    /// The opening book compiled into the binary (`book/<variant>.bin`, in `book`'s format), if
    /// the variant has one.
    pub book: Option<&'static [u8]>,
    /// `bench`'s positions: openings, middlegames, endgames and campmate races.
    pub bench_positions: &'static [&'static str],
    /// The NNUE network compiled into the binary (`nets/<variant>.nnue`, in
    /// `eval::nnue::network`'s format), if the variant has one that won its SPRT.
    pub network: Option<&'static [u8]>,
}

/// The engine's data for `variant`.
#[inline]
pub const fn data(variant: Variant) -> &'static VariantData {
    match variant {
        Variant::Chess => &CHESS,
        Variant::Empire => &EMPIRE,
        Variant::Orda => &ORDA,
    }
}

const CHESS: VariantData = VariantData {
    weights: &weights::chess::WEIGHTS,
    book: Some(include_bytes!("../../../book/chess.bin")),
    bench_positions: &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ],
    network: Some(include_bytes!("../nets/chess.nnue")),
};

const EMPIRE: VariantData = VariantData {
    weights: &weights::empire::WEIGHTS,
    book: Some(include_bytes!("../../../book/empire.bin")),
    bench_positions: &[
        "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/8/PPPSSPPP/8/TECDKCET w kq - 4 3",
        "r1bqkbnr/1pppp1p1/p7/5p1p/2PnD3/PP2SPPP/6T1/TEC1KCE1 w kq - 0 7",
        "rnb1k1n1/1p1pppbr/1qp3p1/p1P5/2C3Tp/PP1SSPPP/6C1/1E1DK1ET w q - 2 11",
        "1rbqn2r/p1ppnk2/1p2p1pb/6pp/5PP1/PPPSS2P/1TEK3E/2CD1C2 w - - 8 16",
        "rn1k3r/4b1pp/2p2D1n/pp1p4/4E1P1/TPPSS2P/1E6/1C1K1C1T w - - 4 21",
        "8/p7/2k5/8/4S3/5K2/8/7T w - - 0 1",
        "3k4/8/8/3r4/8/2E5/4K3/8 w - - 0 1",
        "6k1/5pp1/8/8/2K5/8/PP6/8 b - - 0 1",
    ],
    network: Some(include_bytes!("../nets/empire.nnue")),
};

const ORDA: VariantData = VariantData {
    weights: &weights::orda::WEIGHTS,
    book: Some(include_bytes!("../../../book/orda.bin")),
    bench_positions: &[
        "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        "lhak1ah1/3y1l2/pppp1ppp/4P3/4P3/7N/PPP2PPP/RNBQKB1R w KQ - 1 5",
        "2hyka2/2l1ah2/pp2p3/2p2p2/8/3P1Q2/P1P1PPPP/RN2KBNR w KQ - 5 10",
        "l1a1k1h1/2y5/p1pp1p2/2p1p1p1/8/P1P2PP1/3PP2R/1RBQ1BK1 w - - 1 13",
        "8/4yk2/1l3p2/1N6/1P4P1/8/2P1aP2/4R2K w - - 0 31",
        "1y6/4a3/1p4p1/4P3/6k1/4P3/2h5/6K1 b - - 0 29",
        "2k5/8/p7/p2K2a1/6P1/8/7l/8 b - - 2 40",
    ],
    network: Some(include_bytes!("../nets/orda.nnue")),
};
