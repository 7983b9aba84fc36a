#!/usr/bin/env python3
"""A UCI go-between for the soak test (tests/tools/soak.sh, issue 79): `kaiser match` plays it as
an engine, and it passes every line on to the real engine and back, adding what the match runner
never sends:

- pondering: after each of the engine's moves it searches the expected reply (`go ponder`), then
  sends `ponderhit` when the opponent plays that move, and `stop` (its `bestmove` kept from the
  runner) when the opponent plays another;
- `stop` at a random moment of one search in ten of the engine's own;
- a new `Hash` size at every new game.

Pondering ends (`stop`, its `bestmove` kept from the runner) before any line from the runner
other than `position`, `go` and `isready`, as a GUI does before `setoption` or `ucinewgame`: a
mixed match sends `setoption name UCI_Variant` between games.

It logs the engine's memory (kB, from /proc) to the file named by SOAK_LOG:

- `game N variant V hash H rss_kb R`: at every new game, before its `ucinewgame`, the resident
  size with the hash table of the game before (H MiB) and the variant of the game to come;
- `baseline games N rss_kb R`: after the first SOAK_BASELINE_GAMES games (default 30), the
  resident size with the smallest hash table (`Hash` 1, so that the table's size, which changes
  every game, is left out);
- `final games N rss_kb R peak_kb P ponderhits A ponder_stops B random_stops C`: when the
  runner ends it, the same measure, then the peak resident size of the whole run, and how many
  `ponderhit`s, `stop`s of pondering and random `stop`s it sent.

The engine runs with glibc's MALLOC_MMAP_THRESHOLD_ fixed at 128 KiB (unless the environment
sets it), so that every hash table is mapped on its own and given back when it is freed, and
the resident size follows the memory in use. By default glibc raises the threshold to the size
of the largest block freed (up to 32 MiB): the next tables then come from the heap and stay
resident after they are freed: in a 90-game trial the resident size after games with Hash 1
to 16 climbed from 15 MB (game 2) to 37 MB (game 17) and 43 MB (game 52), flat between the
steps; with the threshold fixed, after games with Hash 1 it stayed between 11.6 and 11.9 MB
from game 8 to game 86.

    cmd=python3 arg=tests/tools/soak_proxy.py arg=ENGINE arg=SEED
"""

import collections
import os
import random
import subprocess
import sys
import threading
import time

HASH_SIZES = [1, 4, 8, 16, 32, 64]
BASELINE_GAMES = int(os.environ.get("SOAK_BASELINE_GAMES", "30"))
SENT = ["ponderhits", "ponder_stops", "random_stops"]


