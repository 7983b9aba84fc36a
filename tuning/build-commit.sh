# Sourced by the SPRT scripts (`branch-sprt.sh`, `flag-sprt.sh`): builds one commit's engine.
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
