#!/bin/sh
# Seed corpora for the fuzz targets: every conformance case (one file each), the real-world
# manifests of Debian's puppet-module-puppetlabs-* packages (installed when missing), and for the
# regex target every pattern and subject of core/tests/regex/golden.jsonl (pattern, NUL, subject).
set -eu
cd "$(dirname "$0")/.."
modules=/usr/share/puppet/modules.available
if [ ! -d "$modules" ]; then
    apt-get install -y 'puppet-module-puppetlabs-*' >/dev/null
fi
mkdir -p corpus/parse corpus/eval corpus/protocol corpus/regex
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
# Regex patterns and subjects the engine is held to Ruby on.
for line in (root / "core/tests/regex/golden.jsonl").read_text(encoding="utf-8").split("\n"):
    if not line:
        continue
    case = json.loads(line)
    put("regex", case["pattern"].encode("utf-8") + b"\0" + case.get("subject", "").encode("utf-8"))
# Real-world manifests (parse only: they declare classes and resources), capped in size.
for path in sorted(pathlib.Path("/usr/share/puppet/modules.available").rglob("*.[pe]p*")):
    if path.suffix in (".pp", ".epp") and path.stat().st_size < 64 * 1024:
        put("parse", path.read_bytes())
PY
for target in parse eval protocol regex; do
    echo "$target: $(ls corpus/$target | wc -l) seeds"
done
