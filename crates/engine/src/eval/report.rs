//! The `eval` command's report: every term for White, for Black and in total, middlegame and
//! endgame, then the phase, the tempo and the final value, in pawns (as Stockfish prints it),
//! and the NNUE network's value beside them (`network_line`).

use super::nnue::Network;
use super::params::{PAWN_VALUE_EG, PHASE_MAX, S, TEMPO};
use super::placement::placement_terms;
use super::sink::{Scores, Term};
use super::{weights, Breakdown};
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
        Some(net) => format!(
            "NNUE evaluation: {} (from {side}'s side, to move); the search uses it",
            pawns(net.evaluate_position(pos))
        ),
        None => format!(
            "NNUE evaluation: none (no network for {}, or Use NNUE is off); the search uses the hand-written one",
            pos.variant()
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
        "Tempo: {}; final evaluation: {} (from {side}'s side, to move)",
        pawns(TEMPO),
        pawns(breakdown.value())
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
}
