//! SAN: the writer against Fairy-Stockfish's own output (every expected string below was printed
//! by pyffish `get_san` for the same position and move), the reader's lenient forms and errors,
//! and the round trip `parse_san(to_san(m)) == m` over the perft suites and random games.

use kaiser_engine::notation::{parse_san, to_san, SanError};
use kaiser_engine::{Position, Variant};
use kaiser_testkit::suites::suite_positions;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const CHESS: Variant = Variant::Chess;
const EMPIRE: Variant = Variant::Empire;

/// One position a line: variant; FEN; then `UCI SAN` pairs, each SAN as pyffish `get_san`
/// writes it for that move. Lines starting with `//` are comments.
const PYFFISH_SAN: &str = "
// Orthodox chess.
chess; rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; e2e4 e4, g1f3 Nf3
chess; rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3; e5f6 exf6
chess; 1n5k/P7/8/8/8/8/8/7K w - - 0 1; a7b8q axb8=Q+, a7b8n axb8=N, a7a8r a8=R
chess; r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; e1g1 O-O, e1c1 O-O-O, e5g6 Nxg6
chess; r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1; e8c8 O-O-O
chess; 7k/8/8/R7/8/8/8/R3K3 w - - 0 1; a1a3 R1a3, a5a3 R5a3
chess; 1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1; h1e1 Q1e1, e4e1 Qee1, h4e1 Qh4e1
chess; rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2; d8h4 Qh4#
// Qc7 is stalemate (a draw in chess): no mark.
chess; k7/8/1Q6/8/8/8/8/7K w - - 0 1; b6b7 Qb7+, b6c7 Qc7
// Empire Chess: the Empire's pieces, Soldiers included, take their letters.
empire; rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1; d3d4 Sd4, b1b2 Eb2, c1c2 Cc2, a1a2 Ta2, d1d2 Dd2, e1f2 Kf2
empire; rnbqkbnr/pppp1ppp/8/8/3SpS2/8/8/TECDKCET w kq - 0 1; d4e4 Sdxe4, f4e4 Sfxe4, d4c4 Sc4
empire; 4k3/3p4/8/8/3S1S2/4S3/8/5K2 w - - 0 1; e3e4 See4, d4e4 Sde4
empire; 1S2k3/3p4/8/8/8/8/8/5K2 w - - 0 1; b8c8 Sc8
// Empire en passant, and one that opens the file between the kings (not check).
empire; rnbqkbnr/pppp1ppp/8/3Pp3/8/8/8/TECDKCET w kq e6 0 1; d5e6 dxe6
empire; 3k4/8/8/3Pp3/8/8/8/3K4 w - e6 0 1; d5e6 dxe6
empire; rn1qkbn1/pP2p1pr/8/8/8/8/8/TECDKCET w q - 0 1; b7a8q bxa8=Q
// O-O would cross the f-file of the Kaiser on f1 (faceoff).
empire; r3k2r/8/8/8/8/8/8/5K2 b kq - 0 1; e8c8 O-O-O
// Checks by capture pattern: an Eagle checks like a knight, a Tower like a rook.
empire; 4k3/8/8/8/8/8/4p3/4K1E1 w - - 0 1; g1g7 Eg7+, g1e2 Exe2, g1g8 Eg8
empire; 6rk/6pp/8/8/8/1E6/8/5K2 w - - 0 1; b3f7 Ef7#
empire; 4k3/8/8/8/8/8/8/T2K3T w - - 0 1; h1e1 Te1+
empire; 4k3/3p4/8/T7/8/8/8/T4K2 w - - 0 1; a5a3 T5a3
empire; 4k3/3p4/8/8/8/8/8/C1C2K2 w - - 0 1; a1b2 Cab2
empire; 4k3/3p4/8/8/8/8/4n3/3DK3 w - - 0 1; d1e2 Dxe2
// Campmate: no mark of its own; `#` when it also gives check (here a Cardinal's, found by the
// king stepping off its diagonal).
empire; 1n4k1/1K1p4/8/8/8/8/8/8 w - - 0 1; b7a8 Ka8
empire; C7/1K6/8/8/4k3/8/8/8 w - - 0 1; b7c8 Kc8#, b7b6 Kb6+, b7c6 Kc6
empire; 8/8/8/8/8/8/6k1/1K1S4 b - - 0 1; g2g1 Kg1
empire; 8/8/6K1/8/8/8/2k5/1b6 b - - 0 1; c2c1 Kc1#, c2d3 Kd3
// Tg2 is stalemate (a win in Empire): no mark either.
empire; 7k/8/8/8/8/3C4/T7/K7 w - - 0 1; a2g2 Tg2, a2h2 Th2+
// Orda Chess: the Horde's letters; Lancers check along lines, promotions to a Kheshig (H).
orda; lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1; e2e4 e4, g1f3 Nf3
orda; lhaykahl/8/pppppppp/8/4P3/8/PPPP1PPP/RNBQKBNR b KQ - 0 1; a8c7 Lc7, b8d7 Hd7, c8e7 Ae7, d8d7 Yd7, e6e5 e5
orda; 4k3/8/8/4l3/8/8/8/K3R3 b - - 0 1; e5e1 Lxe1+, e8d7 Kd7
orda; 2r5/1P1k4/8/8/8/8/8/4K3 w - - 0 1; b7c8h bxc8=H+, b7b8h b8=H+, b7c8q bxc8=Q+
orda; 4k3/8/8/8/8/8/p7/4K3 b - - 0 1; a2a1h a1=H, a2a1q a1=Q+
orda; 4k3/8/8/2l3l1/8/8/8/4K3 b - - 0 1; c5e4 Lce4+, g5e4 Lge4+, c5e6 Lce6+
orda; 4k3/8/3a4/8/8/8/6P1/K7 b - - 0 1; d6c4 Ac4
orda; 7k/8/8/3y4/8/8/4R3/K7 b - - 0 1; d5e4 Ye4, d5d4 Yd4
";

