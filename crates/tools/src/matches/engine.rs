//! The UCI engine client: one engine process (`process::Process`: started from its command line,
//! its output lines timestamped as they are read), spoken to in UCI and told each game's variant
//! (`UCI_Variant`) when it changes.
//!
//! Every wait has a deadline, so a stalled engine never hangs the match; a closed output means
//! the engine crashed. Dropping an `Engine` kills its process. What the engine says in `info
//! string` lines between games (its answers to the options) goes to standard error.

use super::info::{bestmove, SearchInfo};
use super::process::{Line, Process};
use super::time_control::TimeControl;
use anyhow::{bail, Context, Result};
use kaiser_engine::Variant;
use std::path::PathBuf;
use std::process::Command;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

/// How to start one engine and how it plays.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineConfig {
    /// The name in results and PGN.
    pub name: String,
    /// The program; a relative path is taken from the runner's working directory.
    pub command: PathBuf,
    pub args: Vec<String>,
    /// The engine's working directory (the runner's when `None`).
    pub dir: Option<PathBuf>,
    /// `setoption` name and value pairs, sent in this order after the handshake.
    pub options: Vec<(String, String)>,
    pub time_control: TimeControl,
    /// How far past its time the engine may answer before it forfeits.
    pub time_margin: Duration,
}

/// The name of the option that sets an engine's game.
const VARIANT_OPTION: &str = "UCI_Variant";

impl EngineConfig {
    /// True if the user's options set `UCI_Variant`, which the runner then leaves alone.
    pub fn fixes_variant(&self) -> bool {
        self.options
            .iter()
            .any(|(option, _)| option.eq_ignore_ascii_case(VARIANT_OPTION))
    }
}

/// Why an engine failed during a game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Fault {
    /// The process exited or closed its output; the text says how (its exit status).
    Crash(String),
    /// No answer in time; the text names what was awaited.
    Stall(&'static str),
}

/// An engine's answer to `go`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Reply {
    /// The move of the `bestmove` line, as written.
    pub bestmove: String,
    pub info: SearchInfo,
    /// From sending `go` to reading `bestmove`.
    pub elapsed: Duration,
}

/// How an engine is told which game it plays.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum VariantSetting {
    /// The runner sends `UCI_Variant`: after the other options, and again before a game of
    /// another variant.
    Sent,
    /// The user's options set `UCI_Variant`; the runner leaves it alone.
    Fixed,
    /// The engine has no `UCI_Variant` option, so it plays chess only.
    Undeclared,
}

/// A running engine process.
pub struct Engine {
    config: EngineConfig,
    process: Process,
    variant_setting: VariantSetting,
    /// The variant of the engine's current (or last) game.
    variant: Variant,
}

/// How long a polite `quit` may take before the process is killed.
const QUIT_GRACE: Duration = Duration::from_secs(1);

impl Engine {
    /// Starts the engine, completes the `uci` handshake within `timeout` and sends its options,
    /// then `UCI_Variant` for `variant` (unless the options already set it). A variant other
    /// than chess needs an engine that declares `UCI_Variant` (see `check_plays`).
    pub fn start(config: &EngineConfig, variant: Variant, timeout: Duration) -> Result<Engine> {
        let name = &config.name;
        let mut command = Command::new(&config.command);
        command.args(&config.args);
        if let Some(dir) = &config.dir {
            command.current_dir(dir);
        }
        let process = Process::spawn(command).with_context(|| {
            format!("cannot start engine {name} ({})", config.command.display())
        })?;
        let mut engine = Engine {
            config: config.clone(),
            process,
            variant_setting: VariantSetting::Undeclared,
            variant,
        };
        let declared = engine
            .handshake(timeout)
            .with_context(|| format!("engine {name} failed the uci handshake"))?;
        engine.variant_setting = if config.fixes_variant() {
            VariantSetting::Fixed
        } else if declared
            .iter()
            .any(|o| o.eq_ignore_ascii_case(VARIANT_OPTION))
        {
            VariantSetting::Sent
        } else {
            VariantSetting::Undeclared
        };
        engine.check_plays(variant)?;
        let mut options = config.options.clone();
        if engine.variant_setting == VariantSetting::Sent {
            options.push((VARIANT_OPTION.to_string(), variant.name().to_string()));
        }
        for (option, value) in &options {
            let line = match value.as_str() {
                "" => format!("setoption name {option}"),
                value => format!("setoption name {option} value {value}"),
            };
            engine
                .send(&line)
                .map_err(|fault| anyhow::anyhow!("engine {name}: {}", fault.describe()))?;
        }
        Ok(engine)
    }

