//! Reading one line of XBoard's protocol (CECP, version 2) into a `Command`. Malformed lines
//! become `Command::Error`, which the session answers with the protocol's `Error (...): ...`.

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `xboard` (again), `accepted`, `rejected`, `random`, `computer`-like commands and others
    /// that need no action.
    Nothing,
    Protover(u32),
    New,
    Variant(String),
    Force,
    Go,
    PlayOther,
    /// `usermove MOVE`, or a move sent as a bare line: still text, read against the position.
    Move(String),
    /// `level MPS BASE INC`: moves per session (0 for the whole game), base time, increment.
    Level {
        mps: u32,
        base_ms: u64,
        inc_ms: u64,
    },
    /// `st TIME`: a fixed time per move.
    St(u64),
    /// `sd DEPTH`.
    Sd(u32),
    /// `time N`: the engine's clock, in centiseconds.
    Time(i64),
    /// `otim N`: the opponent's clock, in centiseconds (read, not used).
    Otim(i64),
    /// `?`: move now.
    MoveNow,
    Ping(String),
    SetBoard(String),
    Undo,
    Remove,
    /// `result RESULT {COMMENT}`: the game is over.
    Result,
    /// `post` (true) or `nopost`.
    Post(bool),
    /// `hard` (true) or `easy`.
    Ponder(bool),
    /// `memory N`, in MiB.
    Memory(i64),
    /// `cores N`.
    Cores(i64),
    /// `option NAME[=VALUE]`.
    Option {
        name: String,
        value: Option<String>,
    },
    Analyze,
    /// `exit`: leave analysis mode.
    Exit,
    /// `.`: a status update in analysis mode.
    Status,
    Hint,
    /// `computer`: the opponent is an engine.
    Computer,
    /// `d`: show the board (not part of the protocol; Fairy-Stockfish has it too).
    Display,
    Quit,
    /// What cannot be carried out: `Error (<kind>): <command>`.
    Error {
        kind: String,
        command: String,
    },
}

/// Parses one input line.
pub fn parse(line: &str) -> Command {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    };
    let error = |kind: &str| Command::Error {
        kind: kind.to_string(),
        command: line.to_string(),
    };
    let number = |text: &str| text.parse::<i64>().ok();
    match word {
        "" => Command::Nothing,
        "xboard" | "accepted" | "rejected" | "random" | "name" | "rating" | "ics" | "draw"
        | "hover" | "put" | "lift" | "bk" => Command::Nothing,
        "protover" => match number(rest) {
            Some(n) if n >= 1 => Command::Protover(n.min(u32::MAX as i64) as u32),
            _ => error("bad protocol version"),
        },
        "new" => Command::New,
        "variant" if !rest.is_empty() => Command::Variant(rest.to_string()),
        "variant" => error("variant needs a name"),
        "force" => Command::Force,
        "go" => Command::Go,
        "playother" => Command::PlayOther,
        "usermove" if !rest.is_empty() && !rest.contains(char::is_whitespace) => {
            Command::Move(rest.to_string())
        }
        "usermove" => error("usermove needs one move"),
        "level" => parse_level(rest).unwrap_or_else(|| error("level needs MPS BASE INC")),
        "st" => match seconds_to_ms(rest) {
            Some(ms) => Command::St(ms),
            None => error("st needs seconds"),
        },
        "sd" => match number(rest) {
            Some(depth) if depth >= 1 => Command::Sd(depth.min(u32::MAX as i64) as u32),
            _ => error("sd needs a depth of at least 1"),
        },
        "time" | "otim" => match number(rest) {
            Some(cs) if word == "time" => Command::Time(cs),
            Some(cs) => Command::Otim(cs),
            None => error("needs centiseconds"),
        },
        "?" => Command::MoveNow,
        "ping" => Command::Ping(rest.to_string()),
        "setboard" if !rest.is_empty() => Command::SetBoard(rest.to_string()),
        "setboard" => error("setboard needs a FEN"),
        "undo" => Command::Undo,
        "remove" => Command::Remove,
        "result" => Command::Result,
        "post" => Command::Post(true),
        "nopost" => Command::Post(false),
        "hard" => Command::Ponder(true),
        "easy" => Command::Ponder(false),
        "memory" => number(rest).map_or_else(|| error("memory needs MiB"), Command::Memory),
        "cores" => number(rest).map_or_else(|| error("cores needs a number"), Command::Cores),
        "option" if !rest.is_empty() => match rest.split_once('=') {
            Some((name, value)) => Command::Option {
                name: name.trim().to_string(),
                value: Some(value.trim().to_string()),
            },
            None => Command::Option {
                name: rest.to_string(),
                value: None,
            },
        },
        "option" => error("option needs a name"),
        "analyze" => Command::Analyze,
        "exit" => Command::Exit,
        "." => Command::Status,
        "hint" => Command::Hint,
        "computer" => Command::Computer,
        "d" => Command::Display,
        "quit" => Command::Quit,
        _ if rest.is_empty() && looks_like_move(word) => Command::Move(word.to_string()),
        _ => error("unknown command"),
    }
}

