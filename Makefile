# The two commands a newcomer needs: `make serve` and `make test`. Everything else is a step of those.
PORT ?= 8080
export PATH := $(HOME)/.cargo/bin:$(PATH)
SHELL := /bin/bash
# A clean build (CI's, a newcomer's) spends time writing incremental caches it never reads: off unless
# the environment asks (CARGO_INCREMENTAL=1 make test while iterating).
export CARGO_INCREMENTAL ?= 0
# rustc's code generation threads can overflow their 2 MiB stack on the core's test build (a SIGSEGV
# on a clean machine): builds get the larger stack rustc's own message advises; tests are built
# first with it, then run without it, so their threads keep the default stack.
COMPILE_STACK := RUST_MIN_STACK=16777216

.PHONY: serve test native-lane page-lane tools bench-tools wasm dist npm fmt-check clippy nostd cargo-test vscode wasm-test e2e wasm-size bench

serve: dist
	PORT=$(PORT) node web/scripts/serve.mjs

# Two lanes side by side once the tools are there: the native checks (one target directory, so one
# after the other) and the page's (the release .wasm, its own profile directories, then the page's
# tests). Each lane alone leaves a core idle much of the time (rustc's single-threaded front end, the
# release build's one codegen unit, tests waiting on a browser); together they keep both busy. Each
# line says its lane and the time; a failure in either stops `make test`.
# wasm-bindgen's CLI (three minutes to compile on a fresh machine) is built at the head of the page's
# lane, whose release .wasm needs it first; the native lane's wasm tests, last, find it there.
test:
	SKIP_WASM_BINDGEN=1 ./scripts/ensure-tools.sh
	$(MAKE) --no-print-directory -j2 native-lane page-lane
	@echo "all tests passed"

native-lane:
	set -o pipefail; $(MAKE) --no-print-directory -j1 fmt-check clippy nostd cargo-test vscode wasm-test 2>&1 | awk '{ print strftime("%H:%M:%S"), "[native]", $$0; fflush() }'

page-lane:
	set -o pipefail; $(MAKE) --no-print-directory -j1 dist npm e2e wasm-size 2>&1 | awk '{ print strftime("%H:%M:%S"), "[page]", $$0; fflush() }'

tools:
	./scripts/ensure-tools.sh

# What `make test` needs, and the other sides of `make bench` from Debian: Puppet itself, puppet-lint
# and octocatalog-diff (without them the table's lint and diff rows say "not installed").
bench-tools:
	./scripts/ensure-tools.sh puppet puppet-lint octocatalog-diff

wasm:
	$(COMPILE_STACK) ./scripts/build-wasm.sh

dist: tools wasm
	./scripts/build-web.sh

fmt-check:
	cargo fmt --all -- --check

# The workspace with every target, then the light engine (the facade without its default features,
# natively with its tests). The core's light library is linted in the no_std step below, for the
# browser's target: its test targets only ever build with the default features (cargo-test).
clippy:
	cargo clippy --workspace --all-targets -- -D warnings
	cargo clippy -p puppet-wasm --no-default-features --all-targets -- -D warnings

# The core must build without std, for the browser target: with the YAML reader, stdlib and ERB but
# without Ruby's libraries (hocon, ruby-uri: the full engine hands those runs to the libraries one) and
# without any of them (the light one). Linting is checking plus the lints: one pass proves both (no code
# generated; the wasm builds below link it for real).
nostd:
	cargo clippy -p puppet-core --no-default-features --features yaml,stdlib,erb --lib --target wasm32-unknown-unknown -- -D warnings
	cargo clippy -p puppet-core --no-default-features --lib --target wasm32-unknown-unknown -- -D warnings

