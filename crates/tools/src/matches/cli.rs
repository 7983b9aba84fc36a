//! The command line of `kaiser match`, in cutechess-cli's style: options start with `-` and take
//! either one value (`-games 100`) or `key=value` pairs (`-engine cmd=./kaiser name=new`).
//! `parse` turns the arguments into a `MatchConfig`; `run` plays the match.

use super::adjudication::{Adjudication, DrawRule, ResignRule};
use super::engine::EngineConfig;
use super::openings::{self, Order};
use super::progress::{self, MatchProgress};
use super::runner::{self, MatchConfig, VariantOpenings};
use super::time_control::{parse_seconds, ClockSpec, TimeControl};
use crate::stats::{EloModel, Sprt};
use anyhow::{bail, ensure, Context, Result};
use kaiser_engine::Variant;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// `kaiser match`'s arguments: clap takes them whole, `parse` reads them.
#[derive(Debug, clap::Args)]
#[command(
    about = "Plays a match between two UCI engines, Kaiser arbitrating",
    long_about = LONG_ABOUT,
    override_usage = "kaiser match -engine cmd=PATH [KEY=VALUE...] -engine cmd=PATH [KEY=VALUE...] \
                      [OPTIONS]",
    after_long_help = AFTER_HELP
)]
pub struct Args {
    /// The match, in cutechess-cli's syntax: -engine, -each and the options below
    #[arg(
        value_name = "OPTIONS",
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    options: Vec<String>,
}

const LONG_ABOUT: &str = "\
Engine-vs-engine matches with Kaiser as the arbiter.

Plays games between two UCI engines (Kaiser builds, Fairy-Stockfish, anything that speaks UCI)
for Empire, Orda or chess, or several of them in one match. Kaiser checks every move against
its rules and keeps the clocks: an illegal move, a crash, a stall or a time forfeit loses.
Games end by the rules (checkmate, stalemate, campmate, repetition, 50-move rule, and in chess
insufficient material) or by optional adjudication. Each opening is played twice, colours
swapped; results are counted per game and per game pair (pentanomial), and an SPRT can stop
the match early. Results are from the first engine's point of view.";

