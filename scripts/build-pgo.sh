#!/usr/bin/env bash
# A profile-guided release build of puppet-eval and of the benchmarks' native runners
# (cli/examples/): a build that counts what runs, run over real code (bench/pgo/train.py), then the
# release build again, told by those counts which paths are hot. The binaries land in
# target/pgo/native/release/ (`make bench` measures them). The runners are the CLI package's
# examples so that the engine in them is the same crate build, whose functions the profile names.
#
# Both builds name the host as their target, so the profile flags reach the workspace's code and
# not the build scripts and procedural macros Cargo builds for the host. Needs rustup's llvm-tools
# (installed here when missing) for llvm-profdata of the compiler's own LLVM.
#
# On Linux the optimised build also links the C library in (`crt-static`: a static PIE), which only
# a build naming its target can do (procedural macros cannot be linked that way). The counting build
# stays dynamic: it keeps every function, among them the line editor's terminal-speed calls, whose
# versioned glibc names a static link cannot resolve; its counts name the same Rust code either way.
# A process then starts without the dynamic loader's work: `puppet-eval -e 1` 0.85x, `--env` of the
# 99-file environment 0.92x and of the 701-file one 0.98x (bench/README.md, session 57).
# It is also linked at a fixed address (`relocation-model=static`: not position-independent), so
# the C library's start applies none of the 7,500 relocations a static PIE carries, and the code
# reaches its tables and statics by absolute address: `-e 1` 0.87x again, `--env` of the 99-file
# environment 0.91x and of the 701-file one 0.96x (session 64). The executable itself then loads
# at the same address every run (its heap, stacks and libraries are still placed at random); it
# runs the user's own code on the user's machine, as `puppet apply` does.
set -euo pipefail
cd "$(dirname "$0")/.."

host=$(rustc -vV | sed -n 's/^host: //p')
sysroot=$(rustc --print sysroot)
profdata="$sysroot/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
    rustup component add llvm-tools
fi

static=""
fixed=""
case "$host" in
    *-linux-gnu)
        static="-Ctarget-feature=+crt-static"
        # Both builds: the counts name code built the same way (else some are discarded).
        fixed="-Crelocation-model=static"
        ;;
esac

gather=target/pgo-gather
profiles="$PWD/$gather/profiles"
rm -rf "$profiles"
mkdir -p "$profiles"

# The build that counts; `pgo_training` makes it write its counts before `_exit`.
RUSTFLAGS="-Cprofile-generate=$profiles --cfg pgo_training $fixed" \
    cargo build --release -p puppet-cli --target "$host" --target-dir "$gather"
python3 bench/pgo/train.py "$gather/$host/release/puppet-eval"
if ! compgen -G "$profiles/*.profraw" > /dev/null; then
    echo "build-pgo.sh: the training wrote no profile (does exit_now still write it?)" >&2
    exit 1
fi

mkdir -p target/pgo
"$profdata" merge -o target/pgo/puppet-eval.profdata "$profiles"

# The optimised build. Code the training never ran keeps its usual optimisation. The blocks of a
# function are ordered by LLVM's ext-TSP placement, which lays the counted hot paths out to fall
# through (the 701-file environment in-process 7-11 % faster again than the profile alone).
flags="-Cprofile-use=$PWD/target/pgo/puppet-eval.profdata"
flags="$flags -Cllvm-args=-enable-ext-tsp-block-placement=true $static $fixed"
RUSTFLAGS="$flags" cargo build --release -p puppet-cli --target "$host" --target-dir target/pgo
RUSTFLAGS="$flags" cargo build --release -p puppet-cli --example bench_workloads \
    --example env_bench --target "$host" --target-dir target/pgo
# The same folder under a name that does not depend on the host (make bench reads it).
ln -sfn "$host" target/pgo/native
echo "target/pgo/native/release/puppet-eval"
