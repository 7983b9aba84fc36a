//! The command line of `kaiser analyse`.

use super::analyse::{self, Options};
use super::args::{flag_value, PositionArgs};
use anyhow::{bail, ensure, Result};
use kaiser_engine::search::{Limits, DEFAULT_HASH_MB, MAX_HASH_MB, MAX_MULTIPV, MAX_THREADS};
use kaiser_engine::Variant;

/// The depth searched when no limit is given.
pub const DEFAULT_DEPTH: u32 = 16;

/// `kaiser analyse --help`.
pub const HELP: &str = "\
kaiser analyse: searches one position and shows the lines found at each depth.

Usage:
  kaiser analyse [--variant empire|orda|chess] [--fen FEN] [--moves M...]
                 [--depth N | --movetime MS | --nodes N] [--multipv K] [--threads T]
                 [--hash MB] [--wdl] [--json]

Position:
  --variant V     empire (default), orda or chess
  --fen FEN       the position (quote it); default: the variant's start position
  --moves M...    moves played from there, in UCI (e1f2) or SAN (Kf2), up to the next --flag

Search (one limit; default --depth 16):
  --depth N       search to depth N
  --movetime MS   search for MS milliseconds
  --nodes N       search about N nodes
  --multipv K     show the K best lines (default 1)
  --threads T     search threads (default 1)
  --hash MB       hash table size in MiB (default 16)

Output:
  The board, then one line per completed depth (and per line with --multipv): depth,
  line number (with --multipv), score in pawns from White's view (`#3`: White mates in 3
  moves, `#-3`: Black does), nodes, speed, time and the line in SAN; then the best move.
  --wdl           also show win/draw/loss chances (White's view)
  --json          one JSON object per line instead: {\"type\":\"position\",...}, then
                  {\"type\":\"info\",\"depth\":..,\"multipv\":..,\"score\":{\"cp\":..} or
                  {\"mate\":..},\"nodes\":..,\"nps\":..,\"time_ms\":..,\"pv\":[UCI..],\"san\":[SAN..]}
                  (with \"wdl\":[w,d,l] per mille if --wdl), then {\"type\":\"bestmove\",...}

Examples:
  kaiser analyse --depth 14
  kaiser analyse --variant chess --fen \"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\" --depth 6
  kaiser analyse --moves Kf2 Nc6 --multipv 3 --movetime 5000";

/// Runs `kaiser analyse ...`.
pub fn run(args: &[String]) -> Result<()> {
    let mut position = PositionArgs::new(Variant::Empire);
    let mut options = Options {
        limits: Limits::default(),
        multipv: 1,
        threads: 1,
        hash_mb: DEFAULT_HASH_MB,
        wdl: false,
        json: false,
    };
    let mut rest = args.iter().peekable();
    while let Some(arg) = rest.next() {
        if position.read(arg, &mut rest)? {
            continue;
        }
        let limits = &mut options.limits;
        match arg.as_str() {
            "--depth" => limits.depth = Some(flag_value(arg, rest.next())?),
            "--movetime" => limits.movetime_ms = Some(flag_value(arg, rest.next())?),
            "--nodes" => limits.nodes = Some(flag_value(arg, rest.next())?),
            "--multipv" => options.multipv = flag_value(arg, rest.next())?,
            "--threads" => options.threads = flag_value(arg, rest.next())?,
            "--hash" => options.hash_mb = flag_value(arg, rest.next())?,
            "--wdl" => options.wdl = true,
            "--json" => options.json = true,
            "--help" | "-h" => {
                println!("{HELP}");
                return Ok(());
            }
            other => bail!("unexpected argument '{other}' (see kaiser analyse --help)"),
        }
    }
    let limits = &mut options.limits;
    let given = [
        limits.depth.is_some(),
        limits.movetime_ms.is_some(),
        limits.nodes.is_some(),
    ];
    ensure!(
        given.iter().filter(|&&g| g).count() <= 1,
        "give one of --depth, --movetime and --nodes"
    );
    if given == [false; 3] {
        limits.depth = Some(DEFAULT_DEPTH);
    }
    ensure!(limits.depth != Some(0), "--depth must be at least 1");
    ensure!(
        (1..=MAX_MULTIPV).contains(&options.multipv),
        "--multipv must be 1 to {MAX_MULTIPV}"
    );
    ensure!(
        (1..=MAX_THREADS).contains(&options.threads),
        "--threads must be 1 to {MAX_THREADS}"
    );
    ensure!(
        (1..=MAX_HASH_MB).contains(&options.hash_mb),
        "--hash must be 1 to {MAX_HASH_MB}"
    );
    let pos = position.position()?;
    analyse::run(&pos, &options, &mut std::io::stdout())?;
    Ok(())
}