const AFTER_HELP: &str = r#"Engines (-engine twice; -each for settings both share, which -engine overrides):
  cmd=PATH           the engine program (relative to the current directory)
  name=NAME          its name in results and PGN (default: the program's file name)
  dir=DIR            working directory of the engine process
  arg=ARG            a command-line argument for the program (repeat for more)
  option.NAME=VALUE  a UCI option, sent as `setoption name NAME value VALUE`, in the
                     order given; e.g. option.Hash=16 option.Threads=1
  tc=TC              clock: [MOVES/]SECONDS[+INCREMENT], e.g. 5+0.05, 40/60, 40/1:30+0.5
  st=SECONDS         fixed time per move (go movetime)
  nodes=N            node limit per move (go nodes)
  depth=N            depth limit per move (go depth; plies=N is the same)
  timemargin=MS      how late an engine may answer before it forfeits (default 50)
  proto=uci          the protocol (only UCI is spoken)
  Unless option.UCI_Variant is given, `setoption name UCI_Variant value <variant>` is sent
  after the other options to every engine that declares UCI_Variant, and again before a
  game of another variant; for a variant other than chess the engine must declare it.
  Fairy-Stockfish needs its variants file for Empire and Orda:
  option.VariantPath=/path/to/variants.ini.

Match:
  -variant NAME[,NAME...]
                     empire (default), orda or chess; several, comma-separated (or all:
                     chess,empire,orda), make a mixed match: game pairs take the variants
                     in turn (pair 1 the first, pair 2 the second, ...), each variant
                     with its own openings, and the engine processes play them all, told
                     each game's variant with UCI_Variant before its ucinewgame. The
                     score and the SPRT are over all games, the summary adds a score per
                     variant. option.UCI_Variant cannot be given with several variants.
  -tc TC, -st SECONDS, -nodes N, -depth N, -timemargin MS
                     the same as the keys above, for both engines
  -games N           games per round (default 2)
  -rounds N          rounds (default 1); the match plays rounds x games games
  -concurrency N     games played at once, each by its own engine processes (default 1)
  -openings file=FILE [format=epd|fen] [order=sequential|random] [start=N]
                     starting positions, one a line: full FENs or EPD lines (4 fields
                     and operations such as `hmvc 0; fmvn 1;`); default: the variant's
                     start position. Games 2k-1 and 2k play opening k with colours
                     swapped; openings are cycled when there are fewer than pairs.
                     {variant} in FILE stands for the variant's name, and with several
                     variants it must be there: file=book/{variant}-openings.epd plays
                     each variant from its test openings (order and start apply to each
                     variant's list).
  -repeat            play each opening with both colours (always on; accepted for
                     cutechess-cli compatibility)
  -seed N            seed of the random opening order (default: from the clock; printed)
  -pgnout FILE       append every finished game to FILE (SAN, with per-move comments
                     {score/depth time} and Variant, FEN, TimeControl, Termination tags)
  -stalltimeout SECONDS
                     how long an engine may take to answer isready, to answer after
                     stop when its time is up, or to finish a search without a time
                     limit (nodes/depth) before it is stopped (default 10)
  -help              this text

Statistics and adjudication:
  -sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=normalized|logistic]
                     stop as soon as the SPRT (fishtest's generalized SPRT on game pairs)
                     accepts H0 (Elo <= E0) or H1 (Elo >= E1); Elo is normalized Elo by
                     default, as on fishtest
  -resign movecount=N score=CP [twosided=true|false]
                     an engine whose score is CP centipawns or more below zero for N
                     consecutive moves loses; with twosided=true only if the opponent's
                     score is CP or more above zero all along
  -draw movenumber=M movecount=N score=CP
                     after M full moves, a draw once both engines' scores stay within CP
                     of zero for N consecutive moves each
  -maxmoves N        a draw once N full moves have been played

Output: a line per finished game and a status line (progress bar, W/D/L, Elo with its 95%
interval, pentanomial counts, LLR with the SPRT bounds) on standard error, redrawn in place on
a terminal and printed after every game otherwise; the final summary on standard output.
What an engine says in `info string` lines between games (its answers to the options: a
refused value, an unknown name) also goes to standard error, under the engine's name.

Example (an SPRT of a new build against an old one, 2 games at a time):
  kaiser match -variant empire \
    -engine cmd=./kaiser-new name=new -engine cmd=./kaiser-old name=old \
    -each option.Hash=16 option.Threads=1 tc=5+0.05 \
    -openings file=book/empire-openings.epd order=random -games 2 -rounds 500 \
    -concurrency 2 -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 -pgnout new-vs-old.pgn

A mixed match, the engines living through all three games:
  kaiser match -variant empire,orda,chess \
    -engine cmd=./kaiser-new name=new -engine cmd=./kaiser-old name=old \
    -each tc=1+0.01 -openings file=book/{variant}-openings.epd order=random -games 2 -rounds 30

Fairy-Stockfish as an opponent:
  kaiser match -engine cmd=target/release/kaiser \
    -engine cmd=./fairy-stockfish option.VariantPath=variants.ini \
    -each tc=10+0.1 -games 20"#;

/// An option and the values that follow it.
struct Group<'a> {
    flag: &'a str,
    values: Vec<&'a str>,
}

/// Splits the arguments at every token starting with `-`.
fn groups(args: &[String]) -> Result<Vec<Group<'_>>> {
    let mut groups: Vec<Group> = Vec::new();
    for arg in args {
        match (arg.strip_prefix('-'), groups.last_mut()) {
            (Some(flag), _) if !flag.is_empty() => groups.push(Group {
                flag: flag.trim_start_matches('-'),
                values: Vec::new(),
            }),
            (_, Some(group)) => group.values.push(arg),
            (_, None) => bail!("expected an option such as -engine, found '{arg}'"),
        }
    }
    Ok(groups)
}

