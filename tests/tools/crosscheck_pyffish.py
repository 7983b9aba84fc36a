#!/usr/bin/env python3
"""Cross-check Kaiser's rules core against Fairy-Stockfish (pyffish) along random games.

Not part of CI (CI has no pyffish). At every ply of every game it compares Kaiser's legal move
set, FEN, check status and game outcome with Fairy-Stockfish's, each side computing from its own
previous state (Kaiser plays the moves on one Position through `tests/tools/crosscheck_server.rs`;
Fairy-Stockfish recomputes from its own FEN, and from the start FEN plus every move for the
history-dependent endings). The next move is drawn from the moves both accept, biased towards
captures, checks, en passant, castling, promotions, campmate, double steps that give an
en-passant right and moves that put the kings on one line. Games start from the start positions,
the perft-suite FENs in tests/data/, and generated set-ups (kings facing with blockers, pawns about
to double-step beside enemy pawns, promotions, castling under fire, kings near campmate).

Usage (pip install pyffish; shared/variants.ini is Fairy-Stockfish's variant file):
    cargo build --release --example crosscheck_server
    python3 tests/tools/crosscheck_pyffish.py --games 3000 --jobs 2 \
        --server target/release/examples/crosscheck_server \
        --variants-ini ../shared/variants.ini --out /tmp/crosscheck-diffs.jsonl

Games are Empire, Orda and chess games (see VARIANT_WEIGHTS); `--variants orda` (a
comma-separated list) plays only the variants named. The differences go to --out, one JSON object
a line (with the game's seed, start FEN and moves), followed by a line of running totals; the
summary is printed at the end. Every game has a seed
(`--first-seed` + index), so `--games 1 --first-seed N` replays game N. Each pyffish call costs
about 10 ms (it rebuilds its piece tables), so expect some 30-40 positions a second per job.
Games run in worker processes, so a crash inside pyffish costs one game, not the run.

Known differences:
- "known_ep_rank_faceoff" (deliberate, RULES.md): an en-passant capture that leaves the two kings
  facing on a rank is illegal in Kaiser, legal in Fairy-Stockfish.
- The FEN of the position right after an en-passant capture that opens a file between the kings
  (legal in both): Kaiser's FEN reader rejects facing kings, as RULES.md asks.
- pyffish's validate_fen crashes on Empire FENs giving White castling rights and on Orda FENs
  giving Black castling rights, and accepts FENs that Kaiser rejects by RULES.md (side not to
  move in check, kings facing); set-ups are drawn so as to avoid the first and filtered for the
  others.
"""

import argparse
import json
import os
import random
import subprocess
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# --------------------------------------------------------------------------------------------
# Kaiser side
# --------------------------------------------------------------------------------------------


