//! `kaiser match` over several variants in one match: two Kaiser processes play a game pair of
//! each of Empire, Orda and chess from the variants' test openings, and the processes live
//! through all of them. Each engine's input is copied to a log on its way in (`tee`), so the
//! test sees one handshake per engine (never restarted) and a `UCI_Variant` for every change.
//! It stays at the root because it needs the `kaiser` binary, which only this package's tests
//! are given.

use kaiser_engine::notation::parse_pgn;
use kaiser_engine::Variant;
use std::path::Path;
use std::process::Command;

/// The `-engine` arguments of a Kaiser whose input is appended to `log` first.
fn logged_kaiser(name: &str, log: &Path) -> Vec<String> {
    [
        "-engine",
        "cmd=sh",
        "arg=-c",
        r#"arg=tee -a "$0" | "$1""#,
        &format!("arg={}", log.display()),
        concat!("arg=", env!("CARGO_BIN_EXE_kaiser")),
        &format!("name={name}"),
    ]
    .map(String::from)
    .to_vec()
}

#[test]
fn a_mixed_match_keeps_its_engines_through_every_variant() {
    let dir = tempfile::tempdir().unwrap();
    let logs = ["first", "second"].map(|name| dir.path().join(format!("{name}.log")));
    let pgn = dir.path().join("games.pgn");
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/book/{variant}-openings.epd");
    let mut args: Vec<String> = ["match", "-variant", "empire,orda,chess"]
        .map(String::from)
        .to_vec();
    args.extend(logged_kaiser("first", &logs[0]));
    args.extend(logged_kaiser("second", &logs[1]));
    args.extend(
        [
            "-each",
            "depth=2",
            "option.Hash=4",
            "-games",
            "6",
            "-maxmoves",
            "30",
            "-openings",
            &format!("file={openings}"),
            "-pgnout",
            pgn.to_str().unwrap(),
        ]
        .map(String::from),
    );
    let output = Command::new(env!("CARGO_BIN_EXE_kaiser"))
        .args(&args)
        .output()
        .expect("run kaiser match");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(
        stderr.contains("Match first vs second: empire, orda, chess, 6 games"),
        "{stderr}"
    );
    let by_variant = stdout
        .lines()
        .find_map(|line| line.strip_prefix("By variant: "))
        .unwrap_or_else(|| panic!("no score by variant: {stdout}"));
    for variant in ["chess", "empire", "orda"] {
        assert!(by_variant.contains(&format!("{variant}: ")), "{by_variant}");
    }

    let text = std::fs::read_to_string(&pgn).unwrap();
    let variant_tags: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("[Variant "))
        .collect();
    let expected = ["Empire", "Empire", "Orda", "Orda"].map(|v| format!("[Variant \"{v}\"]"));
    assert_eq!(variant_tags, expected, "chess games have no Variant tag");
    let games = parse_pgn(&text).expect("the PGN replays");
    let rotation = [Variant::Empire, Variant::Orda, Variant::Chess];
    assert_eq!(games.len(), 6);
    for game in &games {
        let round: usize = game.tag("Round").unwrap().parse().unwrap();
        let variant = rotation[(round - 1) / 2];
        assert_eq!(game.variant(), variant, "round {round}");
        assert_ne!(
            game.start().fen(),
            variant.start_fen(),
            "round {round} starts from a test opening"
        );
    }

    for log in &logs {
        let sent = std::fs::read_to_string(log).unwrap();
        let lines: Vec<&str> = sent.lines().collect();
        let count = |wanted: &str| lines.iter().filter(|&&l| l == wanted).count();
        assert_eq!(count("uci"), 1, "one process, one handshake:\n{sent}");
        assert_eq!(count("ucinewgame"), 6, "{sent}");
        let variants: Vec<&str> = lines
            .iter()
            .filter_map(|l| l.strip_prefix("setoption name UCI_Variant value "))
            .collect();
        assert_eq!(variants, ["empire", "orda", "chess"], "{sent}");
        let orda = lines.iter().position(|&l| l.ends_with("value orda"));
        let third_game = lines
            .iter()
            .enumerate()
            .filter(|(_, line)| **line == "ucinewgame")
            .nth(2)
            .map(|(at, _)| at);
        assert!(
            orda < third_game,
            "the variant is set before its game:\n{sent}"
        );
    }
}
