//! Targeted rule tests: for each rule of RULES.md an allowed and a forbidden case, on small
//! hand-made positions (mostly Empire), plus the end-of-game rules and the Captures/Quiets split.
//!
//! Every legal-move expectation here was checked against Fairy-Stockfish (pyffish with
//! `shared/variants.ini`), except where a test says the engine deliberately differs from it (the
//! en-passant capture that opens a rank between the kings).

mod common;

use common::*;
use kaiser_rules::position::EndReason::{Campmate, Checkmate, FiftyMoves, Repetition, Stalemate};
use kaiser_rules::Color::{Black, White};
use kaiser_rules::Variant::{self, Chess, Empire};
use kaiser_rules::{GenType, Move, MoveKind, MoveList, PieceType};
use kaiser_testkit::suites::suite_positions;

// ---------------------------------------------------------------------------------------------
// King-Kaiser faceoff
// ---------------------------------------------------------------------------------------------

#[test]
fn faceoff_binds_a_white_piece_to_the_file_between_the_kings() {
    // The Cardinal on e4 is the only piece between e2 and e8: it may slide along the e-file
    // (quiet queen-like moves) but neither step off it nor capture off it (d5).
    let fen = "4k3/8/8/3p4/4C3/8/4K3/8 w - - 0 1";
    assert_moves_from(Empire, fen, "e4", &["e4e3", "e4e5", "e4e6", "e4e7"]);
    assert_illegal(Empire, fen, &["e4d5", "e4f5", "e4d4", "e4a4"]);
    // Without the faceoff rule the Cardinal is free.
    assert_legal(
        Chess,
        "4k3/8/8/3p4/4B3/8/4K3/8 w - - 0 1",
        &["e4d5", "e4f5"],
    );
}

#[test]
fn faceoff_binds_a_black_piece_to_the_file_between_the_kings() {
    // The black pawn d6 may advance along the d-file but not capture off it.
    let fen = "3k4/8/3p4/4P3/8/8/3K4/8 b - - 0 1";
    assert_moves_from(Empire, fen, "d6", &["d6d5"]);
    assert_illegal(Empire, fen, &["d6e5"]);
    // A knight between the kings cannot move at all.
    assert_moves_from(Empire, "3k4/8/8/3n4/8/8/3K4/8 b - - 0 1", "d5", &[]);
}

#[test]
fn faceoff_binds_a_piece_to_the_rank_between_the_kings() {
    let fen = "8/8/8/K2C3k/8/8/8/8 w - - 0 1";
    assert_moves_from(Empire, fen, "d5", &["d5b5", "d5c5", "d5e5", "d5f5", "d5g5"]);
    assert_illegal(Empire, fen, &["d5d6", "d5c6", "d5e4", "d5d1"]);
}

#[test]
fn a_king_may_not_step_onto_an_open_line_of_the_other_king() {
    // d2 -> e2, e1 or e3 would face the king on e8 along the open e-file.
    let fen = "4k3/8/8/8/8/8/3K4/8 w - - 0 1";
    assert_moves_from(Empire, fen, "d2", &["d2c1", "d2c2", "d2c3", "d2d1", "d2d3"]);
    assert_illegal(Empire, fen, &["d2e1", "d2e2", "d2e3"]);
    // In chess nothing stops it.
    assert_legal(Chess, fen, &["d2e1", "d2e2", "d2e3"]);
}

#[test]
fn facing_is_not_check() {
    // Only the faceoff rule keeps the Kaiser on a1 from b1: that is no check, so with no legal
    // move this is stalemate (a loss in Empire), not checkmate.
    let fen = "1k6/8/8/8/8/8/7r/K7 w - - 0 1";
    let pos = position(Empire, fen);
    assert!(!pos.in_check());
    assert!(pos.checkers().is_empty());
    assert_all_moves_after(Empire, fen, "", &[]);
    assert_eq!(pos.outcome(), win(Black, Stalemate));
    // In chess the king simply steps to b1.
    assert_all_moves_after(Chess, fen, "", &["a1b1"]);
}

// ---------------------------------------------------------------------------------------------
// Castling
// ---------------------------------------------------------------------------------------------

