//! FEN tests: round trips (start positions, every FEN of the perft suites, which Fairy-Stockfish
//! normalised, and every position along random games), the normalisations Kaiser applies, a
//! corpus of malformed FENs each rejected with its exact `FenError` and a message naming the
//! field, and odd inputs that must give an error, never a panic.

mod common;

use common::Position;
use kaiser_rules::Variant::{self, Chess, Empire, Orda};
use kaiser_rules::{Color, FenError, Square};
use kaiser_testkit::suites::{suite_fens, SUITES};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

fn parse(variant: Variant, fen: &str) -> Position {
    Position::from_fen(fen, variant).unwrap_or_else(|e| panic!("{variant} FEN {fen}: {e}"))
}

/// Parsing `fen` and writing it back gives `expected`.
fn assert_normalises(variant: Variant, fen: &str, expected: &str) {
    assert_eq!(parse(variant, fen).fen(), expected, "{variant} FEN {fen:?}");
}

fn assert_round_trip(variant: Variant, fen: &str) {
    assert_normalises(variant, fen, fen);
}

// ---------------------------------------------------------------------------------------------
// Round trips and normalisation
// ---------------------------------------------------------------------------------------------

#[test]
fn start_positions_round_trip() {
    for variant in Variant::ALL {
        assert_round_trip(variant, variant.start_fen());
        assert_eq!(Position::startpos(variant).fen(), variant.start_fen());
    }
}

#[test]
fn perft_suite_fens_round_trip() {
    for (variant, suite) in SUITES {
        let fens = suite_fens(suite);
        assert!(fens.len() > 50, "{suite} holds {} FENs", fens.len());
        for fen in fens {
            assert_round_trip(variant, &fen);
        }
    }
}

#[test]
fn fens_along_random_games_reparse_to_the_same_position() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for variant in Variant::ALL {
        for _game in 0..30 {
            let mut pos = Position::startpos(variant);
            for _ply in 0..120 {
                let fen = pos.fen();
                let again = parse(variant, &fen);
                assert_eq!(again.fen(), fen);
                assert_eq!(again.key(), pos.key(), "key of {fen}");
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.make_move(moves[(seed % moves.len() as u64) as usize]);
            }
        }
    }
}

#[test]
fn missing_counters_default_to_zero_and_one() {
    assert_normalises(
        Empire,
        "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq -",
        Empire.start_fen(),
    );
    assert_normalises(
        Chess,
        "4k3/8/8/8/8/8/8/4K3 b - - 7",
        "4k3/8/8/8/8/8/8/4K3 b - - 7 1",
    );
}

#[test]
fn extra_whitespace_between_fields_is_accepted() {
    let fen = "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \t w  KQkq -   0 1 \n";
    assert_normalises(Chess, fen, Chess.start_fen());
}

