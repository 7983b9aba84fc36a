#!/usr/bin/env bash
# Kills Kaiser's long runs with SIGKILL at random moments, and fills the disk under them, to show
# that each resumes or restarts with nothing lost but the work in flight and no damaged file
# (issue 79). Not run by CI (a few minutes of CPU, niced; the full-disk part needs root, for a
# tmpfs).
#
#   cargo build --release && tests/tools/faults.sh [KILLS] [SEED]     (default 20 kills of each)
#
# - datagen: a run killed KILLS times, resumed each time; after every kill `kaiser data info`
#   reads the file whole and the games never go back; resumed to the end, it holds every game.
# - nnue train: killed KILLS times, resumed from its checkpoint; the network written after each
#   epoch always loads (`EvalFile`), the epochs never go back, and the run resumes to the end.
# - book build: killed KILLS times over a book it wrote before; the book is always that one,
#   whole (`book probe` reads it).
# - match: killed KILLS times; the PGN file always reads whole (`datagen --pgn`), and no engine
#   outlives the runner.
# - full disk (a 2 MiB tmpfs, filled but for 24 KiB): datagen, book build and nnue train end with an error that says
#   so, and the files already there stay whole (the book there is a smaller one, which a new
#   book overwriting it in place would have to outgrow).
set -euo pipefail
cd "$(dirname "$0")/../.."
kills=${1:-20}
RANDOM=${2:-79}
K=${KAISER:-$PWD/target/release/kaiser}
work=$(mktemp -d)
trap 'umount "$work/full" 2> /dev/null || true; rm -rf "$work"' EXIT
renice -n 15 $$ > /dev/null
data=$work/run.kgd

# The runs, each writing to the file it is given, with small settings (seconds a run). Each
# replaces its shell, so that a run started in the background is the process killed.
datagen() { exec "$K" datagen --variant empire --games "$2" --nodes 100 --random-plies 6 --out "$1"; }
train() { exec "$K" nnue train --variant empire --data "$data" --batch 256 --threads 1 --out "$@"; }
build() { exec "$K" book build --variant empire --plies "${2:-6}" --depth 6 --multipv 3 --window 60 --out "$1"; }
match() {
    exec "$K" match -variant empire -engine cmd="$K" name=a -engine cmd="$K" name=b \
        -each tc=0.5+0.01 -games 2 -rounds 50 -pgnout "$1"
}

fail() {
    echo "FAIL: $*"
    [ -s "$work/out" ] && sed 's/^/  | /' "$work/out"
    exit 1
}

# Each run is killed KILLS times (a run that ends before its kill is not counted, and is run
# again, up to 3 KILLS runs in all).

# Runs a command in the background and kills it with SIGKILL after a random time of at most
# MAX_MS milliseconds: true if it was killed, false if it finished first (it must then succeed).
run_and_kill() {
    local max_ms=$1
    shift
    ("$@") > "$work/out" 2>&1 &
    local pid=$! ms=$((50 + RANDOM % max_ms))
    sleep "$((ms / 1000)).$(printf %03d $((ms % 1000)))"
    if kill -9 "$pid" 2> /dev/null; then
        wait "$pid" 2> /dev/null || true
        return 0
    fi
    wait "$pid" || fail "$* exited with an error"
    return 1
}

# The number after WORD in the last line of standard input that has one (`games 12`).
number_after() {
    { grep -o "$1 *[0-9]*" || true; } | tail -1 | grep -o '[0-9]*$' || echo 0
}

echo "== datagen: $kills kills"
games=0 killed=0
for _ in $(seq $((3 * kills))); do
    [ "$killed" -lt "$kills" ] || break
    run_and_kill 800 datagen "$data" 400 && killed=$((killed + 1))
    [ -e "$data" ] || continue
    "$K" data info "$data" > "$work/out" 2>&1 || fail "data info refuses the file after a kill"
    now=$(number_after games < "$work/out")
    [ "$now" -ge "$games" ] || fail "the games went back from $games to $now"
    games=$now
done
(datagen "$data" 400) > "$work/out" 2>&1 || fail "datagen does not finish the run"
"$K" data info "$data" > "$work/out" 2>&1 || fail "data info refuses the finished run"
[ "$(number_after games < "$work/out")" -eq 400 ] || fail "the finished run lacks games"
echo "datagen: $killed kills, the file read whole after each with the games never going back \
(last $games), resumed to all 400 games"