#[test]
fn castling_may_not_pass_through_a_square_facing_the_kaiser() {
    // Kaiser on the open f-file: f8 faces it, so no kingside castling (nor a step to f8 or f7).
    let fen = "r3k2r/8/8/8/8/8/5K2/8 b kq - 0 1";
    assert_moves_from(Empire, fen, "e8", &["e8c8", "e8d7", "e8d8", "e8e7"]);
    assert_illegal(Empire, fen, &["e8g8", "e8f8", "e8f7"]);
    // Kaiser on the d-file: queenside castling passes d8.
    let fen = "r3k2r/8/8/8/8/8/3K4/8 b kq - 0 1";
    assert_moves_from(Empire, fen, "e8", &["e8e7", "e8f7", "e8f8", "e8g8"]);
    assert_illegal(Empire, fen, &["e8c8", "e8d8"]);
}

#[test]
fn castling_may_not_land_on_a_square_facing_the_kaiser() {
    // g-file: kingside castling would land facing the Kaiser.
    let fen = "r3k2r/8/8/8/8/8/6K1/8 b kq - 0 1";
    assert_moves_from(
        Empire,
        fen,
        "e8",
        &["e8c8", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"],
    );
    assert_illegal(Empire, fen, &["e8g8"]);
    // c-file: queenside castling would land facing it.
    let fen = "r3k2r/8/8/8/8/8/2K5/8 b kq - 0 1";
    assert_moves_from(
        Empire,
        fen,
        "e8",
        &["e8d7", "e8d8", "e8e7", "e8f7", "e8f8", "e8g8"],
    );
    assert_illegal(Empire, fen, &["e8c8"]);
}

#[test]
fn castling_is_allowed_when_the_kings_path_is_clear_of_the_kaisers_lines() {
    // On the b-file the Kaiser only sees b8, which the rook crosses but the king does not.
    let fen = "r3k2r/8/8/8/8/8/1K6/8 b kq - 0 1";
    assert_moves_from(
        Empire,
        fen,
        "e8",
        &["e8c8", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8", "e8g8"],
    );
    // On the a- and h-files it sees nothing past the pawns.
    assert_legal(
        Empire,
        "r3k2r/p7/8/8/8/8/K7/8 b kq - 0 1",
        &["e8c8", "e8g8"],
    );
    assert_legal(
        Empire,
        "r3k2r/7p/8/8/8/8/7K/8 b kq - 0 1",
        &["e8c8", "e8g8"],
    );
}

#[test]
fn kingdom_castles_kingside_and_queenside_in_empire() {
    let fen = "r3k2r/pppppppp/8/8/8/8/8/3K4 b kq - 0 1";
    let mut pos = position(Empire, fen);
    play(&mut pos, "e8g8");
    assert_eq!(pos.fen(), "r4rk1/pppppppp/8/8/8/8/8/3K4 w - - 1 2");
    let mut pos = position(Empire, fen);
    let m = pos
        .parse_uci_move("e8c8")
        .expect("queenside castling is legal");
    assert_eq!(m.kind(), MoveKind::Castling);
    pos.make_move(m);
    assert_eq!(pos.fen(), "2kr3r/pppppppp/8/8/8/8/8/3K4 w - - 1 2");
    pos.unmake_move(m);
    assert_eq!(pos.fen(), fen);
}

#[test]
fn castling_needs_an_orthodox_king_and_rook() {
    // The Empire start grants only `kq`; its Towers are no castling rooks, so `KQ` is refused.
    let start = Position::startpos(Empire);
    assert_eq!(
        start.fen(),
        "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1"
    );
    // But a FEN may give White an orthodox king and rooks with `KQ`, and then White castles.
    let fen = "1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    assert_moves_from(
        Empire,
        fen,
        "e1",
        &["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"],
    );
}

// ---------------------------------------------------------------------------------------------
// En passant and pawn steps
// ---------------------------------------------------------------------------------------------

#[test]
fn en_passant_that_opens_a_rank_between_the_kings_is_illegal() {
    // RULES.md's example. Fairy-Stockfish allows b5c6 here (a known slip); the rule forbids it.
    let fen = "8/8/8/KPp4k/8/8/8/8 w - c6 0 2";
    assert_all_moves_after(Empire, fen, "", &["a5a4", "a5a6", "a5b6", "b5b6"]);
    assert_illegal(Empire, fen, &["b5c6"]);
    // The en-passant square is kept (a white pawn attacks it) even though the capture is illegal.
    assert_eq!(position(Empire, fen).fen(), fen);
    // In chess, with no faceoff, the capture is fine.
    assert_legal(Chess, fen, &["b5c6"]);
}

#[test]
fn black_en_passant_that_opens_a_rank_between_the_kings_is_illegal() {
    // White's rank-2 pawn double-steps beside the pawn f4; taking it would empty d4-h4.
    // (Fairy-Stockfish allows f4e3 here, the same slip as above.)
    let fen = "8/8/8/8/3k1p1K/8/4P3/8 w - - 0 1";
    let black = [
        "d4c3", "d4c4", "d4c5", "d4d3", "d4e3", "d4e4", "d4e5", "f4f3",
    ];
    assert_all_moves_after(Empire, fen, "e2e4", &black);
    let mut pos = position(Empire, fen);
    play(&mut pos, "e2e4");
    assert_eq!(pos.fen(), "8/8/8/8/3kPp1K/8/8/8 b - e3 0 1");
}

#[test]
fn ordinary_en_passant_is_legal() {
    let fen = "4k3/3p4/8/4P3/8/8/8/K7 b - - 0 1";
    let mut pos = position(Empire, fen);
    play(&mut pos, "d7d5");
    assert_eq!(pos.fen(), "4k3/8/8/3pP3/8/8/8/K7 w - d6 0 2");
    assert_all_moves_after(
        Empire,
        fen,
        "d7d5",
        &["a1a2", "a1b1", "a1b2", "e5d6", "e5e6"],
    );
    let m = pos.parse_uci_move("e5d6").expect("en passant is legal");
    assert_eq!(m.kind(), MoveKind::EnPassant);
    pos.make_move(m);
    assert_eq!(pos.fen(), "4k3/8/3P4/8/8/8/8/K7 b - - 0 2");
    pos.unmake_move(m);
    assert_eq!(pos.fen(), "4k3/8/8/3pP3/8/8/8/K7 w - d6 0 2");
}

#[test]
fn en_passant_by_the_lone_blocker_on_a_file_must_be_answered_like_a_check() {
    // Deliberately as in Fairy-Stockfish (its perft counts include it): the pawn e5, the only
    // piece between the kings on the e-file, may take en passant; Black must then resolve the
    // facing kings.
    let fen = "r1b1k1nr/p1p4p/8/1p1pPp2/3S4/bP5P/3E1E2/T2DKC2 w kq f6 0 16";
    assert_moves_from(Empire, fen, "e5", &["e5e6", "e5f6"]);
    let black = ["e8f7", "a3e7", "e8d8", "e8f8", "e8d7", "g8e7", "c8e6"];
    assert_all_moves_after(Empire, fen, "e5f6", &black);
    // The same on a bare board.
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    assert_all_moves_after(Empire, fen, "e5d6", &["e8d7", "e8d8", "e8f7", "e8f8"]);
}

#[test]
fn en_passant_square_is_dropped_when_no_pawn_can_take() {
    let pos = position(Empire, "4k3/8/8/2p5/8/8/8/K7 w - c6 0 2");
    assert_eq!(pos.en_passant(), None);
    assert_eq!(pos.fen(), "4k3/8/8/2p5/8/8/8/K7 w - - 0 2");
}

#[test]
fn empire_pawns_step_one_square_but_a_pawn_on_rank_two_may_double_step() {
    // From the Empire pawn rank (3) only a single step.
    assert_moves_from(Empire, "4k3/8/8/8/8/4P3/8/K7 w - - 0 1", "e3", &["e3e4"]);
    // A white pawn on rank 2 double-steps, as in Fairy-Stockfish, and creates an en-passant square.
    let fen = "4k3/8/8/8/3p4/8/4P3/K7 w - - 0 1";
    assert_moves_from(Empire, fen, "e2", &["e2e3", "e2e4"]);
    let mut pos = position(Empire, fen);
    play(&mut pos, "e2e4");
    assert_eq!(pos.fen(), "4k3/8/8/8/3pP3/8/8/K7 b - e3 0 1");
    assert_legal(Empire, &pos.fen(), &["d4e3"]);
}

// ---------------------------------------------------------------------------------------------
// Pins and checks with the Empire's pieces
// ---------------------------------------------------------------------------------------------

#[test]
fn empire_pieces_move_like_a_queen_and_capture_by_their_own_pattern() {
    // Quiet queen moves from d4, blocked by the pieces on c5, d6 and b3 alike for all four.
    let quiet = [
        "d4a1", "d4a4", "d4b2", "d4b4", "d4c3", "d4c4", "d4d1", "d4d2", "d4d3", "d4d5", "d4e3",
        "d4e4", "d4e5", "d4f2", "d4f4", "d4g1", "d4g4", "d4h4",
    ];
    // Eagle: knight captures (b3); Cardinal: bishop (c5, f6); Tower: rook (d6); Duke: king (c5).
    let cases = [
        ('E', &["d4b3"][..]),
        ('C', &["d4c5", "d4f6"]),
        ('T', &["d4d6"]),
        ('D', &["d4c5"]),
    ];
    for (piece, captures) in cases {
        let fen = format!("k7/3r4/3n1b2/2p5/3{piece}4/1p6/8/7K w - - 0 1");
        let expected: Vec<&str> = quiet.iter().chain(captures).copied().collect();
        assert_moves_from(Empire, &fen, "d4", &expected);
    }
}

#[test]
fn pinned_cardinal_keeps_its_diagonal_pin_line() {
    // Pinned on a1-h8 by the bishop e5: it may slide to b2 or d4, or capture the pinner, but
    // neither leave the line quietly nor capture off it (a5).
    let fen = "7k/8/8/p3b3/8/2C5/8/K7 w - - 0 1";
    assert_moves_from(Empire, fen, "c3", &["c3b2", "c3d4", "c3e5"]);
    assert_illegal(Empire, fen, &["c3a5", "c3c4", "c3d3", "c3b4"]);
}

#[test]
fn tower_pinned_on_a_file_slides_along_it() {
    // Pinned on the e-file by the rook e7: quiet moves along the file and the capture of the
    // pinner are fine; the capture on b3 along the rank is not.
    let fen = "k7/4r3/8/8/8/1p2T3/8/4K3 w - - 0 1";
    assert_moves_from(Empire, fen, "e3", &["e3e2", "e3e4", "e3e5", "e3e6", "e3e7"]);
    assert_illegal(Empire, fen, &["e3b3", "e3d3", "e3f4"]);
}

#[test]
fn tower_pinned_on_a_diagonal_moves_quietly_along_it_but_cannot_take_the_pinner() {
    // The Tower captures like a rook, so the bishop a5 is out of its reach; its quiet queen
    // moves along the pin line remain.
    let fen = "k7/8/8/b7/8/8/3T4/4K3 w - - 0 1";
    assert_moves_from(Empire, fen, "d2", &["d2b4", "d2c3"]);
    assert_illegal(Empire, fen, &["d2a5", "d2d3"]);
}

#[test]
fn eagles_and_dukes_never_pin() {
    // A white Eagle or Duke on e2 does not pin the knight e6 to the king e8, though either could
    // slide up to e7: pins follow the capture pattern. Neither does a Cardinal on a file.
    let free = [
        "e6c5", "e6c7", "e6d4", "e6d8", "e6f4", "e6f8", "e6g5", "e6g7",
    ];
    for piece in ['E', 'D', 'C'] {
        assert_moves_from(
            Empire,
            &format!("4k3/8/4n3/8/8/8/4{piece}3/K7 b - - 0 1"),
            "e6",
            &free,
        );
    }
    // A Tower (or a queen) on the file does pin it.
    for piece in ['T', 'Q'] {
        assert_moves_from(
            Empire,
            &format!("4k3/8/4n3/8/8/8/4{piece}3/K7 b - - 0 1"),
            "e6",
            &[],
        );
    }
}

#[test]
fn a_tower_does_not_pin_on_a_diagonal_but_a_cardinal_does() {
    let free = ["d7b6", "d7b8", "d7c5", "d7e5", "d7f6", "d7f8"];
    assert_moves_from(Empire, "4k3/3n4/8/8/T7/8/8/7K b - - 0 1", "d7", &free);
    assert_moves_from(Empire, "4k3/3n4/8/8/C7/8/8/7K b - - 0 1", "d7", &[]);
}

#[test]
fn an_eagle_checks_by_a_knight_jump() {
    // Eagle b1, king c3: check. (c4 and b4 face the Kaiser on h4; a3 and d2 are Eagle jumps.)
    let fen = "8/8/8/8/7K/2k5/8/1E6 b - - 0 1";
    let pos = position(Empire, fen);
    assert!(pos.in_check());
    assert_eq!(pos.checkers(), sq("b1").into());
    assert_all_moves_after(Empire, fen, "", &["c3b2", "c3b3", "c3c2", "c3d3"]);
    // With White to move, the same placement is an illegal FEN (the side not to move is in check).
    assert!(Position::from_fen("8/8/8/8/7K/2k5/8/1E6 w - - 0 1", Empire).is_err());
}

#[test]
fn an_eagle_does_not_check_along_its_sliding_lines() {
    // Eagle b1, king b8: the Eagle could slide to b7, but it does not attack b8.
    let fen = "1k6/8/8/8/7K/8/8/1E6 b - - 0 1";
    let pos = position(Empire, fen);
    assert!(!pos.in_check());
    assert_all_moves_after(Empire, fen, "", &["b8a7", "b8a8", "b8b7", "b8c7", "b8c8"]);
    // So it is also a legal FEN with White to move, and the Eagle may slide next to the king.
    assert_legal(Empire, "1k6/8/8/8/7K/8/8/1E6 w - - 0 1", &["b1b7", "b1h7"]);
}

// ---------------------------------------------------------------------------------------------
// Soldiers
// ---------------------------------------------------------------------------------------------

#[test]
fn soldiers_step_forward_or_sideways_and_capture_the_same_way() {
    assert_moves_from(
        Empire,
        "4k3/8/8/8/3S4/8/8/K7 w - - 0 1",
        "d4",
        &["d4c4", "d4d5", "d4e4"],
    );
    // Captures forward (the knight d5), never diagonally (the pawns c5 and e5).
    let fen = "4k3/8/8/2pnp3/3S4/8/8/K7 w - - 0 1";
    assert_moves_from(Empire, fen, "d4", &["d4c4", "d4d5", "d4e4"]);
    assert_illegal(Empire, fen, &["d4c5", "d4e5", "d4d3"]);
    // A black Soldier steps down the board.
    assert_moves_from(
        Empire,
        "4k3/8/8/8/8/8/3s4/7K b - - 0 1",
        "d2",
        &["d2c2", "d2d1", "d2e2"],
    );
}

#[test]
fn soldiers_check_forward_and_sideways_but_not_diagonally() {
    assert!(position(Empire, "8/8/3k4/3S4/8/8/8/K7 b - - 0 1").in_check());
    assert!(position(Empire, "8/8/8/2kS4/8/8/8/K7 b - - 0 1").in_check());
    assert!(!position(Empire, "8/8/4k3/3S4/8/8/8/K7 b - - 0 1").in_check());
}

#[test]
fn soldiers_never_promote_and_step_sideways_on_the_last_rank() {
    assert_moves_from(
        Empire,
        "3S4/6k1/8/8/8/8/8/K7 w - - 0 1",
        "d8",
        &["d8c8", "d8e8"],
    );
    assert_moves_from(
        Empire,
        "4k3/8/8/8/8/8/8/3s3K b - - 0 1",
        "d1",
        &["d1c1", "d1e1"],
    );
}

#[test]
fn soldier_moves_do_not_reset_the_halfmove_clock() {
    let after = |fen: &str, m: &str| {
        let mut pos = position(Empire, fen);
        play(&mut pos, m);
        pos.halfmove_clock()
    };
    assert_eq!(after("4k3/8/8/8/3S4/8/8/K7 w - - 10 30", "d4d5"), 11);
    // A Soldier capture resets it (as any capture does), and so does a pawn move.
    assert_eq!(after("4k3/8/8/3p4/3S4/8/8/K7 w - - 10 30", "d4d5"), 0);
    assert_eq!(after("4k3/8/8/8/3P4/8/8/K7 w - - 10 30", "d4d5"), 0);
}

// ---------------------------------------------------------------------------------------------
// Promotion
// ---------------------------------------------------------------------------------------------

#[test]
fn empire_pawns_promote_only_to_a_queen() {
    let fen = "1n2k3/P7/8/8/8/8/8/K7 w - - 0 1";
    assert_moves_from(Empire, fen, "a7", &["a7a8q", "a7b8q"]);
    assert_illegal(
        Empire,
        fen,
        &["a7a8r", "a7a8b", "a7a8n", "a7a8e", "a7a8t", "a7a8", "a7b8"],
    );
    let mut pos = position(Empire, fen);
    play(&mut pos, "a7b8q");
    assert_eq!(pos.fen(), "1Q2k3/8/8/8/8/8/8/K7 b - - 0 1");
    // Kingdom pawns too.
    assert_moves_from(Empire, "4k3/8/8/8/8/8/p7/2K5 b - - 0 1", "a2", &["a2a1q"]);
}

#[test]
fn chess_pawns_promote_to_queen_rook_bishop_or_knight() {
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    assert_moves_from(Chess, fen, "a7", &["a7a8b", "a7a8n", "a7a8q", "a7a8r"]);
    let m = position(Chess, fen)
        .parse_uci_move("a7a8n")
        .expect("underpromotion");
    assert_eq!(m.kind(), MoveKind::Promotion(PieceType::Knight));
}

// ---------------------------------------------------------------------------------------------
// Captures / Quiets partition
// ---------------------------------------------------------------------------------------------

/// A small deterministic generator, so the random games are the same on every run.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Captures and Quiets split the legal moves exactly; captures are the moves that take a piece
/// (en passant included) or promote.
fn assert_partition(pos: &Position) {
    let mut captures = MoveList::new();
    let mut quiets = MoveList::new();
    pos.generate(GenType::Captures, &mut captures);
    pos.generate(GenType::Quiets, &mut quiets);
    let takes_or_promotes = |m: &Move| {
        pos.piece_at(m.to()).is_some()
            || matches!(m.kind(), MoveKind::EnPassant | MoveKind::Promotion(_))
    };
    assert!(
        captures.iter().all(takes_or_promotes),
        "Captures in {}: {captures:?}",
        pos.fen()
    );
    assert!(
        !quiets.iter().any(takes_or_promotes),
        "Quiets in {}: {quiets:?}",
        pos.fen()
    );
    // `generate` appends: both kinds in one list are every legal move, none twice.
    let mut both = captures.clone();
    pos.generate(GenType::Quiets, &mut both);
    let all = pos.legal_moves();
    assert_eq!(
        both.len(),
        all.len(),
        "Captures + Quiets vs All in {}",
        pos.fen()
    );
    assert_eq!(
        sorted(both),
        sorted(all),
        "Captures + Quiets vs All in {}",
        pos.fen()
    );
}

#[test]
fn captures_and_quiets_partition_the_legal_moves_of_the_perft_positions() {
    for pos in suite_positions() {
        assert_partition(&pos);
    }
}

#[test]
fn captures_and_quiets_partition_the_legal_moves_along_random_games() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for variant in Variant::ALL {
        for _game in 0..40 {
            let mut pos = Position::startpos(variant);
            let mut line = Vec::new();
            for _ply in 0..150 {
                assert_partition(&pos);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                pos.make_move(m);
                line.push(m);
            }
            // Taking every move back restores the start position exactly.
            for &m in line.iter().rev() {
                pos.unmake_move(m);
            }
            assert_eq!(pos.fen(), variant.start_fen());
            assert_eq!(pos.key(), Position::startpos(variant).key());
        }
    }
}

