#!/usr/bin/env python3
"""Golden outputs of real `puppet lookup` (with and without --explain) for the entries of hiera/explain.txt.

Usage (from anywhere):
    python3 tests/conformance/lookup_explain.py            # all entries -> golden-hiera/explain.jsonl
    python3 tests/conformance/lookup_explain.py --list     # parse hiera/explain.txt and list the entries, no Puppet
    python3 tests/conformance/lookup_explain.py NAME...    # run only these entries and print their lines (the
                                                           # golden file is not written)

hiera/explain.txt uses the case format of hiera/*.txt (env_regen.py --dir hiera: '=== name', '--- <path>' files of
the environment, '--- @facts', '--- @global/hiera.yaml', '--- @global/<path>', '\\---' for a YAML '---' line), with
one more section and without a snippet:

    === name
    # comments
    --- @lookup
    --explain --merge deep profile::settings
    --- hiera.yaml
    ...

  * '--- @lookup' (required) is one line: the arguments given to `puppet lookup` after the fixed ones below, split
    as a POSIX shell would (shlex): keys and options such as --explain, --explain-options, --merge deep,
    --knock-out-prefix --, --sort-merged-arrays, --merge-hash-arrays, --type Array[String], --default x,
    --render-as json.
  * '--- snippet.pp' and '--- @trusted' are refused: `puppet lookup` compiles no main code here (it evaluates
    `undef`), and the node's trusted data is what `puppet lookup --node playground` makes of it, which is the
    oracles' $trusted: {authenticated => 'local', certname => 'playground', extensions => {},
    hostname => 'playground', domain => undef, external => {}} (entry trusted_info).
  * Facts: given facts must hold all or none of hostname, domain, fqdn and clientcert (`puppet lookup` refuses
    otherwise); the entries give all four.

Each entry runs real Puppet as a separate process, in a fresh scratch directory <tmp>:

    puppet lookup --confdir <tmp>/conf --codedir <tmp>/code --vardir <tmp>/var --rundir <tmp>/run
                  --logdir <tmp>/log --environmentpath <tmp>/code/environments --environment production
                  --basemodulepath <tmp>/stdlibmods --hiera_config <global hiera.yaml> --strict error
                  --strict_variables --node playground --facts <tmp>/facts.json  <the @lookup arguments>

with the environment's files in <tmp>/code/environments/production (its modules/ first on the modulepath, then
Debian's puppetlabs-stdlib linked as <tmp>/stdlibmods/stdlib, as env_oracle.rb does). The global hiera.yaml is
<tmp>/global/hiera.yaml when the entry has '@global/...' sections (the global files are written under <tmp>/global/;
without '@global/hiera.yaml' Puppet uses its default global config there), else <tmp>/conf/hiera.yaml, which does
not exist (as env_oracle.rb and hiera_oracle.rb).

It writes golden-hiera/explain.jsonl, one line per entry in file order:
    {"id": "hiera_explain/<name>", "files", "facts", ["global_hiera", "global_data",] "args": [...],
     "stdout": "...", "stderr": "...", "status": <exit status>}
stdout and stderr are exactly what Puppet printed, with these replacements (as env_oracle.rb relativizes): the
environment directory + '/' by nothing (paths relative to it) and alone by '.', the global directory by '@global',
the stdlib module's directory by 'modules/stdlib', the scratch directory by '<tmp>'; terminal colour codes are
removed, and so are Facter's own error lines about the machine (they depend on the machine, not on the entry).
It also writes golden-hiera/explain-timing.txt: how long one `puppet lookup` process takes (wall clock).

Python 3 standard library only.
"""

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import env_regen  # noqa: E402  (the case-file parser)
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import reference_puppet  # noqa: E402  (OpenVox 8, the reference: tests/reference_puppet.py)

GOLDEN = os.path.join(HERE, "golden-hiera", "explain.jsonl")
TIMING = os.path.join(HERE, "golden-hiera", "explain-timing.txt")
AREA = "explain"
LOOKUP = "@lookup"
STDLIB = os.environ.get("ENV_ORACLE_STDLIB", "/usr/share/puppet/modules.available/puppetlabs-stdlib")
ANSI_RE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
FACTER_NOISE_RE = re.compile(r"^(Error|Warning): Facter: .*\n?", re.M)
TIMEOUT = 120


def die(msg):
    sys.stderr.write("lookup_explain.py: " + msg + "\n")
    sys.exit(2)


def read_entries():
    env_regen.select_dir(["--dir", "hiera"])
    cases = env_regen.read_cases(AREA)
    entries = []
    for c in cases:
        files = dict(c["files"])
        if LOOKUP not in files:
            die("entry %s has no '--- @lookup' section" % c["id"])
        line = files.pop(LOOKUP).strip()
        if "\n" in line:
            die("entry %s: '@lookup' must be one line" % c["id"])
        args = shlex.split(line)
        if not args:
            die("entry %s: '@lookup' is empty" % c["id"])
        if c["src"]:
            die("entry %s: a snippet.pp means nothing to puppet lookup" % c["id"])
        if "trusted_extensions" in c:
            die("entry %s: @trusted cannot be given to puppet lookup" % c["id"])
        e = {"id": c["id"], "files": files, "facts": c["facts"]}
        for k in ("global_hiera", "global_data"):
            if k in c:
                e[k] = c[k]
        e["args"] = args
        entries.append(e)
    return entries


