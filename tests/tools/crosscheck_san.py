#!/usr/bin/env python3
"""Cross-check Kaiser's SAN (src/notation/san.rs) against Fairy-Stockfish's (pyffish.get_san).

Not part of CI (CI has no pyffish). Plays random games from the same starts as
crosscheck_pyffish.py (start positions, the perft-suite FENs, generated set-ups steered towards
faceoff, en passant, promotion, castling and campmate), and at every position compares, for every
legal move, Kaiser's `to_san` with `pyffish.get_san`, and checks that Kaiser's `parse_san` reads
Fairy-Stockfish's SAN back as the same move. Talks to Kaiser through the `san` and `parse` commands
of tests/tools/crosscheck_server.rs. First of all it checks the table of expected SAN in
crates/engine/tests/san.rs (PYFFISH_SAN) against pyffish, so that the unit test's expectations stay
Fairy-Stockfish's.

Usage (pip install pyffish; shared/variants.ini is Fairy-Stockfish's variant file):
    cargo build --release --example crosscheck_server
    python3 tests/tools/crosscheck_san.py --games 200 --jobs 1 --out /tmp/san-diffs.jsonl

Each pyffish call costs about 5 ms and every legal move costs one, so expect some 5 positions a
second per job. The differences go to --out, one JSON object a line, then a line of totals.
Every game has a seed (`--first-seed` + index): `--games 1 --first-seed N` replays game N.
"""

import json
import os
import random
import re
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import crosscheck_pyffish as rules  # noqa: E402

# What a move's SAN shows, for counting which cases the comparison covered.
FEATURES = {
    "capture": lambda san, flags: "x" in san,
    "check": lambda san, flags: san.endswith("+"),
    "mate": lambda san, flags: san.endswith("#"),
    "promotion": lambda san, flags: "=" in san,
    "castling": lambda san, flags: san.startswith("O-O"),
    "en_passant": lambda san, flags: "e" in flags,
    "campmate": lambda san, flags: "c" in flags,
    "disambiguated": lambda san, flags: re.match(r"^[A-Z][a-h1-8]{1,2}x?[a-h][1-8]", san)
    is not None,
    "soldier": lambda san, flags: san.startswith("S"),
    "empire_piece": lambda san, flags: san[:1] in ("E", "C", "T", "D"),
}


def check_table(sf):
    """Differences between the PYFFISH_SAN table of crates/engine/tests/san.rs and pyffish.get_san."""
    with open(os.path.join(rules.ROOT, "crates", "engine", "tests", "san.rs")) as f:
        text = f.read()
    table = text.split('const PYFFISH_SAN: &str = "', 1)[1].split('";', 1)[0]
    diffs, checked = [], 0
    for line in table.splitlines():
        if not line.startswith(("chess; ", "empire; ", "orda; ")):
            continue
        variant, fen, pairs = line.split("; ")
        for pair in pairs.split(", "):
            uci, expected = pair.split(" ")
            checked += 1
            got = sf.get_san(variant, fen, uci)
            if got != expected:
                diffs.append({"kind": "table", "fen": fen, "move": uci, "table": expected,
                              "fsb": got})
    return checked, diffs


def compare_position(sf, kaiser, variant, fen, flags, stats, report):
    """Compares the SAN of every legal move of Kaiser's current position."""
    kaiser_san = dict(pair.split("/", 1) for pair in kaiser.send("san").split())
    for uci, k_san in sorted(kaiser_san.items()):
        f_san = sf.get_san(variant, fen, uci)
        stats["moves_" + variant] += 1
        for name, shows in FEATURES.items():
            if shows(f_san, flags.get(uci, "")):
                stats["with_" + name] += 1
        if k_san != f_san:
            stats["diff_san"] += 1
            report({"kind": "san", "variant": variant, "fen": fen, "move": uci,
                    "kaiser": k_san, "fsb": f_san})
        parsed = kaiser.send("parse " + f_san)
        if parsed != uci:
            stats["diff_parse"] += 1
            report({"kind": "parse", "variant": variant, "fen": fen, "move": uci,
                    "fsb": f_san, "kaiser_parse": parsed})


def play_game(sf, kaiser, seed, max_plies, starts, variants, stats, report):
    rng = random.Random(seed)
    variant, start_fen, origin = rules.choose_start(
        sf, kaiser, rng, stats, report, starts, variants
    )
    state, err = kaiser.ask(f"new {variant} {start_fen}")
    if state is None:
        report({"kind": "setup_rejected", "fen": start_fen, "error": err})
        return
    stats["games_" + variant] += 1
    stats["games_from_" + origin] += 1
    uniform = rng.random() < 0.2
    for _ in range(max_plies + 1):
        stats["positions_" + variant] += 1
        compare_position(sf, kaiser, variant, state["fen"], state["moves"], stats, report)
        if state["outcome"] or not state["moves"]:
            return
        m = rules.pick(rng, sorted(state["moves"]), state["moves"], uniform)
        state, err = kaiser.ask("move " + m)
        if state is None:
            raise RuntimeError(f"Kaiser refused its own move {m}: {err}")


def run_chunk(args, lo, hi):
    """Plays games lo..hi in this worker process; returns (totals, differences)."""
    import pyffish as sf

    with open(args.variants_ini) as f:
        sf.load_variant_config(f.read())
    kaiser = rules.Kaiser(args.server)
    starts = rules.suite_fens()
    stats = Counter()
    diffs = []
    for seed in range(lo, hi):
        def report(d, seed=seed):
            diffs.append({"seed": seed, **d})

        try:
            play_game(sf, kaiser, seed, args.max_plies, starts, args.variants.split(","), stats,
                      report)
        except (ValueError, SystemError) as e:  # pyffish refusing an input
            stats["pyffish_errors"] += 1
            report({"kind": "pyffish_error", "error": repr(e)})
    kaiser.close()
    return stats, diffs


def main():
    p = rules.arguments(__doc__, games=200, max_plies=60, out="san-diffs.jsonl")
    args = p.parse_args()

    chunk = max(1, min(25, args.games // max(1, args.jobs)))
    bounds = [(lo, min(lo + chunk, args.first_seed + args.games))
              for lo in range(args.first_seed, args.first_seed + args.games, chunk)]
    import pyffish as sf

    with open(args.variants_ini) as f:
        sf.load_variant_config(f.read())
    checked, diffs = check_table(sf)
    total = Counter(table_moves=checked)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run_chunk, args, lo, hi) for lo, hi in bounds]
        for i, future in enumerate(futures):
            stats, found = future.result()
            total.update(stats)
            diffs.extend(found)
            moves = ", ".join(f"{total['moves_' + v]} {v}" for v in rules.VARIANT_WEIGHTS)
            print(f"{bounds[i][1] - args.first_seed} games, moves: {moves}, {len(diffs)} diffs",
                  file=sys.stderr, flush=True)
    with open(args.out, "w") as f:
        for d in diffs:
            f.write(json.dumps(d) + "\n")
        f.write(json.dumps({"kind": "totals", **total}) + "\n")
    print(json.dumps(dict(sorted(total.items())), indent=1))
    moves = sum(total["moves_" + v] for v in rules.VARIANT_WEIGHTS)
    print(f"positions compared: {rules.positions(total)}; {moves} moves compared")
    print("differences:", dict(Counter(d["kind"] for d in diffs)), "->", args.out)
    sys.exit(1 if any(d["kind"] in ("table", "san", "parse") for d in diffs) else 0)


if __name__ == "__main__":
    main()
