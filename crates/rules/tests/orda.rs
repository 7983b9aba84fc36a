//! Orda Chess rule tests: the Horde's pieces (Lancer, Horse Archer, Kheshig, Yurt), promotion to
//! a Kheshig, Horde pawns without a double step, campmate for both sides, and stalemate and
//! repetition as draws.
//!
//! Every legal-move expectation here was checked against Fairy-Stockfish (pyffish with
//! `shared/variants.ini`, variant `orda`).

mod common;

use common::*;
use kaiser_rules::position::EndReason::{Campmate, Checkmate, Repetition, Stalemate};
use kaiser_rules::Color::{Black, White};
use kaiser_rules::Variant::Orda;
use kaiser_rules::{FenError, Piece, PieceType};

// ---------------------------------------------------------------------------------------------
// The Horde's pieces
// ---------------------------------------------------------------------------------------------

#[test]
fn a_lancer_moves_like_a_knight_and_captures_like_a_rook() {
    // Knight jumps to empty squares; along the file only the capture of the rook.
    assert_moves_from(
        Orda,
        "7k/8/8/4l3/8/8/4R3/K7 b - - 0 1",
        "e5",
        &[
            "e5c4", "e5c6", "e5d3", "e5d7", "e5e2", "e5f3", "e5f7", "e5g4", "e5g6",
        ],
    );
}

#[test]
fn a_pinned_lancer_makes_no_knight_move_but_may_take_its_pinner_along_the_line() {
    // Pinned on the file by the rook: its knight jumps all leave the line.
    assert_moves_from(Orda, "4k3/8/8/4l3/8/8/8/K3R3 b - - 0 1", "e5", &["e5e1"]);
    // Pinned on a diagonal by a bishop it cannot capture along: no move at all.
    assert_moves_from(Orda, "7k/8/5l2/8/8/8/8/B3K3 b - - 0 1", "f6", &[]);
}

#[test]
fn a_lancer_checks_along_a_rank() {
    let pos = position(Orda, "4k3/8/8/8/8/8/8/l3K3 w - - 0 1");
    assert!(pos.in_check());
    assert_all_moves_after(
        Orda,
        "4k3/8/8/8/8/8/8/l3K3 w - - 0 1",
        "",
        &["e1d2", "e1e2", "e1f2"],
    );
}

