#!/usr/bin/env bash
# Build the release .wasm engine, shrink it with wasm-opt and generate its JS bindings, into web/pkg.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
source scripts/wasm-toolchain.sh

cargo "${wasm_release_cargo_args[@]}"
raw_wasm=target/wasm32-unknown-unknown/wasm-release/puppet_wasm.wasm
opt_wasm=target/wasm32-unknown-unknown/wasm-release/puppet_wasm.opt.wasm
# wasm-opt runs BEFORE wasm-bindgen: Debian's binaryen 108 turns the externref table that
# wasm-bindgen adds into a funcref table (the page then fails with "WebAssembly.Table.set():
# Argument 1 is invalid"), while it optimises rustc's output safely. The feature flags spell out
# what rustc enables by default for wasm32. --converge repeats the passes while they still shrink the
# module (0.4 KB gzipped); a second -Oz after the converged pipeline takes 0.6 KB more, and
# rebuilding the control flow once more from flat code (--flatten --rereloop, then -Oz twice) 2 KB
# more at the same speed. web/e2e/release-wasm.test.mjs holds the result to the native engine on
# every conformance case.
wasm-opt -Oz --converge --strip-debug --strip-producers \
  --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue -Oz --flatten --rereloop -Oz -Oz \
  "$raw_wasm" -o "$opt_wasm"
rm -rf web/pkg
wasm-bindgen "$opt_wasm" --target web --out-dir web/pkg --out-name puppet_wasm --no-typescript
raw=$(stat -c %s web/pkg/puppet_wasm_bg.wasm)
gz=$(gzip -9 -c web/pkg/puppet_wasm_bg.wasm | wc -c)
echo "puppet_wasm_bg.wasm: $raw bytes raw, $gz bytes gzipped"