// ---------------------------------------------------------------------------------------------
// End of the game
// ---------------------------------------------------------------------------------------------

#[test]
fn checkmate_is_a_loss_for_the_side_to_move() {
    // Back-rank mate by a Tower.
    assert_outcome(
        Empire,
        "k2T4/pp6/8/8/8/8/8/6K1 b - - 0 1",
        "",
        win(White, Checkmate),
    );
    // The Kaiser mated by a rook.
    assert_outcome(
        Empire,
        "4k3/8/8/8/8/8/6PP/r6K w - - 0 1",
        "",
        win(Black, Checkmate),
    );
    // The same mate delivered by a move, in chess.
    assert_outcome(
        Chess,
        "k7/pp6/8/8/8/8/8/3R2K1 w - - 0 1",
        "d1d8",
        win(White, Checkmate),
    );
}

#[test]
fn stalemate_is_a_loss_in_empire_and_a_draw_in_chess() {
    let fen = "k7/2Q5/8/8/8/8/8/4K3 b - - 0 1";
    assert_all_moves_after(Empire, fen, "", &[]);
    assert_outcome(Empire, fen, "", win(White, Stalemate));
    assert_outcome(Chess, fen, "", draw(Stalemate));
    // The Kaiser stalemated loses too.
    assert_outcome(
        Empire,
        "7k/8/8/8/8/8/2q5/K7 w - - 0 1",
        "",
        win(Black, Stalemate),
    );
}

