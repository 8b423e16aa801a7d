#!/usr/bin/env bash
# What takes the space in a release .wasm: `bench/wasm_size_report.sh [light|full]` (light, the
# page's first load, by default) takes that engine's wasm-release output (scripts/build-wasm.sh
# keeps one per flavour) through wasm-opt and wasm-bindgen like scripts/build-wasm.sh, but keeping
# function names, then runs twiggy (`cargo install twiggy`) for the largest items and sums code
# bytes per module of puppet-core.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
flavour=${1:-light}
case "$flavour" in
  light | full) ;;
  *) echo "usage: $0 [light|full]" >&2; exit 2 ;;
esac
raw=target/wasm32-unknown-unknown/wasm-release/puppet_wasm.$flavour.wasm
out=target/wasm-size/$flavour
mkdir -p "$out"
source scripts/wasm-toolchain.sh
if [ ! -f "$raw" ]; then
  if [ "$flavour" = light ]; then
    cargo "${wasm_light_cargo_args[@]}"
  else
    cargo "${wasm_release_cargo_args[@]}"
  fi
  cp target/wasm32-unknown-unknown/wasm-release/puppet_wasm.wasm "$raw"
fi
echo "the $flavour engine ($raw)"
wasm-opt -Oz -g --strip-producers --low-memory-unused \
  --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue -Oz --flatten --rereloop -Oz -Oz \
  --flatten --rereloop -Oz -Oz "$raw" -o "$out/named.opt.wasm"
wasm-bindgen "$out/named.opt.wasm" --keep-debug --target web --out-dir "$out" --out-name named --no-typescript
twiggy top -n "${TOP:-25}" "$out/named_bg.wasm"
twiggy top -n 100000 --format csv "$out/named_bg.wasm" > "$out/top.csv"
python3 - "$out/top.csv" <<'PY'
import collections, csv, re, sys
sizes = collections.Counter()
for row in csv.DictReader(open(sys.argv[1])):
    # v0 symbol names (the nightly's) carry crate disambiguators: puppet_core[9041...]::eval
    name, size = re.sub(r'\[[0-9a-f]+\]', '', row['Name']), int(row['ShallowSize'])
    if name.startswith('"function names"') or name.startswith('custom section'):
        continue
    m = re.search(r'puppet_core::(\w+)(?:::(\w+))?', name)
    if 'data segment' in name:
        key = 'data (strings, tables)'
    elif m:
        key = 'puppet_core::' + m.group(1) + ('::' + m.group(2) if m.group(2) and m.group(1) in ('functions', 'types', 'syntax', 'eval', 'value') and m.group(2)[0].islower() else '')
    else:
        m = re.match(r'^<?&?(?:dyn )?(\w+)', name)
        key = (m.group(1) if m else 'other') + ' (and generics it instantiates)'
    sizes[key] += size
total = sum(sizes.values())
print(f'\nbytes per module, uncompressed (total {total}):')
for key, size in sizes.most_common(int(__import__("os").environ.get('MODULES', '30'))):
    print(f'{size:8d} {100 * size / total:5.1f}%  {key}')
PY