#[test]
fn a_horse_archer_checks_along_a_diagonal() {
    let fen = "4k3/8/8/8/1a6/8/8/1N2K3 w - - 0 1";
    assert!(position(Orda, fen).in_check());
    // The knight may block on c3 or d2; the king may not stay on the diagonal.
    assert_all_moves_after(
        Orda,
        fen,
        "",
        &["b1c3", "b1d2", "e1d1", "e1e2", "e1f1", "e1f2"],
    );
    // A pawn on c3 blocks the diagonal: no check, and the pawn may take the Archer.
    let blocked = "4k3/8/8/8/1a6/2P5/8/4K3 w - - 0 1";
    assert!(!position(Orda, blocked).in_check());
    assert_all_moves_after(
        Orda,
        blocked,
        "",
        &["c3b4", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"],
    );
}

#[test]
fn a_horse_archer_does_not_check_by_a_knight_jump() {
    // d3 is a knight's jump from e1, but the Archer only captures along diagonals (e2, f1).
    let fen = "4k3/8/8/8/8/3a4/8/4K3 w - - 0 1";
    assert!(!position(Orda, fen).in_check());
    assert_all_moves_after(Orda, fen, "", &["e1d1", "e1d2", "e1f2"]);
}

#[test]
fn a_kheshig_moves_like_a_knight_and_a_king() {
    assert_moves_from(
        Orda,
        "4k3/8/8/3h4/8/8/8/4K3 b - - 0 1",
        "d5",
        &[
            "d5b4", "d5b6", "d5c3", "d5c4", "d5c5", "d5c6", "d5c7", "d5d4", "d5d6", "d5e3", "d5e4",
            "d5e5", "d5e6", "d5e7", "d5f4", "d5f6",
        ],
    );
}

#[test]
fn a_horde_yurt_steps_like_a_silver_general_towards_rank_one() {
    assert_moves_from(
        Orda,
        "4k3/8/8/3y4/8/8/8/4K3 b - - 0 1",
        "d5",
        &["d5c4", "d5c6", "d5d4", "d5e4", "d5e6"],
    );
}

// ---------------------------------------------------------------------------------------------
// Pawns, promotion, castling
// ---------------------------------------------------------------------------------------------

#[test]
fn horde_pawns_have_no_double_step() {
    let mut pos = Position::startpos(Orda);
    play(&mut pos, "e2e4");
    let pawn_moves = pos
        .legal_moves()
        .into_iter()
        .filter(|m| pos.piece_at(m.from()).map(|p| p.kind) == Some(PieceType::Pawn));
    assert_eq!(
        sorted(pawn_moves),
        sorted_strs(&["a6a5", "b6b5", "c6c5", "d6d5", "e6e5", "f6f5", "g6g5", "h6h5"])
    );
    // The Kingdom's pawns still double-step.
    assert_legal(Orda, Orda.start_fen(), &["e2e4", "a2a4"]);
}

#[test]
fn pawns_of_both_sides_promote_to_a_queen_or_a_kheshig() {
    let fen = "2r5/1P1k4/8/8/8/8/8/4K3 w - - 0 1";
    assert_all_moves_after(
        Orda,
        fen,
        "",
        &[
            "b7b8h", "b7b8q", "b7c8h", "b7c8q", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
        ],
    );
    let mut pos = position(Orda, fen);
    play(&mut pos, "b7c8h");
    assert_eq!(
        pos.piece_at(sq("c8")),
        Some(Piece::new(White, PieceType::Kheshig))
    );
    // The new Kheshig checks the king on d7 by its king step.
    assert!(pos.in_check());
    assert_eq!(pos.fen(), "2H5/3k4/8/8/8/8/8/4K3 b - - 0 1");
    // A Horde pawn promotes on rank 1, to a Kheshig too.
    let mut pos = position(Orda, "4k3/8/8/8/8/8/p7/4K3 b - - 0 1");
    play(&mut pos, "a2a1h");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/h3K3 w - - 0 2");
    assert_illegal(
        Orda,
        "4k3/8/8/8/8/8/p7/4K3 b - - 0 1",
        &["a2a1r", "a2a1n", "a2a1"],
    );
}

#[test]
fn the_kingdom_castles_but_the_horde_has_no_rooks_to_castle_with() {
    let fen = "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/R3K2R w KQ - 0 1";
    assert_moves_from(Orda, fen, "e1", &["e1c1", "e1d1", "e1f1", "e1g1"]);
    let horde_rights = "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        Position::from_fen(horde_rights, Orda).map(|p| p.fen()),
        Err(FenError::CastlingPiecesMissing('k'))
    );
}

// ---------------------------------------------------------------------------------------------
// End of the game
// ---------------------------------------------------------------------------------------------

#[test]
fn campmate_wins_for_the_kingdom_king_on_rank_eight() {
    let fen = "8/6K1/8/8/k7/8/8/8 w - - 0 1";
    assert_outcome(Orda, fen, "", None);
    assert_all_moves_after(Orda, fen, "g7g8", &[]);
    assert_outcome(Orda, fen, "g7g8", win(White, Campmate));
}

#[test]
fn campmate_wins_for_the_khan_on_rank_one() {
    let fen = "8/8/8/7K/8/8/1k6/8 b - - 0 1";
    assert_all_moves_after(Orda, fen, "b2b1", &[]);
    assert_outcome(Orda, fen, "b2b1", win(Black, Campmate));
}

#[test]
fn stalemate_is_a_draw_in_orda() {
    let fen = "k7/2Q5/8/8/8/8/8/4K3 b - - 0 1";
    assert_all_moves_after(Orda, fen, "", &[]);
    assert_outcome(Orda, fen, "", draw(Stalemate));
}

#[test]
fn threefold_repetition_is_a_draw_in_orda() {
    let start = Orda.start_fen();
    assert_outcome(Orda, start, "g1f3 b8d7 f3g1 d7b8 g1f3 b8d7 f3g1", None);
    assert_outcome(
        Orda,
        start,
        "g1f3 b8d7 f3g1 d7b8 g1f3 b8d7 f3g1 d7b8",
        draw(Repetition),
    );
}

#[test]
fn checkmate_by_a_lancer_is_a_loss() {
    // Back-rank mate: the Lancer checks along rank 1, the king's pawns wall it in.
    assert_outcome(
        Orda,
        "4k3/8/8/8/8/8/5PPP/l5K1 w - - 0 1",
        "",
        win(Black, Checkmate),
    );
}
