#!/usr/bin/env python3
"""Regenerate the golden environment cases by asking real Puppet (env_oracle.rb).

Usage (from anywhere):
    python3 tests/conformance/env_regen.py              # all areas (env/*.txt)
    python3 tests/conformance/env_regen.py autoload     # only the named areas (env_autoload works too)
    python3 tests/conformance/env_regen.py --list       # parse the case files and list the cases, no Puppet
    python3 tests/conformance/env_regen.py --dir hiera  # the Hiera cases: hiera/*.txt -> golden-hiera/*.jsonl
    python3 tests/conformance/env_regen.py --dir hiera merge apl   # only these Hiera areas (hiera_merge works too)

Reads env/<area>.txt, each holding one or more cases:

    # comments ('#' lines and blank lines) before the first case
    === case_name
    # comments between the '===' line and the first '---' line describe the case
    --- snippet.pp
    include app
    --- modules/app/manifests/init.pp
    class app { notice('hi') }
    === next_case
    ...

  * '=== <name>' starts a case, id 'env_<area>/<name>' (names [a-z0-9_]+, unique in the file).
  * '--- <relative path>' starts a file of the environment directory; its text is every following line up
    to the next '---' or '===' line. Trailing blank lines are dropped; the text is the lines joined with
    "\\n" plus a final "\\n" (a section with no lines is the empty file). When the last (non-blank) line of a
    section is '\\ no newline at end', that line is dropped and the text has no final newline.
  * '--- snippet.pp' is the case's main code (`src`, `puppet apply -e`), without a final newline. A case
    without it has src "" and Puppet compiles the environment's manifests/ directory.
  * '--- @facts' is a JSON object: the node's facts (default: no facts).

Runs ../shared/oracle/env_oracle.rb (relative to the repository root) on JSON Lines
{"id", "src", "files", "facts"} and writes golden-env/<area>.jsonl: one line per case, in file order,
{"id", "src", "files", "facts", "value", "logs", "error", "catalog"} (the input, then the oracle's answer).

With --dir hiera the same format is read from hiera/<area>.txt (ids 'hiera_<area>/<name>'; hiera/explain.txt
is not an area: it belongs to lookup_explain.py), the oracle is tests/conformance/hiera_oracle.rb (env_oracle.rb
plus a global Hiera layer and trusted extensions) and the goldens are written to golden-hiera/<area>.jsonl.
These case files may also hold the sections
  * '--- @global/hiera.yaml': the global hiera.yaml (the case's "global_hiera"),
  * '--- @global/<relative path>': a file of the global layer's directory, relative to that hiera.yaml
    (the case's "global_data", e.g. '--- @global/data/common.yaml'),
  * '--- @trusted': a JSON object, $trusted['extensions'] (the case's "trusted_extensions"),
and their golden lines then carry these fields after "facts" (only when the case has them). In these files a
line of a section starting with '\\---' or '\\===' is that line without its backslash (YAML's document start
'---' in a data file or hiera.yaml).

Python 3 standard library only.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import reference_puppet  # noqa: E402  (OpenVox 8, the reference: tests/reference_puppet.py)

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(os.path.dirname(HERE))  # tests/conformance -> repo root
ORACLE = reference_puppet.oracle_script("env_oracle.rb")  # ../shared/oracle, or ORACLE_DIR
CASES_DIR = os.path.join(HERE, "env")
GOLDEN_DIR = os.path.join(HERE, "golden-env")
PREFIX = "env"          # ids '<PREFIX>_<area>/<name>'
EXTENDED = False        # the @global/... and @trusted sections (the hiera_oracle.rb fields)
NOT_AREAS = set()       # case-directory files that are not areas
# --dir NAME: (cases dir, goldens dir, oracle, id prefix, extended sections, files that are not areas)
DIRS = {
    "env": ("env", "golden-env", ORACLE, "env", False, set()),
    "hiera": ("hiera", "golden-hiera", os.path.join(HERE, "hiera_oracle.rb"), "hiera", True, {"explain"}),
    "debian_ruby": ("debian_ruby", "golden-debian-ruby", ORACLE, "debian_ruby", False, set()),
}
# With --dir debian_ruby every module of Debian's packages is on the oracle's modulepath, by module name.
MODULES_AVAILABLE = "/usr/share/puppet/modules.available"
NAME_RE = re.compile(r"^[a-z0-9_]+$")
NO_NEWLINE = "\\ no newline at end"
SNIPPET = "snippet.pp"
FACTS = "@facts"
GLOBAL = "@global/"
GLOBAL_HIERA = "@global/hiera.yaml"
TRUSTED = "@trusted"


def die(msg):
    sys.stderr.write("env_regen.py: " + msg + "\n")
    sys.exit(2)


def area_name(arg):
    return arg[len(PREFIX) + 1:] if arg.startswith(PREFIX + "_") else arg


def section_text(lines):
    lines = list(lines)
    while lines and not lines[-1].strip():
        lines.pop()
    newline = True
    if lines and lines[-1] == NO_NEWLINE:
        lines.pop()
        newline = False
    if not lines:
        return ""
    return "\n".join(lines) + ("\n" if newline else "")


def extended_section_given(case, fname):
    if fname == TRUSTED:
        return "trusted_extensions" in case
    if fname == GLOBAL_HIERA:
        return "global_hiera" in case
    if fname.startswith(GLOBAL):
        return fname[len(GLOBAL):] in case.get("global_data", {})
    return False


EXTENDED_FIELDS = ("global_hiera", "global_data", "trusted_extensions")


def case_input(c):
    """The oracle's input for a case (and the first fields of its golden line)."""
    row = {"id": c["id"], "src": c["src"], "files": c["files"], "facts": c["facts"]}
    for k in EXTENDED_FIELDS:
        if k in c:
            row[k] = c[k]
    return row


