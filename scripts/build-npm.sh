#!/usr/bin/env bash
# Package the libraries engine (the full one with stdlib's HOCON reader and Ruby's uri: the page's
# third engine, web/pkg-libs) for npm, so that a program never answers { needsFullEngine } there and
# nothing is refused for the page's size budgets (one engine, about 21 KB gzipped more than the page's
# full one): the facade's JavaScript bindings with their TypeScript declarations (derived from the Rust
# types into wasm/puppet_engine_types.d.ts, checked by wasm/src/typescript.rs), the optimised .wasm that
# `make wasm` leaves, a package.json and npm/README.md, then `npm pack` into target/npm/. ES module only:
# it works from a bundler and from a plain <script type="module"> (web/e2e/npm-package.test.mjs checks
# both ways).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

opt_wasm=target/wasm32-unknown-unknown/wasm-release/puppet_wasm.libs.opt.wasm
[ -f "$opt_wasm" ] || { echo "build-npm.sh: $opt_wasm is missing: run 'make wasm' first" >&2; exit 1; }
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
out=target/npm
pkg=$out/package
rm -rf "$pkg" && mkdir -p "$pkg"
wasm-bindgen "$opt_wasm" --target web --out-dir "$pkg" --out-name puppet_engine
cp npm/README.md "$pkg/README.md"
cat > "$pkg/package.json" <<JSON
{
  "name": "puppet-playground-engine",
  "version": "$version",
  "description": "The Puppet language compiled to WebAssembly: evaluate Puppet code, compile catalogs, Hiera and stdlib, without Ruby",
  "license": "Apache-2.0",
  "type": "module",
  "main": "puppet_engine.js",
  "module": "puppet_engine.js",
  "types": "puppet_engine.d.ts",
  "exports": {
    ".": { "types": "./puppet_engine.d.ts", "default": "./puppet_engine.js" },
    "./puppet_engine_bg.wasm": "./puppet_engine_bg.wasm"
  },
  "files": ["puppet_engine.js", "puppet_engine.d.ts", "puppet_engine_bg.wasm", "puppet_engine_bg.wasm.d.ts", "README.md"],
  "sideEffects": false,
  "keywords": ["puppet", "openvox", "webassembly", "wasm", "configuration-management"]
}
JSON
rm -f "$out"/*.tgz
(cd "$pkg" && npm pack --silent --pack-destination ..)
ls -l "$out"/*.tgz