/// Texts that `parse_san` reads leniently, in the same layout: `text UCI` pairs, the text
/// without spaces.
const LENIENT: &str = "
chess; r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; 0-0 e1g1, 0-0-0+ e1c1, O-O!? e1g1, Nxg6!! e5g6, Ng6 e5g6, Ne5xg6 e5g6, Ne5-g6 e5g6, Nxg6# e5g6, a2-a4 a2a4, Pa4 a2a4, dxe6 d5e6, de6 d5e6, e5g6 e5g6
chess; 1n5k/P7/8/8/8/8/8/7K w - - 0 1; axb8Q a7b8q, axb8=q a7b8q, a8N a7a8n, a7a8r a7a8r
chess; rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3; exf6e.p. e5f6
empire; rn1qkbn1/pP2p1pr/8/8/8/8/8/TECDKCET w q - 0 1; bxa8 b7a8q
empire; rnbqkbnr/pppp1ppp/8/8/3SpS2/8/8/TECDKCET w kq - 0 1; Sdxe4+ d4e4
";

/// A table's rows: the position, and its (first, second) word pairs.
fn rows(table: &str) -> Vec<(Position, Vec<(&str, &str)>)> {
    table
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .map(|line| {
            let fields: Vec<&str> = line.split("; ").collect();
            let [variant, fen, pairs] = fields[..] else {
                panic!("bad row: {line}")
            };
            let pos = position(variant.parse().expect("variant"), fen);
            let pairs = pairs
                .split(", ")
                .map(|pair| pair.split_once(' ').expect("two words"))
                .collect();
            (pos, pairs)
        })
        .collect()
}

