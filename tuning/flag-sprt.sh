#!/usr/bin/env bash
# The SPRT of one change waiting behind a default-off search parameter: one build against
# itself, the parameter at its "on" value on one side and at its default on the other, at
# 2+0.02 in Empire (or VARIANT), bounds 0 and 10 (or ELO0 and ELO1). The build is main's
# last commit that changed what the binary is built from (or COMMIT), kept in WORK/bin by that
# commit, so runs with new seeds start at once; sum the runs' pentanomials with
# `kaiser sprt elo0=ELO0 elo1=ELO1 ...`. A run that reaches ROUNDS pairs undecided is a
# truncated SPRT: the sign of its (summed) LLR decides (`tuning/README.md`, "Testing a change").
#
#   PARAM=improving ON=1 SEED=2026120201 tuning/flag-sprt.sh
#
# Settings, from the environment:
#   PARAM, ON  the parameter (`kaiser` option name) and its value with the change on
#   NAME     the name of the side with the change (default PARAM)
#   SEED     the match's seed
#   COMMIT   the commit to build (default main)
#   TC       the time control (default 2+0.02)
#   VARIANT  the game (default empire), from book/VARIANT-openings.epd
#   ELO0 ELO1  the SPRT's bounds (default 0 and 10; -10 and 0 for a fix that must not lose)
#   THREADS  search threads per engine (default 1); with more than one, one game at a time
#   ROUNDS   the most game pairs to play (default 3000)
#   WORK     where binaries and games go (default /work): WORK/bin, WORK/runs/NAME-SEED.pgn
set -euo pipefail
cd "$(dirname "$0")/.."
: "${PARAM:?set PARAM}" "${ON:?set ON}" "${SEED:?set SEED}"
NAME=${NAME:-$PARAM}
commit=$(git log -1 --format=%h "${COMMIT:-main}" -- .cargo Cargo.toml Cargo.lock src crates)
TC=${TC:-2+0.02}
VARIANT=${VARIANT:-empire}
openings=book/$VARIANT-openings.epd
[ -f "$openings" ] || { echo "no openings for variant '$VARIANT': $openings" >&2; exit 2; }
THREADS=${THREADS:-1}
WORK=${WORK:-/work}
mkdir -p "$WORK/bin" "$WORK/runs"

# shellcheck source=tuning/sprt-lib.sh
. tuning/sprt-lib.sh
build_commit "main-$commit" "$commit"
binary=$WORK/bin/kaiser-main-$commit
echo "kaiser-main-$commit: $("$binary" bench 2>&1 | tail -1)"

echo "== $(date -u +%FT%TZ) SPRT of $PARAM=$ON on $commit, $VARIANT, $TC, $THREADS thread(s), [${ELO0:-0}, ${ELO1:-10}], seed $SEED"
sprt_match "$binary" "$openings" "$WORK/runs/$NAME-$SEED.pgn" "$THREADS" "${ROUNDS:-3000}" \
    -engine cmd="$binary" name="$NAME" option."$PARAM"="$ON" \
    -engine cmd="$binary" name=base
echo "== $(date -u +%FT%TZ) done"
