#!/usr/bin/env python3
"""Compile every class of Debian's Puppet modules with real Puppet, one `include <class>` each.

Usage (from anywhere):
    python3 tests/realworld/env_classes.py            # run the oracle, write golden/, print the table
    python3 tests/realworld/env_classes.py --list     # only list the classes found (no Puppet)
    python3 tests/realworld/env_classes.py --table    # print the tables from golden/summary*.jsonl (no Puppet)

What it does:
  * the modulepath: every /usr/share/puppet/modules.available/<author>-<name> (Debian's puppet-module-* packages)
    is linked as <scratch>/stdlibmods/<name> (dashes in <name> become underscores: puppetlabs-augeas-core ->
    augeas_core), except stdlib, which ../shared/oracle/env_oracle.rb links itself; the oracle runs with
    ENV_ORACLE_TMP=<scratch> so that these modules follow the (empty) environment's modules/ on the modulepath;
  * the classes: for each module, manifests/init.pp -> <name>, manifests/x/y.pp -> <name>::x::y, kept only when
    that file really defines that class (`class <name>` in it);
  * one case per class, {"id": "<class>", "src": "include <class>", "facts": <tests/conformance/facts.json>},
    through env_oracle.rb (the environment has no files of its own);
  * golden/classes.jsonl: one line per class, sorted by name: {"id", "error", "catalog", "logs"};
  * a second run gives the node the facts a real `puppet apply` on that machine would have: also the legacy
    facts that Facter 4 adds for Puppet 7 by default ($osfamily, $operatingsystemrelease, $lsbdistcodename,
    $ipaddress, ..., derived from facts.json) and the facts puppet apply adds ($clientcert, $clientversion,
    $clientnoop), see full_facts(): many of these modules read them, and facts.json (the page's facts) has only
    the structured ones; it writes golden/classes-full-facts.jsonl and golden/summary-full-facts.jsonl;
  * golden/summary.jsonl: one line per class: {"id", "module", "file", "compiles", "erb", "hiera", "epp",
    "stdlib_functions", "stdlib_types", "module_ruby_functions", "ruby_types", "uses"} where the features are found by a
    textual scan of the manifests of every class and defined type the class's compiled catalog holds (the
    class's own file when it does not compile):
      erb                    calls template() or inline_template()
      hiera                  calls lookup()/hiera*(), or a class in the catalog has keys in its module's Hiera
                             data (a module with hiera.yaml and data/*.yaml holding '<class>::<param>' keys)
      epp                    calls epp() or inline_epp()
      stdlib_functions       stdlib functions it calls that are not Puppet built-ins
      stdlib_types           Stdlib::* type aliases it names
      module_ruby_functions  Ruby functions of the other modules (lib/puppet/{functions,parser/functions}) it calls
      ruby_types             resource types in its catalog that are Ruby types of the modules (lib/puppet/type)
      uses                   the classes and defined types of the modules in its catalog
  * prints a table per module: classes, how many real Puppet compiles, and of those how many need neither ERB
    nor Hiera data (and, further, no Ruby from the modules: no module Ruby function or type, no stdlib
    function written in Ruby).

Python 3 standard library only. About 50 s.
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
REPO_ROOT = os.path.dirname(os.path.dirname(HERE))  # tests/realworld -> repo root
ORACLE = os.path.normpath(os.path.join(REPO_ROOT, "..", "shared", "oracle", "env_oracle.rb"))
FACTS = os.path.join(REPO_ROOT, "tests", "conformance", "facts.json")
GOLDEN_DIR = os.path.join(HERE, "golden")
MODULES_AVAILABLE = "/usr/share/puppet/modules.available"
PUPPET_LIB = "/usr/lib/ruby/vendor_ruby/puppet"

CLASS_DEF_RE = r"(?m)^[ \t]*class[ \t]+(?:::)?%s(?![\w:])"
CALL_RE = re.compile(r"(?<![\w:$@])((?:[a-z][a-z0-9_]*::)*[a-z][a-z0-9_]*)\s*\(")
METHOD_RE = re.compile(r"\.\s*((?:[a-z][a-z0-9_]*::)*[a-z][a-z0-9_]*)\b")
STDLIB_TYPE_RE = re.compile(r"\bStdlib::[A-Z][\w:]*")
ERB_FUNCS = {"template", "inline_template"}
HIERA_FUNCS = {"lookup", "hiera", "hiera_array", "hiera_hash", "hiera_include"}
EPP_FUNCS = {"epp", "inline_epp"}


def die(msg):
    sys.stderr.write("env_classes.py: " + msg + "\n")
    sys.exit(2)


# ---------------------------------------------------------------------------------------------------------------
# The modules, their classes and defined types

def module_dirs():
    """[(module name, directory)] of Debian's modules, stdlib included, sorted by name."""
    if not os.path.isdir(MODULES_AVAILABLE):
        die("%s not found: install Debian's modules (apt-get install -y 'puppet-module-*')" % MODULES_AVAILABLE)
    mods = []
    for d in sorted(os.listdir(MODULES_AVAILABLE)):
        path = os.path.join(MODULES_AVAILABLE, d)
        if not os.path.isdir(path) or "-" not in d:
            continue
        name = d.split("-", 1)[1].replace("-", "_")
        mods.append((name, path))
    return mods


