#!/usr/bin/env bash
# The SPRT of one change waiting for its test, a branch of this clone (a change waits on a
# branch or behind a default-off parameter, never as a patch file), against the commit it is
# to land on: both are built in their own worktrees (each with its own target directory, so
# that cargo cannot take one build for the other), their `bench` signatures printed, then
# the branch's build plays the base at 2+0.02 in Empire (or VARIANT), bounds 0 and 10 (or ELO0
# and ELO1), until the SPRT decides. The branch's tree must pass the whole test suite (`cargo
# test --release`) before it plays: a change that wins games by losing a tested behaviour (a
# mate found) never gets a match. Builds are kept by commit, so a second run with a new SEED
# plays at once; sum the runs' pentanomials with `kaiser sprt elo0=ELO0 elo1=ELO1 ...`.
#
#   BRANCH=pending-tteval SEED=2026120101 tuning/branch-sprt.sh
#
# Settings, from the environment:
#   BRANCH   the branch (or any commit) to test; its games are named after it
#   SEED     the match's seed
#   BASE     the commit to test against (default: the merge base of BRANCH and main). The
#            base is taken back to its last commit that changed what the binary is built and
#            tested from (a commit of the README alone does not), so its build and its runs
#            keep one name across such commits
#   TC       the time control (default 2+0.02)
#   VARIANT  the game (default empire), played from book/VARIANT-openings.epd: a change
#            that acts where one game's searches go (chess's zugzwang) is tested there
#   ELO0 ELO1  the SPRT's bounds (default 0 and 10; -10 and 0 for a change that must not
#            lose, such as a fix of a search blind spot)
#   WORK     where worktrees, binaries and games go (default /work): WORK/wt-sprt-*,
#            WORK/bin/kaiser-*, WORK/runs/BRANCH-SEED.pgn
#   ROUNDS   the most game pairs to play (default 3000) when the SPRT has not decided
#   BUILD_ONLY  set to 1 to build, test and print the signatures without playing (to ready
#            the next branch beside a running match; SEED is then not needed)
set -euo pipefail
cd "$(dirname "$0")/.."
: "${BRANCH:?set BRANCH}"
[ "${BUILD_ONLY:-0}" = 1 ] || : "${SEED:?set SEED}"
tested=$(git rev-parse --short "$BRANCH")
NAME=${BRANCH##*/}
BASE=$(git log -1 --format=%h "${BASE:-$(git merge-base "$BRANCH" main)}" -- .cargo Cargo.toml Cargo.lock src crates tests benches book)
TC=${TC:-2+0.02}
VARIANT=${VARIANT:-empire}
openings=book/$VARIANT-openings.epd
[ -f "$openings" ] || { echo "no openings for variant '$VARIANT': $openings" >&2; exit 2; }
ELO0=${ELO0:-0}
ELO1=${ELO1:-10}
WORK=${WORK:-/work}
mkdir -p "$WORK/bin" "$WORK/runs"

# shellcheck source=tuning/sprt-lib.sh
. tuning/sprt-lib.sh

base_tag=base-$BASE
patched_tag=$NAME-$tested
build_commit "$base_tag" "$BASE"
build_commit "$patched_tag" "$tested" test
for tag in "$base_tag" "$patched_tag"; do
    echo "$tag: $("$WORK/bin/kaiser-$tag" bench 2>&1 | tail -1)"
done
[ "${BUILD_ONLY:-0}" = 1 ] && exit 0

echo "== $(date -u +%FT%TZ) SPRT of $NAME on $BASE against $BASE, $VARIANT, $TC, [$ELO0, $ELO1], seed $SEED"
sprt_match "$WORK/bin/kaiser-$base_tag" "$openings" "$WORK/runs/$NAME-$SEED.pgn" 1 "${ROUNDS:-3000}" \
    -engine cmd="$WORK/bin/kaiser-$patched_tag" name="$NAME" \
    -engine cmd="$WORK/bin/kaiser-$base_tag" name=base
echo "== $(date -u +%FT%TZ) done"
