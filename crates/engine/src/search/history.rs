//! What each search thread learns and keeps from one search to the next: the histories that
//! order quiet moves, raised for a move that cuts off and lowered for the quiet moves tried
//! before it (the butterfly history, by side and from-to squares; the continuation history,
//! by the piece and destination of the move and of each of the two moves before it), and the
//! correction history of the static evaluation (`correction`). Killers, which live for one
//! search, are kept per ply in the search stack (`stack`).

use super::correction::CorrectionHistory;
use super::parameters::Parameters;
use crate::Position;
use kaiser_rules::types::{Color, Move, Piece, Square};

/// A move's piece and destination: a row of the continuation history (the moves that follow
/// it) and a column within each row.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PieceTo(u16);

impl PieceTo {
    const COUNT: usize = Piece::COUNT * 64;

    #[inline]
    pub fn new(piece: Piece, to: Square) -> PieceTo {
        PieceTo((piece.index() * 64 + to.index()) as u16)
    }

    /// The piece and destination of the legal move `m` in `pos`.
    #[inline]
    fn of(pos: &Position, m: Move) -> PieceTo {
        PieceTo::new(pos.piece_at(m.from()).expect("a mover"), m.to())
    }

    #[inline]
    fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// The continuation-history rows that score a node's quiet moves: those of the opponent's last
/// move and of the side to move's move before it, each where that move was made (not a pass,
/// not before the root). None when the continuation history is off.
#[derive(Clone, Copy, Default, Debug)]
pub struct Continuations(pub [Option<PieceTo>; 2]);

impl Continuations {
    fn rows(self) -> impl Iterator<Item = usize> {
        self.0
            .into_iter()
            .flatten()
            .map(|row| row.index() * PieceTo::COUNT)
    }

    fn is_empty(self) -> bool {
        self.0.iter().all(Option::is_none)
    }
}

/// The histories of one search thread.
pub struct Histories {
    butterfly: Vec<i32>,
    /// Indexed by row (`PieceTo` of an earlier move) and column (`PieceTo` of the move).
    continuation: Vec<i16>,
    pub correction: CorrectionHistory,
}

impl Default for Histories {
    fn default() -> Histories {
        Histories {
            butterfly: vec![0; 2 * 64 * 64],
            continuation: vec![0; PieceTo::COUNT * PieceTo::COUNT],
            correction: CorrectionHistory::default(),
        }
    }
}

#[inline]
fn index(color: Color, m: Move) -> usize {
    color.index() * 4096 + m.from().index() * 64 + m.to().index()
}

/// Moves `entry` towards +-`limit` by `bonus`, more slowly the nearer it is (history gravity).
#[inline]
fn nudge(entry: i32, bonus: i32, limit: i32) -> i32 {
    entry + bonus - entry * bonus.abs() / limit
}

/// `nudge` for a 16-bit entry, with `limit` (and so the bonus) at most what it holds.
#[inline]
fn nudge_i16(entry: &mut i16, bonus: i32, limit: i32) {
    let limit = limit.min(i32::from(i16::MAX));
    *entry = nudge(i32::from(*entry), bonus.clamp(-limit, limit), limit) as i16;
}

impl Histories {
    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        *self = Histories::default();
    }

    /// Prepares for a new search: the butterfly history fades (the continuation history and
    /// the corrections are kept).
    pub fn new_search(&mut self, params: &Parameters) {
        self.butterfly
            .iter_mut()
            .for_each(|h| *h = params.faded_history(*h));
    }

    /// The ordering score of the quiet move `m` in `pos`, after the moves of `continuations`.
    #[inline]
    pub fn quiet(&self, pos: &Position, m: Move, continuations: Continuations) -> i32 {
        let butterfly = self.butterfly[index(pos.side_to_move(), m)];
        if continuations.is_empty() {
            return butterfly;
        }
        let column = PieceTo::of(pos, m).index();
        continuations
            .rows()
            .map(|row| i32::from(self.continuation[row + column]))
            .sum::<i32>()
            + butterfly
    }

    /// Rewards the quiet move `best` that caused a cutoff in `pos` with `depth` left, after
    /// the moves of `continuations`, and punishes the quiet moves `tried` before it.
    pub fn update_quiet(
        &mut self,
        params: &Parameters,
        pos: &Position,
        depth: i32,
        best: Move,
        tried: &[Move],
        continuations: Continuations,
    ) {
        let bonus = params.history_bonus(depth);
        self.reward(params, pos, best, bonus, continuations);
        for &m in tried {
            self.reward(params, pos, m, -bonus, continuations);
        }
    }

    fn reward(
        &mut self,
        params: &Parameters,
        pos: &Position,
        m: Move,
        bonus: i32,
        continuations: Continuations,
    ) {
        let limit = params.history_limit();
        let entry = &mut self.butterfly[index(pos.side_to_move(), m)];
        *entry = nudge(*entry, bonus, limit);
        if continuations.is_empty() {
            return;
        }
        let column = PieceTo::of(pos, m).index();
        for row in continuations.rows() {
            nudge_i16(&mut self.continuation[row + column], bonus, limit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;
    use kaiser_rules::types::PieceType;

    /// A cutoff after a move raises the move's score after that move alone, bounded by the
    /// continuation's limit even where the butterfly history's is beyond what its entries hold;
    /// the quiet moves tried before it fall.
    #[test]
    fn continuation_history_scores_a_move_after_the_moves_it_followed() {
        kaiser_rules::attacks::init();
        let pos = Position::startpos(Variant::Chess);
        let find = |text: &str| {
            *pos.legal_moves()
                .iter()
                .find(|m| m.to_string() == text)
                .unwrap()
        };
        let (best, tried) = (find("g1f3"), find("b1c3"));
        let knight_to = |name| {
            PieceTo::new(
                Piece::new(Color::Black, PieceType::Knight),
                Square::parse(name).unwrap(),
            )
        };
        let after_nf6 = Continuations([Some(knight_to("f6")), None]);
        let after_nc6 = Continuations([Some(knight_to("c6")), None]);

        let mut params = Parameters::default();
        params.set("history_limit", 65536).unwrap();
        params.set("history_bonus_max", 8000).unwrap();
        let mut histories = Histories::default();
        for _ in 0..200 {
            histories.update_quiet(&params, &pos, 30, best, &[tried], after_nf6);
        }
        let butterfly = histories.quiet(&pos, best, Continuations::default());
        let followed = histories.quiet(&pos, best, after_nf6);
        assert_eq!(followed - butterfly, i32::from(i16::MAX));
        assert_eq!(histories.quiet(&pos, best, after_nc6), butterfly);
        assert!(histories.quiet(&pos, tried, after_nf6) < histories.quiet(&pos, tried, after_nc6));
    }
}