impl<'a> Group<'a> {
    /// The only value of an option that takes one.
    fn value(&self) -> Result<&'a str> {
        match self.values.as_slice() {
            [value] => Ok(value),
            [] => bail!("-{} needs a value", self.flag),
            [_, extra, ..] => bail!("-{}: unexpected '{extra}'", self.flag),
        }
    }

    /// The one value of the option, parsed.
    fn parse<T: FromStr>(&self) -> Result<T>
    where
        T::Err: std::fmt::Display,
    {
        let value = self.value()?;
        value
            .parse()
            .map_err(|e| anyhow::anyhow!("-{}: bad value '{value}' ({e})", self.flag))
    }

    /// The `key=value` pairs of the option.
    fn pairs(&self) -> Result<Vec<(&'a str, &'a str)>> {
        self.values
            .iter()
            .map(|v| {
                v.split_once('=')
                    .with_context(|| format!("-{}: expected key=value, found '{v}'", self.flag))
            })
            .collect()
    }
}

/// Parses `value` of `key` for option `flag`.
fn parse_key<T: FromStr>(flag: &str, key: &str, value: &str) -> Result<T> {
    value
        .parse()
        .ok()
        .with_context(|| format!("-{flag}: bad {key} '{value}'"))
}

/// A positive whole number.
fn positive<T: FromStr + PartialOrd + Default>(flag: &str, key: &str, value: &str) -> Result<T> {
    let n: T = parse_key(flag, key, value)?;
    ensure!(n > T::default(), "-{flag}: {key} must be positive");
    Ok(n)
}

/// What one `-engine` or `-each` says; unset fields are filled from `-each`, then defaults.
#[derive(Clone, Default)]
struct EngineSpec {
    command: Option<PathBuf>,
    name: Option<String>,
    dir: Option<PathBuf>,
    args: Vec<String>,
    options: Vec<(String, String)>,
    time_control: TimeControl,
    time_margin: Option<Duration>,
}

/// Sets one time-control key (`tc`, `st`, `nodes`, `depth`, `plies`, `timemargin`) in `spec`;
/// false if `key` is none of them.
fn set_limit(spec: &mut EngineSpec, flag: &str, key: &str, value: &str) -> Result<bool> {
    let tc = &mut spec.time_control;
    match key {
        "tc" => tc.clock = Some(ClockSpec::parse(value)?),
        "st" => {
            let time =
                parse_seconds(value).with_context(|| format!("-{flag}: bad st '{value}'"))?;
            ensure!(!time.is_zero(), "-{flag}: st must be positive");
            tc.movetime = Some(time);
        }
        "nodes" => tc.nodes = Some(positive(flag, key, value)?),
        "depth" | "plies" => tc.depth = Some(positive(flag, key, value)?),
        "timemargin" => {
            spec.time_margin = Some(Duration::from_millis(parse_key(flag, key, value)?))
        }
        _ => return Ok(false),
    }
    Ok(true)
}

impl EngineSpec {
    fn parse(group: &Group) -> Result<EngineSpec> {
        let flag = group.flag;
        let mut spec = EngineSpec::default();
        for (key, value) in group.pairs()? {
            if let Some(option) = key.strip_prefix("option.") {
                ensure!(!option.is_empty(), "-{flag}: option. needs a name");
                spec.options.push((option.to_string(), value.to_string()));
                continue;
            }
            if set_limit(&mut spec, flag, key, value)? {
                continue;
            }
            match key {
                "cmd" => spec.command = Some(PathBuf::from(value)),
                "name" => spec.name = Some(value.to_string()),
                "dir" => spec.dir = Some(PathBuf::from(value)),
                "arg" => spec.args.push(value.to_string()),
                "proto" => ensure!(value == "uci", "-{flag}: only proto=uci is supported"),
                _ => bail!("-{flag}: unknown key '{key}'"),
            }
        }
        Ok(spec)
    }

