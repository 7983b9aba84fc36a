# Sourced by the SPRT scripts (`branch-sprt.sh`, `flag-sprt.sh`, `generation.sh`): what every
# SPRT does the same way.
#
# build_commit TAG COMMIT [test]: COMMIT's tree built into WORK/bin/kaiser-TAG (nothing to do if
# that binary exists), in its own worktree WORK/wt-sprt-TAG with its own target directory
# (worktrees that share a `CARGO_TARGET_DIR` can silently reuse each other's build); with
# `test`, the tree's whole test suite (`cargo test --release`) must pass first.
build_commit() {
    local tag=$1 tree=$WORK/wt-sprt-$1
    if [ -x "$WORK/bin/kaiser-$tag" ]; then return; fi
    rm -rf "$tree"
    git worktree prune
    git worktree add -q --detach "$tree" "$2"
    if [ $# -gt 2 ]; then
        (cd "$tree" && CARGO_TARGET_DIR=$tree/target cargo test -q --release)
    fi
    (cd "$tree" && CARGO_TARGET_DIR=$tree/target cargo build -q --release -p kaiser)
    cp "$tree/target/release/kaiser" "$WORK/bin/kaiser-$tag"
}

# sprt_match BINARY OPENINGS PGN THREADS ROUNDS ENGINE-ARGUMENTS...: BINARY's `match` of the two
# engines the arguments give (`-engine ... -engine ...`, the side tested first) in VARIANT at
# TC, Hash 16 and THREADS search threads each, neither with its own book (the openings file
# gives each game's start), from OPENINGS in a random order by SEED, each opening played with
# both colours, at most ROUNDS such pairs, two games at a time (one when an engine has more
# than one thread, so the two sides never share a core), until the SPRT of bounds ELO0 and
# ELO1 (default 0 and 10) decides; the games go to PGN.
sprt_match() {
    local binary=$1 openings=$2 pgn=$3 threads=$4 rounds=$5
    shift 5
    "$binary" match -variant "$VARIANT" "$@" \
        -each tc="$TC" option.Hash=16 option.Threads="$threads" option.OwnBook=false \
        -openings file="$openings" order=random -seed "$SEED" \
        -games 2 -rounds "$rounds" -concurrency "$((threads > 1 ? 1 : 2))" \
        -sprt elo0="${ELO0:-0}" elo1="${ELO1:-10}" alpha=0.05 beta=0.05 \
        -pgnout "$pgn"
}
