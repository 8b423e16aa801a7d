#!/usr/bin/env python3
"""Cases that reach the ERB templates of Debian's modules that no class compiled alone reaches.

Usage:
    python3 tests/realworld/template_cases.py --oracle   # ask real Puppet: writes golden/template-cases.jsonl
                                                         # and golden/template-facts.json (about 20 s)
    cargo build --release -p puppet-cli
    python3 tests/realworld/template_cases.py            # compare puppet-eval with the goldens, per case
    python3 tests/realworld/template_cases.py --write    # ... and write template-cases-agree.txt (the cases
                                                         # whose catalog is Puppet's, held by
                                                         # tests/tests/realworld_templates.rs)

The cases are the manifests under template_cases/<module>/<name>.pp: each declares the classes and defined
types of a module with the parameters that switch on the templates the classes of env_classes.py leave
unrendered (vhost fragments, features off by default, defines never declared, other platforms). Its first
comment line `# facts: NAME` names the node's facts (FACT_SETS below: Debian 12 as golden/full-facts.json,
Debian 7 for Apache 2.2, CentOS 7 for RedHat-only paths; all with stdlib's custom fact `root_home`); the other leading comment lines say what it reaches.
Each compiles as `puppet apply -e` does for the node `playground`, with Debian's modules on the modulepath:
../shared/oracle/env_oracle.rb for Puppet, `puppet-eval --env DIR --jsonl --catalog` for us.
template_coverage.py counts the templates these cases render. Python 3 standard library only.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import env_classes  # noqa: E402  (Debian's modules, the full facts, the oracle's location)
import compare_classes  # noqa: E402  (the engine, path normalisation)

CASES_DIR = os.path.join(HERE, "template_cases")
GOLDEN = os.path.join(HERE, "golden", "template-cases.jsonl")
FACTS_FILE = os.path.join(HERE, "golden", "template-facts.json")
AGREE = os.path.join(HERE, "template-cases-agree.txt")

# The templates no Puppet compile can render, and why (template_coverage.py counts them apart).
UNREACHABLE = {
    "modules/apache/templates/mod/mpm_event.conf.erb":
        "no manifest or template of apache names it (apache::mod::event renders mod/event.conf.erb)",
    "modules/haproxy/templates/empty.erb":
        "no manifest or template of haproxy names it",
    "modules/haproxy/templates/haproxy_resolver_block.erb":
        "haproxy::resolver calls stdlib's validate_absolute_path, whose deprecation fails in strict mode "
        "(case haproxy/resolver: real Puppet refuses it)",
}


def _os(name, family, full, codename, description):
    major, _, rest = full.partition(".")
    minor = rest.split(".")[0]
    release = {"full": full, "major": major, "minor": minor}
    return {"name": name, "family": family, "architecture": "amd64" if family == "Debian" else "x86_64",
            "hardware": "x86_64", "release": release,
            "distro": {"codename": codename, "description": description, "id": name, "release": dict(release)},
            "selinux": {"enabled": False}}


def fact_sets():
    """{name: full facts}: the page's facts on Debian 12, and the same node on other platforms."""
    with open(env_classes.FACTS, encoding="utf-8") as f:
        base = json.load(f)
    platforms = {
        "debian": None,
        "debian7": _os("Debian", "Debian", "7.11", "wheezy", "Debian GNU/Linux 7.11 (wheezy)"),
        "redhat7": _os("CentOS", "RedHat", "7.9.2009", "Core", "CentOS Linux release 7.9.2009 (Core)"),
    }
    out = {}
    for name, os_facts in platforms.items():
        facts = dict(base)
        if os_facts is not None:
            facts["os"] = os_facts
        facts = env_classes.full_facts(facts)
        # stdlib's custom fact, which mysql::server::root_password reads
        facts["root_home"] = "/root"
        out[name] = facts
    return out


def read_cases():
    """[{"id": "<module>/<name>", "src", "facts": fact set name}] sorted by id."""
    cases = []
    for mod in sorted(os.listdir(CASES_DIR)):
        mdir = os.path.join(CASES_DIR, mod)
        for f in sorted(os.listdir(mdir)):
            if not f.endswith(".pp"):
                continue
            with open(os.path.join(mdir, f), encoding="utf-8") as fh:
                src = fh.read()
            first = src.split("\n", 1)[0]
            if not first.startswith("# facts: "):
                env_classes.die("%s/%s: the first line must be '# facts: NAME'" % (mod, f))
            cases.append({"id": "%s/%s" % (mod, f[:-3]), "src": src, "facts": first[len("# facts: "):].strip()})
    return cases


