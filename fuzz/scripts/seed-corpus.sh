#!/bin/sh
# Seed corpora for the fuzz targets: every conformance case (one file each) and the real-world
# manifests of Debian's puppet-module-puppetlabs-* packages (installed when missing).
set -eu
cd "$(dirname "$0")/.."
modules=/usr/share/puppet/modules.available
if [ ! -d "$modules" ]; then
    apt-get install -y 'puppet-module-puppetlabs-*' >/dev/null
fi
mkdir -p corpus/parse corpus/eval corpus/protocol
python3 - <<'PY'
import hashlib, json, os, pathlib
root = pathlib.Path("..")
def put(target, data):
    name = hashlib.sha1(data).hexdigest()
    (pathlib.Path("corpus") / target / name).write_bytes(data)
# Conformance cases: one program per golden line (the goldens hold each case's source).
for golden in sorted((root / "tests/conformance/golden").glob("*.jsonl")):
    for line in golden.read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        src = case["src"].encode("utf-8")
        for target in ("parse", "eval"):
            put(target, src)
        put("protocol", json.dumps({"id": case["id"], "src": case["src"]}).encode("utf-8"))
# Real-world manifests (parse only: they declare classes and resources), capped in size.
for path in sorted(pathlib.Path("/usr/share/puppet/modules.available").rglob("*.[pe]p*")):
    if path.suffix in (".pp", ".epp") and path.stat().st_size < 64 * 1024:
        put("parse", path.read_bytes())
PY
for target in parse eval protocol; do
    echo "$target: $(ls corpus/$target | wc -l) seeds"
done