#[test]
fn an_ongoing_game_has_no_outcome() {
    assert_outcome(Empire, Empire.start_fen(), "", None);
    assert_outcome(Chess, Chess.start_fen(), "", None);
}

#[test]
fn a_kaiser_reaching_rank_eight_wins_by_campmate() {
    let fen = "8/6K1/8/8/k7/8/8/8 w - - 0 1";
    assert_outcome(Empire, fen, "", None);
    assert_all_moves_after(Empire, fen, "g7g8", &[]);
    assert_outcome(Empire, fen, "g7g8", win(White, Campmate));
    // Set up directly from a FEN: no legal moves either.
    let fen = "6K1/8/8/8/k7/8/8/8 b - - 1 1";
    assert_all_moves_after(Empire, fen, "", &[]);
    assert_outcome(Empire, fen, "", win(White, Campmate));
}

#[test]
fn a_kingdom_king_reaching_rank_one_wins_by_campmate() {
    let fen = "8/8/8/7K/8/8/1k6/8 b - - 0 1";
    assert_all_moves_after(Empire, fen, "b2b1", &[]);
    assert_outcome(Empire, fen, "b2b1", win(Black, Campmate));
}

#[test]
fn there_is_no_campmate_in_chess() {
    let fen = "6K1/8/8/8/k7/8/8/8 b - - 1 1";
    assert_all_moves_after(Chess, fen, "", &["a4a3", "a4a5", "a4b3", "a4b4", "a4b5"]);
    assert_outcome(Chess, fen, "", None);
}