def oracle():
    env_classes.check_tools()
    cases, facts = read_cases(), fact_sets()
    lines = env_classes.oracle_answers(env_classes.module_dirs(), [
        {"id": c["id"], "src": c["src"], "files": {}, "facts": facts[c["facts"]]} for c in cases])
    with open(GOLDEN, "w", encoding="utf-8") as f:
        for l in lines:
            f.write(json.dumps({k: l.get(k) for k in ("id", "error", "logs", "catalog")}, ensure_ascii=False) + "\n")
    with open(FACTS_FILE, "w", encoding="utf-8") as f:
        json.dump(facts, f, indent=1, sort_keys=True, ensure_ascii=False)
        f.write("\n")
    for l in lines:
        print("%-40s %s" % (l["id"], "compiles" if l.get("error") is None else l["error"][:200]))
    print("%d answers written to %s" % (len(lines), os.path.relpath(GOLDEN, os.path.dirname(os.path.dirname(HERE)))))


def golden():
    with open(GOLDEN, encoding="utf-8") as f:
        return {g["id"]: g for g in (json.loads(l) for l in f if l.strip())}


def run_ours(cases, extra_args=()):
    """{id: answer} of puppet-eval for [(id, src, facts dict)] in a control repository of Debian's modules."""
    if not os.path.exists(compare_classes.ENGINE):
        env_classes.die("build the engine first: cargo build --release -p puppet-cli")
    scratch = tempfile.mkdtemp(prefix="template_cases.")
    try:
        modules = os.path.join(scratch, "production", "modules")
        os.makedirs(modules)
        for mod, mdir in env_classes.module_dirs():
            os.symlink(mdir, os.path.join(modules, mod))
        payload = "".join(json.dumps({"id": i, "src": src, "facts": f}) + "\n" for i, src, f in cases)
        proc = subprocess.run([compare_classes.ENGINE, "--env", os.path.join(scratch, "production"), "--jsonl",
                               "--catalog"] + list(extra_args),
                              input=payload.encode("utf-8"), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return {r["id"]: r for r in (json.loads(l) for l in proc.stdout.decode("utf-8").split("\n") if l.strip())}


def full_error(src, facts):
    """The whole diagnostic puppet-eval prints for a manifest (the JSON Lines answers keep its first line)."""
    scratch = tempfile.mkdtemp(prefix="template_cases.")
    try:
        modules = os.path.join(scratch, "production", "modules")
        os.makedirs(modules)
        for mod, mdir in env_classes.module_dirs():
            os.symlink(mdir, os.path.join(modules, mod))
        with open(os.path.join(scratch, "facts.json"), "w", encoding="utf-8") as f:
            json.dump(facts, f)
        with open(os.path.join(scratch, "snippet.pp"), "w", encoding="utf-8") as f:
            f.write(src)
        proc = subprocess.run([compare_classes.ENGINE, "--env", os.path.join(scratch, "production"),
                               "--facts=" + os.path.join(scratch, "facts.json"), os.path.join(scratch, "snippet.pp")],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return proc.stderr.decode("utf-8", "replace")


def same_catalog(g, o):
    return json.loads(compare_classes.normalize(json.dumps(o.get("catalog")))) == g.get("catalog")


def report(write):
    cases, facts, gold = read_cases(), fact_sets(), golden()
    ours = run_ours([(c["id"], c["src"], facts[c["facts"]]) for c in cases])
    agree = []
    for c in cases:
        g, o = gold[c["id"]], ours.get(c["id"], {"error": "no answer"})
        if g.get("error") is not None:
            kind = "both fail" if o.get("error") is not None else "engine compiles (Puppet: %s)" % g["error"]
        elif o.get("error") is not None:
            kind = "engine stops: %s" % o["error"]
        elif same_catalog(g, o):
            kind = "same catalog"
            agree.append(c["id"])
        else:
            kind = "other catalog"
        print("%-32s %s" % (c["id"], kind[:300]))
    print("%d of %d cases compile to real Puppet's catalog" % (len(agree), len(cases)))
    if write:
        with open(AGREE, "w", encoding="utf-8") as f:
            f.write("# Template cases (template_cases/) puppet-eval compiles to real Puppet's catalog\n")
            f.write("# (tests/realworld/template_cases.py --write; held by tests/tests/realworld_templates.rs)\n")
            for case_id in agree:
                f.write(case_id + "\n")


def main(argv):
    if "--oracle" in argv:
        oracle()
    else:
        report("--write" in argv)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
