#!/usr/bin/env bash
# Build the static site into web/dist with Vite: bundles the page, its worker, CodeMirror and the wasm engine (from web/pkg).
# First it writes web/src/generated/builtins.js (the engine's built-in functions and lint checks, as the
# page's links, lint pane and settings need them) from the engine's own declarations.
set -euo pipefail
cd "$(dirname "$0")/../web"
test -f pkg/puppet_wasm.js || { echo "web/pkg is missing: run scripts/build-wasm.sh first" >&2; exit 1; }
cargo run --quiet -p puppet-core --example page_builtins -- src/generated/builtins.js
node_modules/.bin/vite build --logLevel warn
node scripts/sizes.mjs
