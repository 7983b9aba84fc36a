//! A match of several variants refuses, before its first game, an engine that cannot play one
//! of them: here a shell-script engine without a `UCI_Variant` option (so chess only), in a
//! match whose first game is chess. (`tests/match_mixed.rs` at the root plays a mixed match of
//! two Kaiser processes.)

use kaiser_tools::matches::{cli, runner};

/// A UCI engine in one line of shell: it declares no option and answers `uci` and `isready`.
const CHESS_ONLY: &str = "while read line; do case $line in \
                          uci) echo uciok;; isready) echo readyok;; quit) exit;; esac; done";

#[test]
fn an_engine_without_uci_variant_is_refused_before_the_first_game() {
    let args: Vec<String> = [
        "-variant",
        "chess,empire",
        "-engine",
        "cmd=sh",
        "arg=-c",
        &format!("arg={CHESS_ONLY}"),
        "name=plain",
        "-engine",
        "cmd=sh",
        "arg=-c",
        &format!("arg={CHESS_ONLY}"),
        "name=other",
        "-depth",
        "1",
    ]
    .map(String::from)
    .to_vec();
    let parsed = cli::parse(&args).unwrap().expect("not a help request");
    let mut played = 0;
    let error = runner::run(&parsed.config, |_, _| played += 1).expect_err("the match is refused");
    assert_eq!(played, 0);
    assert!(
        format!("{error:#}")
            .contains("engine plain has no UCI_Variant option, so it cannot play empire"),
        "{error:#}"
    );
}
