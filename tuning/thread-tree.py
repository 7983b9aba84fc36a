#!/usr/bin/env python3
"""The tree to depth D with two threads against one: all threads' nodes when the main thread
completes depth D (`go depth D`, three runs: lazy SMP varies) against one thread's nodes at D and
at D+1 (one `go depth D+1`); odd helpers search a ply deeper than the main thread, so a two-thread
tree of about one thread's D plus D+1 is the helper's deeper iteration, not a blow-up. With
singular extensions on and off (se_min_depth 20). Ten positions a game from the second opening
set. Usage: tuning/thread-tree.py BIN DEPTH_EMPIRE DEPTH_ORDA DEPTH_CHESS [POSITIONS]."""
import os, subprocess, sys, statistics
BIN = sys.argv[1]; DEPTHS = dict(zip(["empire", "orda", "chess"], map(int, sys.argv[2:5])))
COUNT = int(sys.argv[5]) if len(sys.argv) > 5 else 10
def search(variant, fen, threads, opts, depth):
    """Nodes (all threads) at each completed depth of `go depth DEPTH`."""
    cmds = ["uci", f"setoption name UCI_Variant value {variant}", "setoption name Hash value 64",
            f"setoption name Threads value {threads}", "setoption name OwnBook value false"]
    cmds += [f"setoption name {k} value {v}" for k, v in opts] + ["isready", f"position fen {fen}", f"go depth {depth}"]
    p = subprocess.Popen([BIN], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write("\n".join(cmds) + "\n"); p.stdin.flush()
    nodes = {}
    for line in p.stdout:
        w = line.split()
        if line.startswith("info depth") and "nodes" in w and "bound" not in w and "multipv" in w:
            nodes[int(w[2])] = int(w[w.index("nodes") + 1])
        if line.startswith("bestmove"): break
    p.stdin.write("quit\n"); p.stdin.flush(); p.wait()
    return nodes
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
