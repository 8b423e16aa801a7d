# The two commands a newcomer needs: `make serve` and `make test`. Everything else is a step of those.
PORT ?= 8080
export PATH := $(HOME)/.cargo/bin:$(PATH)

.PHONY: serve test tools wasm dist fmt-check clippy nostd cargo-test wasm-test e2e

serve: dist
	PORT=$(PORT) node web/scripts/serve.mjs

test: tools fmt-check clippy nostd cargo-test wasm-test e2e
	@echo "all tests passed"

tools:
	./scripts/ensure-tools.sh

wasm:
	./scripts/build-wasm.sh

dist: tools wasm
	./scripts/build-web.sh

fmt-check:
	cargo fmt --all -- --check

clippy:
	cargo clippy --workspace --all-targets -- -D warnings

# The core must build without std, for the browser target.
nostd:
	cargo build -p puppet-core --no-default-features --target wasm32-unknown-unknown

cargo-test:
	cargo test --workspace

# The facade's tests in real headless Chromium, through Debian's chromedriver.
wasm-test:
	cd wasm && wasm-pack test --headless --chrome --mode no-install --chromedriver /usr/bin/chromedriver

e2e: dist
	cd web && node --test e2e/
