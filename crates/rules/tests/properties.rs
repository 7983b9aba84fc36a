//! Property tests of the rules core.
//!
//! - Slider attacks, `between`/`line` and the leaper patterns agree with naive definitions written
//!   here, independently of the crate's table builders.
//! - Along seeded random games (both variants, from the start positions and from the FENs of the
//!   perft suites in `tests/data/`), making and unmaking any legal move restores the position
//!   exactly; the incremental key always equals the key computed from scratch; the key depends on
//!   the placement, side to move, castling and en-passant rights and on nothing else; FENs round
//!   trip; `checkers()` agrees with a naive attack scan.
//! - `Position::from_fen` never panics on random strings or on mutated valid FENs, and whatever it
//!   accepts is consistent and can be searched.
//!
//! Everything is seeded, so a failure reproduces; the whole file runs in a few seconds in the
//! default test profile.

mod common;

use common::Position;
use kaiser_rules::attacks::{
    between, bishop_attacks, line, pattern_targets, pawn_attack_origins, pawn_attacks,
    rook_attacks, slow_ray_attacks, Pattern, BISHOP_DIRECTIONS, ROOK_DIRECTIONS,
};
use kaiser_rules::perft::perft;
use kaiser_rules::{Bitboard, Color, Move, MoveKind, PieceType, Square, Variant};
use kaiser_testkit::suites::{suite_fens, SUITES};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// Every position of the perft suites, with its variant.
fn suite_positions() -> Vec<(Variant, String)> {
    SUITES
        .into_iter()
        .flat_map(|(variant, name)| suite_fens(name).into_iter().map(move |f| (variant, f)))
        .collect()
}

/// The start positions, then every suite position.
fn all_start_positions() -> Vec<(Variant, String)> {
    let mut all: Vec<(Variant, String)> = Variant::ALL
        .iter()
        .map(|&v| (v, v.start_fen().to_string()))
        .collect();
    all.extend(suite_positions());
    all
}

fn parse(fen: &str, variant: Variant) -> Position {
    Position::from_fen(fen, variant).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
}

/// The legal moves as sorted UCI strings.
fn move_set(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(Move::to_string).collect();
    moves.sort();
    moves
}

/// The first four FEN fields: placement, side to move, castling, en passant (what the key covers).
fn fen4(pos: &Position) -> String {
    pos.fen().split(' ').take(4).collect::<Vec<_>>().join(" ")
}

/// Does `m` capture something (en passant included)?
fn is_capture(pos: &Position, m: Move) -> bool {
    m.kind() == MoveKind::EnPassant
        || (m.kind() != MoveKind::Castling && pos.piece_at(m.to()).is_some())
}

/// A random legal move, picked with a bias towards pawn double steps (for en-passant rights) and
/// towards captures and promotions (so that games reach sparse boards and endgames rather than
/// shuffling forever). `None` if there is no legal move.
fn pick_move(pos: &Position, rng: &mut StdRng) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    if rng.gen_bool(0.2) {
        // Pawn double steps, which give en-passant rights.
        let double_steps: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                pos.piece_at(m.from())
                    .is_some_and(|p| p.kind == PieceType::Pawn)
                    && m.from().rank().abs_diff(m.to().rank()) == 2
            })
            .collect();
        if !double_steps.is_empty() {
            return Some(double_steps[rng.gen_range(0..double_steps.len())]);
        }
    }
    if rng.gen_bool(0.35) {
        let forcing: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| is_capture(pos, m) || m.promotion_piece().is_some())
            .collect();
        if !forcing.is_empty() {
            return Some(forcing[rng.gen_range(0..forcing.len())]);
        }
    }
    Some(moves[rng.gen_range(0..moves.len())])
}

/// Plays a random game of at most `max_plies` from `pos`, calling `visit` with every position
/// reached (the first one included) and the move that led to it, before the next move is chosen.
/// Returns the moves played; `pos` is left at the final position.
fn random_game(
    pos: &mut Position,
    rng: &mut StdRng,
    max_plies: usize,
    mut visit: impl FnMut(&mut Position, Option<Move>),
) -> Vec<Move> {
    let mut played = Vec::new();
    visit(pos, None);
    while played.len() < max_plies {
        let Some(m) = pick_move(pos, rng) else { break };
        pos.make_move(m);
        played.push(m);
        visit(pos, Some(m));
    }
    played
}

/// The squares from which a `color` piece with capture pattern `pattern` would attack `target`.
fn naive_attackers(pos: &Position, target: Square, by: Color) -> Bitboard {
    let occ = pos.occupied();
    let mut found = Bitboard::EMPTY;
    for sq in pos.pieces_of(by) {
        let piece = pos.piece_at(sq).expect("occupied");
        let pattern = piece.kind.capture_pattern();
        if naive_targets(pattern, by, sq, occ).contains(target) {
            found |= sq;
        }
    }
    found
}

