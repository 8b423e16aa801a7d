# The toolchain and flags of the release .wasm, shared by scripts/build-wasm.sh,
# scripts/ensure-tools.sh and bench/wasm_size_report.sh (sourced, not run).
#
# The release .wasm is built with a pinned nightly so that the standard library is rebuilt for it
# (-Zbuild-std) with three size options stable Rust does not have; together they take about 22 KB
# off the gzipped module (bench/README.md, "Seventh pass"):
#   -Cpanic=immediate-abort      a panic is a trap at once: no panic messages, no formatting of
#                                them, no Debug impls kept only for them (the page already treats a
#                                trap as a crash and restarts its worker; the CLI keeps full messages)
#   -Zlocation-detail=none       no file/line records for panic sites
#   optimize_for_size            the standard library's smaller variants (sorting, integer printing)
# The rebuilt `core` keeps opt-level 3, as the prebuilt one has: at the profile's "z" the engine ran
# 10-20 % slower in Chromium (fib, the hash, the filter and the strings workloads), and at 3 the
# module is even 1 KB smaller after wasm-opt.
# Tests (`cargo test`, natively and for wasm32) and every native build stay on stable Rust.
WASM_RELEASE_TOOLCHAIN=nightly-2026-05-20

# cargo arguments for the release .wasm. The rustflags are given with --config so that cargo joins
# them to .cargo/config.toml's (the 8 MiB stack); RUSTFLAGS would replace those.
wasm_release_rustflags="'-Zunstable-options', '-Cpanic=immediate-abort', '-Zlocation-detail=none'"
wasm_release_common_args=(
  "+$WASM_RELEASE_TOOLCHAIN" build -p puppet-wasm --target wasm32-unknown-unknown --profile wasm-release
  -Zbuild-std=std,panic_abort -Zbuild-std-features=optimize_for_size
  --config "profile.wasm-release.package.core.opt-level=3"
)
# The full and libraries engines (default features; add `--features libraries`).
wasm_release_cargo_args=(
  "${wasm_release_common_args[@]}"
  --config "target.wasm32-unknown-unknown.rustflags=[$wasm_release_rustflags]"
)
# The light engine, the page's first load and what answers its keystrokes: the same, but LLVM's
# inliner may inline functions up to a cost of 40 where opt-level "z" stops at 5 (every crate of
# the module: the inlining that pays happens within each crate, before the link-time pass). The
# keystroke in the 99-file environment takes 0.80-0.84 of its time for 10.2 KB more gzipped
# (bench/README.md, "The light engine's speed, session 54"). Its tables by name are hashed
# (`hashed-tables`), 0.94-0.95 again for 1.8 KB. The full engines have no room for either.
wasm_light_cargo_args=(
  "${wasm_release_common_args[@]}" --no-default-features --features hashed-tables
  --config "target.wasm32-unknown-unknown.rustflags=[$wasm_release_rustflags, '-Cllvm-args=-inline-threshold=40']"
)
