//! Data generation: the scores a generated game records are from White's view.

use kaiser_engine::search::Engine;
use kaiser_engine::{Color, Variant};
use kaiser_tools::data::{PlyScore, RandomPlies};
use kaiser_tools::datagen::{play, Config, SearchTally};

#[test]
fn scores_are_from_whites_view() {
    // White is a queen up, with Black to move.
    let fen = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
    let mut config = Config::new(Variant::Chess, vec![fen.to_string()]);
    config.nodes = 500;
    config.random_plies = RandomPlies::fixed(0);
    let game = play(&config, 0, &mut Engine::new(), &mut SearchTally::default());
    assert_eq!(game.start_fen.as_deref(), Some(fen));
    match game.plies[0].1 {
        PlyScore::Cp(cp) => assert!(cp > 500, "{cp}"),
        other => assert_eq!(other, PlyScore::Mate(Color::White)),
    }
}