# Then the light engine natively (the facade without its default features, which leaves the core's
# `yaml`, `stdlib`, `erb`, `lint` and `ide` out): the facade's hand-over and what the core does without
# YAML or Ruby (wasm/tests/yaml_feature.rs, module_ruby.rs), in one build of the light core. The core's
# own unit tests run in the full build only (a second build of them took as long as the workspace's).
# No doc tests: the crates have none (`doctest = false`), and rustdoc read each crate for nothing.
cargo-test:
	$(COMPILE_STACK) cargo test --workspace --no-run
	cargo test --workspace
	$(COMPILE_STACK) cargo test -p puppet-wasm --no-default-features --lib --test yaml_feature --test module_ruby --no-run
	cargo test -p puppet-wasm --no-default-features --lib --test yaml_feature --test module_ruby

# The VS Code extension (editors/vscode/) packaged as a .vsix into target/vscode/, and its tests against
# the puppet-eval the cargo tests built (target/debug/puppet-eval).
vscode:
	./scripts/build-vscode.sh

# The facade's tests in real headless Chromium, through Debian's chromedriver (the full build: the light
# build's browser behaviour is tested on its release .wasm by the page's tests, e2e/engine-choice.test.mjs
# and lazy-engine.test.mjs, which saves a third debug build of the core for the browser).
# The runner gives a whole test binary 20 s by default; the hostile cases take about 23 s in this
# unoptimised build on a quiet 2-core machine and several times that on a busy one: 600 guards
# against a hang only (speed is the benchmarks' business, never a test's).
# Cargo runs each test binary through wasm-bindgen's test runner (the CLI tools' own, at the pinned
# version), which drives Debian's Chromium headless through its chromedriver with wasm/webdriver.json's
# options; no wrapper tool to build on a fresh machine.
wasm-test: export WASM_BINDGEN_TEST_TIMEOUT ?= 600
wasm-test: export RUST_MIN_STACK = 16777216
wasm-test: export CHROMEDRIVER = /usr/bin/chromedriver
wasm-test: export WASM_BINDGEN_TEST_ONLY_WEB = 1
wasm-test: export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER = wasm-bindgen-test-runner
wasm-test: tools
	cd wasm && cargo test --target wasm32-unknown-unknown

# One test file at a time (node's default on 2 cores): two at once failed the page's 3 s watchdog test on a
# loaded machine. TAP as before, then the failed tests listed again (web/scripts/failures-last.mjs), so the
# end of the log says what failed.
e2e: dist npm
	cd web && node --test --test-reporter=tap --test-reporter-destination=stdout \
	  --test-reporter=./scripts/failures-last.mjs --test-reporter-destination=stdout e2e/

# The engine as an npm package: target/npm/puppet-playground-engine-<version>.tgz (npm/README.md).
npm: tools wasm
	./scripts/build-npm.sh

# The release .wasm must stay under its gzipped size budget (scripts/check-wasm-size.sh).
wasm-size: wasm
	./scripts/check-wasm-size.sh

# Benchmarks against real Puppet and its tools (not part of `make test`): every workload on both sides
# in one run, one table of times and ratios with the load average at its start and end
# (bench/run_all.py, bench/README.md). BENCH_QUICK=1 for few runs; BENCH_NO_BROWSER=1 skips the .wasm
# (and its build); BENCH_ONLY / BENCH_SKIP choose parts. Debian's puppet, puppet-lint and
# octocatalog-diff, the other columns, come with bench-tools. The native side is the profile-guided build (scripts/build-pgo.sh,
# target/pgo/native/); BENCH_NO_PGO=1 measures the plain release build instead.
bench: bench-tools $(if $(filter 1,$(BENCH_NO_BROWSER)),,wasm)
	$(if $(filter 1,$(BENCH_NO_BROWSER)),,cd web && (test -d node_modules || npm ci))
ifeq ($(BENCH_NO_PGO),1)
	cargo build --release -p puppet-cli --bin puppet-eval --example bench_workloads --example env_bench
	python3 bench/run_all.py
else
	./scripts/build-pgo.sh
	BENCH_TARGET_DIR=target/pgo/native python3 bench/run_all.py
endif
