#!/usr/bin/env python3
"""Known search-explosion positions (Stockfish issues 3532, 3911, 5023, 6073, 6147, 7003): the depth
each reaches within a node budget, by thread count, searched by `kaiser analyse` (Hash 64); prints
depth, seldepth, nodes, score and time per position.
Usage: tuning/explosions.py BIN THREADS [NODES]."""
import json, subprocess, sys
BIN = sys.argv[1]; THREADS = sys.argv[2]; NODES = sys.argv[3] if len(sys.argv) > 3 else "20000000"
FENS = ["8/Pk6/8/1p6/8/P1K5/8/6B1 w - - 37 130", "7k/7P/8/8/4B3/3B4/2B5/KB6 w - - 0 1",
        "k7/P7/3B4/3K4/8/8/2r5/R7 w - - 13 97", "8/8/8/1B6/6p1/8/3K1Ppp/3N2kr w - - 0 1",
        "1k6/8/P7/8/K7/4B3/8/8 w - - 0 1", "k7/P5p1/1P2p3/2p5/2P1n3/p5pB/P4n2/K5b1 w - - 0 2",
        "8/8/1Rk3p1/2P2rRp/8/3K4/6PP/4r3 b - - 2 50", "4K3/Pk6/8/8/3B4/8/8/8 w - - 8 106"]
for fen in FENS:
    out = subprocess.run([BIN, "analyse", "--variant", "chess", "--fen", fen, "--nodes", NODES,
                          "--threads", THREADS, "--hash", "64", "--json"],
                         capture_output=True, text=True, check=True).stdout
    last = [i for i in map(json.loads, out.splitlines()) if i["type"] == "info"][-1]
    score = last["score"]
    print(f"{fen:55} depth {last['depth']:>3} seldepth {last['seldepth']:>3} nodes {last['nodes']:>10} "
          f"score {score.get('cp', 'mate %s' % score.get('mate'))} {last['time_ms'] / 1000:.1f}s", flush=True)
