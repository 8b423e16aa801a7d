#!/usr/bin/env bash
# The VS Code extension (editors/vscode/): its npm dependencies as locked, the TypeScript compiled, and
# the .vsix packaged by @vscode/vsce into target/vscode/. Then its tests: the settings it sends, taken by
# the real `puppet-eval lsp` (target/debug/puppet-eval, or PUPPET_EVAL), and what the .vsix holds.
set -euo pipefail
cd "$(dirname "$0")/../editors/vscode"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules ]; then
  npm ci --no-audit --no-fund
fi
npx tsc -p ./
rm -rf ../../target/vscode && mkdir -p ../../target/vscode
# No repository or LICENSE file of its own: the extension lives in this repository, under its licence.
npx vsce package --allow-missing-repository --skip-license --out ../../target/vscode/
VSCODE_EXTENSION_CHECK=all PUPPET_EVAL="${PUPPET_EVAL:-$PWD/../../target/debug/puppet-eval}" node --test test/