fn position(variant: Variant, fen: &str) -> Position {
    Position::from_fen(fen, variant).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn writes_san_as_fairy_stockfish() {
    let mut checked = 0;
    for (pos, pairs) in rows(PYFFISH_SAN) {
        for (uci, san) in pairs {
            checked += 1;
            let m = pos
                .parse_uci_move(uci)
                .unwrap_or_else(|| panic!("{uci} illegal in {pos:?}"));
            assert_eq!(to_san(&pos, m), san, "{pos:?} {uci}");
            assert_eq!(parse_san(&pos, san), Ok(m), "{pos:?} {san}");
        }
    }
    assert_eq!(checked, 71, "pairs read");
}

#[test]
fn campmate_and_stalemate_moves_end_the_game() {
    // The table's marks rest on these: the position after has no legal move.
    for (variant, fen, uci) in [
        (EMPIRE, "1n4k1/1K1p4/8/8/8/8/8/8 w - - 0 1", "b7a8"),
        (EMPIRE, "7k/8/8/8/8/3C4/T7/K7 w - - 0 1", "a2g2"),
    ] {
        let mut pos = position(variant, fen);
        let m = pos.parse_uci_move(uci).expect("legal");
        pos.make_move(m);
        assert!(
            pos.legal_moves().is_empty() && !pos.in_check(),
            "{fen} {uci}"
        );
        assert!(pos.outcome().is_some());
    }
}

#[test]
fn reads_lenient_forms() {
    for (pos, pairs) in rows(LENIENT) {
        for (text, uci) in pairs {
            let m = parse_san(&pos, text).unwrap_or_else(|e| panic!("{pos:?} '{text}': {e}"));
            assert_eq!(m.to_string(), uci, "{pos:?} '{text}'");
        }
    }
    let start = Position::startpos(CHESS);
    assert_eq!(parse_san(&start, "  e4  ").unwrap().to_string(), "e2e4");
    assert_eq!(parse_san(&start, "e4 e.p.").unwrap().to_string(), "e2e4");
}

#[test]
fn reports_bad_moves() {
    let start = Position::startpos(CHESS);
    let syntax = |t: &str| SanError::Syntax(t.to_string());
    for text in [
        "", "   ", "Zf3", "Nf9", "e4z", "xx", "O-O-O-O", "N", "Kée4", "e8=", "--",
    ] {
        assert_eq!(parse_san(&start, text), Err(syntax(text)), "'{text}'");
    }
    for text in ["Nf4", "e5", "O-O", "exd3", "Ke2", "e2e5", "Qxd7"] {
        assert_eq!(
            parse_san(&start, text),
            Err(SanError::Illegal(text.to_string())),
            "'{text}'"
        );
    }
    let rooks = position(CHESS, "7k/8/8/R7/8/8/8/R3K3 w - - 0 1");
    let error = parse_san(&rooks, "Ra3").unwrap_err();
    assert_eq!(
        error,
        SanError::Ambiguous {
            text: "Ra3".to_string(),
            candidates: vec!["a1a3".to_string(), "a5a3".to_string()],
        }
    );
    assert_eq!(error.to_string(), "'Ra3' is ambiguous: it fits a1a3, a5a3");
    let promotion = position(CHESS, "1n5k/P7/8/8/8/8/8/7K w - - 0 1");
    assert!(matches!(
        parse_san(&promotion, "a8"),
        Err(SanError::Ambiguous { .. })
    ));
}

/// Every legal move of `pos` survives writing and reading, in full and without check marks.
fn assert_round_trip(pos: &Position) {
    for m in pos.legal_moves() {
        let san = to_san(pos, m);
        assert_eq!(parse_san(pos, &san), Ok(m), "{} {san}", pos.fen());
        let bare = san.trim_end_matches(['+', '#']);
        assert_eq!(parse_san(pos, bare), Ok(m), "{} {bare}", pos.fen());
    }
}

#[test]
fn round_trip_over_the_perft_suites() {
    for pos in suite_positions() {
        assert_round_trip(&pos);
    }
}

#[test]
fn round_trip_along_random_games() {
    let mut rng = StdRng::seed_from_u64(0x5a4e);
    for game in 0..40 {
        let variant = [EMPIRE, EMPIRE, Variant::Orda, CHESS][game % 4];
        let mut pos = Position::startpos(variant);
        for _ in 0..160 {
            assert_round_trip(&pos);
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            pos.make_move(moves[rng.gen_range(0..moves.len())]);
        }
    }
}

/// Text built from SAN-like pieces, to reach deeper into the reader than random strings do.
fn san_like() -> impl Strategy<Value = String> {
    let atom = prop_oneof![
        Just("x"),
        Just("="),
        Just("+"),
        Just("#"),
        Just("-"),
        Just("O"),
        Just("0"),
        Just("!"),
        Just("?"),
        Just(" "),
        Just("e.p."),
        Just("a"),
        Just("h"),
        Just("1"),
        Just("8"),
        Just("9"),
        Just("N"),
        Just("Q"),
        Just("E"),
        Just("S"),
        Just("K"),
        Just("q"),
        Just("é"),
        Just("e4"),
        Just("d5"),
        Just("e8")
    ];
    prop::collection::vec(atom, 0..8).prop_map(|parts| parts.concat())
}

proptest! {
    #[test]
    fn parse_san_never_panics_on_any_text(text in "\\PC{0,12}") {
        for variant in Variant::ALL {
            let _ = parse_san(&Position::startpos(variant), &text);
        }
    }

    #[test]
    fn parse_san_never_panics_on_san_like_text(text in san_like()) {
        let pos = position(CHESS, "1n5k/P6p/8/8/8/8/8/R3K2R w KQ - 0 1");
        let _ = parse_san(&pos, &text);
        let _ = parse_san(&Position::startpos(EMPIRE), &text);
    }

    #[test]
    fn parse_san_never_panics_on_mutated_san(row in 0usize..100, column in 0usize..10,
                                            cut in 0usize..8, insert in "\\PC{0,3}") {
        let table = rows(PYFFISH_SAN);
        let (pos, pairs) = &table[row % table.len()];
        let (_, san) = pairs[column % pairs.len()];
        let chars: Vec<char> = san.chars().collect();
        let cut = cut.min(chars.len());
        let mutated: String = chars[..cut].iter().copied().chain(insert.chars())
            .chain(chars[cut..].iter().copied()).collect();
        let _ = parse_san(pos, &mutated);
    }
}