#[test]
fn castling_rights_are_written_in_kqkq_order() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1";
    assert_normalises(Chess, fen, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

#[test]
fn en_passant_square_is_kept_only_when_a_pawn_attacks_it() {
    // A white pawn on d5 attacks c6: kept (even in Empire, where taking would be illegal here).
    assert_round_trip(Empire, "8/8/8/KPp4k/8/8/8/8 w - c6 0 2");
    assert_round_trip(Chess, "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2");
    // Nothing attacks c6: dropped.
    assert_normalises(
        Chess,
        "4k3/8/8/2p5/8/8/8/4K3 w - c6 0 2",
        "4k3/8/8/2p5/8/8/8/4K3 w - - 0 2",
    );
    // A white double step in Empire (from rank 2) with a black pawn beside it.
    assert_round_trip(Empire, "4k3/8/8/8/3pP3/8/8/K7 b - e3 0 1");
}

#[test]
fn a_fen_may_give_either_side_any_piece_of_the_variant() {
    assert_round_trip(Empire, "tecdk3/8/8/8/8/8/8/3K2SD w - - 0 1");
    assert_round_trip(Empire, "5k2/8/8/8/8/8/8/RNBQK3 w Q - 0 1");
    assert_round_trip(Orda, "rnbqk3/8/8/8/8/8/8/LHAYK3 w - - 0 1");
}

// ---------------------------------------------------------------------------------------------
// Malformed FENs: the exact error, and a message that names the field
// ---------------------------------------------------------------------------------------------

/// `fen` is rejected with `expected`, whose message mentions `field`.
fn assert_rejected(variant: Variant, fen: &str, expected: FenError, field: &str) {
    match Position::from_fen(fen, variant) {
        Ok(pos) => panic!("{variant} FEN {fen:?} accepted as {}", pos.fen()),
        Err(err) => {
            assert_eq!(err, expected, "{variant} FEN {fen:?}");
            let message = err.to_string();
            assert!(
                message.contains(field),
                "message {message:?} should name '{field}'"
            );
        }
    }
}

const BOARD: &str = "board field";

#[test]
fn wrong_field_counts_are_rejected() {
    let e = |n| FenError::FieldCount(n);
    assert_rejected(
        Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
        e(3),
        "fields",
    );
    assert_rejected(
        Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        e(1),
        "fields",
    );
    let seven = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x";
    assert_rejected(Chess, seven, e(7), "fields");
}

#[test]
fn wrong_rank_counts_are_rejected() {
    let seven = "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_rejected(Chess, seven, FenError::RankCount(7), BOARD);
    let nine = "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_rejected(Chess, nine, FenError::RankCount(9), BOARD);
    let trailing = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1";
    assert_rejected(Chess, trailing, FenError::RankCount(9), BOARD);
}

#[test]
fn ranks_of_the_wrong_length_are_rejected() {
    let e = |rank, squares| FenError::RankLength { rank, squares };
    let fen = "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_rejected(Chess, fen, e(6, 9), BOARD);
    let fen = "rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_rejected(Chess, fen, e(8, 7), BOARD);
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1";
    assert_rejected(Chess, fen, e(1, 9), BOARD);
    let fen = "rnbqkbnr/pppppppp/8/8//8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_rejected(Chess, fen, e(4, 0), BOARD);
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR4 w KQkq - 0 1";
    assert_rejected(Chess, fen, e(1, 12), BOARD);
}

#[test]
fn letters_that_are_no_piece_of_the_variant_are_rejected() {
    let e = |letter, variant| FenError::UnknownPiece { letter, variant };
    // The Empire start position is no chess position: its Soldiers come first.
    assert_rejected(Chess, Empire.start_fen(), e('S', Chess), BOARD);
    for letter in ['E', 'c', 't', 'D'] {
        let fen = format!("4k3/8/8/8/8/8/8/{letter}3K3 w - - 0 1");
        assert_rejected(Chess, &fen, e(letter, Chess), BOARD);
    }
    // Orda's letters, and letters of no variant, are not Empire pieces.
    for letter in ['h', 'L', 'a', 'y', 'x', 'Z', '*'] {
        let fen = format!("4k3/8/8/8/8/8/8/{letter}2K4 w - - 0 1");
        assert_rejected(Empire, &fen, e(letter, Empire), BOARD);
    }
    // The Empire's letters are no Orda pieces, nor Orda's chess pieces.
    for letter in ['S', 'e', 'C', 't', 'd'] {
        let fen = format!("4k3/8/8/8/8/8/8/{letter}2K4 w - - 0 1");
        assert_rejected(Orda, &fen, e(letter, Orda), BOARD);
        assert_rejected(Chess, &fen, e(letter, Chess), BOARD);
    }
}

#[test]
fn a_side_without_exactly_one_king_is_rejected() {
    let e = |color, count| FenError::KingCount { color, count };
    assert_rejected(
        Chess,
        "8/8/8/8/8/8/8/8 w - - 0 1",
        e(Color::White, 0),
        BOARD,
    );
    assert_rejected(
        Empire,
        "4k3/8/8/8/8/8/8/8 w - - 0 1",
        e(Color::White, 0),
        BOARD,
    );
    assert_rejected(
        Empire,
        "8/8/8/8/8/8/8/3K4 b - - 0 1",
        e(Color::Black, 0),
        BOARD,
    );
    assert_rejected(
        Chess,
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
        e(Color::White, 2),
        BOARD,
    );
    assert_rejected(
        Empire,
        "k6k/8/8/8/8/8/8/3K4 w - - 0 1",
        e(Color::Black, 2),
        BOARD,
    );
}

#[test]
fn pawns_on_their_promotion_rank_are_rejected() {
    let e = |name| FenError::PawnOnLastRank(sq(name));
    assert_rejected(Chess, "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", e("a8"), "pawn");
    assert_rejected(Chess, "4k3/8/8/8/8/8/8/4K2p b - - 0 1", e("h1"), "pawn");
    assert_rejected(Empire, "3kP3/8/8/8/8/8/8/K7 w - - 0 1", e("e8"), "pawn");
}

#[test]
fn bad_side_to_move_is_rejected() {
    for side in ["x", "W", "B", "white", "-", "wb"] {
        let fen = format!("4k3/8/8/8/8/8/8/4K3 {side} - - 0 1");
        assert_rejected(
            Chess,
            &fen,
            FenError::SideToMove(side.to_string()),
            "side-to-move",
        );
    }
}

#[test]
fn bad_castling_syntax_is_rejected() {
    let board = "r3k2r/8/8/8/8/8/8/R3K2R w";
    for field in ["KQkx", "-K", "HAha", "kq-", "0"] {
        let fen = format!("{board} {field} - 0 1");
        assert_rejected(
            Chess,
            &fen,
            FenError::CastlingSyntax(field.to_string()),
            "castling",
        );
    }
}

#[test]
fn castling_rights_without_their_king_and_rook_are_rejected() {
    let e = FenError::CastlingPiecesMissing;
    assert_rejected(
        Chess,
        "r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        e('k'),
        "castling",
    );
    assert_rejected(
        Chess,
        "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1",
        e('K'),
        "castling",
    );
    assert_rejected(
        Chess,
        "r3k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1",
        e('Q'),
        "castling",
    );
    // Empire: the Empire's Kaiser and Towers stand at home but cannot castle.
    let empire_kq = "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w KQkq - 0 1";
    assert_rejected(Empire, empire_kq, e('K'), "castling");
    let tower = "r3k2t/8/8/8/8/8/8/3K4 b kq - 0 1";
    assert_rejected(Empire, tower, e('k'), "castling");
}

#[test]
fn castling_syntax_is_checked_before_the_pieces() {
    // "KQkx" is not a combination of KQkq, whatever the board holds.
    let fen = "4k3/8/8/8/8/8/8/4K3 w KQkx - 0 1";
    assert_rejected(
        Chess,
        fen,
        FenError::CastlingSyntax("KQkx".into()),
        "castling",
    );
}

#[test]
fn bad_en_passant_syntax_is_rejected() {
    let board = "4k3/8/8/8/8/8/8/4K3 w -";
    for field in ["e9", "i6", "E6", "e", "e6e7", "66", "e0"] {
        let fen = format!("{board} {field} 0 1");
        assert_rejected(
            Chess,
            &fen,
            FenError::EnPassantSyntax(field.to_string()),
            "en-passant",
        );
    }
}

#[test]
fn impossible_en_passant_squares_are_rejected() {
    let e = |name| FenError::ImpossibleEnPassant(sq(name));
    // White to move: the square must be on rank 6.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1";
    assert_rejected(Chess, start, e("e3"), "en-passant");
    // No black pawn on e5.
    assert_rejected(
        Chess,
        "4k3/8/8/3P4/8/8/8/4K3 w - e6 0 1",
        e("e6"),
        "en-passant",
    );
    // The pawn cannot have come from e7, which is occupied.
    assert_rejected(
        Chess,
        "4k3/4n3/8/3Pp3/8/8/8/4K3 w - e6 0 1",
        e("e6"),
        "en-passant",
    );
    // e6 itself is occupied.
    assert_rejected(
        Chess,
        "4k3/8/4n3/3Pp3/8/8/8/4K3 w - e6 0 1",
        e("e6"),
        "en-passant",
    );
    // Black to move: the square must be on rank 3 with a white pawn in front of it.
    assert_rejected(
        Empire,
        "4k3/8/8/8/8/4P3/8/K7 b - e3 0 1",
        e("e3"),
        "en-passant",
    );
}

#[test]
fn bad_halfmove_clocks_are_rejected() {
    for clock in ["-1", "x", "1.5", "99999999999", "+-3"] {
        let fen = format!("4k3/8/8/8/8/8/8/4K3 w - - {clock} 1");
        assert_rejected(
            Chess,
            &fen,
            FenError::HalfmoveClock(clock.to_string()),
            "halfmove",
        );
    }
}

#[test]
fn bad_fullmove_numbers_are_rejected() {
    for number in ["0", "-1", "x", "2.0", "99999999999", "4294967295"] {
        let fen = format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {number}");
        assert_rejected(
            Chess,
            &fen,
            FenError::FullmoveNumber(number.to_string()),
            "fullmove",
        );
    }
}

#[test]
fn the_side_not_to_move_may_not_be_in_check() {
    let e = FenError::OpponentInCheck;
    assert_rejected(Chess, "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", e.clone(), "check");
    // An Eagle checks by a knight jump, a Soldier by a step forward.
    assert_rejected(Empire, "8/8/8/8/7K/2k5/8/1E6 w - - 0 1", e.clone(), "check");
    assert_rejected(Empire, "8/8/3k4/3S4/8/8/8/K7 w - - 0 1", e.clone(), "check");
    // A Kingdom piece checking the Kaiser, with Black to move.
    assert_rejected(Empire, "4k3/8/8/8/8/8/3n4/1K6 b - - 0 1", e, "check");
    // The side to move may be in check.
    assert_round_trip(Empire, "8/8/8/8/7K/2k5/8/1E6 b - - 0 1");
}

#[test]
fn kings_facing_on_an_open_line_are_rejected_in_empire_only() {
    let file = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let rank = "8/8/8/K6k/8/8/8/8 b - - 0 1";
    for fen in [file, rank] {
        assert_rejected(Empire, fen, FenError::KingsFacing, "face");
        assert_round_trip(Chess, fen);
    }
    // With a piece between them they do not face each other.
    assert_round_trip(Empire, "4k3/8/8/8/4n3/8/8/4K3 w - - 0 1");
}

#[test]
fn the_first_bad_field_is_reported() {
    // Board before side, side before castling, and so on.
    let fen = "8/8/8 x KQkx e9 -1 0";
    assert_rejected(Chess, fen, FenError::RankCount(3), BOARD);
    let fen = "4k3/8/8/8/8/8/8/4K3 x KQkx e9 -1 0";
    assert_rejected(Chess, fen, FenError::SideToMove("x".into()), "side-to-move");
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkx e9 -1 0";
    assert_rejected(
        Chess,
        fen,
        FenError::CastlingSyntax("KQkx".into()),
        "castling",
    );
    let fen = "4k3/8/8/8/8/8/8/4K3 w - e9 -1 0";
    assert_rejected(
        Chess,
        fen,
        FenError::EnPassantSyntax("e9".into()),
        "en-passant",
    );
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - -1 0";
    assert_rejected(Chess, fen, FenError::HalfmoveClock("-1".into()), "halfmove");
}

// ---------------------------------------------------------------------------------------------
// Odd inputs: an error, never a panic
// ---------------------------------------------------------------------------------------------

#[test]
fn odd_inputs_give_an_error_and_never_panic() {
    let long_rank = "k".repeat(100_000);
    let many_ranks = "8/".repeat(100_000);
    let many_fields = "w ".repeat(100_000);
    let big_digits = "9".repeat(100_000);
    let odd: Vec<String> = vec![
        String::new(),
        " ".into(),
        "\t\n\r".into(),
        "/".into(),
        "///////".into(),
        "//////// w - - 0 1".into(),
        "8/8/8/8/8/8/8/8/".into(),
        "9/9/9/9/9/9/9/9 w - - 0 1".into(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN♖ w KQkq - 0 1".into(),
        "♔♕♖♗♘♙".into(),
        "ｒｎｂｑｋｂｎｒ/8/8/8/8/8/8/4K3 w - - 0 1".into(),
        "4k3/8/8/8/8/8/8/4K3 ｗ - - 0 1".into(),
        "4k3/8/8/8/8/8/8/4K3 w - é3 0 1".into(),
        "4k3/8/8/8/8/8/8/4K3 w - e\u{0} 0 1".into(),
        "4k3/8/8/8/8/8/8/4K3 w - - ٣ 1".into(),
        "4k3/8/8/8/8/8/8/4K3[] w - - 0 1".into(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5".into(),
        "\u{0}\u{0}\u{0}\u{0}".into(),
        format!("{long_rank}/8/8/8/8/8/8/4K3 w - - 0 1"),
        format!("{many_ranks} w - - 0 1"),
        format!("4k3/8/8/8/8/8/8/4K3 {many_fields}"),
        format!("{big_digits}/8/8/8/8/8/8/4K3 w - - 0 1"),
        format!("4k3/8/8/8/8/8/8/4K3 w - - {big_digits} 1"),
        format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {big_digits}"),
    ];
    for variant in Variant::ALL {
        for text in &odd {
            let shown: String = text.chars().take(60).collect();
            assert!(
                Position::from_fen(text, variant).is_err(),
                "{variant}: {shown:?} should be rejected"
            );
        }
    }
}

#[test]
fn truncations_of_valid_fens_never_panic() {
    // Every prefix of a few valid FENs: each parses or is rejected, without a panic.
    for (variant, fen) in [
        (Empire, Empire.start_fen()),
        (Chess, Chess.start_fen()),
        (
            Empire,
            "r1b1k1nr/p1p4p/8/1p1pPp2/3S4/bP5P/3E1E2/T2DKC2 w kq f6 0 16",
        ),
    ] {
        for end in 0..=fen.len() {
            if let Ok(pos) = Position::from_fen(&fen[..end], variant) {
                parse(variant, &pos.fen());
            }
        }
    }
}

#[test]
fn a_huge_halfmove_clock_is_rejected_or_survives_a_move() {
    let fen = "4k3/8/8/8/8/8/8/K7 w - - 4294967295 1";
    if let Ok(mut pos) = Position::from_fen(fen, Empire) {
        let m = pos.parse_uci_move("a1a2").expect("a legal king move");
        pos.make_move(m);
        assert!(pos.halfmove_clock() >= 100, "the clock wrapped around");
    }
}