def write_tree(root, files):
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def relativize(s, tmp, envdir, globaldir):
    s = s.replace(envdir + "/", "").replace(envdir, ".")
    s = s.replace(globaldir + "/", "@global/").replace(globaldir, "@global")
    s = s.replace(os.path.join(tmp, "stdlibmods", "stdlib") + "/", "modules/stdlib/")
    s = s.replace(STDLIB.rstrip("/") + "/", "modules/stdlib/")
    return s.replace(tmp, "<tmp>")


def clean(s, tmp, envdir, globaldir):
    s = ANSI_RE.sub("", s)
    s = FACTER_NOISE_RE.sub("", s)
    return relativize(s, tmp, envdir, globaldir)


def run_entry(e):
    tmp = tempfile.mkdtemp(prefix="lookup_explain.")
    try:
        tmp = os.path.realpath(tmp)
        for d in ("conf", "var", "run", "log", "code/environments", "stdlibmods"):
            os.makedirs(os.path.join(tmp, d), exist_ok=True)
        os.symlink(STDLIB, os.path.join(tmp, "stdlibmods", "stdlib"))
        envdir = os.path.join(tmp, "code", "environments", "production")
        os.makedirs(envdir)
        write_tree(envdir, e["files"])
        globaldir = os.path.join(tmp, "global")
        if "global_hiera" in e or "global_data" in e:
            os.makedirs(globaldir)
            write_tree(globaldir, e.get("global_data", {}))
            if "global_hiera" in e:
                with open(os.path.join(globaldir, "hiera.yaml"), "w", encoding="utf-8") as f:
                    f.write(e["global_hiera"])
            hiera_config = os.path.join(globaldir, "hiera.yaml")
        else:
            hiera_config = os.path.join(tmp, "conf", "hiera.yaml")   # never written
        facts = os.path.join(tmp, "facts.json")
        with open(facts, "w", encoding="utf-8") as f:
            json.dump(e["facts"], f)
        cmd = reference_puppet.puppet("lookup",
               "--confdir", os.path.join(tmp, "conf"), "--codedir", os.path.join(tmp, "code"),
               "--vardir", os.path.join(tmp, "var"), "--rundir", os.path.join(tmp, "run"),
               "--logdir", os.path.join(tmp, "log"),
               "--environmentpath", os.path.join(tmp, "code", "environments"), "--environment", "production",
               "--basemodulepath", os.path.join(tmp, "stdlibmods"), "--hiera_config", hiera_config,
               "--strict", "error", "--strict_variables",
               "--node", "playground", "--facts", facts) + e["args"]
        env = dict(os.environ)
        env["HOME"] = tmp   # nothing of the user's ~/.puppetlabs
        started = time.monotonic()
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp,
                              timeout=TIMEOUT)
        elapsed = time.monotonic() - started
        out = clean(proc.stdout.decode("utf-8", "replace"), tmp, envdir, globaldir)
        err = clean(proc.stderr.decode("utf-8", "replace"), tmp, envdir, globaldir)
        row = dict(e)
        row.update({"stdout": out, "stderr": err, "status": proc.returncode})
        return row, elapsed
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def check_tools():
    if shutil.which("puppet") is None:
        die("'puppet' is not installed (apt-get install -y puppet puppet-module-puppetlabs-stdlib)")
    if not os.path.isdir(STDLIB):
        die("puppetlabs-stdlib not found at %s (apt-get install -y puppet-module-puppetlabs-stdlib)" % STDLIB)
    return reference_puppet.require_reference()


def main(argv):
    entries = read_entries()
    if "--list" in argv:
        for e in entries:
            print("%-55s puppet lookup %s" % (e["id"], " ".join(shlex.quote(a) for a in e["args"])))
        return
    names = [a for a in argv if not a.startswith("--")]
    if names:
        wanted = set(n.split("/")[-1] for n in names)
        chosen = [e for e in entries if e["id"].split("/")[-1] in wanted]
        if len(chosen) != len(wanted):
            die("unknown entries: %s" % ", ".join(sorted(wanted - set(e["id"].split("/")[-1] for e in chosen))))
        for e in chosen:
            row, _ = run_entry(e)
            print(json.dumps(row, ensure_ascii=False))
        return
    version = check_tools()
    rows = []
    times = []
    for e in entries:
        row, elapsed = run_entry(e)
        rows.append(row)
        times.append(elapsed)
    with open(GOLDEN, "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    ts = sorted(times)
    median = ts[len(ts) // 2]
    with open(TIMING, "w", encoding="utf-8") as f:
        f.write("puppet lookup (Puppet %s), one process per entry, %d entries of hiera/explain.txt\n"
                % (version, len(rows)))
        f.write("wall clock per run: min %.2f s, median %.2f s, max %.2f s, total %.1f s\n"
                % (ts[0], median, ts[-1], sum(ts)))
        f.write("(regenerated by lookup_explain.py; machine-dependent, not compared by tests)\n")
    failures = sum(1 for r in rows if r["status"] != 0)
    print("hiera_explain  %d entries, %d with a non-zero exit status; one puppet lookup run: median %.2f s "
          "(Puppet %s)" % (len(rows), failures, median, version))


if __name__ == "__main__":
    main(sys.argv[1:])