#[test]
fn campmate_comes_before_the_fifty_move_rule() {
    assert_outcome(
        Empire,
        "8/6K1/8/8/k7/8/8/8 w - - 99 80",
        "g7g8",
        win(White, Campmate),
    );
}

#[test]
fn threefold_repetition_loses_for_the_side_to_move_in_empire() {
    // RULES.md's example: the start position stands for the third time with White to move.
    let start = Empire.start_fen();
    let shuffle = "e1f2 b8c6 f2e1 c6b8";
    assert_outcome(Empire, start, shuffle, None);
    let mut pos = Position::startpos(Empire);
    play(&mut pos, &format!("{shuffle} {shuffle}"));
    assert_eq!(pos.repetitions(), 2);
    assert_eq!(pos.outcome(), win(Black, Repetition));
    // Shifted by a pawn move, Black is the one to repeat a position for the third time.
    let moves = "a3a4 b8c6 e1f2 c6b8 f2e1 b8c6 e1f2 c6b8 f2e1";
    assert_outcome(Empire, start, moves, win(White, Repetition));
}

#[test]
fn threefold_repetition_is_a_draw_in_chess() {
    let moves = "g1f3 b8c6 f3g1 c6b8 g1f3 b8c6 f3g1 c6b8";
    assert_outcome(Chess, Chess.start_fen(), moves, draw(Repetition));
}