    /// This engine's settings over `each`'s: single values replace, lists follow `each`'s.
    fn over(self, each: &EngineSpec) -> EngineSpec {
        EngineSpec {
            command: self.command.or_else(|| each.command.clone()),
            name: self.name.or_else(|| each.name.clone()),
            dir: self.dir.or_else(|| each.dir.clone()),
            args: [each.args.clone(), self.args].concat(),
            options: [each.options.clone(), self.options].concat(),
            time_control: self.time_control.or(each.time_control),
            time_margin: self.time_margin.or(each.time_margin),
        }
    }

    fn into_config(self, number: usize) -> Result<EngineConfig> {
        let command = self
            .command
            .with_context(|| format!("engine {number} needs cmd=PATH"))?;
        let name = match self.name {
            Some(name) => name,
            None => command
                .file_name()
                .map_or_else(|| format!("engine{number}"), |n| n.to_string_lossy().into()),
        };
        ensure!(
            self.time_control.is_set(),
            "engine {name} has no time control: give -tc, -st, -nodes or -depth \
             (or tc=, st=, nodes=, depth= after -engine or -each)"
        );
        Ok(EngineConfig {
            name,
            command,
            args: self.args,
            dir: self.dir,
            options: self.options,
            time_control: self.time_control,
            time_margin: self.time_margin.unwrap_or(DEFAULT_TIME_MARGIN),
        })
    }
}

pub const DEFAULT_TIME_MARGIN: Duration = Duration::from_millis(50);
pub const DEFAULT_STALL_TIMEOUT: Duration = Duration::from_secs(10);

/// The `-openings` option.
struct OpeningsSpec {
    /// The file, `{variant}` standing for the variant's name.
    file: String,
    order: Order,
    start: usize,
}

/// What stands for the variant's name in `-openings file=`.
const VARIANT_PLACEHOLDER: &str = "{variant}";

impl OpeningsSpec {
    /// The openings of `variant` in playing order.
    fn read(&self, variant: Variant, seed: u64) -> Result<Vec<String>> {
        let file = PathBuf::from(self.file.replace(VARIANT_PLACEHOLDER, variant.name()));
        let fens = openings::read_file(&file, variant)?;
        Ok(openings::arrange(fens, self.order, seed, self.start))
    }
}

/// The variants of `-variant`: one name, several separated by commas, or `all`.
fn parse_variants(group: &Group) -> Result<Vec<Variant>> {
    let value = group.value()?;
    if value == "all" {
        return Ok(Variant::ALL.to_vec());
    }
    let mut variants = Vec::new();
    for name in value.split(',') {
        let variant: Variant = name.parse().map_err(|e| anyhow::anyhow!("-variant: {e}"))?;
        ensure!(
            !variants.contains(&variant),
            "-variant: {variant} is named twice"
        );
        variants.push(variant);
    }
    Ok(variants)
}

/// Each variant of the match with its openings (`seed` orders them at random). With several
/// variants the runner sets each game's variant, so no engine may fix it, and an openings file
/// must name the variant.
fn variant_plans(
    variants: Vec<Variant>,
    engines: &[EngineConfig],
    openings: Option<&OpeningsSpec>,
    seed: u64,
) -> Result<Vec<VariantOpenings>> {
    if variants.len() > 1 {
        if let Some(engine) = engines.iter().find(|engine| engine.fixes_variant()) {
            bail!(
                "engine {}: option.UCI_Variant cannot be given in a match of several variants \
                 (the runner sets each game's variant)",
                engine.name
            );
        }
        if let Some(spec) = openings {
            ensure!(
                spec.file.contains(VARIANT_PLACEHOLDER),
                "-openings: with several variants, file= needs {VARIANT_PLACEHOLDER} for the \
                 variant's name (e.g. file=book/{VARIANT_PLACEHOLDER}-openings.epd)"
            );
        }
    }
    variants
        .into_iter()
        .map(|variant| {
            let openings = match openings {
                Some(spec) => spec.read(variant, seed)?,
                None => Vec::new(),
            };
            Ok(VariantOpenings { variant, openings })
        })
        .collect()
}

