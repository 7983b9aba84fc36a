//! Reading one line of UCI input into a `Command`.
//!
//! Simple commands and `setoption` go through `vampirc-uci`. `position` and `go` are read here:
//! vampirc-uci rejects FENs with the Empire's letters, drops promotion letters other than q/r/b/n
//! (`a7a8h` becomes `a7a8`), and keeps depths and move counts in a `u8`.

use vampirc_uci::UciMessage;

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    IsReady,
    Debug,
    SetOption {
        name: String,
        value: Option<String>,
    },
    UciNewGame,
    /// `position`: the FEN (`None` for `startpos`) and the moves, still as text: they can only be
    /// read against the position they are played in.
    Position {
        fen: Option<String>,
        moves: Vec<String>,
    },
    Go(GoCommand),
    Stop,
    PonderHit,
    Quit,
    /// Fairy-Stockfish's `d`: draw the board.
    Display,
    /// `go perft N`.
    Perft(u32),
    Eval,
    Bench,
    /// An empty line: nothing to do.
    Nothing,
    /// Anything else, with the reason it was not understood.
    Unknown(String),
}

/// The parameters of `go`. Times are in milliseconds and may be zero or negative.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoCommand {
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<u32>,
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    /// Moves as text, checked against the position when the search starts.
    pub searchmoves: Vec<String>,
}

impl GoCommand {
    /// Whether `go` asks for analysis rather than a move in a game: `depth`, `nodes`, `mate`,
    /// `infinite`, `ponder` or `searchmoves`.
    pub fn asks_for_analysis(&self) -> bool {
        self.depth.is_some()
            || self.nodes.is_some()
            || self.mate.is_some()
            || self.infinite
            || self.ponder
            || !self.searchmoves.is_empty()
    }
}

/// Parses one input line.
pub fn parse(line: &str) -> Command {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Command::Nothing;
    };
    let rest: Vec<&str> = words.collect();
    match first {
        "position" => parse_position(&rest),
        "go" => parse_go(&rest),
        "d" => Command::Display,
        "eval" => Command::Eval,
        "bench" => Command::Bench,
        _ => parse_with_vampirc(line.trim()),
    }
}

fn parse_with_vampirc(line: &str) -> Command {
    match vampirc_uci::parse_one(line) {
        UciMessage::Uci => Command::Uci,
        UciMessage::IsReady => Command::IsReady,
        UciMessage::Debug(_) => Command::Debug,
        UciMessage::SetOption { name, value } => Command::SetOption { name, value },
        UciMessage::UciNewGame => Command::UciNewGame,
        UciMessage::Stop => Command::Stop,
        UciMessage::PonderHit => Command::PonderHit,
        UciMessage::Quit => Command::Quit,
        _ => Command::Unknown(format!("Unknown command: '{line}'")),
    }
}

fn parse_position(words: &[&str]) -> Command {
    let moves_at = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let moves = words.get(moves_at + 1..).unwrap_or_default();
    let moves = moves.iter().map(|m| m.to_string()).collect();
    match words.first() {
        Some(&"startpos") if moves_at == 1 => Command::Position { fen: None, moves },
        Some(&"fen") if moves_at > 1 => Command::Position {
            fen: Some(words[1..moves_at].join(" ")),
            moves,
        },
        _ => Command::Unknown(format!(
            "Invalid position command: expected 'position startpos|fen <FEN> [moves ...]', got \
             'position {}'",
            words.join(" ")
        )),
    }
}

/// `go` keywords that take no value.
const GO_FLAGS: [&str; 2] = ["infinite", "ponder"];
/// Every `go` keyword, which ends a `searchmoves` list.
const GO_KEYWORDS: [&str; 13] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

