#!/usr/bin/env bash
# Builds Kaiser in the browser into web/dist: the WebAssembly module (crates/wasm, release, with
# SIMD128), its JavaScript API and worker, and the analysis board. Installs what it needs first:
# Rust's wasm32-unknown-unknown target (rustup) and the npm packages (package-lock.json).
# Serve the result with `node web/serve.mjs` (it sends the cross-origin isolation headers).
set -euo pipefail
cd "$(dirname "$0")"
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown
[ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund
cargo build --release --target wasm32-unknown-unknown -p kaiser-wasm
node build.mjs
