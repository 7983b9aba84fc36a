#!/usr/bin/env bash
# Runs one fuzz target for a while, niced, on the stable toolchain (RUSTC_BOOTSTRAP lets cargo
# fuzz pass its -Z flags; the build has AddressSanitizer, debug assertions and overflow checks):
#
#   fuzz/run.sh TARGET [SECONDS] [extra libFuzzer flags...]      (default 600 seconds)
#
# The working corpus is fuzz/corpus/TARGET (not kept in git), started from fuzz/seeds/TARGET,
# fuzz/regressions/TARGET and, for the book and network targets, the project's own books and
# networks. Crashes land in fuzz/artifacts/TARGET; a crash input that shows a fixed fault is
# kept in fuzz/regressions/TARGET, where `cargo test` (tests/fuzz_regressions.rs) replays it.
set -euo pipefail
cd "$(dirname "$0")"
target=${1:?usage: fuzz/run.sh TARGET [SECONDS] [libFuzzer flags...]}
seconds=${2:-600}
shift $(($# < 2 ? $# : 2))

export RUSTC_BOOTSTRAP=1
command -v cargo-fuzz > /dev/null || cargo install cargo-fuzz --locked
nice -n 10 cargo fuzz build -O -a "$target"

corpus=corpus/$target
mkdir -p "$corpus" "artifacts/$target"
for dir in "seeds/$target" "regressions/$target"; do
    [ -d "$dir" ] && cp -n "$dir"/* "$corpus"/ 2> /dev/null || true
done
max_len=65536
case $target in
    book) cp -n ../book/*.bin "$corpus"/ ;;
    net)
        # The first byte 1: the harness makes the checksum right, so changes reach the weights.
        for net in ../crates/engine/nets/*.nnue; do
            seed=$corpus/$(basename "$net")
            [ -e "$seed" ] || { printf '\001' > "$seed" && cat "$net" >> "$seed"; }
        done
        max_len=400000
        ;;
esac

# -close_fd_mask=1: the sessions' protocol output is not shown.
exec nice -n 15 "target/x86_64-unknown-linux-gnu/release/$target" "$corpus" \
    -artifact_prefix="artifacts/$target/" -max_total_time="$seconds" -max_len="$max_len" \
    -timeout=20 -rss_limit_mb=3072 -close_fd_mask=1 -print_final_stats=1 "$@"