def read_cases(area):
    """Return [case] for one area, in file order; case = {id, src, files, facts}."""
    path = os.path.join(CASES_DIR, area + ".txt")
    with open(path, encoding="utf-8") as f:
        raw_lines = f.read().split("\n")
    cases = []
    names = set()
    case = None      # the case being read
    section = None   # (file name, [lines]) being read

    def close_section(lineno):
        nonlocal section
        if section is None:
            return
        name, lines = section
        text = section_text(lines)
        if name == SNIPPET:
            case["src"] = text[:-1] if text.endswith("\n") else text
        elif name == FACTS:
            try:
                facts = json.loads(text or "{}")
            except ValueError as e:
                die("%s:%d: case %s: @facts is not JSON: %s" % (path, lineno, case["id"], e))
            if not isinstance(facts, dict):
                die("%s:%d: case %s: @facts must be a JSON object" % (path, lineno, case["id"]))
            case["facts"] = facts
        elif EXTENDED and name == TRUSTED:
            try:
                ext = json.loads(text or "{}")
            except ValueError as e:
                die("%s:%d: case %s: @trusted is not JSON: %s" % (path, lineno, case["id"], e))
            if not isinstance(ext, dict):
                die("%s:%d: case %s: @trusted must be a JSON object" % (path, lineno, case["id"]))
            case["trusted_extensions"] = ext
        elif EXTENDED and name == GLOBAL_HIERA:
            case["global_hiera"] = text
        elif EXTENDED and name.startswith(GLOBAL):
            case.setdefault("global_data", {})[name[len(GLOBAL):]] = text
        else:
            case["files"][name] = text
        section = None

    for n, raw in enumerate(raw_lines, 1):
        line = raw.rstrip("\r")
        if line.startswith("=== ") or line == "===":
            close_section(n)
            name = line[4:].strip()
            if not NAME_RE.match(name):
                die("%s:%d: bad case name %r (expected [a-z0-9_]+)" % (path, n, name))
            if name in names:
                die("%s:%d: duplicate case name %r" % (path, n, name))
            names.add(name)
            case = {"id": "%s_%s/%s" % (PREFIX, area, name), "src": "", "files": {}, "facts": {}}
            cases.append(case)
        elif line.startswith("--- ") or line == "---":
            if case is None:
                die("%s:%d: a file section before the first '=== name' line" % (path, n))
            close_section(n)
            fname = line[4:].strip()
            if not fname:
                die("%s:%d: a '---' line without a file name" % (path, n))
            if fname != FACTS and (fname.startswith("/") or ".." in fname.split("/")):
                die("%s:%d: bad file name %r (relative to the environment directory)" % (path, n, fname))
            if EXTENDED and fname.startswith(GLOBAL) and fname != GLOBAL_HIERA and not fname[len(GLOBAL):]:
                die("%s:%d: a '--- @global/' line without a file name" % (path, n))
            if fname in case["files"] or (fname == SNIPPET and case["src"]) or (fname == FACTS and case["facts"]) \
                    or (EXTENDED and extended_section_given(case, fname)):
                die("%s:%d: case %s: file %s given twice" % (path, n, case["id"], fname))
            section = (fname, [])
        elif section is not None:
            if EXTENDED and (line.startswith("\\---") or line.startswith("\\===")):
                line = line[1:]   # an escaped '---'/'===' line of the file (a YAML document start)
            section[1].append(line)
        else:
            # before the first case, or between '=== name' and the first '---': comments only
            if line.strip() and not line.lstrip().startswith("#"):
                where = "before the first case" if case is None else "in case %s before its first file" % case["id"]
                die("%s:%d: text %s must be a '#' comment: %r" % (path, n, where, line))
    close_section(len(raw_lines))
    if not cases:
        die("%s: no cases" % path)
    return cases


