//! PGN: the exact export format of a known game (its SAN as printed by pyffish `get_san_moves`),
//! set-up positions with Black to move, writing and reading back random games, what the reader
//! tolerates, and its errors.

use kaiser_engine::notation::{parse_pgn, PgnErrorKind, PgnGame, PgnResult, SanError};
use kaiser_engine::{Color, Outcome, Position, Variant};
use kaiser_rules::position::EndReason;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A game from the Empire start; pyffish writes its moves `Ec2 e6 Tb1 Bxa3 Exa3 Nf6 Se4 Nxe4
/// fxe4 Nc6 Eb6 cxb6 Se3 Nd4`.
const EMPIRE_MOVES: &str = "b1c2 e7e6 a1b1 f8a3 c2a3 g8f6 e3e4 f6e4 f3e4 b8c6 g1b6 c7b6 d3e3 c6d4";

fn play(game: &mut PgnGame, uci: &str) {
    for text in uci.split_whitespace() {
        let m = game.position().parse_uci_move(text).expect("legal move");
        game.push(m, None).expect("legal move");
    }
}

fn empire_game() -> PgnGame {
    let mut game = PgnGame::new(&Position::startpos(Variant::Empire));
    game.set_tag("White", "Kaiser");
    game.set_tag("Black", "Fairy-Stockfish");
    game.set_tag("TimeControl", "10+0.1");
    game.set_tag("Event", "Kaiser test");
    game.set_tag("Round", "1");
    game.set_tag("Date", "2025.01.01");
    game.set_tag("Termination", "adjudication");
    play(&mut game, EMPIRE_MOVES);
    game.result = PgnResult::BlackWins;
    game
}

