//! The `eval` command's report: every term for White, for Black and in total, middlegame and
//! endgame, then the phase, the tempo and the final value, in pawns (as Stockfish prints it),
//! and the NNUE network's value beside them (`network_line`), each with what the search makes
//! of it where the side ahead lacks the material to win.

use super::nnue::Network;
use super::params::{PAWN_VALUE_EG, PHASE_MAX, S, TEMPO};
use super::placement::placement_terms;
use super::sink::{Scores, Term};
use super::{scale_for_mating_material, weights, Breakdown};
use crate::Position;
use kaiser_rules::types::Color;
use std::fmt::Write;

fn pawns(value: i32) -> String {
    format!("{:+.2}", f64::from(value) / f64::from(PAWN_VALUE_EG))
}

fn pair(score: S) -> String {
    format!("{:>6} {:>6}", pawns(score.mg()), pawns(score.eg()))
}

/// The line the `eval` report ends with: the network's value of `pos`, in the same units as the
/// hand-written one, or why there is none.
pub fn network_line(pos: &Position, network: Option<&Network>) -> String {
    let side = match pos.side_to_move() {
        Color::White => "white",
        Color::Black => "black",
    };
    match network {
        Some(net) => {
            let value = net.evaluate_position(pos);
            format!(
                "NNUE evaluation: {} (from {side}'s side, to move); the search uses it{}",
                pawns(value),
                mating_material_note(pos, value)
            )
        }
        None => format!(
            "NNUE evaluation: none (no network for {}, or Use NNUE is off); the search uses the hand-written one",
            pos.variant()
        ),
    }
}

/// What the search makes of `value` where the side it favours lacks the material to win
/// (`scale_for_mating_material`) with the search parameter `material_draw` on: empty where it
/// keeps the whole value.
fn mating_material_note(pos: &Position, value: i32) -> String {
    let scaled = scale_for_mating_material(pos, value);
    match scaled == value {
        true => String::new(),
        false => format!(
            ", scaled to {} for want of mating material with material_draw on",
            pawns(scaled)
        ),
    }
}

/// Each side's material and piece-square score, from its own point of view (the position keeps
/// only their difference).
fn own_placements(pos: &Position) -> [S; 2] {
    let mut scores = Scores::new(weights(pos.variant()));
    placement_terms(pos, &mut scores);
    scores.by_term[Term::Placement as usize]
}

/// The evaluation of `pos`, term by term, as lines of text.
pub fn report(pos: &Position) -> String {
    let breakdown = Breakdown::of(pos);
    let mut rows = vec![(Term::Placement.name(), own_placements(pos))];
    rows.extend(breakdown.terms());
    let mut out = String::new();
    let rule = "------------+---------------+---------------+---------------";
    let _ = writeln!(
        out,
        "     Term   |     White     |     Black     |     Total"
    );
    let _ = writeln!(
        out,
        "            |   MG     EG   |   MG     EG   |   MG     EG"
    );
    let _ = writeln!(out, "{rule}");
    for (name, [white, black]) in rows {
        let _ = writeln!(
            out,
            "{name:>11} | {} | {} | {}",
            pair(white),
            pair(black),
            pair(white - black)
        );
    }
    let _ = writeln!(out, "{rule}");
    let total = breakdown.white_view();
    let _ = writeln!(
        out,
        "{:>11} | {:>13} | {:>13} | {}",
        "Total",
        "",
        "",
        pair(total)
    );
    let _ = writeln!(
        out,
        "Phase: {}/{PHASE_MAX} middlegame; blended: {} (White's view)",
        breakdown.phase,
        pawns(total.taper(breakdown.phase))
    );
    let side = match breakdown.side_to_move {
        Color::White => "white",
        Color::Black => "black",
    };
    let _ = write!(
        out,
        "Tempo: {}; final evaluation: {} (from {side}'s side, to move){}",
        pawns(TEMPO),
        pawns(breakdown.value()),
        mating_material_note(pos, breakdown.value())
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn the_material_rows_add_up_to_the_kept_sum() {
        for (variant, fen) in [
            (Variant::Empire, Variant::Empire.start_fen()),
            (
                Variant::Chess,
                "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP3PPP/R1BQKB1R w KQkq - 0 8",
            ),
        ] {
            let pos = Position::from_fen(fen, variant).unwrap();
            let [white, black] = own_placements(&pos);
            assert_eq!(white - black, pos.tracker().score);
        }
    }

    #[test]
    fn a_value_the_search_scales_down_says_so() {
        let bishop_alone = Position::from_fen("8/8/3B4/8/8/8/k1K5/8 w - - 0 1", Variant::Chess)
            .expect("a legal position");
        let hand_written = report(&bishop_alone);
        assert!(
            hand_written
                .ends_with(", scaled to +0.00 for want of mating material with material_draw on"),
            "{hand_written}"
        );
        let network = crate::eval::nnue::embedded(Variant::Chess).expect("chess has a network");
        let line = network_line(&bishop_alone, Some(&network));
        assert!(
            line.ends_with("scaled to +0.00 for want of mating material with material_draw on"),
            "{line}"
        );
        // With a pawn the value stands.
        let with_pawn = Position::from_fen("8/8/3B4/8/8/8/k1K1P3/8 w - - 0 1", Variant::Chess)
            .expect("a legal position");
        assert!(!network_line(&with_pawn, Some(&network)).contains("scaled"));
    }
}