echo "== nnue train: $kills kills"
net=$work/net.nnue
epoch=0 killed=0 loads=0
for _ in $(seq $((3 * kills))); do
    [ "$killed" -lt "$kills" ] || break
    resume=()
    [ -e "$net.ckpt" ] && resume=(--resume)
    run_and_kill 2000 train "$net" --epochs 2000 "${resume[@]}" && killed=$((killed + 1))
    if [ -e "$net" ]; then
        printf 'setoption name UCI_Variant value empire\nsetoption name EvalFile value %s\n' \
            "$net" | "$K" > "$work/out" 2>&1
        grep -q "info string EvalFile.*loaded" "$work/out" || fail "the network does not load"
        loads=$((loads + 1))
    fi
    if [ -e "$net.ckpt" ]; then
        # The checkpoint's epoch: after its magic (8 bytes), version (2), variant (1), buckets (2).
        now=$(od -An -t u4 -j 13 -N 4 "$net.ckpt" | tr -d ' ')
        [ "$now" -ge "$epoch" ] || fail "the epochs went back from $epoch to $now"
        epoch=$now
    fi
done
[ -e "$net.ckpt" ] || fail "no checkpoint after $kills kills"
(train "$net" --epochs $((epoch + 1)) --resume) > "$work/out" 2>&1 ||
    fail "the run does not resume from its checkpoint"
echo "nnue train: $killed kills, the network loaded after each ($loads times), the epochs never \
went back (last $epoch), resumed to the end"

echo "== book build: $kills kills"
book=$work/book.bin
(build "$book") > "$work/out" 2>&1 || fail "book build fails"
whole=$(md5sum < "$book")
killed=0
for _ in $(seq $((3 * kills))); do
    [ "$killed" -lt "$kills" ] || break
    run_and_kill 3000 build "$book" && killed=$((killed + 1))
    [ "$(md5sum < "$book")" = "$whole" ] || fail "the book is not the one built before"
    "$K" book probe --book "$book" --variant empire > "$work/out" 2>&1 || fail "the book does not read"
done
echo "book build: $killed kills, the book whole and the same after each"

echo "== match: $kills kills"
pgn=$work/match.pgn
killed=0
for _ in $(seq $((3 * kills))); do
    [ "$killed" -lt "$kills" ] || break
    run_and_kill 8000 match "$pgn" && killed=$((killed + 1))
    sleep 0.5
    pgrep -x -f "$K" > /dev/null && fail "an engine outlived the killed match"
    if [ -s "$pgn" ]; then
        "$K" datagen --variant empire --pgn "$pgn" --out "$work/pgn.kgd" > "$work/out" 2>&1 ||
            fail "the PGN does not read after a kill"
        rm -f "$work/pgn.kgd"
    fi
done
echo "match: $killed kills, the PGN read whole after each ($(grep -c '^\[Event' "$pgn" || true) \
games in all), no engine left running"

echo "== full disk"
full=$work/full
mkdir -p "$full"
mount -t tmpfs -o size=2m tmpfs "$full"
(build "$full/book.bin" 3) > "$work/out" 2>&1 || fail "book build fails"
small=$(md5sum < "$full/book.bin")
cp "$net" "$full/net.nnue"
dd if=/dev/zero of="$full/filler" bs=4k status=none 2> /dev/null || true
truncate -s -24K "$full/filler"
(datagen "$full/run.kgd" 1000) > "$work/out" 2>&1 && fail "datagen filled the disk without an error"
grep -q "No space left on device" "$work/out" || fail "datagen's error does not say the disk is full"
message=$(grep -i error "$work/out" | head -1)
"$K" data info "$full/run.kgd" > "$work/out" 2>&1 || fail "the full disk damaged the data file"
echo "datagen: '$message'; the file read whole, $(number_after games < "$work/out") games"
(build "$full/book.bin") > "$work/out" 2>&1 && fail "book build wrote to a full disk without an error"
[ "$(md5sum < "$full/book.bin")" = "$small" ] || fail "the full disk damaged the book"
echo "book build: '$(grep -i error "$work/out" | head -1)'; the old book whole"
(train "$full/net.nnue" --epochs 1) > "$work/out" 2>&1 &&
    fail "nnue train wrote to a full disk without an error"
cmp -s "$net" "$full/net.nnue" || fail "the full disk damaged the network"
echo "nnue train: '$(grep -i error "$work/out" | head -1)'; the old network whole"
echo "all fault runs passed"