def check_tools():
    if shutil.which("ruby") is None:
        die("'ruby' is not installed; install Puppet first "
            "(apt-get install -y puppet puppet-module-puppetlabs-stdlib)")
    if not os.path.isfile(ORACLE):
        die("oracle not found at %s" % ORACLE)
    version = reference_puppet.require_reference()
    stdlib = os.environ.get("ENV_ORACLE_STDLIB", "/usr/share/puppet/modules.available/puppetlabs-stdlib")
    if not os.path.isdir(stdlib):
        die("puppetlabs-stdlib not found at %s (apt-get install -y puppet-module-puppetlabs-stdlib)" % stdlib)
    return version


def run_area(area):
    cases = read_cases(area)
    payload = "".join(json.dumps(case_input(c), ensure_ascii=False) + "\n" for c in cases)
    env = dict(os.environ)
    env.pop("ENV_ORACLE_TMP", None)   # a fresh scratch directory, no extra modules
    env.pop("ENV_ORACLE_KEEP", None)
    scratch = None
    if PREFIX == "debian_ruby":
        scratch = tempfile.mkdtemp(prefix="env_regen.")
        env["ENV_ORACLE_TMP"] = scratch
        link_debian_modules(os.path.join(scratch, "stdlibmods"))
    try:
        proc = subprocess.run(reference_puppet.ruby(ORACLE), input=payload.encode("utf-8"), env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
    if proc.returncode != 0:
        die("oracle failed on area %s:\n%s" % (area, proc.stderr.decode("utf-8", "replace")))
    lines = [l for l in proc.stdout.decode("utf-8").split("\n") if l.strip()]
    if len(lines) != len(cases):
        die("area %s: %d cases but the oracle printed %d lines" % (area, len(cases), len(lines)))
    out = []
    for c, line in zip(cases, lines):
        r = json.loads(line)
        if r.get("id") != c["id"]:
            die("area %s: oracle output out of order at %s" % (area, c["id"]))
        row = case_input(c)
        row.update({"value": r.get("value"), "logs": r.get("logs"), "error": r.get("error"),
                    "catalog": r.get("catalog")})
        out.append(row)
    os.makedirs(GOLDEN_DIR, exist_ok=True)
    with open(os.path.join(GOLDEN_DIR, area + ".jsonl"), "w", encoding="utf-8") as f:
        for row in out:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    errors = sum(1 for r in out if r["error"] is not None)
    timeouts = [r["id"] for r in out if (r["error"] or "").startswith("Oracle timeout")]
    return len(cases), errors, timeouts


def debian_module_name(path):
    """The module name a folder of Debian's modules is installed under: the name in its metadata.json
    after the author (`openstack-openstack_extras`), else the folder's name after the author
    (`puppetlabs-mongodb`), or the whole folder's name (`oci`)."""
    try:
        with open(os.path.join(path, "metadata.json"), encoding="utf-8") as f:
            name = json.load(f)["name"]
        parts = re.split(r"[-/]", name, maxsplit=1)
        if len(parts) == 2:
            return parts[1]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    folder = os.path.basename(path)
    if folder.startswith("puppet-module-"):
        folder = folder[len("puppet-module-"):]
    return folder.split("-", 1)[-1].replace("-", "_")


def link_debian_modules(folder):
    """Link each module of Debian's packages but stdlib into `folder` by its module name."""
    if not os.path.isdir(MODULES_AVAILABLE):
        die("%s not found (apt-get install -y 'puppet-module-*')" % MODULES_AVAILABLE)
    os.makedirs(folder, exist_ok=True)
    for entry in sorted(os.listdir(MODULES_AVAILABLE)):
        path = os.path.join(MODULES_AVAILABLE, entry)
        if os.path.isdir(path):
            name = debian_module_name(path)
            if name == "stdlib":
                continue   # the oracle links its own stdlib there (Debian's, the same folder)
            os.symlink(path, os.path.join(folder, name))


def all_areas():
    return sorted(n[:-4] for n in os.listdir(CASES_DIR) if n.endswith(".txt") and n[:-4] not in NOT_AREAS)


def select_dir(argv):
    """Handle '--dir NAME' (or '--dir=NAME'): set the case/golden directories; return the other arguments."""
    global CASES_DIR, GOLDEN_DIR, ORACLE, PREFIX, EXTENDED, NOT_AREAS
    rest = []
    chosen = None
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--dir":
            if i + 1 >= len(argv):
                die("--dir needs a name (%s)" % ", ".join(sorted(DIRS)))
            chosen = argv[i + 1]
            i += 2
            continue
        if a.startswith("--dir="):
            chosen = a[len("--dir="):]
        else:
            rest.append(a)
        i += 1
    if chosen is not None:
        if chosen not in DIRS:
            die("unknown --dir %r (expected one of: %s)" % (chosen, ", ".join(sorted(DIRS))))
        cases, golden, oracle, prefix, extended, not_areas = DIRS[chosen]
        CASES_DIR = os.path.join(HERE, cases)
        GOLDEN_DIR = os.path.join(HERE, golden)
        ORACLE, PREFIX, EXTENDED, NOT_AREAS = oracle, prefix, extended, not_areas
    return rest


def main(argv):
    argv = select_dir(argv)
    args = [area_name(a) for a in argv if not a.startswith("--")]
    areas = args or all_areas()
    for a in areas:
        if a in NOT_AREAS:
            die("%s is not an area of %s" % (a, CASES_DIR))
        if not os.path.isfile(os.path.join(CASES_DIR, a + ".txt")):
            die("no such area: %s (expected %s)" % (a, os.path.join(CASES_DIR, a + ".txt")))
    if "--list" in argv:
        for a in areas:
            for c in read_cases(a):
                print("%s  files=%d%s" % (c["id"], len(c["files"]), "" if c["src"] else "  (manifests/)"))
        return
    version = check_tools()
    total = total_err = 0
    for area in areas:
        n, e, timeouts = run_area(area)
        total += n
        total_err += e
        note = ("  TIMEOUTS: " + ", ".join(timeouts)) if timeouts else ""
        print("%-20s %5d cases %5d errors%s" % (PREFIX + "_" + area, n, e, note))
    print("%-20s %5d cases %5d errors (Puppet %s)" % ("total", total, total_err, version))


if __name__ == "__main__":
    main(sys.argv[1:])