fn parse_openings(group: &Group) -> Result<OpeningsSpec> {
    let mut file = None;
    let mut spec = OpeningsSpec {
        file: String::new(),
        order: Order::Sequential,
        start: 1,
    };
    for (key, value) in group.pairs()? {
        match key {
            "file" => file = Some(value.to_string()),
            "format" => ensure!(
                value == "epd" || value == "fen",
                "-openings: format={value} is not supported (epd or fen; both read FEN and EPD lines)"
            ),
            "order" => {
                spec.order = match value {
                    "sequential" => Order::Sequential,
                    "random" => Order::Random,
                    _ => bail!("-openings: order must be sequential or random, not '{value}'"),
                }
            }
            "start" => spec.start = positive("openings", key, value)?,
            _ => bail!("-openings: unknown key '{key}'"),
        }
    }
    spec.file = file.context("-openings needs file=FILE")?;
    Ok(spec)
}

fn parse_sprt(group: &Group) -> Result<Sprt> {
    sprt_from_keys(group.pairs()?).context("-sprt")
}

/// An SPRT from `elo0=E0 elo1=E1 [alpha=A] [beta=B] [model=normalized|logistic]` (also read by
/// `kaiser sprt`).
pub fn sprt_from_keys<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<Sprt> {
    let (mut elo0, mut elo1) = (None, None);
    let mut sprt = Sprt::new(0.0, 0.0, 0.05, 0.05);
    for (key, value) in pairs {
        let number = || {
            value
                .parse::<f64>()
                .with_context(|| format!("bad {key} '{value}'"))
        };
        match key {
            "elo0" => elo0 = Some(number()?),
            "elo1" => elo1 = Some(number()?),
            "alpha" => sprt.alpha = number()?,
            "beta" => sprt.beta = number()?,
            "model" => {
                sprt.model = match value {
                    "normalized" => EloModel::Normalized,
                    "logistic" => EloModel::Logistic,
                    _ => bail!("model must be normalized or logistic, not '{value}'"),
                }
            }
            _ => bail!("unknown key '{key}'"),
        }
    }
    sprt.elo0 = elo0.context("elo0= is missing")?;
    sprt.elo1 = elo1.context("elo1= is missing")?;
    ensure!(
        sprt.elo0.is_finite() && sprt.elo1.is_finite() && sprt.elo0 < sprt.elo1,
        "elo0 must be below elo1"
    );
    for (name, value) in [("alpha", sprt.alpha), ("beta", sprt.beta)] {
        ensure!(
            value > 0.0 && value < 0.5,
            "{name} must be between 0 and 0.5"
        );
    }
    Ok(sprt)
}

/// Reads the `key=value` pairs of `group`, each key once, all of `required` present.
fn keyed<'a>(
    group: &Group<'a>,
    keys: &[&str],
    required: &[&str],
) -> Result<Vec<(&'a str, &'a str)>> {
    let pairs = group.pairs()?;
    for (key, _) in &pairs {
        ensure!(keys.contains(key), "-{}: unknown key '{key}'", group.flag);
    }
    for key in required {
        ensure!(
            pairs.iter().any(|(k, _)| k == key),
            "-{} needs {key}=",
            group.flag
        );
    }
    Ok(pairs)
}

fn parse_resign(group: &Group) -> Result<ResignRule> {
    let mut rule = ResignRule {
        move_count: 0,
        score: 0,
        two_sided: false,
    };
    for (key, value) in keyed(
        group,
        &["movecount", "score", "twosided"],
        &["movecount", "score"],
    )? {
        match key {
            "movecount" => rule.move_count = positive("resign", key, value)?,
            "score" => rule.score = positive("resign", key, value)?,
            _ => rule.two_sided = parse_key("resign", key, value)?,
        }
    }
    Ok(rule)
}