class Kaiser:
    """The crosscheck_server example, driven over a pipe."""

    def __init__(self, binary):
        self.proc = subprocess.Popen(
            [binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def send(self, line):
        """The server's reply to one command line, as text."""
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline()
        if not reply:
            raise RuntimeError("crosscheck_server died on: " + line)
        return reply.rstrip("\n")

    def ask(self, line):
        """The position's state after a `new`, `move` or `undo` command, or (None, error)."""
        reply = self.send(line)
        if reply.startswith("error "):
            return None, reply[6:]
        fen, check, outcome, moves = reply.split("\t")
        state = {
            "fen": fen,
            "check": check == "check",
            "outcome": None if outcome == "-" else outcome,
            "moves": dict(m.split("/") for m in moves.split()),
        }
        return state, None

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


# --------------------------------------------------------------------------------------------
# Board helpers (for set-ups and for classifying differences)
# --------------------------------------------------------------------------------------------

FILES = "abcdefgh"


def sq_name(f, r):
    return FILES[f] + str(r + 1)


def parse_board(fen):
    board = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        r, f = 7 - i, 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                board[(f, r)] = c
                f += 1
    return board


def board_fen(board):
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            p = board.get((f, r))
            if p is None:
                empty += 1
            else:
                if empty:
                    row += str(empty)
                    empty = 0
                row += p
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows)


def kings_facing(board):
    ks = {p: sq for sq, p in board.items() if p in "Kk"}
    if len(ks) != 2:
        return False, None
    (wf, wr), (bf, br) = ks["K"], ks["k"]
    if wf == bf:
        lo, hi = sorted((wr, br))
        return all((wf, r) not in board for r in range(lo + 1, hi)), "file"
    if wr == br:
        lo, hi = sorted((wf, bf))
        return all((f, wr) not in board for f in range(lo + 1, hi)), "rank"
    return False, None


def is_en_passant(fen, move):
    board = parse_board(fen)
    f0, r0 = FILES.index(move[0]), int(move[1]) - 1
    f1, r1 = FILES.index(move[2]), int(move[3]) - 1
    return board.get((f0, r0)) in ("P", "p") and f0 != f1 and (f1, r1) not in board


# --------------------------------------------------------------------------------------------
# Generated set-ups
# --------------------------------------------------------------------------------------------

EMPIRE_WHITE = "TECDSSPPQ"
EMPIRE_BLACK = "rnbqpp"
CHESS_WHITE = "RNBQPP"
CHESS_BLACK = "rnbqpp"
ORDA_WHITE = "RNBQPP"
ORDA_BLACK = "lahypp"
# Each variant's armies, and the pieces a side may be given from the other army now and then.
ARMIES = {
    "empire": (EMPIRE_WHITE, EMPIRE_BLACK),
    "orda": (ORDA_WHITE, ORDA_BLACK),
    "chess": (CHESS_WHITE, CHESS_BLACK),
}
CAMPMATE_VARIANTS = ("empire", "orda")
# How often each variant is drawn for a game.
VARIANT_WEIGHTS = {"empire": 0.6, "orda": 0.25, "chess": 0.15}


def pick_variant(rng, variants):
    names = [v for v in VARIANT_WEIGHTS if v in variants]
    return rng.choices(names, weights=[VARIANT_WEIGHTS[v] for v in names])[0]


def generate_setup(rng, variant):
    """A random position steered towards a rule corner. May be illegal; the caller filters."""
    board = {}
    free = lambda sq: sq not in board  # noqa: E731

    def put(piece, f, r):
        if 0 <= f < 8 and 0 <= r < 8 and free((f, r)):
            if piece in "Pp" and r in (0, 7):
                return False
            board[(f, r)] = piece
            return True
        return False

    def sprinkle(n, white, black):
        for _ in range(n):
            pal = white if rng.random() < 0.5 else black
            # Now and then a side gets a piece of the other army.
            if rng.random() < 0.1:
                pal = (white.lower() if pal.islower() else black.upper())
            for _ in range(20):
                if put(rng.choice(pal), rng.randrange(8), rng.randrange(8)):
                    break

    empire = variant == "empire"
    white, black = ARMIES[variant]
    scenario = rng.choice(
        ["faceoff", "faceoff", "enpassant", "enpassant", "enpassant", "promotion", "castling",
         "campmate", "mixed"]
        if empire
        else ["enpassant", "enpassant", "promotion", "castling", "campmate", "mixed"]
        if variant == "orda"
        else ["enpassant", "enpassant", "promotion", "castling", "mixed"]
    )
    castling = "-"
    side = rng.choice("wb")
    if scenario == "faceoff":
        if rng.random() < 0.5:
            f = rng.randrange(8)
            r1, r2 = sorted(rng.sample(range(8), 2))
            if r2 - r1 < 2:
                r2 = min(7, r1 + 2 + rng.randrange(3))
            put("K", f, r1)
            put("k", f, r2)
            between = [(f, r) for r in range(r1 + 1, r2)]
        else:
            r = rng.randrange(8)
            f1, f2 = sorted(rng.sample(range(8), 2))
            if f2 - f1 < 2:
                f2 = min(7, f1 + 2 + rng.randrange(3))
            put("K", f1, r)
            put("k", f2, r)
            between = [(f, r) for f in range(f1 + 1, f2)]
        for sq in rng.sample(between, min(len(between), rng.choice([1, 1, 2]))):
            put(rng.choice(white + black), *sq)
        sprinkle(rng.randrange(2, 9), white, black)
    elif scenario == "enpassant":
        # Double steps from either side's second rank beside enemy pawns on the fifth.
        for _ in range(rng.randrange(1, 4)):
            f = rng.randrange(8)
            put("p", f, 6)
            put("P", f + rng.choice([-1, 1]), 4)
        for _ in range(rng.randrange(0, 3)):
            f = rng.randrange(8)
            put("P", f, 1)
            put("p", f + rng.choice([-1, 1]), 3)
        if empire and rng.random() < 0.5:
            # Kings on the pawns' rank: en passant may open it.
            r = rng.choice([3, 4])
            put("K", rng.randrange(0, 3), r)
            put("k", rng.randrange(5, 8), r)
        side = "b" if rng.random() < 0.7 else "w"
        sprinkle(rng.randrange(0, 6), white, black)
    elif scenario == "promotion":
        for _ in range(rng.randrange(1, 4)):
            put("P", rng.randrange(8), 6)
        for _ in range(rng.randrange(0, 3)):
            put("p", rng.randrange(8), 1)
        for _ in range(rng.randrange(0, 4)):
            put(rng.choice(black.replace("p", "")), rng.randrange(8), 7)
            put(rng.choice(white.replace("P", "")), rng.randrange(8), 0)
        sprinkle(rng.randrange(0, 6), white, black)
    elif scenario == "castling":
        put("k", 4, 7)
        rights = ""
        # No black castling rights in Orda: pyffish's validate_fen crashes on an Orda FEN with
        # them (e.g. r3k2r/8/1P1h4/8/3p1y2/4l3/P3B2p/R3K2R w KQkq - 0 1), and the Horde has no
        # rooks to castle with anyway.
        if variant != "orda" and rng.random() < 0.8:
            put("r", 7, 7)
            rights += "k"
        if variant != "orda" and rng.random() < 0.8:
            put("r", 0, 7)
            rights += "q"
        # White castling rights only in chess: pyffish's validate_fen crashes on an Empire FEN
        # with white castling rights (e.g. r3kD2/8/8/8/1s6/4D3/8/R3K2R b KQq - 0 1).
        if not empire:
            put("K", 4, 0)
            white_rights = ""
            if put("R", 7, 0):
                white_rights += "K"
            if put("R", 0, 0):
                white_rights += "Q"
            rights = white_rights + rights
        castling = rights or "-"
        sprinkle(rng.randrange(2, 10), white, black)
    elif scenario == "campmate":
        put("K", rng.randrange(8), rng.choice([5, 6]))
        put("k", rng.randrange(8), rng.choice([1, 2]))
        sprinkle(rng.randrange(0, 7), white, black)
    else:
        sprinkle(rng.randrange(4, 24), white, black)
    if "K" not in board.values():
        for _ in range(50):
            if put("K", rng.randrange(8), rng.randrange(8)):
                break
    if "k" not in board.values():
        for _ in range(50):
            if put("k", rng.randrange(8), rng.randrange(8)):
                break
    # Drop castling rights whose pieces are not home.
    ok = {"K": ("K", (4, 0), "R", (7, 0)), "Q": ("K", (4, 0), "R", (0, 0)),
          "k": ("k", (4, 7), "r", (7, 7)), "q": ("k", (4, 7), "r", (0, 7))}
    castling = "".join(
        c for c in castling
        if c in ok and board.get(ok[c][1]) == ok[c][0] and board.get(ok[c][3]) == ok[c][2]
    ) or "-"
    # A king of the side to move already on its far rank is a set-up only: Kaiser ends the game
    # there (campmate for either king), Fairy-Stockfish only for the side that just moved.
    king, far_rank = ("K", 7) if side == "w" else ("k", 0)
    if variant in CAMPMATE_VARIANTS and any(
        p == king and r == far_rank for (f, r), p in board.items()
    ):
        side = "b" if side == "w" else "w"
    return f"{board_fen(board)} {side} {castling} - 0 1"


def suite_fens():
    fens = []
    for name, variant in (("empire.epd", "empire"), ("orda.epd", "orda"), ("chess.epd", "chess")):
        with open(os.path.join(ROOT, "tests", "data", name)) as f:
            for line in f:
                if line.strip():
                    fens.append((variant, line.split(";")[0].strip()))
    return fens


# --------------------------------------------------------------------------------------------
# One game
# --------------------------------------------------------------------------------------------

WEIGHTS = {"x": 3, "+": 4, "e": 30, "o": 15, "=": 8, "d": 15, "a": 4, "c": 6}


def pick(rng, moves, flags, uniform):
    if uniform:
        return rng.choice(moves)
    weights = []
    for m in moves:
        w = 1.0
        for fl in flags.get(m, ""):
            w += WEIGHTS.get(fl, 0)
        weights.append(w)
    return rng.choices(moves, weights=weights)[0]


def sign(v):
    return "win" if v > 0 else "loss" if v < 0 else "draw"


def fsb_outcome(sf, variant, start_fen, moves, fsb_fen, legal, seen):
    """Fairy-Stockfish's verdict for the side to move, or None while the game goes on.

    Each pyffish call costs ~10 ms (it rebuilds the piece tables), so the history-dependent
    calls are made only when they can matter, as judged from Fairy-Stockfish's own FENs: a king on
    its far rank, a placement seen twice before since the last irreversible move, a halfmove
    clock of 100 or more, or no legal moves."""
    board = parse_board(fsb_fen)
    far_rank = any(p == "K" and r == 7 or p == "k" and r == 0 for (f, r), p in board.items())
    if variant in CAMPMATE_VARIANTS and far_rank:
        end, value = sf.is_immediate_game_end(variant, start_fen, moves)
        if end:
            return sign(value)
    key = " ".join(fsb_fen.split()[:4])
    if seen.get(key, 0) >= 3 or int(fsb_fen.split()[4]) >= 100:
        end, value = sf.is_optional_game_end(variant, start_fen, moves)
        if end:
            return sign(value)
    if not legal:
        return sign(sf.game_result(variant, start_fen, moves))
    return None


def choose_start(sf, kaiser, rng, stats, report, start_positions, variants=tuple(VARIANT_WEIGHTS)):
    roll = rng.random()
    if roll < 0.3:
        variant = pick_variant(rng, variants)
        return variant, sf.start_fen(variant), "start"
    if roll < 0.5:
        variant, fen = rng.choice([(v, f) for v, f in start_positions if v in variants])
        return variant, fen, "suite"
    variant = pick_variant(rng, variants)
    for _ in range(50):
        fen = generate_setup(rng, variant)
        state, err = kaiser.ask(f"new {variant} {fen}")
        fsb_ok = sf.validate_fen(fen, variant) == sf.FEN_OK
        if state is not None and fsb_ok:
            return variant, fen, "generated"
        stats["setup_rejected_" + ("both" if state is None and not fsb_ok else
                                   "kaiser" if state is None else "fsb")] += 1
    return variant, sf.start_fen(variant), "start"


def play_game(sf, kaiser, seed, stats, report, max_plies, start_positions, variants):
    rng = random.Random(seed)
    variant, start_fen, origin = choose_start(
        sf, kaiser, rng, stats, report, start_positions, variants
    )
    state, err = kaiser.ask(f"new {variant} {start_fen}")
    if state is None:
        report({"kind": "setup_rejected", "variant": variant, "fen": start_fen, "error": err})
        return
    stats["games_" + variant] += 1
    stats["games_from_" + origin] += 1
    uniform = rng.random() < 0.2
    fsb_fen = sf.get_fen(variant, start_fen, [])
    moves = []
    seen = Counter()

    def context():
        return {"variant": variant, "start_fen": start_fen, "moves": " ".join(moves)}

    for _ in range(max_plies + 1):
        stats["positions_" + variant] += 1
        k_moves = set(state["moves"])
        f_moves = set(sf.legal_moves(variant, fsb_fen, []))
        stats["moves_compared"] += len(k_moves | f_moves)
        if state["fen"] != fsb_fen:
            stats["diff_fen"] += 1
            report({"kind": "fen", "kaiser": state["fen"], "fsb": fsb_fen, **context()})
        if k_moves != f_moves:
            only_f = sorted(f_moves - k_moves)
            only_k = sorted(k_moves - f_moves)
            known = not only_k and all(
                is_en_passant(fsb_fen, m)
                and kings_facing(parse_board(sf.get_fen(variant, fsb_fen, [m]))) == (True, "rank")
                for m in only_f
            )
            kind = "known_ep_rank_faceoff" if known else "moves"
            stats["diff_" + kind] += 1
            report({"kind": kind, "fen": fsb_fen, "only_kaiser": only_k, "only_fsb": only_f,
                    **context()})
        # Check status: whenever Kaiser sees a check, and at a sample of other plies.
        if state["check"] or rng.random() < 0.05:
            stats["checks_compared"] += 1
            f_check = sf.gives_check(variant, fsb_fen, [])
            if state["check"] != f_check:
                stats["diff_check"] += 1
                report({"kind": "check", "fen": fsb_fen, "kaiser": state["check"],
                        "fsb": f_check, **context()})
        seen[" ".join(fsb_fen.split()[:4])] += 1
        f_out = fsb_outcome(sf, variant, start_fen, moves, fsb_fen, bool(f_moves), seen)
        k_out = state["outcome"].split()[0] if state["outcome"] else None
        if k_out is not None and f_out is None:
            # Kaiser ended the game where the cheap triggers did not ask Fairy-Stockfish.
            for call in (sf.is_immediate_game_end, sf.is_optional_game_end):
                end, value = call(variant, start_fen, moves)
                if end:
                    f_out = sign(value)
                    break
        if k_out != f_out:
            stats["diff_outcome"] += 1
            report({"kind": "outcome", "fen": fsb_fen, "kaiser": state["outcome"], "fsb": f_out,
                    **context()})
        if k_out is not None or f_out is not None:
            stats["ended_" + (state["outcome"] or "fsb_only").split()[-1]] += 1
            return
        common = sorted(k_moves & f_moves)
        if not common:
            return
        m = pick(rng, common, state["moves"], uniform)
        for fl in state["moves"][m]:
            stats["played_" + fl] += 1
        moves.append(m)
        state, err = kaiser.ask("move " + m)
        if state is None:
            raise RuntimeError(f"Kaiser refused its own move {m}: {err}")
        fsb_fen = sf.get_fen(variant, fsb_fen, [m])
        if fsb_fen.split()[4] == "0":
            seen.clear()
    stats["ended_ply_limit"] += 1


# --------------------------------------------------------------------------------------------
# Driver: worker processes, so that a crash in pyffish costs one game
# --------------------------------------------------------------------------------------------


def worker(args):
    import pyffish as sf

    with open(args.variants_ini) as f:
        sf.load_variant_config(f.read())
    kaiser = Kaiser(args.server)
    stats = Counter()
    starts = suite_fens()

    def report(d):
        print("DIFF " + json.dumps(d), flush=True)

    for seed in range(args.first_seed, args.first_seed + args.games):
        print(f"START {seed}", flush=True)
        try:
            play_game(sf, kaiser, seed, stats, report, args.max_plies, starts,
                      args.variants.split(","))
        except (ValueError, SystemError) as e:  # pyffish refusing an input
            stats["pyffish_errors"] += 1
            report({"kind": "pyffish_error", "error": repr(e)})
        print(f"DONE {seed} " + json.dumps(stats), flush=True)
        stats.clear()
    kaiser.close()


def positions(total):
    """The positions compared so far, by variant."""
    return ", ".join(f"{total['positions_' + v]} {v}" for v in VARIANT_WEIGHTS)


def write_results(out, total, diffs):
    """The differences, one JSON object a line, then a last line with the running totals."""
    with open(out, "w") as f:
        for d in diffs:
            f.write(json.dumps(d) + "\n")
        f.write(json.dumps({"kind": "totals", **total}) + "\n")


def arguments(doc, games, max_plies, out):
    """The command line of this script and of crosscheck_san.py, with their defaults."""
    p = argparse.ArgumentParser(description=doc.split("\n")[0])
    p.add_argument("--games", type=int, default=games)
    p.add_argument("--first-seed", type=int, default=0)
    p.add_argument("--max-plies", type=int, default=max_plies)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--server",
                   default=os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"),
                                        "release", "examples", "crosscheck_server"))
    p.add_argument("--variants-ini",
                   default=os.path.join(os.path.dirname(ROOT), "shared", "variants.ini"))
    p.add_argument("--out", default=out)
    p.add_argument("--variants", default=",".join(VARIANT_WEIGHTS),
                   help="the variants to play, comma-separated (default: all)")
    return p