def strip_comments(text):
    return "\n".join(l for l in text.split("\n") if not l.lstrip().startswith("#"))


def manifest_names(mod, mdir):
    """{qualified name: relative file} for every manifests/**/*.pp of a module, by the autoloader's rule."""
    out = {}
    base = os.path.join(mdir, "manifests")
    for root, _, files in os.walk(base):
        for f in files:
            if not f.endswith(".pp"):
                continue
            rel = os.path.relpath(os.path.join(root, f), base)
            parts = rel[:-3].split(os.sep)
            name = mod if parts == ["init"] else "::".join([mod] + parts)
            out[name] = os.path.join("manifests", rel)
    return out


def definitions(mods):
    """classes: [(class, module, file)], defines: {define: (module, file)}, texts: {(module, file): text}"""
    classes, defines, texts = [], {}, {}
    for mod, mdir in mods:
        for name, rel in sorted(manifest_names(mod, mdir).items()):
            with open(os.path.join(mdir, rel), encoding="utf-8", errors="replace") as f:
                text = f.read()
            texts[(mod, rel)] = strip_comments(text)
            if re.search(CLASS_DEF_RE % re.escape(name), text):
                classes.append((name, mod, rel))
            if re.search(r"(?m)^[ \t]*define[ \t]+(?:::)?%s(?![\w:])" % re.escape(name), text):
                defines[name] = (mod, rel)
    return sorted(classes), defines, texts


def function_names(root, ruby_only=False):
    """Function names defined under a module (or Puppet's lib): 4.x and 3.x Ruby functions, Puppet functions."""
    names = set()
    for sub, ext in (("lib/puppet/functions", ".rb"), ("lib/puppet/parser/functions", ".rb"), ("functions", ".pp")):
        if ruby_only and ext == ".pp":
            continue
        base = os.path.join(root, sub)
        for r, _, files in os.walk(base):
            for f in files:
                if f.endswith(ext):
                    rel = os.path.relpath(os.path.join(r, f), base)[: -len(ext)]
                    parts = rel.split(os.sep)
                    if ext == ".pp":
                        parts = [os.path.basename(root.rstrip("/")).split("-", 1)[1].replace("-", "_")] + parts
                    names.add("::".join(parts))
    return names


def builtin_functions():
    names = set()
    for sub in ("functions", "parser/functions"):
        base = os.path.join(PUPPET_LIB, sub)
        for r, _, files in os.walk(base):
            for f in files:
                if f.endswith(".rb"):
                    names.add("::".join(os.path.relpath(os.path.join(r, f), base)[:-3].split(os.sep)))
    return names


def ruby_types(mods):
    """{lowercase type name} of the Ruby resource types in the modules' lib/puppet/type/."""
    out = set()
    for _, mdir in mods:
        base = os.path.join(mdir, "lib", "puppet", "type")
        if os.path.isdir(base):
            out.update(f[:-3] for f in os.listdir(base) if f.endswith(".rb"))
    return out


def hiera_keys(mods):
    """{module: set of keys} of the modules with a hiera.yaml (their data/**/*.yaml top-level keys)."""
    out = {}
    for mod, mdir in mods:
        if not os.path.isfile(os.path.join(mdir, "hiera.yaml")):
            continue
        keys = set()
        for r, _, files in os.walk(os.path.join(mdir, "data")):
            for f in files:
                if f.endswith((".yaml", ".yml")):
                    with open(os.path.join(r, f), encoding="utf-8", errors="replace") as fh:
                        for line in fh:
                            m = re.match(r"^['\"]?([a-z][\w:]*)['\"]?\s*:", line)
                            if m:
                                keys.add(m.group(1))
        out[mod] = keys
    return out


# ---------------------------------------------------------------------------------------------------------------
# Running the oracle

def check_tools():
    if shutil.which("ruby") is None:
        die("'ruby' is not installed; install Puppet first (apt-get install -y puppet puppet-module-puppetlabs-stdlib)")
    if not os.path.isfile(ORACLE):
        die("oracle not found at %s" % ORACLE)
    return reference_puppet.require_reference()


