#!/usr/bin/env bash
# Assemble the static site in web/dist from the page sources and the wasm engine in web/pkg.
set -euo pipefail
cd "$(dirname "$0")/../web"
rm -rf dist
mkdir -p dist
cp index.html dist/
cp src/*.js src/*.css dist/
cp -r pkg dist/pkg
echo "site assembled in web/dist"