class Proxy:
    def __init__(self, engine: str, seed: int):
        environment = {"MALLOC_MMAP_THRESHOLD_": "131072", **os.environ}
        self.engine = subprocess.Popen(
            [engine],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
            env=environment,
        )
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        self.position = ""  # the runner's last `position` line
        self.go = ""  # the runner's last `go` line for the engine's own move
        self.go_sent_at = 0.0
        self.pondered = None  # the `position` line of the search on the opponent's time
        self.swallow = 0  # `bestmove` lines of stopped ponder searches, not for the runner
        self.search = 0  # numbers the engine's own searches, for the random stops
        self.games = 0
        self.sent = collections.Counter()  # what was sent of SENT
        self.hash = None  # the last Hash sent, in MiB
        self.variant = "chess"  # the last UCI_Variant sent
        self.ready = threading.Event()  # the `readyok` of a memory measure, not for the runner
        self.measuring = False

    def to_engine(self, line: str):
        self.engine.stdin.write(line + "\n")
        self.engine.stdin.flush()

    def memory(self, field: str):
        try:
            with open(f"/proc/{self.engine.pid}/status") as status:
                for line in status:
                    if line.startswith(field + ":"):
                        return int(line.split()[1])
        except OSError:
            pass
        return None

    def log(self, line: str):
        path = os.environ.get("SOAK_LOG")
        if path:
            with open(path, "a") as log:
                log.write(line + "\n")

    def resident_size(self):
        """The engine's resident size once it has made its hash table the smallest."""
        with self.lock:
            self.measuring = True
            self.ready.clear()
            self.to_engine("setoption name Hash value 1")
            self.to_engine("isready")
        self.ready.wait(timeout=10)
        return self.memory("VmRSS")

    def ponder_clock(self) -> str:
        """The runner's last `go` with the engine's time less what its move took."""
        words = self.go.split()
        spent = int((time.monotonic() - self.go_sent_at) * 1000)
        for key in ("wtime", "btime"):
            if key in words[:-1]:
                at = words.index(key) + 1
                words[at] = str(max(1, int(words[at]) - spent))
        return " ".join(["go", "ponder"] + words[1:])

    def engine_lines(self):
        for line in self.engine.stdout:
            line = line.rstrip("\n")
            with self.lock:
                if line == "readyok" and self.measuring:
                    self.measuring = False
                    self.ready.set()
                    continue
                if line.startswith("bestmove") and self.swallow > 0:
                    self.swallow -= 1
                    continue
                if line.startswith("info") and (self.pondered is not None or self.swallow > 0):
                    continue
                print(line, flush=True)
                words = line.split()
                if len(words) == 4 and words[0] == "bestmove" and words[2] == "ponder":
                    moves = "" if " moves" in self.position else " moves"
                    self.pondered = f"{self.position}{moves} {words[1]} {words[3]}"
                    self.to_engine(self.pondered)
                    self.to_engine(self.ponder_clock())

    def end_pondering(self):
        if self.pondered is not None:
            self.to_engine("stop")
            self.sent["ponder_stops"] += 1
            self.swallow += 1
            self.pondered = None

    def stop_later(self, search: int, delay: float):
        time.sleep(delay)
        with self.lock:
            if self.search == search and self.pondered is None:
                self.to_engine("stop")
                self.sent["random_stops"] += 1

    def runner_line(self, line: str):
        words = line.split()
        word = words[0] if words else ""
        with self.lock:
            if word not in ("position", "go", "isready"):
                self.end_pondering()
            if words[:4] == ["setoption", "name", "UCI_Variant", "value"] and len(words) > 4:
                self.variant = words[4]
            if words[:4] == ["setoption", "name", "Hash", "value"] and len(words) > 4:
                self.hash = words[4]
            if word == "position":
                self.position = line
                if line != self.pondered:
                    self.end_pondering()
                return
            if word == "go":
                self.go, self.go_sent_at = line, time.monotonic()
                self.search += 1
                if self.pondered is not None:
                    self.pondered = None
                    self.to_engine("ponderhit")
                    self.sent["ponderhits"] += 1
                else:
                    self.to_engine(self.position)
                    self.to_engine(line)
                if self.rng.random() < 0.1:
                    delay = self.rng.uniform(0.0, 0.05)
                    threading.Thread(
                        target=self.stop_later, args=(self.search, delay), daemon=True
                    ).start()
                return
            if word != "ucinewgame":
                self.to_engine(line)
                return
            if self.games > 0:
                rss = self.memory("VmRSS")
                game = self.games + 1
                self.log(f"game {game} variant {self.variant} hash {self.hash} rss_kb {rss}")
        if self.games == BASELINE_GAMES:
            self.log(f"baseline games {self.games} rss_kb {self.resident_size()}")
        with self.lock:
            self.to_engine(line)
            self.games += 1
            self.hash = self.rng.choice(HASH_SIZES)
            self.to_engine(f"setoption name Hash value {self.hash}")

    def run(self):
        threading.Thread(target=self.engine_lines, daemon=True).start()
        for line in sys.stdin:
            line = line.rstrip("\n")
            if line.split()[:1] == ["quit"]:
                with self.lock:
                    self.end_pondering()
                rss = self.resident_size()
                sent = " ".join(f"{what} {self.sent[what]}" for what in SENT)
                peak = self.memory("VmHWM")
                self.log(f"final games {self.games} rss_kb {rss} peak_kb {peak} {sent}")
            self.runner_line(line)
        with self.lock:
            self.end_pondering()
        self.engine.stdin.close()
        self.engine.wait()


if __name__ == "__main__":
    Proxy(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1).run()
