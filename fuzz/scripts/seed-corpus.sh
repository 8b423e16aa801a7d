#!/bin/sh
# Seed corpora for the fuzz targets: every conformance case (one file each), the real-world
# manifests of Debian's puppet-module-puppetlabs-* packages (installed when missing), for the
# regex target every pattern and subject of core/tests/regex/golden.jsonl (pattern, NUL, subject),
# for the Ruby targets the Ruby function files and ERB templates of Debian's modules (under 16 KB),
# the Ruby expression table (core/tests/ruby/cases.txt, twenty expressions a template) and the Ruby
# regressions, for the hocon target the HOCON texts of tests/conformance/stdlib9/hocon.txt, and for
# the environment target every conformance case that has files, written as the target reads an
# environment (its main code, then each file after a `==> path` line), with the environment regressions.
set -eu
cd "$(dirname "$0")/.."
modules=/usr/share/puppet/modules.available
if [ ! -d "$modules" ]; then
    apt-get install -y 'puppet-module-puppetlabs-*' >/dev/null
fi
mkdir -p corpus/parse corpus/eval corpus/protocol corpus/regex corpus/ruby corpus/ruby_parse corpus/hocon corpus/environment
python3 - <<'PY'
import hashlib, json, os, pathlib, re
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
# Modules' Ruby: function files and templates, as both Ruby targets read them.
for path in sorted(pathlib.Path("/usr/share/puppet/modules.available").rglob("*")):
    if path.is_file() and path.suffix in (".rb", ".erb") and path.stat().st_size < 16 * 1024:
        if path.suffix == ".erb" or "/lib/puppet/" in str(path):
            for target in ("ruby", "ruby_parse"):
                put(target, path.read_bytes())
for target in ("ruby", "ruby_parse"):
    for path in sorted((root / "fuzz/regressions" / target).glob("*")):
        put(target, path.read_bytes())
# The Ruby expression table, twenty expressions to a template.
expressions = [line for line in (root / "core/tests/ruby/cases.txt").read_text(encoding="utf-8").splitlines()
               if line.strip() and not line.startswith("#")]
for start in range(0, len(expressions), 20):
    template = "".join("<%= (" + e + ").inspect rescue 'x' %>\n" for e in expressions[start:start + 20])
    put("ruby", template.encode("utf-8"))
# HOCON texts: the first quoted argument of each stdlib::parsehocon case ('↵' a newline).
quoted = re.compile(r"parsehocon\('((?:[^'\\]|\\.)*)'")
for line in (root / "tests/conformance/stdlib9/hocon.txt").read_text(encoding="utf-8").splitlines():
    found = quoted.search(line)
    if found:
        text = re.sub(r"\\(['\\])", r"\1", found.group(1)).replace("\u21b5", "\n")
        put("hocon", text.encode("utf-8"))
# Environments: the cases with files, as `==> path` listings (those under 16 KB), and the regressions.
for golden in sorted((root / "tests/conformance").glob("golden*/*.jsonl")):
    for case in (json.loads(line) for line in golden.read_text(encoding="utf-8").splitlines() if line.strip()):
        files = case.get("files") or {}
        if not files:
            continue
        listing = case.get("src", "") + "".join(
            "\n==> " + path + "\n" + text for path, text in files.items() if isinstance(text, str))
        if len(listing.encode("utf-8")) < 16 * 1024:
            put("environment", listing.encode("utf-8"))
for path in sorted((root / "fuzz/regressions/environment").glob("*")):
    put("environment", path.read_bytes())
PY
for target in parse eval protocol regex ruby ruby_parse hocon environment; do
    echo "$target: $(ls corpus/$target | wc -l) seeds"
done
