//! Static evaluation: tapered material and piece-square tables (summed incrementally, see
//! `placement`), mobility and attacks on the enemy king (`mobility`), the king's shield and
//! Empire's faceoff geometry (`king`), threats (`threats`), pawn structure (`pawns`) and the
//! campmate race (how free a king's road to its far rank is),
//! gathered term by term in a `Breakdown` that the `eval` command prints (see `report`). The
//! tuned weights are in `weights` (one table per variant, laid out as `layout` says), the fixed
//! settings in `params`; every term reports to a `sink::Sink`, so the same code evaluates and,
//! for the tuner, traces (`trace`).
//!
//! Values are in Fairy-Stockfish's internal units (`params::PAWN_VALUE_EG` = 213 is one pawn);
//! `to_centipawns` converts for reporting.

mod king;
pub mod layout;
mod material_draw;
mod mobility;
pub mod nnue;
pub mod params;
mod pawns;
mod placement;
mod report;
pub mod sink;
mod threats;
pub(crate) mod weights;

use king::{faceoff, king_shield};
use layout::{CAMP_DISTANCE, CAMP_FREE_RANK, CAMP_OPEN_ROAD};
pub use material_draw::scale_for_mating_material;
use mobility::{mobility, pawn_like_attacks};
use params::*;
use pawns::pawn_structure;
use placement::placement_terms;
pub use placement::Placement;
pub use report::{network_line, report};
use sink::{Scores, Sink, Term, Trace};
use threats::{threats, AttackMaps};

use crate::{variants, Position, Variant};
use kaiser_rules::attacks::king_attacks;
use kaiser_rules::types::{Bitboard, Color};

/// The weights `variant` is evaluated with.
#[inline]
pub const fn weights(variant: Variant) -> &'static layout::Weights {
    variants::data(variant).weights
}

/// The static value of `pos` for the side to move, in internal units (see `to_centipawns`).
pub fn evaluate(pos: &Position) -> i32 {
    Breakdown::of(pos).value()
}

/// The evaluation term by term: each term's score for White and for Black (by `Color::index()`),
/// before the game phase blends middlegame and endgame.
#[derive(Clone, Debug)]
pub struct Breakdown {
    /// Material and piece-square values, White's view (kept up to date by the position).
    pub placement: S,
    /// The other terms, by `Term as usize` (the `Term::Placement` row unused).
    pub by_term: [[S; 2]; Term::COUNT],
    /// The middlegame share, 0 (endgame) ..= `PHASE_MAX`.
    pub phase: i32,
    pub side_to_move: Color,
}

impl Breakdown {
    pub fn of(pos: &Position) -> Breakdown {
        let mut scores = Scores::new(weights(pos.variant()));
        other_terms(pos, &mut scores);
        Breakdown {
            placement: pos.tracker().score,
            by_term: scores.by_term,
            phase: phase(pos),
            side_to_move: pos.side_to_move(),
        }
    }