fn parse_draw(group: &Group) -> Result<DrawRule> {
    let keys = ["movenumber", "movecount", "score"];
    let mut rule = DrawRule {
        move_number: 0,
        move_count: 0,
        score: 0,
    };
    for (key, value) in keyed(group, &keys, &keys)? {
        match key {
            "movenumber" => rule.move_number = parse_key("draw", key, value)?,
            "movecount" => rule.move_count = positive("draw", key, value)?,
            _ => rule.score = parse_key("draw", key, value)?,
        }
    }
    ensure!(rule.score >= 0, "-draw: score must not be negative");
    Ok(rule)
}

/// A parsed command line: the match, and the seed of its random choices.
pub struct Parsed {
    pub config: MatchConfig,
    pub seed: u64,
}

/// Parses the arguments after `match`; `None` when help was asked for.
pub fn parse(args: &[String]) -> Result<Option<Parsed>> {
    let mut variants = vec![Variant::Empire];
    let mut engines = Vec::new();
    let mut each = EngineSpec::default();
    let (mut games, mut rounds, mut concurrency) = (2usize, 1usize, 1usize);
    let mut openings = None;
    let mut seed = None;
    let mut pgn_out = None;
    let mut sprt = None;
    let mut adjudication = Adjudication::default();
    let mut stall_timeout = DEFAULT_STALL_TIMEOUT;
    for group in groups(args)? {
        let flag = group.flag;
        match flag {
            "h" | "help" => return Ok(None),
            "engine" => engines.push(EngineSpec::parse(&group)?),
            "each" => each = EngineSpec::parse(&group)?.over(&each),
            "tc" | "st" | "nodes" | "depth" | "timemargin" => {
                set_limit(&mut each, flag, flag, group.value()?)?;
            }
            "variant" => variants = parse_variants(&group)?,
            "games" => games = positive(flag, "value", group.value()?)?,
            "rounds" => rounds = positive(flag, "value", group.value()?)?,
            "concurrency" => concurrency = positive(flag, "value", group.value()?)?,
            "openings" => openings = Some(parse_openings(&group)?),
            "repeat" => ensure!(group.values.is_empty(), "-repeat takes no value"),
            "seed" => seed = Some(group.parse()?),
            "pgnout" => pgn_out = Some(PathBuf::from(group.value()?)),
            "sprt" => sprt = Some(parse_sprt(&group)?),
            "resign" => adjudication.resign = Some(parse_resign(&group)?),
            "draw" => adjudication.draw = Some(parse_draw(&group)?),
            "maxmoves" => adjudication.max_moves = Some(positive(flag, "value", group.value()?)?),
            "stalltimeout" => {
                stall_timeout = parse_seconds(group.value()?).context("-stalltimeout")?;
                ensure!(!stall_timeout.is_zero(), "-stalltimeout must be positive");
            }
            _ => bail!("unknown option -{flag} (see kaiser match --help)"),
        }
    }
    let [first, second]: [EngineSpec; 2] = engines.try_into().map_err(|engines: Vec<_>| {
        anyhow::anyhow!(
            "a match needs exactly two -engine options, found {}",
            engines.len()
        )
    })?;
    let mut configs = [
        first.over(&each).into_config(1)?,
        second.over(&each).into_config(2)?,
    ];
    if configs[0].name == configs[1].name {
        for (config, number) in configs.iter_mut().zip(1..) {
            config.name = format!("{}-{number}", config.name);
        }
    }
    let seed = seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let variants = variant_plans(variants, &configs, openings.as_ref(), seed)?;
    let games = games.checked_mul(rounds).context("too many games")?;
    Ok(Some(Parsed {
        config: MatchConfig {
            variants,
            adjudication,
            stall_timeout,
            engines: configs,
            games,
            concurrency,
            pgn_out,
            sprt,
        },
        seed,
    }))
}