def main():
    p = arguments(__doc__, games=2000, max_plies=120, out="crosscheck-diffs.jsonl")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        worker(args)
        return

    total = Counter()
    diffs = []
    crashed = []
    # Split the seeds among jobs; restart a job after the game that crashed it.
    pending = []
    per_job = (args.games + args.jobs - 1) // args.jobs
    for j in range(args.jobs):
        lo = args.first_seed + j * per_job
        hi = min(args.first_seed + args.games, lo + per_job)
        if lo < hi:
            pending.append((lo, hi))
    running = []

    def launch(lo, hi):
        cmd = [sys.executable, os.path.abspath(__file__), "--worker",
               "--games", str(hi - lo), "--first-seed", str(lo),
               "--max-plies", str(args.max_plies), "--server", args.server,
               "--variants-ini", args.variants_ini, "--variants", args.variants]
        return {"proc": subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True),
                "hi": hi, "last": None}

    import selectors
    sel = selectors.DefaultSelector()
    for lo, hi in pending:
        job = launch(lo, hi)
        sel.register(job["proc"].stdout, selectors.EVENT_READ, job)
        running.append(job)
    done_games = 0
    while running:
        for key, _ in sel.select():
            job = key.data
            line = job["proc"].stdout.readline()
            if line:
                if line.startswith("START "):
                    job["last"] = int(line.split()[1])
                elif line.startswith("DONE "):
                    _, seed, js = line.split(" ", 2)
                    total.update(json.loads(js))
                    done_games += 1
                    if done_games % 100 == 0:
                        print(f"{done_games} games, {positions(total)} positions, "
                              f"{len(diffs)} diffs", file=sys.stderr, flush=True)
                        write_results(args.out, total, diffs)
                elif line.startswith("DIFF "):
                    d = json.loads(line[5:])
                    d["seed"] = job["last"]
                    diffs.append(d)
                continue
            sel.unregister(job["proc"].stdout)
            job["proc"].wait()
            running.remove(job)
            if job["proc"].returncode != 0:
                crashed.append({"seed": job["last"], "returncode": job["proc"].returncode})
                nxt = (job["last"] or 0) + 1
                if nxt < job["hi"]:
                    new = launch(nxt, job["hi"])
                    sel.register(new["proc"].stdout, selectors.EVENT_READ, new)
                    running.append(new)
    write_results(args.out, total, diffs)
    print(json.dumps(dict(sorted(total.items())), indent=1))
    print(f"{done_games} games, positions compared: {positions(total)}")
    print("differences:", dict(Counter(d["kind"] for d in diffs)), "->", args.out)
    if crashed:
        print("worker crashes (pyffish?):", crashed)
    sys.exit(1 if any(d["kind"] not in ("known_ep_rank_faceoff",) for d in diffs) else 0)


if __name__ == "__main__":
    main()