/// Do the two kings stand on one rank or file with only empty squares between them?
fn kings_facing(pos: &Position) -> bool {
    let (a, b) = (pos.king_square(Color::White), pos.king_square(Color::Black));
    let aligned = a.file() == b.file() || a.rank() == b.rank();
    aligned && (naive_between(a, b) & pos.occupied()).is_empty()
}

/// `checkers()` as the rules define it: the enemy pieces whose capture pattern reaches the king
/// (never the enemy king for facing: see `file_opening_en_passant_gives_no_check`).
fn assert_checkers_naive(pos: &Position, last: Option<Move>) {
    let us = pos.side_to_move();
    let expected = naive_attackers(pos, pos.king_square(us), !us);
    let got = pos.checkers();
    assert_eq!(got, expected, "checkers of {pos:?} (after {last:?})");
}

// ---------------------------------------------------------------------------------------------
// Naive geometry
// ---------------------------------------------------------------------------------------------

const ALL_DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// A ray walker written here on (file, rank) integers, independent of the crate's.
fn naive_rays(sq: Square, occ: Bitboard, directions: &[(i8, i8)]) -> Bitboard {
    let mut result = Bitboard::EMPTY;
    for &(df, dr) in directions {
        let (mut f, mut r) = (sq.file() as i8 + df, sq.rank() as i8 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let s = Square::new(f as u8, r as u8);
            result |= s;
            if occ.0 & (1u64 << (r * 8 + f)) != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    result
}

/// Single steps from `sq` by the given (file, rank) offsets, those that stay on the board.
fn naive_steps(sq: Square, steps: &[(i8, i8)]) -> Bitboard {
    steps
        .iter()
        .filter_map(|&(df, dr)| {
            let (f, r) = (sq.file() as i8 + df, sq.rank() as i8 + dr);
            ((0..8).contains(&f) && (0..8).contains(&r)).then(|| Square::new(f as u8, r as u8))
        })
        .fold(Bitboard::EMPTY, |b, s| b | s)
}

fn naive_targets(pattern: Pattern, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    let fw = color.forward();
    match pattern {
        Pattern::PawnCapture => naive_steps(sq, &[(-1, fw), (1, fw)]),
        Pattern::PawnPush => naive_steps(sq, &[(0, fw)]),
        Pattern::Knight => naive_steps(sq, &KNIGHT_STEPS),
        Pattern::Bishop => naive_rays(sq, occ, &BISHOP_DIRECTIONS),
        Pattern::Rook => naive_rays(sq, occ, &ROOK_DIRECTIONS),
        Pattern::Queen => naive_rays(sq, occ, &ALL_DIRECTIONS),
        Pattern::King => naive_steps(sq, &ALL_DIRECTIONS),
        Pattern::Soldier => naive_steps(sq, &[(0, fw), (-1, 0), (1, 0)]),
        Pattern::KnightKing => naive_steps(sq, &KNIGHT_STEPS) | naive_steps(sq, &ALL_DIRECTIONS),
        Pattern::Silver => naive_steps(sq, &[(-1, fw), (0, fw), (1, fw), (-1, -fw), (1, -fw)]),
    }
}

const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The unit step from `a` towards `b` if they share a rank, file or diagonal (and differ).
fn direction(a: Square, b: Square) -> Option<(i8, i8)> {
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    let aligned = (df == 0) != (dr == 0) || (df != 0 && df.abs() == dr.abs());
    aligned.then(|| (df.signum(), dr.signum()))
}

fn naive_between(a: Square, b: Square) -> Bitboard {
    let Some((df, dr)) = direction(a, b) else {
        return Bitboard::EMPTY;
    };
    let mut result = Bitboard::EMPTY;
    let (mut f, mut r) = (a.file() as i8 + df, a.rank() as i8 + dr);
    while Square::new(f as u8, r as u8) != b {
        result |= Square::new(f as u8, r as u8);
        f += df;
        r += dr;
    }
    result
}

/// Every square `s` such that `a`, `b` and `s` are collinear along a rank, file or diagonal.
fn naive_line(a: Square, b: Square) -> Bitboard {
    let Some((df, dr)) = direction(a, b) else {
        return Bitboard::EMPTY;
    };
    Square::ALL
        .into_iter()
        .filter(|&s| {
            s == a || {
                let (sf, sr) = (
                    s.file() as i8 - a.file() as i8,
                    s.rank() as i8 - a.rank() as i8,
                );
                // s - a is a (positive or negative) multiple of the unit step.
                sf * dr == sr * df && direction(a, s).is_some()
            }
        })
        .fold(Bitboard::EMPTY, |bb, s| bb | s)
}

/// Occupancies to test sliders with: random, sparse, dense, and random subsets of the lines
/// through `sq` (the only squares that matter).
fn occupancies(rng: &mut StdRng, sq: Square, n: usize) -> Vec<Bitboard> {
    let lines = naive_rays(sq, Bitboard::EMPTY, &ALL_DIRECTIONS).0;
    let mut occs = vec![
        Bitboard::EMPTY,
        Bitboard::FULL,
        Bitboard(lines),
        Bitboard(!lines),
    ];
    for _ in 0..n {
        let (a, b, c): (u64, u64, u64) = (rng.gen(), rng.gen(), rng.gen());
        occs.push(Bitboard(a));
        occs.push(Bitboard(a & b & c));
        occs.push(Bitboard(a | b | c));
        occs.push(Bitboard(a & lines));
        occs.push(Bitboard((a & b) & lines));
        occs.push(Bitboard((a | b) & lines));
    }
    occs
}

#[test]
fn slider_attacks_match_ray_walkers() {
    let mut rng = StdRng::seed_from_u64(1);
    for sq in Square::ALL {
        for occ in occupancies(&mut rng, sq, 300) {
            for occ in [occ, occ | sq, Bitboard(occ.0 & !(1 << sq.index()))] {
                let slow_bishop = slow_ray_attacks(sq, occ, &BISHOP_DIRECTIONS);
                let slow_rook = slow_ray_attacks(sq, occ, &ROOK_DIRECTIONS);
                assert_eq!(bishop_attacks(sq, occ), slow_bishop, "bishop {sq} {occ:?}");
                assert_eq!(rook_attacks(sq, occ), slow_rook, "rook {sq} {occ:?}");
                assert_eq!(
                    slow_bishop,
                    naive_rays(sq, occ, &BISHOP_DIRECTIONS),
                    "{sq} {occ:?}"
                );
                assert_eq!(
                    slow_rook,
                    naive_rays(sq, occ, &ROOK_DIRECTIONS),
                    "{sq} {occ:?}"
                );
            }
        }
    }
}

#[test]
fn patterns_match_naive_definitions() {
    let mut rng = StdRng::seed_from_u64(2);
    for sq in Square::ALL {
        for occ in occupancies(&mut rng, sq, 20) {
            for color in Color::BOTH {
                for pattern in Pattern::ALL {
                    assert_eq!(
                        pattern_targets(pattern, color, sq, occ),
                        naive_targets(pattern, color, sq, occ),
                        "{pattern:?} {color:?} {sq} {occ:?}"
                    );
                }
            }
        }
    }
    // The set-wise reverse of a pawn's attacks.
    for targets in occupancies(&mut rng, Square::ALL[27], 200) {
        for color in Color::BOTH {
            let origins = Square::ALL
                .into_iter()
                .filter(|&sq| (pawn_attacks(color, sq) & targets).any())
                .fold(Bitboard::EMPTY, |set, sq| set | sq);
            assert_eq!(
                pawn_attack_origins(color, targets),
                origins,
                "{color:?} {targets:?}"
            );
        }
    }
    // Capture and quiet patterns of every piece, as the rules table gives them.
    use PieceType::*;
    let expected = [
        (Pawn, Pattern::PawnCapture, Pattern::PawnPush),
        (Knight, Pattern::Knight, Pattern::Knight),
        (Bishop, Pattern::Bishop, Pattern::Bishop),
        (Rook, Pattern::Rook, Pattern::Rook),
        (Queen, Pattern::Queen, Pattern::Queen),
        (King, Pattern::King, Pattern::King),
        (Soldier, Pattern::Soldier, Pattern::Soldier),
        (Eagle, Pattern::Knight, Pattern::Queen),
        (Cardinal, Pattern::Bishop, Pattern::Queen),
        (Tower, Pattern::Rook, Pattern::Queen),
        (Duke, Pattern::King, Pattern::Queen),
    ];
    for (pt, capture, quiet) in expected {
        assert_eq!(pt.capture_pattern(), capture, "{pt:?}");
        assert_eq!(pt.quiet_pattern(), quiet, "{pt:?}");
    }
}

#[test]
fn between_and_line_match_naive_definitions() {
    let mut aligned = 0;
    for a in Square::ALL {
        for b in Square::ALL {
            assert_eq!(between(a, b), naive_between(a, b), "between {a} {b}");
            assert_eq!(line(a, b), naive_line(a, b), "line {a} {b}");
            assert_eq!(between(a, b), between(b, a), "between symmetric {a} {b}");
            assert_eq!(line(a, b), line(b, a), "line symmetric {a} {b}");
            if line(a, b).any() {
                aligned += 1;
                assert!(line(a, b).contains(a) && line(a, b).contains(b), "{a} {b}");
                assert_eq!(between(a, b) & line(a, b), between(a, b), "{a} {b}");
                assert!(
                    !between(a, b).contains(a) && !between(a, b).contains(b),
                    "{a} {b}"
                );
            } else {
                assert!(between(a, b).is_empty(), "{a} {b}");
            }
        }
    }
    // 64 squares x (queen moves from each square) ordered pairs; 1456 for an 8x8 board.
    assert_eq!(aligned, 1456);
}

// ---------------------------------------------------------------------------------------------
// Make / unmake, keys, FEN round trips along random games
// ---------------------------------------------------------------------------------------------

/// Everything observable about a position that make + unmake must restore.
#[derive(PartialEq, Debug)]
struct Snapshot {
    fen: String,
    key: u64,
    checkers: Bitboard,
    moves: Vec<String>,
    plies: usize,
    repetitions: usize,
    outcome: Option<kaiser_rules::Outcome>,
}

fn snapshot(pos: &Position) -> Snapshot {
    Snapshot {
        fen: pos.fen(),
        key: pos.key(),
        checkers: pos.checkers(),
        moves: move_set(pos),
        plies: pos.plies_played(),
        repetitions: pos.repetitions(),
        outcome: pos.outcome(),
    }
}

#[test]
fn make_unmake_restores_everything() {
    let mut rng = StdRng::seed_from_u64(3);
    let mut checked = 0usize;
    let mut starts = all_start_positions();
    // More games from the start positions than from each suite position.
    for _ in 0..6 {
        starts.extend(Variant::ALL.iter().map(|&v| (v, v.start_fen().to_string())));
    }
    for (variant, fen) in starts {
        let mut pos = parse(&fen, variant);
        let max_plies = if fen == variant.start_fen() { 150 } else { 24 };
        random_game(&mut pos, &mut rng, max_plies, |pos, last| {
            assert!(pos.is_consistent(), "{pos:?}");
            assert_checkers_naive(pos, last);
            let before = snapshot(pos);
            let cheap = (pos.fen(), pos.key(), pos.checkers());
            let check_info = pos.check_info();
            for m in pos.legal_moves() {
                let gives_check = pos.gives_check(m);
                assert_eq!(check_info.gives_check(pos, m), gives_check, "{m}: {pos:?}");
                let mut announced_key = None;
                pos.make_move_with(m, |key| announced_key = Some(key));
                assert!(pos.is_consistent(), "after {m}: {pos:?}");
                assert_eq!(pos.key(), pos.compute_key(), "after {m}: {pos:?}");
                assert_eq!(announced_key, Some(pos.key()), "key announced for {m}");
                assert_eq!(pos.in_check(), gives_check, "gives_check({m}): {pos:?}");
                // The side that moved is never left in check or facing the other king (bar the
                // en-passant case that Fairy-Stockfish allows on a file).
                let mover = !pos.side_to_move();
                assert!(
                    naive_attackers(pos, pos.king_square(mover), !mover).is_empty(),
                    "{m} leaves its king attacked: {pos:?}"
                );
                if variant == Variant::Empire && m.kind() != MoveKind::EnPassant {
                    assert!(!kings_facing(pos), "{m} leaves the kings facing: {pos:?}");
                }
                assert_checkers_naive(pos, Some(m));
                pos.unmake_move(m);
                assert!(pos.is_consistent(), "after unmaking {m}: {pos:?}");
                assert_eq!(
                    (pos.fen(), pos.key(), pos.checkers()),
                    cheap,
                    "unmaking {m}"
                );
                checked += 1;
            }
            assert_eq!(snapshot(pos), before);
            if pos.may_pass() {
                pos.make_null_move();
                assert!(pos.is_consistent(), "after a null move: {pos:?}");
                assert_eq!(pos.key(), pos.compute_key(), "null move key: {pos:?}");
                assert!(!pos.in_check(), "a pass cannot give check: {pos:?}");
                assert_eq!(pos.en_passant(), None);
                pos.unmake_null_move();
                assert_eq!(snapshot(pos), before, "after taking back a null move");
            }
        });
    }
    assert!(checked > 100_000, "only {checked} moves checked");
}

/// `is_legal` (a fast path for plain piece moves, the generator for the rest) agrees with the
/// move list for every legal move and for moves seen in other positions (what a hash table or a
/// killer slot hands it), on positions with pins, checks and facing kings.
#[test]
fn is_legal_agrees_with_the_move_list() {
    let mut rng = StdRng::seed_from_u64(8);
    let mut sampler = StdRng::seed_from_u64(9);
    let mut foreign: Vec<Move> = Vec::new();
    let (mut accepted, mut refused) = (0usize, 0usize);
    for (variant, fen) in all_start_positions() {
        let mut pos = parse(&fen, variant);
        random_game(&mut pos, &mut rng, 40, |pos, _| {
            let legal = pos.legal_moves();
            foreign.extend(legal.iter().copied());
            let samples: Vec<Move> = (0..60)
                .map(|_| foreign[sampler.gen_range(0..foreign.len())])
                .collect();
            for m in legal.iter().copied().chain(samples) {
                let expected = legal.contains(&m);
                assert_eq!(pos.is_legal(m), expected, "{m}: {pos:?}");
                if expected {
                    accepted += 1;
                } else {
                    refused += 1;
                }
            }
        });
    }
    assert!(
        accepted > 100_000 && refused > 100_000,
        "{accepted} legal, {refused} not"
    );
}

#[test]
fn checkers_after_every_ply_match_naive_scan() {
    let mut rng = StdRng::seed_from_u64(4);
    let mut checks = 0;
    for game in 0..60 {
        let variant = Variant::ALL[game % Variant::ALL.len()];
        let mut pos = Position::startpos(variant);
        for _ in 0..300 {
            let Some(m) = pick_move(&pos, &mut rng) else {
                break;
            };
            pos.make_move(m);
            assert_checkers_naive(&pos, Some(m));
            checks += pos.in_check() as usize;
        }
    }
    assert!(checks > 100, "only {checks} checks seen");
}

#[test]
fn incremental_key_equals_computed_key() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut plies = 0;
    for game in 0..200 {
        // Two Empire games for every chess game.
        let variant = if game % 3 == 2 {
            Variant::Chess
        } else {
            Variant::Empire
        };
        let mut pos = Position::startpos(variant);
        let mut keys = vec![pos.key()];
        let moves = random_game(&mut pos, &mut rng, 300, |pos, _| {
            assert_eq!(pos.key(), pos.compute_key(), "{pos:?}");
            plies += 1;
        });
        // Taking the whole game back retraces the keys.
        let mut replay = Position::startpos(variant);
        for &m in &moves {
            replay.make_move(m);
            keys.push(replay.key());
        }
        for &m in moves.iter().rev() {
            assert_eq!(pos.key(), keys.pop().expect("a key"));
            pos.unmake_move(m);
            assert_eq!(pos.key(), pos.compute_key());
        }
        assert_eq!(pos.fen(), variant.start_fen());
    }
    assert!(plies > 20_000, "only {plies} plies");
}

#[test]
fn key_is_a_function_of_the_position_not_the_path() {
    // Positions met along random games, keyed by their first four FEN fields: the same four
    // fields always come with the same key, different ones with different keys.
    let mut rng = StdRng::seed_from_u64(6);
    let mut by_fen: HashMap<String, u64> = HashMap::new();
    let mut by_key: HashMap<u64, String> = HashMap::new();
    let mut revisits = 0;
    for game in 0..120 {
        let variant = Variant::ALL[game % Variant::ALL.len()];
        let mut pos = Position::startpos(variant);
        random_game(&mut pos, &mut rng, 120, |pos, _| {
            let f = format!("{variant} {}", fen4(pos));
            if let Some(&k) = by_fen.get(&f) {
                assert_eq!(k, pos.key(), "{f}");
                revisits += 1;
            }
            if let Some(g) = by_key.get(&pos.key()) {
                assert_eq!(*g, f, "key collision");
            }
            by_fen.insert(f.clone(), pos.key());
            by_key.insert(pos.key(), f);
        });
    }
    assert!(revisits > 100, "only {revisits} revisits");
}

#[test]
fn transpositions_have_equal_keys() {
    // From positions along random games, play four random plies w1 b1 w2 b2, then try the orders
    // w2 b1 w1 b2, w1 b2 w2 b1 and w2 b2 w1 b1. When such an order is legal throughout, its final
    // position has the same key exactly when it has the same placement, side, castling and
    // en-passant fields.
    let mut rng = StdRng::seed_from_u64(7);
    let (mut same, mut different) = (0, 0);
    for (variant, fen) in all_start_positions().into_iter().step_by(3) {
        let mut pos = parse(&fen, variant);
        let moves = random_game(&mut pos, &mut rng, 40, |_, _| {});
        for &m in moves.iter().rev() {
            pos.unmake_move(m);
        }
        for (i, &m) in moves.iter().enumerate() {
            if i % 4 == 0 {
                for _ in 0..8 {
                    let Some(line) = random_line(&mut pos, &mut rng, 4) else {
                        continue;
                    };
                    let (w1, b1, w2, b2) = (line[0], line[1], line[2], line[3]);
                    let reference =
                        play_and_take_back(&mut pos, &line).expect("the sampled line is legal");
                    for order in [[w2, b1, w1, b2], [w1, b2, w2, b1], [w2, b2, w1, b1]] {
                        if order == [w1, b1, w2, b2] {
                            continue;
                        }
                        if let Some(other) = play_and_take_back(&mut pos, &order) {
                            if other.0 == reference.0 {
                                assert_eq!(other.1, reference.1, "{:?} vs {:?}", line, order);
                                same += 1;
                            } else {
                                assert_ne!(other.1, reference.1, "{:?} vs {:?}", line, order);
                                different += 1;
                            }
                        }
                    }
                }
            }
            pos.make_move(m);
        }
    }
    assert!(
        same > 1000 && different > 100,
        "{same} transpositions, {different} others"
    );
}

/// Plays `n` random plies and takes them back; returns them if the game lasted that long.
fn random_line(pos: &mut Position, rng: &mut StdRng, n: usize) -> Option<Vec<Move>> {
    let mut line = Vec::new();
    while line.len() < n {
        let Some(m) = pick_move(pos, rng) else { break };
        pos.make_move(m);
        line.push(m);
    }
    for &m in line.iter().rev() {
        pos.unmake_move(m);
    }
    (line.len() == n).then_some(line)
}

/// Plays `line` if every move is legal when it comes, notes (FEN fields, key) of the final
/// position, and takes the moves back.
fn play_and_take_back(pos: &mut Position, line: &[Move]) -> Option<(String, u64)> {
    let mut played = Vec::new();
    let mut legal = true;
    for &m in line {
        if !pos.legal_moves().contains(&m) {
            legal = false;
            break;
        }
        pos.make_move(m);
        played.push(m);
    }
    let result = legal.then(|| (fen4(pos), pos.key()));
    for &m in played.iter().rev() {
        pos.unmake_move(m);
    }
    result
}

/// Replaces FEN field `index` (0-based).
fn with_field(fen: &str, index: usize, value: &str) -> String {
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields[index] = value;
    fields.join(" ")
}

#[test]
fn key_covers_side_to_move_and_not_the_counters() {
    let mut rng = StdRng::seed_from_u64(8);
    let mut side_key = None;
    let mut flipped = 0;
    for game in 0..60 {
        let variant = Variant::ALL[game % Variant::ALL.len()];
        let mut pos = Position::startpos(variant);
        random_game(&mut pos, &mut rng, 150, |pos, _| {
            let fen = with_field(&pos.fen(), 3, "-");
            let base = parse(&fen, variant);
            // The counters are not part of the key.
            let counters = parse(&with_field(&with_field(&fen, 4, "37"), 5, "99"), variant);
            assert_eq!(counters.key(), base.key(), "{fen}");
            // The same position with the other side to move (when that is a legal position):
            // the keys always differ by the same side-to-move key.
            let other = if fen.split(' ').nth(1) == Some("w") {
                "b"
            } else {
                "w"
            };
            if let Ok(turned) = Position::from_fen(&with_field(&fen, 1, other), variant) {
                let diff = turned.key() ^ base.key();
                assert_ne!(diff, 0, "{fen}");
                assert_eq!(*side_key.get_or_insert(diff), diff, "{fen}");
                flipped += 1;
            }
            // Castling rights are part of the key.
            let castling = fen.split(' ').nth(2).expect("a castling field");
            if castling != "-" {
                let without = parse(&with_field(&fen, 2, "-"), variant);
                assert_ne!(without.key(), base.key(), "{fen}");
            }
        });
    }
    assert!(
        flipped > 1000,
        "only {flipped} positions with the side flipped"
    );
}

#[test]
fn en_passant_right_is_part_of_the_key() {
    let mut rng = StdRng::seed_from_u64(9);
    let mut seen = 0;
    let mut starts = all_start_positions();
    for _ in 0..100 {
        starts.extend(Variant::ALL.iter().map(|&v| (v, v.start_fen().to_string())));
    }
    for (variant, fen) in starts {
        let mut pos = parse(&fen, variant);
        random_game(&mut pos, &mut rng, 80, |pos, _| {
            if pos.en_passant().is_some() {
                let without = parse(&with_field(&pos.fen(), 3, "-"), variant);
                assert_ne!(without.key(), pos.key(), "{pos:?}");
                seen += 1;
            }
        });
    }
    assert!(seen > 100, "only {seen} en-passant positions");
}

#[test]
fn fen_round_trips_along_random_games() {
    let mut rng = StdRng::seed_from_u64(10);
    let mut checked = 0;
    let mut starts = all_start_positions();
    for _ in 0..40 {
        starts.extend(Variant::ALL.iter().map(|&v| (v, v.start_fen().to_string())));
    }
    for (variant, fen) in starts {
        let mut pos = parse(&fen, variant);
        assert_eq!(parse(&pos.fen(), variant).fen(), pos.fen(), "{fen}");
        random_game(&mut pos, &mut rng, 200, |pos, _| {
            let fen = pos.fen();
            let again = Position::from_fen(&fen, variant)
                .unwrap_or_else(|e| panic!("own FEN rejected: {fen}: {e}"));
            assert_eq!(again.fen(), fen);
            assert_eq!(again.key(), pos.key(), "{fen}");
            assert_eq!(again.checkers(), pos.checkers(), "{fen}");
            assert_eq!(again.en_passant(), pos.en_passant(), "{fen}");
            assert_eq!(again.castling_rights(), pos.castling_rights(), "{fen}");
            assert_eq!(again.halfmove_clock(), pos.halfmove_clock(), "{fen}");
            assert_eq!(again.fullmove_number(), pos.fullmove_number(), "{fen}");
            assert_eq!(move_set(&again), move_set(pos), "{fen}");
            assert!(again.is_consistent(), "{fen}");
            checked += 1;
        });
    }
    assert!(checked > 20_000, "only {checked} FENs");
}

// ---------------------------------------------------------------------------------------------
// FEN fuzzing
// ---------------------------------------------------------------------------------------------

/// Everything a parsed position must survive.
fn exercise(fen: &str, variant: Variant) {
    let Ok(mut pos) = Position::from_fen(fen, variant) else {
        return;
    };
    assert!(pos.is_consistent(), "{fen}");
    assert_eq!(pos.key(), pos.compute_key(), "{fen}");
    let own = pos.fen();
    let again = Position::from_fen(&own, variant)
        .unwrap_or_else(|e| panic!("own FEN {own} (from {fen}) rejected: {e}"));
    assert_eq!(again.fen(), own, "{fen}");
    assert_eq!(again.key(), pos.key(), "{fen}");
    assert_checkers_naive(&pos, None);
    let moves = pos.legal_moves();
    for &m in &moves {
        pos.make_move(m);
        let mover = !pos.side_to_move();
        assert!(
            naive_attackers(&pos, pos.king_square(mover), !mover).is_empty(),
            "{m} leaves its king attacked in {fen}"
        );
        assert_checkers_naive(&pos, Some(m));
        pos.unmake_move(m);
    }
    let _ = pos.outcome();
    let nodes = perft(&mut pos, 2);
    assert!(nodes == 0 || !moves.is_empty(), "{fen}");
    assert_eq!(pos.fen(), own, "perft changed {fen}");
    assert!(pos.is_consistent(), "{fen}");
}

/// Valid FENs to mutate: the start positions, the suite positions, and a few edge cases.
fn seed_fens() -> Vec<String> {
    let mut fens: Vec<String> = all_start_positions().into_iter().map(|(_, f)| f).collect();
    fens.extend(
        [
            "8/8/8/KPp4k/8/8/8/8 w - c6 0 2",
            "r3k2r/8/8/8/8/8/8/5K2 b kq - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 99 80",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "4k3/P7/8/8/8/8/7p/4K3 w - - 0 1",
        ]
        .map(String::from),
    );
    fens
}

/// Characters FENs are made of, weighted towards the meaningful ones.
const FEN_ALPHABET: &[char] = &[
    'p', 'n', 'b', 'r', 'q', 'k', 's', 'e', 'c', 't', 'd', 'P', 'N', 'B', 'R', 'Q', 'K', 'S', 'E',
    'C', 'T', 'D', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '/', ' ', '-', 'w', 'a', 'f',
    'g', 'h', 'x', '~', '[', ']', '+', 'é',
];

#[derive(Clone, Debug)]
enum Mutation {
    Replace(usize, char),
    Delete(usize),
    Insert(usize, char),
    SwapFields(usize, usize),
    DropField(usize),
    DuplicateField(usize),
    ReplaceField(usize, String),
    SwapChars(usize, usize),
}

fn fen_char() -> impl Strategy<Value = char> {
    prop_oneof![
        8 => proptest::sample::select(FEN_ALPHABET),
        1 => any::<char>(),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let field_text = prop_oneof![
        proptest::string::string_regex("[a-h][1-8]").expect("regex"),
        proptest::string::string_regex("[KQkq-]{1,5}").expect("regex"),
        proptest::string::string_regex("[0-9]{1,11}").expect("regex"),
        proptest::string::string_regex("-?[0-9]{1,3}").expect("regex"),
        proptest::string::string_regex("[wb-]").expect("regex"),
        proptest::string::string_regex("[1-8pnbrqksectdPNBRQKSECTD/]{1,20}").expect("regex"),
    ];
    prop_oneof![
        4 => (any::<usize>(), fen_char()).prop_map(|(i, c)| Mutation::Replace(i, c)),
        2 => any::<usize>().prop_map(Mutation::Delete),
        4 => (any::<usize>(), fen_char()).prop_map(|(i, c)| Mutation::Insert(i, c)),
        1 => (0..7usize, 0..7usize).prop_map(|(a, b)| Mutation::SwapFields(a, b)),
        1 => (0..7usize).prop_map(Mutation::DropField),
        1 => (0..7usize).prop_map(Mutation::DuplicateField),
        2 => (0..7usize, field_text).prop_map(|(i, s)| Mutation::ReplaceField(i, s)),
        2 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapChars(a, b)),
    ]
}

fn apply(fen: &str, mutation: &Mutation) -> String {
    let mut chars: Vec<char> = fen.chars().collect();
    let mut fields: Vec<String> = fen.split(' ').map(String::from).collect();
    let n = chars.len().max(1);
    match mutation {
        Mutation::Replace(i, c) => {
            if !chars.is_empty() {
                chars[i % n] = *c;
            }
        }
        Mutation::Delete(i) => {
            if !chars.is_empty() {
                chars.remove(i % n);
            }
        }
        Mutation::Insert(i, c) => chars.insert(i % (chars.len() + 1), *c),
        Mutation::SwapChars(a, b) => {
            if !chars.is_empty() {
                chars.swap(a % n, b % n);
            }
        }
        Mutation::SwapFields(a, b) => {
            let len = fields.len();
            fields.swap(a % len, b % len);
            return fields.join(" ");
        }
        Mutation::DropField(i) => {
            let len = fields.len();
            fields.remove(i % len);
            return fields.join(" ");
        }
        Mutation::DuplicateField(i) => {
            let f = fields[i % fields.len()].clone();
            fields.insert(i % fields.len(), f);
            return fields.join(" ");
        }
        Mutation::ReplaceField(i, s) => {
            if *i < fields.len() {
                fields[*i] = s.clone();
            } else {
                fields.push(s.clone());
            }
            return fields.join(" ");
        }
    }
    chars.into_iter().collect()
}

/// A random board field: eight ranks of piece letters and digits, roughly the right length.
fn random_board() -> impl Strategy<Value = String> {
    let rank =
        proptest::string::string_regex("([1-3]|[pnbrqksectdPNBRQKSECTD]){1,8}").expect("regex");
    proptest::collection::vec(rank, 8).prop_map(|ranks| ranks.join("/"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn mutated_fens_never_panic(
        seed in 0usize..1000,
        mutations in proptest::collection::vec(mutation(), 1..6),
    ) {
        let seeds = seed_fens();
        let mut fen = seeds[seed % seeds.len()].clone();
        for m in &mutations {
            fen = apply(&fen, m);
        }
        for variant in Variant::ALL {
            exercise(&fen, variant);
        }
    }

    #[test]
    fn random_boards_never_panic(
        board in random_board(),
        side in "[wb]",
        castling in "-|[KQkq]{1,4}",
        ep in "-|[a-h][36]",
        clocks in "|0 1|[0-9]{1,3} [1-9][0-9]{0,2}",
    ) {
        let fen = format!("{board} {side} {castling} {ep} {clocks}");
        for variant in Variant::ALL {
            exercise(&fen, variant);
        }
    }

    #[test]
    fn arbitrary_strings_never_panic(text in ".{0,120}") {
        for variant in Variant::ALL {
            exercise(&text, variant);
        }
    }

    #[test]
    fn fen_alphabet_strings_never_panic(chars in proptest::collection::vec(fen_char(), 0..100)) {
        let text: String = chars.into_iter().collect();
        for variant in Variant::ALL {
            exercise(&text, variant);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Known bugs (found by the properties above or by the Fairy-Stockfish cross-check)
// ---------------------------------------------------------------------------------------------

/// RULES.md: "Facing is not check: a side whose only problem is faceoff has no checkers." After
/// the file-opening en-passant capture `b5c6` in `8/2p2p2/pk6/1P2P3/2K5/8/8/8 w - - 0 1` +
/// `c4b4 c7c5`, Kaiser's `checkers()` holds the white Kaiser on b4 and `in_check()` is true;
/// Fairy-Stockfish's `gives_check` is false there (found by the pyffish cross-check, game seed 62).
/// The legal moves agree (`b6a7 b6c6 b6c7`); the difference shows in `outcome()` (a position
/// without moves is called checkmate rather than stalemate, and at a halfmove clock of 100 or
/// more "checkmated" beats the 50-move draw) and to any search that treats checks specially.
#[test]
fn file_opening_en_passant_gives_no_check() {
    let mut pos = parse("8/2p2p2/pk6/1P2P3/2K5/8/8/8 w - - 0 1", Variant::Empire);
    for text in ["c4b4", "c7c5", "b5c6"] {
        let m = pos.parse_uci_move(text).expect("a legal move");
        pos.make_move(m);
    }
    assert_eq!(pos.fen(), "8/5p2/pkP5/4P3/1K6/8/8/8 b - - 0 2");
    assert_eq!(move_set(&pos), ["b6a7", "b6c6", "b6c7"]);
    assert!(pos.checkers().is_empty(), "checkers {:?}", pos.checkers());
    assert!(!pos.in_check());
}

/// `from_fen` accepts any `u32` halfmove clock, and `make_move` then adds one to it: with the
/// test profile's debug assertions this panics ("attempt to add with overflow" in
/// `makemove.rs`); in release builds the clock silently wraps to 0. Either the FEN should be
/// rejected (`FenError::HalfmoveClock`) or the clock should saturate.
#[test]
fn huge_halfmove_clock_does_not_overflow() {
    let fen = "4k3/8/8/8/8/8/8/3K4 w - - 4294967295 1";
    for variant in Variant::ALL {
        if let Ok(mut pos) = Position::from_fen(fen, variant) {
            perft(&mut pos, 2);
        }
    }
}
