#!/bin/sh
# Kaiser against Kaiser in a real XBoard (Debian's `xboard` 4.9), on a virtual X display: for each
# variant a two-game match, a screenshot of the board in the middle of the first game, and the
# PGN that XBoard saves, replayed under Kaiser's rules (examples/pgn_replay). Not run by CI.
#
# Needs: apt-get install -y xboard xvfb x11-apps imagemagick
# Run from the repository root:
#   cargo build --release && cargo build --release --example pgn_replay
#   sh tests/tools/xboard_selfplay.sh [OUT_DIR] [VARIANT...]
# (defaults: /tmp/kaiser-xboard, empire orda). KAISER=path overrides target/release/kaiser,
# TC=0:20 and INC=0.2 set the clock (minutes:seconds per game, seconds a move), SHOT_AFTER=20
# the seconds before the screenshot, PONDER=true lets both engines ponder.
#
# Writes OUT_DIR/<variant>.pgn, <variant>.debug (XBoard's log of everything said between it and
# the engines), <variant>-midgame.png, and prints the replay's verdict a game.
#
# XBoard's own adjudication is switched off where it does not know these games: it takes every
# stalemate for a draw (-checkMates false: Kaiser claims checkmates and stalemates itself) and
# ends games it thinks lack mating material (-materialDraws false: a bare king can still win by
# campmate). Claims are still checked (-testClaims true): Kaiser claims only results XBoard can
# accept from the claimer, a loss or a draw when it is on move.
set -eu

OUT=${1:-/tmp/kaiser-xboard}
[ $# -gt 0 ] && shift
VARIANTS=${*:-empire orda}
TARGET=${CARGO_TARGET_DIR:-target}
case $TARGET in /*) ;; *) TARGET=$(pwd)/$TARGET ;; esac
KAISER=${KAISER:-$TARGET/release/kaiser}
REPLAY=${REPLAY:-$TARGET/release/examples/pgn_replay}
for program in "$KAISER" "$REPLAY"; do
    [ -x "$program" ] || { echo "no $program: build it first (see above)" >&2; exit 2; }
done
TC=${TC:-0:20}
INC=${INC:-0.2}
SHOT_AFTER=${SHOT_AFTER:-20}
PONDER=${PONDER:-false}
XBOARD=$(command -v xboard || echo /usr/games/xboard)

mkdir -p "$OUT"
# A home of its own, so that no ~/.xboardrc is read or written.
export HOME="$OUT/home"
mkdir -p "$HOME"

# A free display number for Xvfb.
DISPLAY_NUMBER=90
while [ -e "/tmp/.X$DISPLAY_NUMBER-lock" ]; do DISPLAY_NUMBER=$((DISPLAY_NUMBER + 1)); done
Xvfb ":$DISPLAY_NUMBER" -screen 0 1024x768x24 >"$OUT/xvfb.log" 2>&1 &
XVFB_PID=$!
trap 'kill $XVFB_PID 2>/dev/null || true' EXIT
export DISPLAY=":$DISPLAY_NUMBER"
sleep 1

status=0
for variant in $VARIANTS; do
    rm -f "$OUT/$variant.pgn" "$OUT/$variant.debug"
    "$XBOARD" -fcp "$KAISER" -fd "$OUT" -scp "$KAISER" -sd "$OUT" \
        -variant "$variant" -matchGames 2 -matchPause 1000 \
        -tc "$TC" -inc "$INC" -ponderNextMove "$PONDER" \
        -checkMates false -materialDraws false -trivialDraws false -testClaims true \
        -saveGameFile "$OUT/$variant.pgn" -debugMode true -nameOfDebugFile "$OUT/$variant.debug" \
        -popupExitMessage false -soundProgram true -coords -size medium \
        -messageSuppress "Right-clicking menu item or dialog text pops up help on it" \
        >"$OUT/$variant.xboard.log" 2>&1 &
    xboard_pid=$!
    sleep "$SHOT_AFTER"
    import -window root "$OUT/$variant-midgame.png" || xwd -root -silent >"$OUT/$variant-midgame.xwd"
    wait $xboard_pid || true
    echo "$variant: XBoard's results:"
    grep -E '^\[Result|^\{.*\} (1-0|0-1|1/2-1/2)$' "$OUT/$variant.pgn" || true
    grep -E 'False|Illegal move|Error \(' "$OUT/$variant.debug" && status=1
    "$REPLAY" "$OUT/$variant.pgn" || status=1
done
exit $status