/// `kaiser match ...`: parses, plays, prints the summary.
pub fn run(args: Args) -> Result<()> {
    let Some(Parsed { config, seed }) = parse(&args.options)? else {
        // `-help` anywhere: the help clap gives for `kaiser match --help`.
        use clap::Args as _;
        Args::augment_args(clap::Command::new("match")).print_long_help()?;
        return Ok(());
    };
    let names = config.engines.each_ref().map(|e| e.name.as_str());
    let variants: Vec<String> = config.variant_list().map(|v| v.to_string()).collect();
    let mixed = config.variants.len() > 1;
    let openings: Vec<String> = config
        .variants
        .iter()
        .map(|plan| {
            let positions = match plan.openings.len() {
                0 => "the start position".to_string(),
                n => format!("{n} positions"),
            };
            match mixed {
                true => format!("{} {positions}", plan.variant),
                false => positions,
            }
        })
        .collect();
    eprintln!(
        "Match {} vs {}: {}, {} games, concurrency {}, openings: {}, seed {seed}",
        names[0],
        names[1],
        variants.join(", "),
        config.games,
        config.concurrency,
        openings.join(", "),
    );
    let progress = MatchProgress::new(config.games, config.sprt);
    let start = Instant::now();
    let report = runner::run(&config, |finished, tally| {
        progress.game_finished(finished, tally)
    })?;
    progress.finish();
    println!(
        "{}",
        progress::summary(names, &report, config.sprt.as_ref(), start.elapsed())
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_line(line: &str) -> Result<MatchConfig> {
        let args: Vec<String> = line.split_whitespace().map(String::from).collect();
        Ok(parse(&args)?.expect("not a help request").config)
    }

    #[test]
    fn engines_take_shared_settings_and_override_them() {
        let config = parse_line(
            "-engine cmd=/bin/new option.Hash=64 st=0.5 -engine cmd=old/kaiser name=old arg=-x \
             -each tc=40/60+0.6 option.Hash=16 option.Threads=1 timemargin=200 -nodes 5000 \
             -variant chess -rounds 3 -games 4 -concurrency 2",
        )
        .unwrap();
        let [new, old] = &config.engines;
        assert_eq!((new.name.as_str(), old.name.as_str()), ("new", "old"));
        assert_eq!(old.command, PathBuf::from("old/kaiser"));
        assert_eq!(old.args, ["-x"]);
        let options = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
            pairs.iter().map(|&(n, v)| (n.into(), v.into())).collect()
        };
        assert_eq!(
            new.options,
            options(&[("Hash", "16"), ("Threads", "1"), ("Hash", "64")])
        );
        assert_eq!(new.time_control.movetime, Some(Duration::from_millis(500)));
        assert_eq!(new.time_control.clock, old.time_control.clock);
        assert_eq!(old.time_control.to_string(), "40/60+0.6");
        assert_eq!(old.time_control.nodes, Some(5000));
        assert_eq!(new.time_margin, Duration::from_millis(200));
        assert_eq!(config.variant_list().collect::<Vec<_>>(), [Variant::Chess]);
        assert_eq!((config.games, config.concurrency), (12, 2));
        assert!(config.variants[0].openings.is_empty() && config.sprt.is_none());
    }

    #[test]
    fn defaults_and_same_names() {
        let config = parse_line("-engine cmd=a/kaiser -engine cmd=b/kaiser -tc 5+0.05").unwrap();
        let names = config.engines.each_ref().map(|e| e.name.clone());
        assert_eq!(names, ["kaiser-1", "kaiser-2"]);
        assert_eq!(config.variant_list().collect::<Vec<_>>(), [Variant::Empire]);
        assert_eq!(config.engines[0].time_margin, DEFAULT_TIME_MARGIN);
        assert_eq!(config.stall_timeout, DEFAULT_STALL_TIMEOUT);
        assert_eq!(config.games, 2);
        assert_eq!(config.adjudication, Adjudication::default());
    }

    #[test]
    fn reads_sprt_and_adjudication() {
        let config = parse_line(
            "-engine cmd=a -engine cmd=b -depth 3 -sprt elo0=0 elo1=5 alpha=0.1 model=logistic \
             -resign movecount=3 score=600 twosided=true -draw movenumber=40 movecount=8 score=10 \
             -maxmoves 200 -stalltimeout 2.5",
        )
        .unwrap();
        let sprt = config.sprt.unwrap();
        assert_eq!(
            (sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta),
            (0.0, 5.0, 0.1, 0.05)
        );
        assert_eq!(sprt.model, EloModel::Logistic);
        let rules = config.adjudication;
        let resign = ResignRule {
            move_count: 3,
            score: 600,
            two_sided: true,
        };
        assert_eq!(rules.resign, Some(resign));
        let draw = DrawRule {
            move_number: 40,
            move_count: 8,
            score: 10,
        };
        assert_eq!(rules.draw, Some(draw));
        assert_eq!(rules.max_moves, Some(200));
        assert_eq!(config.stall_timeout, Duration::from_millis(2500));
    }

    #[test]
    fn rejects_bad_values() {
        for (line, message) in [
            (
                "-engine cmd=a -engine cmd=b -depth 0",
                "depth must be positive",
            ),
            ("-engine cmd=a -engine cmd=b -st 0", "st must be positive"),
            ("-engine cmd=a proto=xboard", "only proto=uci"),
            ("-engine cmd=a colour=red", "unknown key 'colour'"),
            ("-resign movecount=3", "needs score="),
            ("-resign movecount=3 score=5 twosided=maybe", "bad twosided"),
            (
                "-draw movenumber=1 movecount=1 score=1 extra=2",
                "unknown key 'extra'",
            ),
            ("-sprt elo0=0 elo1=5 alpha=0.7", "alpha must be between"),
            ("-openings format=pgn file=x", "format=pgn is not supported"),
            ("-openings order=shuffled file=x", "order must be"),
            ("-pgnout a b", "unexpected 'b'"),
            ("-repeat 2", "takes no value"),
            ("-seed x", "-seed: bad value 'x'"),
            ("-variant empire,xiangqi", "unknown variant"),
            ("-variant orda,chess,orda", "orda is named twice"),
            (
                "-engine cmd=a option.UCI_Variant=orda -engine cmd=b -depth 1 -variant all",
                "option.UCI_Variant cannot be given",
            ),
            (
                "-engine cmd=a -engine cmd=b -depth 1 -variant empire,orda -openings file=x.epd",
                "file= needs {variant}",
            ),
        ] {
            let error = parse_line(line).expect_err(line);
            assert!(format!("{error:#}").contains(message), "{line}: {error:#}");
        }
        assert!(parse(&["--help".to_string()]).unwrap().is_none());
    }

    #[test]
    fn a_mixed_match_gives_pairs_to_its_variants_in_turn() {
        let dir = std::env::temp_dir().join(format!("kaiser-mixed-match-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (variant, fen) in [
            (
                "empire",
                "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/5K2/TECD1CET b kq - 1 1",
            ),
            (
                "chess",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            ),
        ] {
            let path = dir.join(format!("{variant}.epd"));
            std::fs::write(path, format!("{fen}\n")).unwrap();
        }
        let pattern = dir.join("{variant}.epd");
        let config = parse_line(&format!(
            "-engine cmd=a -engine cmd=b -nodes 10 -variant empire,chess -games 8 \
             -openings file={}",
            pattern.display()
        ))
        .unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let variants: Vec<Variant> = (0..8).map(|i| config.game(i).0.variant).collect();
        use Variant::{Chess, Empire};
        assert_eq!(
            variants,
            [Empire, Empire, Chess, Chess, Empire, Empire, Chess, Chess]
        );
        assert!(config.game(3).1.ends_with("KQkq - 0 1"));
        assert!(config
            .game(5)
            .1
            .starts_with("rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/5K2"));
        let all = parse_line("-engine cmd=a -engine cmd=b -nodes 10 -variant all").unwrap();
        assert_eq!(all.variant_list().collect::<Vec<_>>(), Variant::ALL);
        assert_eq!(all.game(2).1, Variant::ALL[1].start_fen());
    }
}