#[test]
fn writes_the_export_format() {
    let mut game = empire_game();
    let m = game.position().parse_uci_move("e1f2").unwrap();
    game.push(m, Some("+0.35/12 0.51s".to_string())).unwrap();
    let m = game.position().parse_uci_move("d4c2").unwrap();
    game.push(m, Some("-1.20/14 1.02s".to_string())).unwrap();
    let expected = "\
[Event \"Kaiser test\"]
[Site \"?\"]
[Date \"2025.01.01\"]
[Round \"1\"]
[White \"Kaiser\"]
[Black \"Fairy-Stockfish\"]
[Result \"0-1\"]
[Variant \"Empire\"]
[TimeControl \"10+0.1\"]
[Termination \"adjudication\"]

1. Ec2 e6 2. Tb1 Bxa3 3. Exa3 Nf6 4. Se4 Nxe4 5. fxe4 Nc6 6. Eb6 cxb6 7. Se3
Nd4 8. Kf2 {+0.35/12 0.51s} 8... Nc2 {-1.20/14 1.02s} 0-1

";
    assert_eq!(game.to_pgn(), expected);
}

#[test]
fn writes_set_up_positions_with_black_to_move() {
    let fen = "rnbqkbnr/pppp1ppp/8/8/3SpS2/8/8/TECDKCET b kq - 0 7";
    let mut game = PgnGame::new(&Position::from_fen(fen, Variant::Empire).unwrap());
    play(&mut game, "d7d5 f4f5 c8f5");
    let pgn = game.to_pgn();
    assert!(pgn.contains(
        "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppp1ppp/8/8/3SpS2/8/8/TECDKCET b kq - 0 7\"]\n"
    ));
    // pyffish: d5 Sf5 Bxf5.
    assert!(pgn.ends_with("\n\n7... d5 8. Sf5 Bxf5 *\n\n"), "{pgn}");
    let chess = PgnGame::new(&Position::startpos(Variant::Chess)).to_pgn();
    assert!(
        !chess.contains("Variant") && !chess.contains("FEN"),
        "{chess}"
    );
    assert!(chess.ends_with("[Result \"*\"]\n\n*\n\n"), "{chess}");
}

#[test]
fn push_refuses_illegal_moves() {
    let mut game = PgnGame::new(&Position::startpos(Variant::Chess));
    let illegal = Position::startpos(Variant::Empire)
        .parse_uci_move("d3d4")
        .unwrap();
    assert_eq!(
        game.push(illegal, None),
        Err(SanError::Illegal("d3d4".to_string()))
    );
    assert!(game.moves().is_empty());
}

#[test]
fn results_from_outcomes() {
    let win = |winner| Outcome::Win {
        winner,
        reason: EndReason::Campmate,
    };
    assert_eq!(PgnResult::from(win(Color::White)).as_str(), "1-0");
    assert_eq!(PgnResult::from(win(Color::Black)).as_str(), "0-1");
    let draw = Outcome::Draw {
        reason: EndReason::FiftyMoves,
    };
    assert_eq!(PgnResult::from(draw).to_string(), "1/2-1/2");
    assert_eq!("*".parse(), Ok(PgnResult::Unknown));
    assert!("2-0".parse::<PgnResult>().is_err());
}

/// A random game from the start of `variant` or from a random position along one, with comments
/// on some moves and awkward tag values.
fn random_game(rng: &mut StdRng, variant: Variant) -> PgnGame {
    let mut start = Position::startpos(variant);
    for _ in 0..rng.gen_range(0..3) * 7 {
        let moves = start.legal_moves();
        if moves.is_empty() {
            break;
        }
        start.make_move(moves[rng.gen_range(0..moves.len())]);
    }
    let start = Position::from_fen(&start.fen(), variant).expect("own FEN");
    let mut game = PgnGame::new(&start);
    game.set_tag("White", "Kaiser \"dev\" \\ build");
    game.set_tag("Round", &rng.gen_range(1..100).to_string());
    game.set_tag("Opening", "random");
    for ply in 0..rng.gen_range(0..200) {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.position().outcome().is_some() {
            break;
        }
        let m = moves[rng.gen_range(0..moves.len())];
        let comment = rng
            .gen_bool(0.3)
            .then(|| format!("{:+.2}/{} {}.{:02}s", rng.gen_range(-5.0..5.0), ply, ply, 7));
        game.push(m, comment).expect("legal");
    }
    game.result = match game.position().outcome() {
        Some(outcome) => outcome.into(),
        None => PgnResult::Unknown,
    };
    game
}

#[test]
fn round_trip_random_games() {
    let mut rng = StdRng::seed_from_u64(0x9e1);
    let games: Vec<PgnGame> = (0..30)
        .map(|i| random_game(&mut rng, Variant::ALL[i % Variant::ALL.len()]))
        .collect();
    let text: String = games.iter().map(PgnGame::to_pgn).collect();
    for line in text.lines().filter(|l| !l.starts_with('[')) {
        assert!(line.chars().count() <= 79, "long movetext line: {line}");
    }
    let read = parse_pgn(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(read.len(), games.len());
    for (a, b) in games.iter().zip(&read) {
        assert_eq!(a.variant(), b.variant());
        assert_eq!(a.start().fen(), b.start().fen());
        assert_eq!(a.moves(), b.moves());
        assert_eq!(a.result, b.result);
        assert_eq!(a.tag("White"), b.tag("White"));
        assert_eq!(a.tag("Opening"), Some("random"));
        assert_eq!(b.tag("Opening"), Some("random"));
        assert_eq!(a.to_pgn(), b.to_pgn());
    }
}

#[test]
fn reads_what_other_tools_write() {
    let text = "\
% an escape line
[Event \"casual\"]
[Variant \"empire\"]
[Result \"1-0\"]

1.Se4 $1 e5?! {book} (1...d5 2. Sd4 (2. Sxd5)) 2. Sxe5 ; a rest-of-line comment
{first} {second} Nc6 3.Sd4!? *

[White \"A\"]
[Black \"B\"]
[Variant \"Standard\"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {Ruy Lopez}

[Variant \"Chess\"]
[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]
[Result \"1/2-1/2\"]

1. 0-0 Kd7 2. Rfd1+
";
    let games = parse_pgn(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games.len(), 3);
    let uci = |g: &PgnGame| -> Vec<String> { g.moves().iter().map(|m| m.mv.to_string()).collect() };
    assert_eq!(games[0].variant(), Variant::Empire);
    assert_eq!(uci(&games[0]), ["e3e4", "e7e5", "e4e5", "b8c6", "d3d4"]);
    assert_eq!(games[0].moves()[1].comment.as_deref(), Some("book"));
    assert_eq!(games[0].moves()[2].comment.as_deref(), Some("first second"));
    assert_eq!(games[0].result, PgnResult::Unknown, "the result token wins");
    assert_eq!(games[0].tag("Event"), Some("casual"));
    assert_eq!(games[0].tag("Variant"), None, "derived tags are not kept");
    assert_eq!(games[1].variant(), Variant::Chess);
    assert_eq!(games[1].moves().len(), 6);
    assert_eq!(games[1].moves()[5].comment.as_deref(), Some("Ruy Lopez"));
    assert_eq!(games[1].result, PgnResult::Unknown);
    assert_eq!(uci(&games[2]), ["e1g1", "e8d7", "f1d1"]);
    assert_eq!(games[2].result, PgnResult::Draw, "from the Result tag");
    assert!(parse_pgn("  \n\n").unwrap().is_empty());
}

fn error_kind(text: &str) -> (usize, PgnErrorKind) {
    let error = parse_pgn(text).expect_err("an error");
    (error.game, error.kind)
}

#[test]
fn errors_name_the_game_and_the_move() {
    let text = "1. e4 e5 1-0\n\n[Event \"x\"]\n\n1. d4 d5 2. Ke4 *\n";
    let error = parse_pgn(text).expect_err("an illegal move");
    assert_eq!(error.game, 2);
    assert_eq!(
        error.kind,
        PgnErrorKind::Move {
            number: "2.".to_string(),
            text: "Ke4".to_string(),
            error: SanError::Illegal("Ke4".to_string()),
        }
    );
    assert_eq!(
        error.to_string(),
        "game 2: move 2. Ke4: 'Ke4' is not a legal move here"
    );
    let (game, kind) = error_kind("1. e4 Nf9 *");
    assert_eq!(game, 1);
    assert!(matches!(kind, PgnErrorKind::Move { number, .. } if number == "1..."));
    assert!(matches!(
        error_kind("[Variant \"shogi\"]\n1. e4 *").1,
        PgnErrorKind::Variant(_)
    ));
    assert!(matches!(
        error_kind("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n*").1,
        PgnErrorKind::Fen { .. }
    ));
    for broken in [
        "1. e4 {never closed",
        "[Event \"never closed]",
        "[Event]",
        "1. e4 (e5 2. Nf3",
        "1. e4 e5 )",
    ] {
        assert!(
            matches!(error_kind(broken).1, PgnErrorKind::Syntax(_)),
            "{broken}"
        );
    }
}

proptest! {
    #[test]
    fn parse_pgn_never_panics_on_mutated_games(cut in 0usize..600, insert in "\\PC{0,6}") {
        let text = empire_game().to_pgn();
        let mut cut = cut.min(text.len());
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        let mutated = format!("{}{insert}{}", &text[..cut], &text[cut..]);
        let _ = parse_pgn(&mutated);
    }
}

/// Replays every game of the PGN file named by `KAISER_PGN` (e.g. a `kaiser match -pgnout`
/// file): `KAISER_PGN=games.pgn cargo test --release --test pgn -- --ignored`.
#[test]
#[ignore]
fn replays_the_pgn_file_named_by_kaiser_pgn() {
    let path = std::env::var("KAISER_PGN").expect("set KAISER_PGN to a PGN file");
    let text = std::fs::read_to_string(&path).expect("a readable PGN file");
    let games = parse_pgn(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let moves: usize = games.iter().map(|g| g.moves().len()).sum();
    println!("{path}: {} games, {moves} moves, all legal", games.len());
}
