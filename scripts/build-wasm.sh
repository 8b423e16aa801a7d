#!/usr/bin/env bash
# Build the release .wasm engines, shrink them with wasm-opt and generate their JS bindings: the
# light engine (puppet-wasm without its `yaml` feature: no YAML reader, no `lookup`) into web/pkg,
# which the page loads first, the full engine (default features) into web/pkg-full, which the
# page's worker loads only when an environment has YAML files or the Lookup pane asks, and the
# libraries engine (the full one with the `libraries` feature: stdlib's HOCON reader and Ruby's `uri`,
# for which the full engine has no room) into web/pkg-libs, which the worker loads only when the full
# engine answers that a run needs it (bench/README.md, "Size of the release .wasm"). The builds share
# one target directory: the rebuilt standard library and every dependency compile once; puppet-core
# and the facade compile once per feature set, and each flavour is linked on its own.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
source scripts/wasm-toolchain.sh

out_dir=target/wasm32-unknown-unknown/wasm-release

# compile FLAVOUR [CARGO_ARGS...]: rustc's output for one flavour, kept under its own name
# (bench/wasm_size_report.sh reads it too). Cargo builds one at a time (the target directory's lock).
# The light engine has rustflags of its own (scripts/wasm-toolchain.sh): cargo keeps its standard
# library and dependencies apart from the full engines', so neither build undoes the other's.
compile() {
  local flavour=$1 started=$SECONDS
  shift
  if [ "$flavour" = light ]; then
    cargo "${wasm_light_cargo_args[@]}" "$@"
  else
    cargo "${wasm_release_cargo_args[@]}" "$@"
  fi
  cp "$out_dir/puppet_wasm.wasm" "$out_dir/puppet_wasm.$flavour.wasm"
  echo "puppet_wasm.$flavour.wasm: cargo $((SECONDS - started)) s"
}

# finish FLAVOUR PKG_DIR NAME: wasm-opt, then wasm-bindgen into PKG_DIR as NAME.js and NAME_bg.wasm
# (the site's assets then say which engine they are).
finish() {
  local flavour=$1 pkg=$2 name=$3 started=$SECONDS
  local opt_wasm=$out_dir/puppet_wasm.$flavour.opt.wasm
  # wasm-opt runs BEFORE wasm-bindgen: Debian's binaryen 108 turns the externref table that
  # wasm-bindgen adds into a funcref table (the page then fails with "WebAssembly.Table.set():
  # Argument 1 is invalid"), while it optimises rustc's output safely. The feature flags spell out
  # what rustc enables by default for wasm32. A second -Oz takes 0.6 KB gzipped more, and rebuilding
  # the control flow once more from flat code (--flatten --rereloop, then -Oz twice) 2 KB more; a
  # second such round 0.9 KB more off the full engine and 0.2 KB off the light one (about 80 s more
  # of wasm-opt for each engine on the loaded 2-core build machine).
  # --low-memory-unused lets constant address offsets fold into loads and stores (6.4 KB off the full
  # engine, 3.7 KB off the light one): it assumes no access wraps around to the first KiB, which
  # Rust's pointers never do (rustc puts the 8 MiB stack first: that KiB is the stack's far end,
  # reached without wrapping, and read the same either way). --converge (repeating the passes while
  # they still shrink the module) is left out: 0.4-0.6 KB for twice wasm-opt's time.
  # web/e2e/release-wasm.test.mjs holds the results to the native engine on the conformance cases.
  wasm-opt -Oz --strip-debug --strip-producers --low-memory-unused \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue -Oz --flatten --rereloop -Oz -Oz \
    --flatten --rereloop -Oz -Oz "$out_dir/puppet_wasm.$flavour.wasm" -o "$opt_wasm"
  rm -rf "$pkg"
  wasm-bindgen "$opt_wasm" --target web --out-dir "$pkg" --out-name "$name" --no-typescript
  local raw gz
  raw=$(stat -c %s "$pkg/${name}_bg.wasm")
  gz=$(gzip -9 -c "$pkg/${name}_bg.wasm" | wc -c)
  echo "$pkg/${name}_bg.wasm ($flavour): $raw bytes raw, $gz bytes gzipped (wasm-opt and wasm-bindgen $((SECONDS - started)) s)"
}

# One after the other: wasm-opt already keeps both cores of the build machine busy (running the light
# engine's beside the full engine's cargo build was slower, 174 s against 162 s).
compile light
finish light web/pkg puppet_wasm
compile full
finish full web/pkg-full puppet_wasm_full
compile libs --features libraries
finish libs web/pkg-libs puppet_wasm_libs
