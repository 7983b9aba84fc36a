#!/usr/bin/env bash
# One generation of a variant's network: self-play by the network built into BIN (one store, or
# the several STORE_SEED lists, which may take more than a session), a network trained from that
# one on those games or on TRAIN (`nnue train --init built-in`, so what it learnt from earlier
# data is kept without that data), then the SPRT of the new network against BIN at 5+0.05 or TC
# (bounds 0 and 10), from the second set of test openings (`book/VARIANT-openings-2.epd`), which
# no network was ever trained on (the first set began the games of every generation before
# 2026-12-01). Run again with the same settings, each step resumes: datagen plays only the games
# its file lacks, training goes on from its checkpoint, a finished step is skipped; the SPRT
# starts over (sum its runs with `kaiser sprt`).
#
#   VARIANT=empire GEN=5 GAMES=24000 SEED=2026112801 tuning/generation.sh
#   VARIANT=orda GEN=14 STORE_SEED="19 20 21 22" TRAIN=/work/kaiser-data/orda GAMES=28000 \
#     SEED=2026120614 TC=2+0.02 EPOCHS=2 tuning/generation.sh
#
# Settings, from the environment:
#   VARIANT  empire, orda or chess
#   GEN      the generation's number; also the self-play's seed unless STORE_SEED says another
#   STORE_SEED  the self-play's seeds, one store each, played in turn (default GEN): "19 20 21
#            22" plays a generation's four stores (then set TRAIN), "22" finishes a store begun
#            by hand
#   GAMES    self-play games (Empire: about 64 training positions a game, Orda 59, chess 85)
#   SEED     the SPRT's seed
#   BIN      the Kaiser binary that plays, trains and runs the match (default target/release/kaiser)
#   WORK     where the data, the network and the logs go (default /work): WORK/kaiser-data,
#            WORK/nnue/VARIANT-gGEN.nnue, WORK/runs/VARIANT-gGEN-sprt-SEED.pgn
#   TC       the SPRT's time control (default 5+0.05; 2+0.02 plays about twice the games)
#   EPOCHS   training epochs (default 4); RATE the starting learning rate (default 0.0005)
#   TRAIN    what the network is trained on: this generation's games (the default), or a
#            directory such as WORK/kaiser-data/VARIANT to train on every generation's games
#            this machine still holds (less overfitting than one session's games alone)
#   BUCKETS  output buckets to give a one-bucket built-in network (`nnue train
#            --output-buckets`; by default the network keeps its own)
#   SHAPE    more `nnue train` arguments that change the network's shape, such as
#            "--hidden 256" or "--king-buckets four" (applied to the built-in network)
set -euo pipefail
cd "$(dirname "$0")/.."
: "${VARIANT:?set VARIANT}" "${GEN:?set GEN}" "${GAMES:?set GAMES}" "${SEED:?set SEED}"
BIN=$(realpath "${BIN:-target/release/kaiser}")
WORK=${WORK:-/work}
TC=${TC:-5+0.05}
EPOCHS=${EPOCHS:-4}
RATE=${RATE:-0.0005}
data_dir=$WORK/kaiser-data
read -ra store_seeds <<< "${STORE_SEED:-$GEN}"
if [ "${#store_seeds[@]}" -gt 1 ] && [ -z "${TRAIN:-}" ]; then
    echo "generation.sh: several stores (STORE_SEED=\"${store_seeds[*]}\"): set TRAIN" >&2
    exit 1
fi
net=$WORK/nnue/$VARIANT-g$GEN.nnue
mkdir -p "$data_dir" "$WORK/nnue" "$WORK/runs"
# shellcheck source=tuning/sprt-lib.sh
. tuning/sprt-lib.sh

for store_seed in "${store_seeds[@]}"; do
    data=$data_dir/$VARIANT/selfplay-n2500-s$store_seed.kgd
    echo "== $(date -u +%FT%TZ) self-play: $GAMES games, seed $store_seed, by $BIN"
    "$BIN" datagen --variant "$VARIANT" --games "$GAMES" --threads 2 --seed "$store_seed" \
        --data-dir "$data_dir"
    "$BIN" data info "$data"
done
train=${TRAIN:-$data}

echo "== $(date -u +%FT%TZ) the built-in network on the last store's games"
"$BIN" nnue loss --variant "$VARIANT" --data "$data"

if [ ! -f "$net.done" ]; then
    echo "== $(date -u +%FT%TZ) training $net on $train"
    if [ -f "$net.ckpt" ]; then
        start=(--resume)
    else
        # shellcheck disable=SC2206 # SHAPE is a list of arguments
        start=(--init built-in ${BUCKETS:+--output-buckets "$BUCKETS"} ${SHAPE:-})
    fi
    "$BIN" nnue train --variant "$VARIANT" --data "$train" --out "$net" --epochs "$EPOCHS" \
        --rate "$RATE" "${start[@]}"
    touch "$net.done"
fi

echo "== $(date -u +%FT%TZ) SPRT of $net against the built-in network"
sprt_match "$BIN" "book/$VARIANT-openings-2.epd" "$WORK/runs/$VARIANT-g$GEN-sprt-$SEED.pgn" 1 1000 \
    -engine cmd="$BIN" name="g$GEN" option.UCI_Variant="$VARIANT" option.EvalFile="$net" \
    -engine cmd="$BIN" name=main
echo "== $(date -u +%FT%TZ) done"