#[test]
fn repetition_counts_castling_rights() {
    // Black's rook goes a8-b8-a8: the board is the start's again, but without the `q` right it
    // is a new position, so two more shuffles are needed.
    let start = Empire.start_fen();
    let rook_trip = "e1f2 b8c6 f2e1 a8b8 e1f2 b8a8 f2e1 c6b8";
    let shuffle = "e1f2 b8c6 f2e1 c6b8";
    assert_outcome(Empire, start, &format!("{rook_trip} {shuffle}"), None);
    assert_outcome(
        Empire,
        start,
        &format!("{rook_trip} {shuffle} {shuffle}"),
        win(Black, Repetition),
    );
}

#[test]
fn fifty_move_rule_draws_at_halfmove_one_hundred() {
    let fen = "4k3/8/8/8/8/8/8/K7 w - - 99 80";
    assert_outcome(Empire, fen, "", None);
    assert_outcome(Empire, fen, "a1a2", draw(FiftyMoves));
    assert_outcome(Chess, fen, "a1a2", draw(FiftyMoves));
    // Even a stalemate (an Empire loss) is a draw once the clock has run out.
    assert_outcome(
        Empire,
        "k7/2Q5/8/8/8/8/8/4K3 b - - 100 80",
        "",
        draw(FiftyMoves),
    );
}