fn parse_go(words: &[&str]) -> Command {
    let mut go = GoCommand::default();
    let mut i = 0;
    while i < words.len() {
        let keyword = words[i];
        i += 1;
        if GO_FLAGS.contains(&keyword) {
            go.infinite |= keyword == "infinite";
            go.ponder |= keyword == "ponder";
            continue;
        }
        if keyword == "searchmoves" {
            while i < words.len() && !GO_KEYWORDS.contains(&words[i]) {
                go.searchmoves.push(words[i].to_string());
                i += 1;
            }
            continue;
        }
        let Some(value) = words.get(i) else {
            return Command::Unknown(format!("Invalid go command: '{keyword}' needs a value"));
        };
        i += 1;
        let bad_value = || Command::Unknown(format!("Invalid go command: '{keyword} {value}'"));
        match keyword {
            "perft" => return value.parse().map_or_else(|_| bad_value(), Command::Perft),
            "wtime" | "btime" | "winc" | "binc" => {
                let Some(ms) = parse_number(value) else {
                    return bad_value();
                };
                let slot = match keyword {
                    "wtime" => &mut go.wtime,
                    "btime" => &mut go.btime,
                    "winc" => &mut go.winc,
                    _ => &mut go.binc,
                };
                *slot = Some(ms);
            }
            "movestogo" | "depth" | "mate" => {
                let Some(n) = parse_number(value) else {
                    return bad_value();
                };
                let n = Some(n.clamp(0, u32::MAX as i64) as u32);
                match keyword {
                    "movestogo" => go.movestogo = n,
                    "depth" => go.depth = n,
                    _ => go.mate = n,
                }
            }
            "movetime" | "nodes" => {
                let Some(n) = parse_number(value) else {
                    return bad_value();
                };
                let n = Some(n.max(0) as u64);
                match keyword {
                    "movetime" => go.movetime = n,
                    _ => go.nodes = n,
                }
            }
            _ => return Command::Unknown(format!("Invalid go command: unknown '{keyword}'")),
        }
    }
    Command::Go(go)
}

/// Reads an integer, saturating values too large for an `i64` (GUIs send huge clocks).
fn parse_number(text: &str) -> Option<i64> {
    text.parse().ok().or_else(|| {
        let digits = text.strip_prefix('-').unwrap_or(text);
        let all_digits = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        all_digits.then_some(if text.starts_with('-') {
            i64::MIN
        } else {
            i64::MAX
        })
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Words GUIs send, mixed with junk, for keyword-soup tests.
    pub(crate) const SOUP: [&str; 30] = [
        "position",
        "fen",
        "startpos",
        "moves",
        "go",
        "depth",
        "wtime",
        "btime",
        "movestogo",
        "-5",
        "0",
        "1",
        "99999999999999999999999",
        "searchmoves",
        "e2e4",
        "a7a8h",
        "e1f2",
        "infinite",
        "ponder",
        "perft",
        "setoption",
        "name",
        "value",
        "Hash",
        "UCI_Variant",
        "empire",
        "k7/8/8/8/8/8/8/K7",
        "w",
        "-",
        "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET",
    ];

    proptest! {
        #[test]
        fn any_line_parses_without_panic(line in "\\PC{0,200}") {
            let _ = parse(&line);
        }

        #[test]
        fn keyword_soup_parses_without_panic(
            words in prop::collection::vec(prop::sample::select(SOUP.to_vec()), 0..24)
        ) {
            let _ = parse(&words.join(" "));
        }
    }

    #[test]
    fn position_with_empire_fen_and_moves() {
        let cmd =
            parse("position fen rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1 moves e1f2");
        assert_eq!(
            cmd,
            Command::Position {
                fen: Some("rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1".into()),
                moves: vec!["e1f2".into()],
            }
        );
    }

    #[test]
    fn promotion_letters_are_kept() {
        let cmd = parse("position startpos moves a7a8h d2d1q");
        assert_eq!(
            cmd,
            Command::Position {
                fen: None,
                moves: vec!["a7a8h".into(), "d2d1q".into()]
            }
        );
    }

    #[test]
    fn go_with_everything() {
        let Command::Go(go) = parse(
            "go wtime -100 btime 99999999999999999999 winc 0 binc 5 movestogo 300 depth 900 \
             nodes 5 mate 3 searchmoves e2e4 a7a8h ponder",
        ) else {
            panic!("not a go command");
        };
        assert_eq!(go.wtime, Some(-100));
        assert_eq!(go.btime, Some(i64::MAX));
        assert_eq!(go.movestogo, Some(300));
        assert_eq!(go.depth, Some(900));
        assert_eq!(
            go.searchmoves,
            vec!["e2e4".to_string(), "a7a8h".to_string()]
        );
        assert!(go.ponder && !go.infinite);
    }

    #[test]
    fn bad_input_is_reported() {
        assert!(matches!(parse("position"), Command::Unknown(_)));
        assert!(matches!(parse("position fen"), Command::Unknown(_)));
        assert!(matches!(parse("go depth"), Command::Unknown(_)));
        assert!(matches!(parse("go depth x"), Command::Unknown(_)));
        assert!(matches!(parse("go perft 3"), Command::Perft(3)));
        assert!(matches!(parse("fly me to the moon"), Command::Unknown(_)));
        assert_eq!(parse("   "), Command::Nothing);
    }
}
