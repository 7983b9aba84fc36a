//! `kaiser sprt`: the statistics of `crates/tools/tests/stats.rs` from the command line, summed
//! over runs, and bad input refused with a message.

mod common;

use kaiser_tools::stats::{Decision, Pentanomial, Sprt};

fn kaiser_sprt(args: &[&str]) -> std::process::Output {
    common::kaiser(&[&["sprt"], args].concat())
}

#[test]
fn kaiser_sprt_sums_runs_and_judges_them_like_the_match_runner() {
    let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05);
    let summed = Pentanomial {
        counts: [13, 1, 60, 2, 81],
    };
    let output = kaiser_sprt(&["elo0=0", "elo1=10", "9,0,40,0,41", "[4, 1, 20, 2, 40]"]);
    assert!(output.status.success(), "{output:?}");
    let text = common::text(&output.stdout);
    assert!(text.contains("Pairs: 157 (314 games)"), "{text}");
    assert!(text.contains("Ptnml(0-2): [13, 1, 60, 2, 81]"), "{text}");
    assert!(
        text.contains(&format!("LLR {:.2} [-2.94, 2.94]", sprt.llr(&summed))),
        "{text}"
    );
    assert_eq!(sprt.decide(sprt.llr(&summed)), Decision::AcceptH1);
    assert!(text.contains("H1 accepted"), "{text}");
    // One run alone is still undecided (the match runner's 1.68 for it).
    let one = kaiser_sprt(&["elo0=0", "elo1=10", "model=normalized", "9,0,40,0,41"]);
    let text = common::text(&one.stdout);
    assert!(
        text.contains("LLR 1.68") && text.contains("no decision"),
        "{text}"
    );
}

#[test]
fn kaiser_sprt_refuses_bad_input_with_a_message() {
    for (args, message) in [
        (vec!["elo0=0", "elo1=10"], "no results"),
        (vec!["elo1=10", "1,2,3,4,5"], "elo0= is missing"),
        (
            vec!["elo0=5", "elo1=0", "1,2,3,4,5"],
            "elo0 must be below elo1",
        ),
        (
            vec!["elo0=0", "elo1=5", "alpha=0.7", "1,2,3,4,5"],
            "alpha must be",
        ),
        (vec!["elo0=0", "elo1=5", "1,2,3,4"], "five counts"),
        (vec!["elo0=0", "elo1=5", "1,2,x,4,5"], "'x' is not a count"),
        (vec!["elo0=0", "elo1=5", "0,0,0,0,0"], "no game pairs"),
        (
            vec!["elo0=0", "elo1=5", "speed=3", "1,2,3,4,5"],
            "unknown key 'speed'",
        ),
    ] {
        let output = kaiser_sprt(&args);
        let stderr = common::text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}