#[test]
fn fifty_move_rule_comes_before_repetition() {
    // The third occurrence falls on the 100th quiet ply: a draw, not White's loss.
    let shuffle = "a1a2 e8d8 a2a1 d8e8 a1a2 e8d8 a2a1 d8e8";
    let lost = win(Black, Repetition);
    assert_outcome(Empire, "4k3/8/8/8/8/8/8/K7 w - - 0 80", shuffle, lost);
    assert_outcome(
        Empire,
        "4k3/8/8/8/8/8/8/K7 w - - 92 80",
        shuffle,
        draw(FiftyMoves),
    );
}

#[test]
fn checkmate_at_halfmove_one_hundred_is_still_checkmate() {
    let fen = "k7/pp6/8/8/8/8/8/3T2K1 w - - 99 80";
    let mut pos = position(Empire, fen);
    play(&mut pos, "d1d8");
    assert_eq!(pos.halfmove_clock(), 100);
    assert_eq!(pos.outcome(), win(White, Checkmate));
    assert_outcome(
        Empire,
        "k2T4/pp6/8/8/8/8/8/6K1 b - - 100 80",
        "",
        win(White, Checkmate),
    );
}

#[test]
fn insufficient_material_ends_a_chess_game_for_the_arbiter() {
    // Each side's verdict as pyffish's has_insufficient_material gives it: the game is drawn
    // when neither side can mate, whatever the other does.
    let dead = [
        "8/8/3k4/8/8/3K4/8/8 w - - 0 1",
        "8/8/3k4/8/8/3K4/3B4/8 w - - 0 1",
        "8/8/3k4/8/8/3K4/3N4/8 b - - 0 1",
        // Bishops all on dark squares, on one side or both.
        "8/8/3k1b2/8/8/3K4/3B4/8 w - - 0 1",
        "8/8/3k4/8/8/3K4/1B1B4/8 w - - 0 1",
    ];
    for fen in dead {
        let pos = position(Chess, fen);
        assert!(pos.insufficient_material(), "{fen}");
        // The engine's own rules play on, as Fairy-Stockfish's do.
        assert_eq!(pos.outcome(), None, "{fen}");
    }
    let alive = [
        "8/8/3k4/8/8/3K4/3P4/8 w - - 0 1",
        "8/8/3k4/8/8/3K4/3R4/8 w - - 0 1",
        "8/8/3k4/8/8/3K4/2BB4/8 w - - 0 1",
        "8/8/3k4/8/8/3K4/3BN3/8 w - - 0 1",
        "8/8/3k4/8/8/3K4/2NN4/8 w - - 0 1",
        // A helpmate needs only a piece on the other side.
        "8/8/3kn3/8/8/3K4/3N4/8 w - - 0 1",
        "8/8/3kb3/8/8/3K4/3B4/8 w - - 0 1",
        "8/8/3kp3/8/8/3K4/3B4/8 w - - 0 1",
        "8/8/3kn3/8/8/3K4/3B4/8 w - - 0 1",
    ];
    for fen in alive {
        assert!(!position(Chess, fen).insufficient_material(), "{fen}");
    }
    // A bare king still wins by campmate in Empire and Orda.
    for variant in [Empire, Variant::Orda] {
        let bare_kings = position(variant, "8/8/2k5/8/8/5K2/8/8 w - - 0 1");
        assert!(!bare_kings.insufficient_material());
    }
}
