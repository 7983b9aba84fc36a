#!/usr/bin/env bash
# A gauge of a Kaiser build against Fairy-Stockfish with its hand-written evaluation (`Use NNUE`
# false), as the issues ask for it: one variant, 10+0.1, one thread and 16 MiB each, Kaiser's
# own book off, game pairs from the variant's test openings with colours swapped, on each of the
# two sets (`book/<variant>-openings.epd`, then the second, `-openings-2.epd`: the two figures
# must agree within their intervals, or the difference is the first thing to explain; neither
# set is trained on since 2026-12-01, see book/README.md). Fairy-Stockfish
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
#   ROUNDS   game pairs on each set (default 100: the issues' 200 games)
#   SETS     which sets: "1 2" (the default), "1" or "2"
#   TC       the time control (default 10+0.1)
#   WORK     where the games go (default /work): WORK/runs/gauge-VARIANT-<bin>-SEED-set<N>.pgn
set -euo pipefail
cd "$(dirname "$0")/.."
: "${BIN:?set BIN}" "${VARIANT:?set VARIANT}" "${SEED:?set SEED}"
BIN=$(realpath "$BIN")
RUNNER=$(realpath "${RUNNER:-$BIN}")
FSF=$(realpath "${FSF:-/work/ext/fsf/src/stockfish}")
ROUNDS=${ROUNDS:-100}
SETS=${SETS:-1 2}
TC=${TC:-10+0.1}
WORK=${WORK:-/work}
variants_ini=$(realpath ../shared/variants.ini)
mkdir -p "$WORK/runs"

for set in $SETS; do
    case $set in
        1) openings=book/$VARIANT-openings.epd ;;
        2) openings=book/$VARIANT-openings-2.epd ;;
        *) echo "SETS names sets 1 and 2, not $set" >&2; exit 2 ;;
    esac
    echo "== $(date -u +%FT%TZ) gauge of $BIN against $FSF: $VARIANT, $TC, $ROUNDS pairs, seed $SEED, $openings"
    "$RUNNER" match -variant "$VARIANT" \
        -engine cmd="$BIN" name=kaiser option.OwnBook=false \
        -engine cmd="$FSF" name=fsf option.VariantPath="$variants_ini" "option.Use NNUE=false" \
        -each tc="$TC" option.Hash=16 option.Threads=1 \
        -openings file="$openings" order=random -seed "$SEED" \
        -games 2 -rounds "$ROUNDS" -concurrency 2 \
        -pgnout "$WORK/runs/gauge-$VARIANT-$(basename "$BIN")-$SEED-set$set.pgn"
done
echo "== $(date -u +%FT%TZ) done"
