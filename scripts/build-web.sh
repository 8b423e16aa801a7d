#!/usr/bin/env bash
# Build the static site into web/dist with Vite: bundles the page, its worker, CodeMirror and the wasm engine (from web/pkg).
set -euo pipefail
cd "$(dirname "$0")/../web"
test -f pkg/puppet_wasm.js || { echo "web/pkg is missing: run scripts/build-wasm.sh first" >&2; exit 1; }
node_modules/.bin/vite build --logLevel warn
node scripts/sizes.mjs
