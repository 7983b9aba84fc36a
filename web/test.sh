#!/usr/bin/env bash
# The browser tests (test/*.test.mjs): installs Debian's Chromium if it is missing (as root, with
# apt-get; playwright-core drives it and downloads no browser), checks the module's crate with
# clippy for WebAssembly, builds everything (build.sh), then runs the tests against the module in
# headless Chromium and against the native binary (KAISER_NATIVE, else target/release/kaiser,
# else target/debug/kaiser). Screenshots go to test-results/ (or SCREENSHOT_DIR).
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown
cargo clippy -p kaiser-wasm --target wasm32-unknown-unknown -- -D warnings
./build.sh
node --test --test-reporter=spec test/*.test.mjs