def full_facts(facts):
    """facts plus the legacy (flat) facts Facter 4 also gives Puppet 7 by default, derived from them, and the
    facts `puppet apply` adds to the node's (clientcert, clientversion, clientnoop)."""
    out = dict(facts)
    os_, net = facts.get("os", {}), facts.get("networking", {})
    distro, procs = os_.get("distro", {}), facts.get("processors", {})
    mem = facts.get("memory", {}).get("system", {})
    derived = {
        "osfamily": os_.get("family"),
        "operatingsystem": os_.get("name"),
        "operatingsystemrelease": os_.get("release", {}).get("full"),
        "operatingsystemmajrelease": os_.get("release", {}).get("major"),
        "architecture": os_.get("architecture"),
        "hardwaremodel": os_.get("hardware"),
        "selinux": os_.get("selinux", {}).get("enabled"),
        "lsbdistcodename": distro.get("codename"),
        "lsbdistid": distro.get("id"),
        "lsbdistdescription": distro.get("description"),
        "lsbdistrelease": distro.get("release", {}).get("full"),
        "lsbmajdistrelease": distro.get("release", {}).get("major"),
        "lsbminordistrelease": distro.get("release", {}).get("minor"),
        "ipaddress": net.get("ip"),
        "ipaddress6": net.get("ip6"),
        "macaddress": net.get("mac"),
        "netmask": net.get("netmask"),
        "network": net.get("network"),
        "interfaces": ",".join(sorted(net.get("interfaces", {}))) or None,
        "processorcount": procs.get("count"),
        "physicalprocessorcount": procs.get("physicalcount"),
        "memorysize": mem.get("total"),
        "memoryfree": mem.get("available"),
        "id": facts.get("identity", {}).get("user"),
        "clientcert": "playground",
        "clientversion": facts.get("puppetversion"),
        "clientnoop": False,
    }
    for iface, d in sorted(net.get("interfaces", {}).items()):
        for k, legacy in (("ip", "ipaddress"), ("mac", "macaddress"), ("netmask", "netmask"),
                          ("network", "network"), ("mtu", "mtu")):
            if k in d:
                derived["%s_%s" % (legacy, iface)] = d[k]
    for k, v in derived.items():
        if v is not None and k not in out:
            out[k] = v
    return out


