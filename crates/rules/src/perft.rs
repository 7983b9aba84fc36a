//! Perft: counting the leaf nodes of the legal move tree, the standard oracle for move
//! generation. The last ply is counted in bulk (the length of the legal move list).

use crate::position::{GenType, MoveList, PieceTracker, Position};
use crate::types::Move;

/// The number of leaf nodes `depth` plies below `pos`.
pub fn perft<T: PieceTracker>(pos: &mut Position<T>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal_moves() as u64;
    }
    let mut moves = MoveList::new();
    pos.generate(GenType::All, &mut moves);
    let mut nodes = 0;
    for &m in &moves {
        pos.make_move(m);
        nodes += perft(pos, depth - 1);
        pos.unmake_move(m);
    }
    nodes
}

/// The node count below each legal move (Stockfish's "divide"), in generation order.
pub fn divide<T: PieceTracker>(pos: &mut Position<T>, depth: u32) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves();
    moves
        .iter()
        .map(|&m| {
            pos.make_move(m);
            let nodes = perft(pos, depth.saturating_sub(1));
            pos.unmake_move(m);
            (m, nodes)
        })
        .collect()
}
