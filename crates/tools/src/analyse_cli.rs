//! The command line of `kaiser analyse` (alias `analyze`).

use super::analyse::{self, Options};
use super::cli::{count_up_to, positive, PositionArgs};
use anyhow::Result;
use kaiser_engine::search::{Limits, DEFAULT_HASH_MB, MAX_HASH_MB, MAX_MULTIPV, MAX_THREADS};

/// The depth searched when no limit is given.
pub const DEFAULT_DEPTH: u32 = 16;

/// `kaiser analyse`'s arguments.
#[derive(Debug, clap::Args)]
#[command(
    about = "Searches a position and shows each depth's lines in SAN, scores from White's view",
    long_about = "Searches one position and shows the lines found at each depth.",
    group = clap::ArgGroup::new("limit").multiple(false),
    after_long_help = AFTER_HELP
)]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Search to depth N (the default limit: depth 16)
    #[arg(long, value_name = "N", group = "limit", value_parser = positive::<u32>)]
    depth: Option<u32>,
    /// Search for MS milliseconds
    #[arg(long, value_name = "MS", group = "limit")]
    movetime: Option<u64>,
    /// Search about N nodes
    #[arg(long, value_name = "N", group = "limit")]
    nodes: Option<u64>,
    /// Show the K best lines
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = count_up_to(MAX_MULTIPV))]
    multipv: usize,
    /// Search threads
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = count_up_to(MAX_THREADS))]
    threads: usize,
    /// Hash table size in MiB
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_HASH_MB,
          value_parser = count_up_to(MAX_HASH_MB))]
    hash: usize,
    /// Also show win/draw/loss chances (White's view)
    #[arg(long)]
    wdl: bool,
    /// One JSON object per line instead of text (see below)
    #[arg(long)]
    json: bool,
    /// Set an engine option as a GUI's `setoption` would, after the flags above: a UCI option
    /// (`EvalFile=net.nnue`, "Use NNUE=false", "Skill Level=5") or a search parameter
    /// (`se_min_depth=20`); repeatable, applied in the order given
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = engine_option)]
    options: Vec<(String, String)>,
}

/// Reads `NAME=VALUE`, refusing what the engine would refuse and the options that do nothing
/// here (see `analyse::check_option`).
fn engine_option(text: &str) -> Result<(String, String), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("'{text}' is not NAME=VALUE"))?;
    analyse::check_option(name, value)?;
    Ok((name.trim().to_string(), value.trim().to_string()))
}

const AFTER_HELP: &str = "\
Output:
  The board, then one line per completed depth (and per line with --multipv): depth, line
  number (with --multipv), score in pawns from White's view (`#3`: White mates in 3 moves,
  `#-3`: Black does), nodes, speed, time and the line in SAN; then the best move.
  With --json, one JSON object per line instead: {\"type\":\"position\",...}, then
  {\"type\":\"info\",\"depth\":..,\"multipv\":..,\"score\":{\"cp\":..} or {\"mate\":..},\"nodes\":..,
  \"nps\":..,\"time_ms\":..,\"pv\":[UCI..],\"san\":[SAN..]} (with \"wdl\":[w,d,l] per mille if
  --wdl), then {\"type\":\"bestmove\",...}
  What setting an option reports (a network loaded, a value clamped) comes first, in
  parentheses, or on standard error with --json.

Examples:
  kaiser analyse --depth 14
  kaiser analyse --variant chess --fen \"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\" --depth 6
  kaiser analyse --moves Kf2 Nc6 --multipv 3 --movetime 5000
  kaiser analyse --variant orda --option EvalFile=orda.nnue --depth 12
  kaiser analyse --option \"Use NNUE=false\" --option se_min_depth=20";

/// Runs `kaiser analyse`.
pub fn run(args: Args) -> Result<()> {
    let no_limit = args.depth.is_none() && args.movetime.is_none() && args.nodes.is_none();
    let options = Options {
        limits: Limits {
            depth: if no_limit {
                Some(DEFAULT_DEPTH)
            } else {
                args.depth
            },
            movetime_ms: args.movetime,
            nodes: args.nodes,
            ..Limits::default()
        },
        multipv: args.multipv,
        threads: args.threads,
        hash_mb: args.hash,
        wdl: args.wdl,
        json: args.json,
        engine_options: args.options,
    };
    let pos = args.position.position()?;
    analyse::run(&pos, &options, &mut std::io::stdout())?;
    Ok(())
}