def oracle_answers(mods, cases, show_stderr=False):
    """Real Puppet's answers (env_oracle.rb, with the modules `mods` on the modulepath, stdlib as its
    own) to `cases`, dicts {"id", "src", "files", "facts"}, in their order."""
    scratch = tempfile.mkdtemp(prefix="env_oracle.")
    try:
        mods_dir = os.path.join(scratch, "stdlibmods")
        os.makedirs(mods_dir)
        for mod, mdir in mods:
            if mod != "stdlib":
                os.symlink(mdir, os.path.join(mods_dir, mod))
        payload = "".join(json.dumps(c) + "\n" for c in cases)
        env = dict(os.environ)
        env["ENV_ORACLE_TMP"] = scratch
        env.pop("ENV_ORACLE_KEEP", None)
        proc = subprocess.run(reference_puppet.ruby(ORACLE), input=payload.encode("utf-8"), env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if proc.returncode != 0:
            die("the oracle failed:\n" + proc.stderr.decode("utf-8", "replace"))
        if show_stderr:
            sys.stderr.write(proc.stderr.decode("utf-8", "replace"))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    lines = [json.loads(l) for l in proc.stdout.decode("utf-8").split("\n") if l.strip()]
    if [l.get("id") for l in lines] != [c["id"] for c in cases]:
        die("the oracle's answers do not match the cases (%d cases, %d answers)" % (len(cases), len(lines)))
    return lines


def run_oracle(mods, classes, facts):
    cases = [{"id": c, "src": "include %s" % c, "files": {}, "facts": facts} for c, _, _ in classes]
    return {r["id"]: {"id": r["id"], "error": r.get("error"), "catalog": r.get("catalog"), "logs": r.get("logs")}
            for r in oracle_answers(mods, cases, show_stderr=True)}


# ---------------------------------------------------------------------------------------------------------------
# The summary

def ref_type(ref):
    """'Class[Apache::Params]' -> ('class', 'apache::params'); 'Apache::Vhost[x]' -> ('type', 'apache::vhost')"""
    t, _, title = ref.partition("[")
    title = title[:-1]
    if t == "Class":
        return "class", title.lower()
    return "type", t.lower()


def summarize(classes, defines, texts, results, mods):
    class_file = {c: (m, f) for c, m, f in classes}
    builtin = builtin_functions()
    stdlib_dir = dict(mods).get("stdlib")
    stdlib_funcs = (function_names(stdlib_dir) - builtin) if stdlib_dir else set()
    stdlib_ruby = (function_names(stdlib_dir, ruby_only=True) - builtin) if stdlib_dir else set()
    module_ruby = set()
    for mod, mdir in mods:
        if mod != "stdlib":
            module_ruby |= function_names(mdir, ruby_only=True) - builtin
    rtypes = ruby_types([(m, d) for m, d in mods if m != "stdlib"])
    hkeys = hiera_keys([(m, d) for m, d in mods if m != "stdlib"])
    rows = []
    for c, mod, rel in classes:
        r = results[c]
        compiles = r["error"] is None
        uses = set()
        types_in_catalog = set()
        if compiles:
            for ref, _ in r["catalog"]:
                kind, name = ref_type(ref)
                if kind == "class" and name in class_file:
                    uses.add(name)
                elif kind == "type":
                    if name in defines:
                        uses.add(name)
                    types_in_catalog.add(name)
        uses.add(c)
        files = set()
        for u in uses:
            files.add(class_file[u] if u in class_file else defines[u])
        text = "\n".join(texts[f] for f in sorted(files))
        called = set(CALL_RE.findall(text)) | set(METHOD_RE.findall(text))
        hiera_data = any(u.split("::")[0] in hkeys and
                         any(k.startswith(u + "::") and k.count("::") == u.count("::") + 1
                             for k in hkeys[u.split("::")[0]])
                         for u in uses if u in class_file)
        row = {
            "id": c,
            "module": mod,
            "file": rel,
            "compiles": compiles,
            "erb": bool(called & ERB_FUNCS),
            "hiera": bool(called & HIERA_FUNCS) or hiera_data,
            "epp": bool(called & EPP_FUNCS),
            "stdlib_functions": sorted(called & stdlib_funcs),
            "stdlib_types": sorted(set(STDLIB_TYPE_RE.findall(text))),
            "module_ruby_functions": sorted(called & module_ruby),
            "ruby_types": sorted(types_in_catalog & rtypes),
            "uses": sorted(uses - {c}),
        }
        row["stdlib_ruby"] = bool(set(row["stdlib_functions"]) & stdlib_ruby)
        rows.append(row)
    return rows


def print_table(rows):
    per = {}
    for r in rows:
        per.setdefault(r["module"], []).append(r)
    head = ("module", "classes", "compile", "no ERB/Hiera", "+ no Ruby")
    print("%-14s %8s %8s %13s %10s" % head)
    tot = [0, 0, 0, 0]
    for mod in sorted(per):
        rs = per[mod]
        n = len(rs)
        ok = [r for r in rs if r["compiles"]]
        plain = [r for r in ok if not r["erb"] and not r["hiera"]]
        noruby = [r for r in plain if not r["module_ruby_functions"] and not r["ruby_types"] and not r["stdlib_ruby"]]
        vals = [n, len(ok), len(plain), len(noruby)]
        tot = [a + b for a, b in zip(tot, vals)]
        print("%-14s %8d %8d %13d %10d" % tuple([mod] + vals))
    print("%-14s %8d %8d %13d %10d" % tuple(["total"] + tot))


def main(argv):
    mods = module_dirs()
    classes, defines, texts = definitions(mods)
    if "--list" in argv:
        for c, m, f in classes:
            print("%-50s %s/%s" % (c, m, f))
        print("%d classes in %d modules" % (len(classes), len({m for _, m, _ in classes})))
        return
    if "--table" in argv:
        for suffix in ("", "-full-facts"):
            print("golden/summary%s.jsonl" % suffix)
            with open(os.path.join(GOLDEN_DIR, "summary%s.jsonl" % suffix), encoding="utf-8") as f:
                print_table([json.loads(l) for l in f if l.strip()])
        return
    version = check_tools()
    with open(FACTS, encoding="utf-8") as f:
        facts = json.load(f)
    os.makedirs(GOLDEN_DIR, exist_ok=True)
    for suffix, case_facts, what in RUNS(facts):
        results = run_oracle(mods, classes, case_facts)
        rows = summarize(classes, defines, texts, results, mods)
        with open(os.path.join(GOLDEN_DIR, "classes%s.jsonl" % suffix), "w", encoding="utf-8") as f:
            for c, _, _ in classes:
                f.write(json.dumps(results[c], ensure_ascii=False) + "\n")
        with open(os.path.join(GOLDEN_DIR, "summary%s.jsonl" % suffix), "w", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
        print("\n%d classes of %d modules compiled by Puppet %s, %s (golden/classes%s.jsonl)"
              % (len(classes), len({m for _, m, _ in classes}), version, what, suffix))
        print_table(rows)


def RUNS(facts):
    """(file name suffix, facts, description) of the two runs."""
    return [("", facts, "facts of tests/conformance/facts.json"),
            ("-full-facts", full_facts(facts), "those facts plus Facter's legacy facts and puppet apply's client facts")]


if __name__ == "__main__":
    main(sys.argv[1:])
