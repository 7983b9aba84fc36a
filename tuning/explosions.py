#!/usr/bin/env python3
"""Known search-explosion positions (Stockfish issues 3532, 3911, 5023, 6073, 6147, 7003): the depth
each reaches within a node budget, by thread count; prints depth, nodes, seldepth per position.
Usage: tuning/explosions.py BIN THREADS [NODES]."""
import subprocess, sys, time
BIN = sys.argv[1]; THREADS = int(sys.argv[2]); NODES = int(sys.argv[3]) if len(sys.argv) > 3 else 20_000_000
FENS = ["8/Pk6/8/1p6/8/P1K5/8/6B1 w - - 37 130", "7k/7P/8/8/4B3/3B4/2B5/KB6 w - - 0 1",
        "k7/P7/3B4/3K4/8/8/2r5/R7 w - - 13 97", "8/8/8/1B6/6p1/8/3K1Ppp/3N2kr w - - 0 1",
        "1k6/8/P7/8/K7/4B3/8/8 w - - 0 1", "k7/P5p1/1P2p3/2p5/2P1n3/p5pB/P4n2/K5b1 w - - 0 2",
        "8/8/1Rk3p1/2P2rRp/8/3K4/6PP/4r3 b - - 2 50", "4K3/Pk6/8/8/3B4/8/8/8 w - - 8 106"]
for fen in FENS:
    p = subprocess.Popen([BIN], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write(f"uci\nsetoption name Hash value 64\nsetoption name Threads value {THREADS}\n"
                  f"setoption name OwnBook value false\nisready\nposition fen {fen}\ngo nodes {NODES}\n")
    p.stdin.flush(); t = time.time(); last = ""
    for line in p.stdout:
        if line.startswith("info depth") and " pv " in line and "bound" not in line: last = line
        if line.startswith("bestmove"): break
    p.stdin.write("quit\n"); p.stdin.flush(); p.wait()
    w = last.split()
    get = lambda k: w[w.index(k) + 1] if k in w else "?"
    print(f"{fen:55} depth {get('depth'):>3} seldepth {get('seldepth'):>3} nodes {get('nodes'):>10} "
          f"score {get('cp') if 'cp' in w else 'mate ' + get('mate')} {time.time() - t:.1f}s", flush=True)
