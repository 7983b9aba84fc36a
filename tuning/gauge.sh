#!/usr/bin/env bash
# A gauge of a Kaiser build against Fairy-Stockfish with its hand-written evaluation (`Use NNUE`
# false), as the issues ask for it: one variant, 10+0.1, one thread and 16 MiB each, Kaiser's
# own book off, game pairs from the variant's test openings with colours swapped. Fairy-Stockfish
# is built by hand outside the project (its README; `make build ARCH=x86-64-modern
# largeboards=yes all=yes`) and reads the shared `variants.ini`. Sum the pentanomials of several
# runs of one gauge with `kaiser sprt elo0=0 elo1=10 ...`.
#
#   BIN=/work/bin/kaiser-41base VARIANT=orda SEED=2026112901 tuning/gauge.sh
#
# Settings, from the environment:
#   BIN      the Kaiser binary
#   RUNNER   the Kaiser binary that runs and arbitrates the match (default BIN); today's
#            runner gauges an older build (the issue's starting one) as it gauges main
#   VARIANT  empire, orda or chess
#   SEED     the match's seed
#   FSF      Fairy-Stockfish's binary (default /work/ext/fsf/src/stockfish)
#   ROUNDS   game pairs (default 100: the issues' 200 games)
#   TC       the time control (default 10+0.1)
#   WORK     where the games go (default /work): WORK/runs/gauge-VARIANT-<bin>-SEED.pgn
set -euo pipefail
cd "$(dirname "$0")/.."
: "${BIN:?set BIN}" "${VARIANT:?set VARIANT}" "${SEED:?set SEED}"
BIN=$(realpath "$BIN")
RUNNER=$(realpath "${RUNNER:-$BIN}")
FSF=$(realpath "${FSF:-/work/ext/fsf/src/stockfish}")
ROUNDS=${ROUNDS:-100}
TC=${TC:-10+0.1}
WORK=${WORK:-/work}
variants_ini=$(realpath ../shared/variants.ini)
mkdir -p "$WORK/runs"

echo "== $(date -u +%FT%TZ) gauge of $BIN against $FSF: $VARIANT, $TC, $ROUNDS pairs, seed $SEED"
"$RUNNER" match -variant "$VARIANT" \
    -engine cmd="$BIN" name=kaiser option.OwnBook=false \
    -engine cmd="$FSF" name=fsf option.VariantPath="$variants_ini" "option.Use NNUE=false" \
    -each tc="$TC" option.Hash=16 option.Threads=1 \
    -openings file="book/$VARIANT-openings.epd" order=random -seed "$SEED" \
    -games 2 -rounds "$ROUNDS" -concurrency 2 \
    -pgnout "$WORK/runs/gauge-$VARIANT-$(basename "$BIN")-$SEED.pgn"
echo "== $(date -u +%FT%TZ) done"