    /// Sends `uci` and reads up to `uciok`; returns the names of the declared options.
    fn handshake(&mut self, timeout: Duration) -> Result<Vec<String>> {
        self.send("uci")
            .map_err(|f| anyhow::anyhow!(f.describe()))?;
        let deadline = Instant::now() + timeout;
        let mut options = Vec::new();
        loop {
            let line = match self.next_line(deadline) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    bail!("no uciok within {:.1} s", timeout.as_secs_f64())
                }
                Err(RecvTimeoutError::Disconnected) => bail!(self.crash().describe()),
            };
            if line.text.trim() == "uciok" {
                return Ok(options);
            }
            if let Some(rest) = line.text.trim().strip_prefix("option name ") {
                let name = rest.split(" type ").next().unwrap_or(rest);
                options.push(name.trim().to_string());
            }
        }
    }

    /// An error unless the engine can be given games of `variant`: one without a `UCI_Variant`
    /// option plays chess only.
    pub fn check_plays(&self, variant: Variant) -> Result<()> {
        if self.variant_setting == VariantSetting::Undeclared && variant != Variant::Chess {
            bail!(
                "engine {} has no UCI_Variant option, so it cannot play {variant}",
                self.config.name
            );
        }
        Ok(())
    }

    /// How the engine was started and how it plays.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), Fault> {
        self.process.send(line).map_err(|_| self.crash())
    }

    /// The next line of output, waiting until `deadline` at most.
    fn next_line(&self, deadline: Instant) -> Result<Line, RecvTimeoutError> {
        self.process.next_line(deadline)
    }

    /// Starts a game of `variant` (one the engine plays, see `check_plays`): `setoption name
    /// UCI_Variant value <variant>` if the runner sets the engine's variant and it changes,
    /// `ucinewgame`, then `isready`, answered by `readyok` within `timeout`. Output left over
    /// from earlier searches is skipped, but what the engine says in `info string` lines goes
    /// to standard error under its name: before the first game these are its answers to the
    /// options (a refused value, an unknown name), which must not pass in silence.
    pub fn new_game(&mut self, variant: Variant, timeout: Duration) -> Result<(), Fault> {
        if self.variant_setting == VariantSetting::Sent && variant != self.variant {
            self.send(&format!(
                "setoption name {VARIANT_OPTION} value {}",
                variant.name()
            ))?;
        }
        self.variant = variant;
        self.send("ucinewgame")?;
        self.send("isready")?;
        let deadline = Instant::now() + timeout;
        loop {
            match self.next_line(deadline) {
                Ok(line) if line.text.trim() == "readyok" => return Ok(()),
                Ok(line) => {
                    if let Some(note) = line.text.trim().strip_prefix("info string ") {
                        eprintln!("{}: {note}", self.config.name);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Stall("readyok")),
                Err(RecvTimeoutError::Disconnected) => return Err(self.crash()),
            }
        }
    }

    /// Sends `position` and `go` and waits for `bestmove`. If none has come within `patience`,
    /// sends `stop` and waits `grace` more; an answer then still counts (its `elapsed` tells
    /// whether it came in time), no answer is a stall.
    pub fn think(
        &mut self,
        position: &str,
        go: &str,
        patience: Duration,
        grace: Duration,
    ) -> Result<Reply, Fault> {
        self.send(position)?;
        let sent = Instant::now();
        self.send(go)?;
        let mut info = SearchInfo::default();
        let mut deadline = sent + patience;
        let mut stopped = false;
        loop {
            match self.next_line(deadline) {
                Ok(line) => match bestmove(&line.text) {
                    Some(mv) => {
                        return Ok(Reply {
                            bestmove: mv.to_string(),
                            info,
                            elapsed: line.at.saturating_duration_since(sent),
                        })
                    }
                    None => info.update(&line.text),
                },
                Err(RecvTimeoutError::Timeout) if !stopped => {
                    self.send("stop")?;
                    stopped = true;
                    deadline = Instant::now() + grace;
                }
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Stall("bestmove")),
                Err(RecvTimeoutError::Disconnected) => return Err(self.crash()),
            }
        }
    }

    /// The crash fault, with the exit status if the process has ended by now.
    fn crash(&mut self) -> Fault {
        match self.process.exit_within(Duration::from_millis(200)) {
            Some(status) => Fault::Crash(status.to_string()),
            None => Fault::Crash("output closed".to_string()),
        }
    }

    /// Sends `quit` and gives the engine a moment to exit; it is killed if it has not.
    pub fn quit(mut self) {
        if self.send("quit").is_ok() {
            self.process.exit_within(QUIT_GRACE);
        }
    }
}

impl Fault {
    /// A sentence for logs and error messages.
    pub fn describe(&self) -> String {
        match self {
            Fault::Crash(how) => format!("the engine crashed ({how})"),
            Fault::Stall(what) => format!("the engine stalled (no {what})"),
        }
    }
}