/// `level MPS BASE INC`, BASE in minutes or `minutes:seconds` (anything after is ignored, as the
/// protocol asks), INC in seconds, maybe fractional.
fn parse_level(rest: &str) -> Option<Command> {
    let mut words = rest.split_whitespace();
    let mps: u32 = words.next()?.parse().ok()?;
    let base = words.next()?;
    let inc = words.next()?;
    if words.next().is_some() {
        return None;
    }
    let digits = |text: &str| -> Option<u64> {
        let end = text
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len());
        text[..end].parse().ok()
    };
    let base_ms = match base.split_once(':') {
        Some((minutes, seconds)) => (minutes.parse::<u64>().ok()? * 60 + digits(seconds)?) * 1000,
        None => digits(base)? * 60_000,
    };
    Some(Command::Level {
        mps,
        base_ms,
        inc_ms: seconds_to_ms(inc)?,
    })
}

/// A non-negative number of seconds, maybe fractional, in milliseconds.
fn seconds_to_ms(text: &str) -> Option<u64> {
    let seconds: f64 = text.parse().ok()?;
    (seconds.is_finite() && seconds >= 0.0).then(|| (seconds * 1000.0).round().min(1e15) as u64)
}

/// Coordinate notation as XBoard sends it: `e2e4`, `e7e8q`.
fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    (b.len() == 4 || b.len() == 5 && b[4].is_ascii_lowercase())
        && square(b[0], b[1])
        && square(b[2], b[3])
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_line_parses_without_panic(line in "\\PC{0,120}") {
            let _ = parse(&line);
        }
    }

    #[test]
    fn commands_are_read() {
        assert_eq!(parse("protover 2"), Command::Protover(2));
        assert_eq!(parse("usermove e2e4"), Command::Move("e2e4".into()));
        assert_eq!(parse("e7e8h"), Command::Move("e7e8h".into()));
        assert_eq!(
            parse("level 40 5 0"),
            Command::Level {
                mps: 40,
                base_ms: 300_000,
                inc_ms: 0
            }
        );
        assert_eq!(
            parse("level 0 0:30 0.5"),
            Command::Level {
                mps: 0,
                base_ms: 30_000,
                inc_ms: 500
            }
        );
        assert_eq!(
            parse("level 40 25+5 0"),
            Command::Level {
                mps: 40,
                base_ms: 1_500_000,
                inc_ms: 0
            }
        );
        assert_eq!(parse("st 3"), Command::St(3000));
        assert_eq!(parse("time -250"), Command::Time(-250));
        assert_eq!(
            parse("option Skill Level=5"),
            Command::Option {
                name: "Skill Level".into(),
                value: Some("5".into())
            }
        );
        assert_eq!(
            parse("option Clear Hash"),
            Command::Option {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert_eq!(
            parse("setboard 8/8/8/8/8/8/8/K6k w - - 0 1"),
            Command::SetBoard("8/8/8/8/8/8/8/K6k w - - 0 1".into())
        );
    }

    #[test]
    fn bad_input_is_an_error() {
        for line in [
            "level",
            "level 40 x 0",
            "level 40 5 0 7",
            "st -1",
            "sd 0",
            "sd deep",
            "time",
            "usermove",
            "usermove e2e4 e7e5",
            "memory lots",
            "protover x",
            "fly me to the moon",
            "e2e9",
        ] {
            assert!(matches!(parse(line), Command::Error { .. }), "{line}");
        }
        assert_eq!(
            parse("frobnicate"),
            Command::Error {
                kind: "unknown command".into(),
                command: "frobnicate".into()
            }
        );
    }
}
