#!/usr/bin/env python3
"""A scripted UCI engine for the tests of `kaiser match` (tests/match.rs).

It plays a given game line: its answer to `go` is the k-th move of --moves, k being the number
of moves in the last `position` command, so both sides of a game can be given the same line.
From ply --at on it can misbehave on purpose (--fault):

  illegal=MOVE   answer MOVE            crash         exit with status 3
  hang           never answer again     sleep=SECS    answer, but SECS late
  mute           never answer isready   nouci         never answer uci

--score CP adds `info depth 1 score cp CP` before each move; --log FILE appends every line
received to FILE; --no-variant leaves out the UCI_Variant option.
"""

import argparse
import sys
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", default="")
    parser.add_argument("--fault", default="")
    parser.add_argument("--at", type=int, default=0)
    parser.add_argument("--score", type=int)
    parser.add_argument("--log")
    parser.add_argument("--no-variant", action="store_true")
    args = parser.parse_args()
    moves = args.moves.split()
    fault, _, fault_arg = args.fault.partition("=")
    log = open(args.log, "a", encoding="utf-8") if args.log else None
    ply = 0
    hung = False

    def say(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        line = line.strip()
        if log:
            log.write(line + "\n")
            log.flush()
        words = line.split()
        command = words[0] if words else ""
        if command == "quit":
            break
        if hung:
            continue
        if command == "uci" and fault != "nouci":
            say("id name Fake")
            if not args.no_variant:
                say("option name UCI_Variant type combo default chess var chess var empire")
            say("uciok")
        elif command == "isready" and fault != "mute":
            say("readyok")
        elif command == "position":
            ply = len(words) - words.index("moves") - 1 if "moves" in words else 0
        elif command == "go":
            faulty = ply >= args.at
            if faulty and fault == "crash":
                sys.exit(3)
            if faulty and fault == "hang":
                hung = True
                continue
            if faulty and fault == "sleep":
                time.sleep(float(fault_arg))
            if args.score is not None:
                say(f"info depth 1 score cp {args.score}")
            if faulty and fault == "illegal":
                move = fault_arg
            else:
                move = moves[ply] if ply < len(moves) else "0000"
            say("bestmove " + move)


if __name__ == "__main__":
    main()
