#!/usr/bin/env python3
"""The tree to depth D with two threads against one: all threads' nodes when the main thread
completes depth D (three runs: lazy SMP varies) against one thread's nodes at D and
at D+1 (one search to D+1); odd helpers search a ply deeper than the main thread, so a two-thread
tree of about one thread's D plus D+1 is the helper's deeper iteration, not a blow-up. With
singular extensions on and off (se_min_depth 20). Ten positions a game from the second opening
set. Usage: tuning/thread-tree.py BIN DEPTH_EMPIRE DEPTH_ORDA DEPTH_CHESS [POSITIONS]."""
import json, os, subprocess, sys, statistics
BIN = sys.argv[1]; DEPTHS = dict(zip(["empire", "orda", "chess"], map(int, sys.argv[2:5])))
COUNT = int(sys.argv[5]) if len(sys.argv) > 5 else 10
def search(variant, fen, threads, opts, depth):
    """Nodes (all threads) at each completed depth of a search to DEPTH, by `kaiser analyse`."""
    args = [BIN, "analyse", "--variant", variant, "--fen", fen, "--depth", str(depth),
            "--threads", str(threads), "--hash", "64", "--json"]
    args += [a for k, v in opts for a in ("--option", f"{k}={v}")]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return {i["depth"]: i["nodes"] for i in map(json.loads, out.splitlines()) if i["type"] == "info"}
for variant, d in DEPTHS.items():
    fens = [" ".join(l.split()[:4]) + " 0 1" for l in open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "book", f"{variant}-openings-2.epd"))][:COUNT]
    for label, opts in [("SE on", []), ("SE off", [("se_min_depth", "20")])]:
        r_one, r_both = [], []
        for fen in fens:
            one = search(variant, fen, 1, opts, d + 1)
            two = [search(variant, fen, 2, opts, d)[d] for _ in range(3)]
            r_one += [n / one[d] for n in two]
            r_both += [n / (one[d] + one[d + 1]) for n in two]
            print(variant, label, "one thread D, D+1:", one[d], one[d + 1], "two threads D:", two, flush=True)
        g = statistics.geometric_mean
        print(f"== {variant} depth {d}, {label}: two threads / one thread at D: geomean {g(r_one):.2f} "
              f"(median {statistics.median(r_one):.2f}); two threads / one thread's D + D+1: geomean "
              f"{g(r_both):.2f} (median {statistics.median(r_both):.2f})", flush=True)