    /// The terms other than placement, by name.
    pub fn terms(&self) -> [(&'static str, [S; 2]); Term::OTHERS.len()] {
        Term::OTHERS.map(|term| (term.name(), self.by_term[term as usize]))
    }

    /// Every term summed, White's view, before tapering.
    pub fn white_view(&self) -> S {
        self.terms()
            .iter()
            .fold(self.placement, |sum, (_, [white, black])| {
                sum + *white - *black
            })
    }

    /// The value for the side to move: the tapered sum, plus the tempo bonus.
    pub fn value(&self) -> i32 {
        let white_view = self.white_view().taper(self.phase);
        let value = match self.side_to_move {
            Color::White => white_view,
            Color::Black => -white_view,
        };
        value + TEMPO
    }
}

/// Reports every term but placement to `sink`.
fn other_terms(pos: &Position, sink: &mut impl Sink) {
    let pawn_like = Color::BOTH.map(|color| pawn_like_attacks(pos, color));
    let pieces = Color::BOTH.map(|color| mobility(pos, color, pawn_like[(!color).index()], sink));
    let maps = AttackMaps {
        all: Color::BOTH.map(|color| {
            pieces[color.index()] | pawn_like[color.index()] | king_attacks(pos.king_square(color))
        }),
        pawn_like,
    };
    for color in Color::BOTH {
        threats(pos, color, &maps, sink);
        pawn_structure(pos, color, sink);
        king_shield(pos, color, sink);
        if pos.variant().has_faceoff() {
            faceoff(pos, color, sink);
        }
        if pos.variant().has_campmate() {
            campmate(pos, color, maps.all[(!color).index()], sink);
        }
    }
}

/// The middlegame share of `pos`, 0 (endgame) ..= `PHASE_MAX`.
pub fn phase(pos: &Position) -> i32 {
    let material = pos.tracker().phase_material;
    (material.clamp(ENDGAME_LIMIT, MIDGAME_LIMIT) - ENDGAME_LIMIT) * PHASE_MAX
        / (MIDGAME_LIMIT - ENDGAME_LIMIT)
}

/// Every term of the evaluation of `pos` as counts of weights (see `sink::Trace`), for the
/// tuner: with the phase and the tempo, they give back `evaluate`.
pub fn trace(pos: &Position) -> Trace {
    let mut trace = Trace::default();
    placement_terms(pos, &mut trace);
    other_terms(pos, &mut trace);
    trace
}

/// Converts an internal value to centipawns (a pawn in the endgame is 100).
pub fn to_centipawns(value: i32) -> i32 {
    value * 100 / PAWN_VALUE_EG
}

/// The campmate race term for `color`'s king: for each rank ahead up to the far rank, is there a
/// square within one file of the king that is neither attacked by the enemy (`enemy_attacks`)
/// nor held by a friendly piece? Consecutive free ranks count, a free first step earns a bonus
/// by distance, and a road free all the way earns more.
fn campmate(pos: &Position, color: Color, enemy_attacks: Bitboard, sink: &mut impl Sink) {
    let ksq = pos.king_square(color);
    let far = pos.variant().campmate_rank(color);
    let distance = ksq.rank().abs_diff(far);
    if distance == 0 || distance > CAMP_HORIZON {
        return;
    }
    let open = !pos.pieces_of(color) & !enemy_attacks;
    let file = Bitboard::file(ksq.file());
    let corridor = file | file.sideways();
    let mut free_ranks = 0;
    for step in 1..=distance as i8 {
        let rank = (ksq.rank() as i8 + step * color.forward()) as u8;
        if (corridor & Bitboard::rank(rank) & open).is_empty() {
            break;
        }
        free_ranks += 1;
    }
    if free_ranks == 0 {
        return;
    }
    sink.add(Term::Campmate, color, CAMP_DISTANCE + distance as usize, 1);
    sink.add(Term::Campmate, color, CAMP_FREE_RANK, free_ranks);
    if free_ranks == distance as i32 {
        sink.add(Term::Campmate, color, CAMP_OPEN_ROAD, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn packed_pairs_round_trip() {
        for (mg, eg) in [
            (0, 0),
            (-5, 7),
            (120, -213),
            (-2538, -2682),
            (32000, -32000),
        ] {
            let p = s(mg, eg);
            assert_eq!((p.mg(), p.eg()), (mg, eg));
        }
        assert_eq!((s(3, -4) + s(-5, 9)).eg(), 5);
    }

    /// A board a FEN may set up but no game reaches, a side with 15 queens: its sums once
    /// overflowed the 16-bit halves of `S` (a panic with overflow checks; without them, the side
    /// with the queens scored as lost). Found by the FEN fuzz target.
    #[test]
    fn fifteen_queens_evaluate_as_a_won_game() {
        for variant in [Variant::Chess, Variant::Orda] {
            let fen = "qqqqkqqq/qqqqqqqq/8/8/8/8/8/4K3 w - - 0 1";
            let pos = Position::from_fen(fen, variant).expect("a legal FEN");
            assert!(evaluate(&pos) < -30_000, "{variant}: {}", evaluate(&pos));
            assert!(pos.tracker().score.eg() < -32_768);
        }
    }

    #[test]
    fn start_positions_are_near_balanced_for_chess() {
        let pos = Position::startpos(Variant::Chess);
        assert_eq!(evaluate(&pos), TEMPO);
    }

    /// The FEN of `fen` with colours swapped and the board mirrored top to bottom.
    fn colour_flipped(fen: &str) -> String {
        let fields: Vec<&str> = fen.split(' ').collect();
        let swap_case = |text: &str| -> String {
            text.chars()
                .map(|c| match c.is_ascii_uppercase() {
                    true => c.to_ascii_lowercase(),
                    false => c.to_ascii_uppercase(),
                })
                .collect()
        };
        let board: Vec<String> = fields[0].split('/').rev().map(swap_case).collect();
        let side = if fields[1] == "w" { "b" } else { "w" };
        let castling = match fields[2] {
            "-" => "-".to_string(),
            rights => {
                let swapped = swap_case(rights);
                let (mut upper, lower): (Vec<char>, Vec<char>) =
                    swapped.chars().partition(|c| c.is_ascii_uppercase());
                upper.extend(lower);
                upper.into_iter().collect()
            }
        };
        let en_passant = match fields[3] {
            "-" => "-".to_string(),
            sq => {
                let rank = 9 - sq[1..].parse::<u32>().unwrap();
                format!("{}{rank}", &sq[..1])
            }
        };
        format!(
            "{} {side} {castling} {en_passant} {} {}",
            board.join("/"),
            fields[4],
            fields[5]
        )
    }

    /// Positions of every variant: each start position, and every fifth position of a few
    /// random games from it.
    fn sample_positions() -> Vec<(Variant, String)> {
        let mut rng = StdRng::seed_from_u64(38);
        let mut positions = Vec::new();
        for variant in Variant::ALL {
            for _ in 0..6 {
                let mut pos = Position::startpos(variant);
                for ply in 0..100 {
                    if ply % 5 == 0 {
                        positions.push((variant, pos.fen()));
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() || pos.campmate_reached() {
                        break;
                    }
                    pos.make_move(moves[rng.gen_range(0..moves.len())]);
                }
            }
        }
        positions
    }

    /// The evaluation knows no colour: it sums the same terms with the same weights for each
    /// side, every one seen from its owner's side of the board. So swapping the colours and
    /// mirroring the board (the side to move too) swaps each term's White and Black scores and
    /// gives the same value, in every variant. Empire's and Orda's armies are not symmetric, but
    /// a FEN may give either side any piece of the variant, so the flipped position (the Empire
    /// playing Black) is a position of the same variant, evaluated by the same weights.
    #[test]
    fn colour_flipped_positions_evaluate_the_same_in_every_variant() {
        let mut positions: Vec<(Variant, String)> = [
            "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP3PPP/R1BQKB1R w KQkq - 0 8",
            "2r3k1/1q3ppp/p2p4/1p1Pp3/4P1n1/1P1Q1N2/P4PPP/2R3K1 w - - 0 25",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 50",
        ]
        .iter()
        .map(|fen| (Variant::Chess, fen.to_string()))
        .collect();
        positions.extend(sample_positions());
        for variant in Variant::ALL {
            assert!(positions.iter().filter(|(v, _)| *v == variant).count() > 30);
        }
        for (variant, fen) in positions {
            let pos = Position::from_fen(&fen, variant).unwrap();
            let flipped = Position::from_fen(&colour_flipped(&fen), variant).unwrap();
            let (ours, theirs) = (Breakdown::of(&pos), Breakdown::of(&flipped));
            assert_eq!(
                theirs.placement,
                S::ZERO - ours.placement,
                "{variant} {fen}"
            );
            assert_eq!(theirs.phase, ours.phase, "{variant} {fen}");
            for ((name, [white, black]), (_, flipped)) in ours.terms().iter().zip(theirs.terms()) {
                assert_eq!(flipped, [*black, *white], "{variant} {fen}: {name}");
            }
            assert_eq!(evaluate(&pos), evaluate(&flipped), "{variant} {fen}");
        }
    }

    /// Nor does the evaluation depend on whose move it is, but for the tempo: the two sides'
    /// views of one position add up to twice the tempo bonus.
    #[test]
    fn each_side_sees_the_same_position_in_every_variant() {
        let mut checked = [0; Variant::ALL.len()];
        for (variant, fen) in sample_positions() {
            let pos = Position::from_fen(&fen, variant).unwrap();
            let mut fields: Vec<&str> = fen.split(' ').collect();
            fields[1] = if fields[1] == "w" { "b" } else { "w" };
            fields[3] = "-";
            // Skipped where the other side to move would leave a king in check.
            let Ok(other) = Position::from_fen(&fields.join(" "), variant) else {
                continue;
            };
            assert_eq!(
                evaluate(&pos) + evaluate(&other),
                2 * TEMPO,
                "{variant} {fen}"
            );
            checked[variant.index()] += 1;
        }
        assert!(checked.iter().all(|&n| n > 30), "{checked:?}");
    }

    #[test]
    fn the_trace_gives_back_the_evaluation() {
        for (variant, fen) in [
            (Variant::Empire, Variant::Empire.start_fen()),
            (
                Variant::Empire,
                "rnbqk2r/pp3ppp/4pn2/2p5/3P4/P1SS1PPP/4K3/TECD1CET b kq - 0 6",
            ),
            (Variant::Empire, "4k3/8/8/3K4/8/8/8/8 w - - 0 1"),
            (Variant::Orda, Variant::Orda.start_fen()),
            (
                Variant::Chess,
                "2r3k1/1q3ppp/p2p4/1p1Pp3/4P1n1/1P1Q1N2/P4PPP/2R3K1 w - - 0 25",
            ),
        ] {
            let pos = Position::from_fen(fen, variant).unwrap();
            let weights = weights(variant);
            let sum = trace(&pos)
                .counts
                .iter()
                .zip(weights)
                .fold(S::ZERO, |sum, (&count, &weight)| sum + weight * count);
            let white_view = sum.taper(phase(&pos));
            let value = match pos.side_to_move() {
                Color::White => white_view,
                Color::Black => -white_view,
            };
            assert_eq!(value + TEMPO, evaluate(&pos), "{fen}");
        }
    }

    #[test]
    fn material_counts() {
        let up_a_queen = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", Variant::Chess);
        assert!(evaluate(&up_a_queen.unwrap()) > 2000);
        let down = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1", Variant::Chess);
        assert!(evaluate(&down.unwrap()) < -2000);
    }

    #[test]
    fn a_free_kaiser_near_the_far_rank_is_worth_a_lot() {
        let near = Position::from_fen("k7/8/8/4K3/8/8/8/8 b - - 0 1", Variant::Empire).unwrap();
        let far = Position::from_fen("k7/8/8/8/8/8/8/4K3 b - - 0 1", Variant::Empire).unwrap();
        assert!(evaluate(&near) < evaluate(&far) - 100);
    }
}
