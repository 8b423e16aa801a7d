#!/usr/bin/env bash
# Build the static site into web/dist with Vite: bundles the page, its worker, CodeMirror and the wasm engine (from web/pkg).
# The page's data about the engine's built-ins (web/src/generated/builtins.js) is committed: written from the
# engine's declarations by `cargo run -p puppet-core --example page_builtins -- web/src/generated/builtins.js`
# and held to them by core/tests/page_builtins.rs, so the site builds without another native build of the core.
set -euo pipefail
cd "$(dirname "$0")/../web"
test -f pkg/puppet_wasm.js || { echo "web/pkg is missing: run scripts/build-wasm.sh first" >&2; exit 1; }
node_modules/.bin/vite build --logLevel warn
node scripts/sizes.mjs
