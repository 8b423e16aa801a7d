#!/usr/bin/env python3
"""A corpus of current real Puppet code (today's Forge modules and public control repositories), compiled by
OpenVox 8 and by puppet-eval on two of the fact presets (facts/presets): Debian 12 and Red Hat 9.

Usage (the snapshots are cloned by hand, outside the repository; nothing here downloads anything):
    python3 tests/current/corpus.py --extract --snapshots DIR [--controlrepos DIR]
        # (re)write cases.jsonl from the modules' README.md, REFERENCE.md and examples/**/*.pp, and from each
        # control repository's role and profile classes and its site manifest (no Puppet)
    python3 tests/current/corpus.py --oracle --snapshots DIR [--controlrepos DIR] --stdlib DIR --openvox DIR \\
        [--vendored DIR] [--resource-api DIR] [--golden FILE]
        # ask OpenVox 8 (../shared/oracle/env_oracle.rb, run with `nice`, in batches; resumes an interrupted run)
    cargo build --release -p puppet-cli
    python3 tests/current/corpus.py --snapshots DIR [--controlrepos DIR] --stdlib DIR [--vendored DIR] \\
        [--golden FILE] [--write]
        # compile every case with puppet-eval, compare with OpenVox's answers and print the summary
        # (--write: also tests/current/report.txt)
    --only REGEX        with --oracle or the report: only the cases whose id matches
    --partial           the report: leave out the cases OpenVox has not answered yet
    --fact-sets A,B     other presets than debian-12,redhat-9

The folders:
    --snapshots DIR     one folder per module, named by the module's name (apache, mysql, systemd, ...) or as
                        author-name; every one gives cases and all of them are on the modulepath;
    --controlrepos DIR  one folder per control repository: its site modules (the modulepath folders of its
                        environment.conf other than modules/) are on its cases' modulepath, its hiera.yaml,
                        data/ and manifests/ are the environment's;
    --stdlib DIR        puppetlabs-stdlib 9.7.0 (ENV_ORACLE_STDLIB for the oracle, modules/stdlib for the engine);
    --vendored DIR      the modules the OpenVox 8.28.1 agent package vendors (its vendor_modules: augeas_core 1.5.0,
                        cron_core 1.3.0, host_core 1.3.0, mount_core 1.3.0, scheduled_task 3.2.0, selinux_core 1.4.0,
                        sshkeys_core 2.5.0, yumrepo_core 2.1.0, zfs_core 1.6.1, zone_core 1.2.0): on the modulepath
                        after the others, no cases, as on a real agent;
    --openvox DIR       OpenVox 8's source (the oracle runs `ruby -I DIR/lib`);
    --resource-api DIR  puppetlabs/puppet-resource_api's source: its lib/ goes on RUBYLIB (firewall 8's types).
The oracle also puts every module's lib/ on RUBYLIB: `puppet apply` adds them to Ruby's load path
(Puppet::Util::CommandLine), and some types `require` their module's helpers (elasticsearch's providers).
Puppet's `scanf` needs Ruby's scanf library, which the OpenVox agent package carries: apt-get install ruby-scanf.
The golden file (OpenVox's answers; default /tmp/current-corpus-golden.jsonl) is not committed: it is derived
from the cloned files; rerun --oracle to make it.

Each case compiles as `puppet apply -e SRC` does, for the node `playground`, with the facts of a preset plus
the local facts Puppet adds (clientcert, clientversion, clientnoop, implementation). Outcomes:
    same            both compile to the same catalog (every resource, parameter and value) and the same logs
    other catalog   both compile, the catalogs or the logs differ (the first difference is shown)
    engine stops    OpenVox compiles, the engine stops with a diagnostic (the reason: a function written in
                    Ruby, by module, a template's Ruby, or the message)
    both fail       both fail; 'alike' when the errors read the same, else the two errors are shown
    engine compiles OpenVox fails, the engine compiles: a bug
Python 3 standard library only.
"""

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import reference_puppet  # noqa: E402  (where the oracle scripts are: tests/reference_puppet.py)

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(os.path.dirname(HERE))
CASES = os.path.join(HERE, "cases.jsonl")
REPORT = os.path.join(HERE, "report.txt")
PRESETS = os.path.join(REPO_ROOT, "facts", "presets")
ORACLE = os.environ.get("ENV_ORACLE") or reference_puppet.oracle_script("env_oracle.rb")
ENGINE = os.environ.get("PUPPET_EVAL") or os.path.join(REPO_ROOT, "target", "release", "puppet-eval")
DEFAULT_GOLDEN = "/tmp/current-corpus-golden.jsonl"
FACT_SETS = ["debian-12", "redhat-9"]
OPENVOX_VERSION = "8.28.1"
BATCH = 60

FENCE_RE = re.compile(r"^[ \t]*(```|~~~)[ \t]*([\w+-]*)[^\n]*\n(.*?)^[ \t]*\1[ \t]*$", re.M | re.S)
KINDS = ["same", "other catalog", "engine stops", "both fail", "engine compiles"]
CALL_RE = re.compile(r"(?<![\w:$@])((?:[a-z][a-z0-9_]*::)*[a-z][a-z0-9_]*)\s*\(")
METHOD_RE = re.compile(r"\.\s*((?:[a-z][a-z0-9_]*::)*[a-z][a-z0-9_]*)\b")


def die(msg):
    sys.stderr.write("corpus.py: " + msg + "\n")
    sys.exit(2)


def option(argv, name, default=None):
    for i, a in enumerate(argv):
        if a == name and i + 1 < len(argv):
            return argv[i + 1]
        if a.startswith(name + "="):
            return a.split("=", 1)[1]
    return default


# ---------------------------------------------------------------------------------------------------------------
# The snapshots

def module_name(folder):
    """'apache' -> 'apache'; 'puppetlabs-augeas_core' -> 'augeas_core' (the modulepath's folder name)."""
    base = os.path.basename(folder.rstrip("/"))
    return base.split("-", 1)[1].replace("-", "_") if "-" in base else base


def modules_in(snapshots):
    """[(module name, directory)], sorted by name: every folder with a metadata.json or a manifests/ folder."""
    if not snapshots or not os.path.isdir(snapshots):
        die("--snapshots DIR: a folder of module snapshots is needed")
    out = []
    for d in sorted(os.listdir(snapshots)):
        path = os.path.join(snapshots, d)
        if os.path.isdir(path) and (os.path.isfile(os.path.join(path, "metadata.json"))
                                    or os.path.isdir(os.path.join(path, "manifests"))):
            out.append((module_name(path), os.path.realpath(path)))
    return out


def vendored_in(argv):
    """[(module name, directory)] of --vendored DIR (none without it)."""
    folder = option(argv, "--vendored")
    return modules_in(folder) if folder else []


def metadata(mdir):
    try:
        with open(os.path.join(mdir, "metadata.json"), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def control_repos(folder):
    """{name: directory} of the control repositories under `folder`."""
    if not folder:
        return {}
    return {d: os.path.realpath(os.path.join(folder, d)) for d in sorted(os.listdir(folder))
            if os.path.isdir(os.path.join(folder, d, "manifests")) or os.path.isfile(os.path.join(folder, d,
                                                                                                 "Puppetfile"))}


def site_dirs(repo):
    """The control repository's own module folders: its environment.conf modulepath entries other than
    modules/ and $basemodulepath (site-modules:modules:$basemodulepath -> [site-modules])."""
    conf = os.path.join(repo, "environment.conf")
    paths = ["site"]
    if os.path.isfile(conf):
        with open(conf, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = re.match(r"^\s*modulepath\s*=\s*(\S+)", line)
                if m:
                    paths = [p for p in m.group(1).split(":") if p not in ("modules", "./modules")
                             and not p.startswith("$")]
    return [os.path.join(repo, p) for p in paths if os.path.isdir(os.path.join(repo, p))]


def site_modules(repo):
    """[(module name, directory)] of a control repository's own modules."""
    out = []
    for base in site_dirs(repo):
        for d in sorted(os.listdir(base)):
            if os.path.isdir(os.path.join(base, d, "manifests")):
                out.append((d, os.path.join(base, d)))
    return out


def env_files(repo):
    """The control repository's environment files as text: hiera.yaml, data/**, manifests/**."""
    files = {}
    candidates = [os.path.join(repo, "hiera.yaml")]
    for sub in ("data", "manifests"):
        candidates += glob.glob(os.path.join(repo, sub, "**", "*"), recursive=True)
    for path in sorted(candidates):
        if os.path.isfile(path):
            with open(path, encoding="utf-8", errors="replace") as f:
                files[os.path.relpath(path, repo)] = f.read()
    return files


# ---------------------------------------------------------------------------------------------------------------
# The cases

def looks_like_puppet(text):
    return "=>" in text or re.search(r"^\s*(include|class|define|node|\$\w+\s*=)", text, re.M) is not None


def puppet_blocks(text):
    for m in FENCE_RE.finditer(text):
        lang, body = m.group(2).lower(), m.group(3)
        if lang in ("puppet", "pp") or (lang == "" and looks_like_puppet(body)):
            yield body


def class_names(mod, mdir):
    """The classes a module's manifests define, by the autoloader's file naming."""
    out = []
    base = os.path.join(mdir, "manifests")
    for path in sorted(glob.glob(os.path.join(base, "**", "*.pp"), recursive=True)):
        parts = os.path.relpath(path, base)[:-3].split(os.sep)
        name = mod if parts == ["init"] else "::".join([mod] + parts)
        with open(path, encoding="utf-8", errors="replace") as f:
            if re.search(r"(?m)^[ \t]*class[ \t]+(?:::)?%s(?![\w:])" % re.escape(name), f.read()):
                out.append(name)
    return out


def extract(argv):
    cases, seen = [], set()

    def add(case):
        key = (case["module"], case["src"].strip())
        if key in seen:
            return
        seen.add(key)
        cases.append(case)

    for mod, mdir in modules_in(option(argv, "--snapshots")):
        for doc, category in (("README.md", "README"), ("REFERENCE.md", "REFERENCE")):
            path = os.path.join(mdir, doc)
            if os.path.isfile(path):
                with open(path, encoding="utf-8", errors="replace") as f:
                    for n, body in enumerate(puppet_blocks(f.read()), 1):
                        add({"id": "%s/%s/%d" % (mod, category.lower(), n), "module": mod, "category": category,
                             "src": body})
        for path in sorted(glob.glob(os.path.join(mdir, "examples", "**", "*.pp"), recursive=True)):
            with open(path, encoding="utf-8", errors="replace") as f:
                rel = os.path.relpath(path, os.path.join(mdir, "examples"))
                add({"id": "%s/examples/%s" % (mod, rel), "module": mod, "category": "examples", "src": f.read()})
    for repo, rdir in control_repos(option(argv, "--controlrepos")).items():
        if os.path.isdir(os.path.join(rdir, "manifests")):
            add({"id": "%s/site" % repo, "module": repo, "category": "control repo", "src": "", "repo": repo})
        for mod, mdir in site_modules(rdir):
            if mod not in ("role", "roles", "profile", "profiles"):
                continue
            for cls in class_names(mod, mdir):
                add({"id": "%s/%s" % (repo, cls), "module": repo, "category": "control repo",
                     "src": "include %s\n" % cls, "repo": repo})
    with open(CASES, "w", encoding="utf-8") as f:
        for c in cases:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    print("%d cases written to %s" % (len(cases), os.path.relpath(CASES, REPO_ROOT)))


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]


def chosen_cases(argv):
    """cases.jsonl, or the cases whose id matches --only REGEX."""
    cases = read_jsonl(CASES)
    only = option(argv, "--only")
    return [c for c in cases if re.search(only, c["id"])] if only else cases


def preset_facts(name):
    """A preset's facts and the local facts `puppet apply` adds for the node playground."""
    with open(os.path.join(PRESETS, name + ".json"), encoding="utf-8") as f:
        facts = json.load(f)
    facts.update({"clientcert": "playground", "clientversion": OPENVOX_VERSION, "clientnoop": False,
                  "implementation": "openvox"})
    return facts


def groups(cases):
    """{group: [case]}: the module cases share one environment, each control repository has its own."""
    out = {}
    for c in cases:
        out.setdefault(c.get("repo") or "", []).append(c)
    return out


def modulepath_for(group, mods, repos):
    """[(name, dir)] on the modulepath of a group's cases: the snapshots, and a control repository's own."""
    if not group:
        return mods
    if group not in repos:
        die("control repository %s not found under --controlrepos" % group)
    own = site_modules(repos[group])
    names = {m for m, _ in own}
    return own + [(m, d) for m, d in mods if m not in names]


# ---------------------------------------------------------------------------------------------------------------
# OpenVox

def oracle(argv):
    cases = chosen_cases(argv)
    mods = modules_in(option(argv, "--snapshots"))
    vendored = vendored_in(argv)
    repos = control_repos(option(argv, "--controlrepos"))
    stdlib, openvox = option(argv, "--stdlib"), option(argv, "--openvox")
    if not stdlib or not os.path.isfile(os.path.join(stdlib, "metadata.json")):
        die("--stdlib DIR: puppetlabs-stdlib 9.7.0 is needed")
    if not openvox or not os.path.isfile(os.path.join(openvox, "lib", "puppet.rb")):
        die("--openvox DIR: OpenVox 8's source is needed")
    golden_path = option(argv, "--golden", DEFAULT_GOLDEN)
    done = set()
    if os.path.isfile(golden_path):
        done = {(g["facts"], g["id"]) for g in read_jsonl(golden_path)}
    env = dict(os.environ)
    env["ENV_ORACLE_STDLIB"] = os.path.realpath(stdlib)
    env.pop("ENV_ORACLE_KEEP", None)
    api = option(argv, "--resource-api")
    for group, members in sorted(groups(cases).items()):
        files = env_files(repos[group]) if group else {}
        path_mods = modulepath_for(group, mods, repos) + vendored
        libs = [os.path.join(d, "lib") for _, d in path_mods + [("stdlib", stdlib)]
                if os.path.isdir(os.path.join(d, "lib"))]
        env["RUBYLIB"] = os.pathsep.join(([os.path.join(os.path.realpath(api), "lib")] if api else []) + libs
                                         + ([os.environ["RUBYLIB"]] if os.environ.get("RUBYLIB") else []))
        for fs in FACT_SETS:
            facts = preset_facts(fs)
            todo = [c for c in members if (fs, c["id"]) not in done]
            for start in range(0, len(todo), BATCH):
                batch = todo[start:start + BATCH]
                answers = run_oracle(openvox, env, path_mods, [
                    {"id": c["id"], "src": c["src"], "files": files, "facts": facts} for c in batch])
                with open(golden_path, "a", encoding="utf-8") as f:
                    for a in answers:
                        f.write(json.dumps({"id": a["id"], "facts": fs, "error": a.get("error"),
                                            "logs": a.get("logs"), "catalog": a.get("catalog")},
                                           ensure_ascii=False) + "\n")
                sys.stderr.write("oracle: %s %s %d/%d\n" % (group or "modules", fs, start + len(batch), len(todo)))
    print("OpenVox's answers are in %s" % golden_path)


def run_oracle(openvox, env, mods, cases):
    scratch = tempfile.mkdtemp(prefix="current_oracle.")
    try:
        mods_dir = os.path.join(scratch, "stdlibmods")
        os.makedirs(mods_dir)
        for mod, mdir in mods:
            if mod != "stdlib" and not os.path.exists(os.path.join(mods_dir, mod)):
                os.symlink(mdir, os.path.join(mods_dir, mod))
        run_env = dict(env)
        run_env["ENV_ORACLE_TMP"] = scratch
        payload = "".join(json.dumps(c) + "\n" for c in cases)
        proc = subprocess.run(["nice", "-n", "10", "ruby", "-I", os.path.join(os.path.realpath(openvox), "lib"),
                               ORACLE], input=payload.encode("utf-8"), env=run_env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if proc.returncode != 0:
            die("the oracle failed:\n" + proc.stderr.decode("utf-8", "replace")[-3000:])
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    lines = [json.loads(l) for l in proc.stdout.decode("utf-8").split("\n") if l.strip()]
    if [l.get("id") for l in lines] != [c["id"] for c in cases]:
        die("the oracle's answers do not match the cases (%d cases, %d answers)" % (len(cases), len(lines)))
    return lines


# ---------------------------------------------------------------------------------------------------------------
# The engine

def ours(cases, mods, repos, stdlib, vendored):
    """{(fact set, id): the engine's answer}."""
    if not os.path.exists(ENGINE):
        die("build the engine first: cargo build --release -p puppet-cli")
    out = {}
    for group, members in sorted(groups(cases).items()):
        scratch = tempfile.mkdtemp(prefix="current_corpus.")
        try:
            envdir = os.path.join(scratch, "production")
            modules = os.path.join(envdir, "modules")
            os.makedirs(modules)
            targets = []
            for mod, mdir in modulepath_for(group, mods, repos) + [("stdlib", os.path.realpath(stdlib))] + vendored:
                if not os.path.exists(os.path.join(modules, mod)):
                    os.symlink(mdir, os.path.join(modules, mod))
                    targets.append(mdir)
            # The engine follows links only inside the directories it is given: name where these lead.
            engine = [ENGINE, "--env", envdir, "--allow-links-to", os.pathsep.join(targets)]
            if group:
                for rel, text in env_files(repos[group]).items():
                    os.makedirs(os.path.dirname(os.path.join(envdir, rel)), exist_ok=True)
                    with open(os.path.join(envdir, rel), "w", encoding="utf-8") as f:
                        f.write(text)
            for fs in FACT_SETS:
                facts = preset_facts(fs)
                for c in members:
                    if not c["src"]:
                        out[(fs, c["id"])] = compile_environment(engine, facts, c["id"])
                payload = "".join(json.dumps({"id": c["id"], "src": c["src"], "facts": facts}) + "\n"
                                  for c in members if c["src"])
                proc = subprocess.run(["nice", "-n", "10"] + engine + ["--jsonl", "--catalog"],
                                      input=payload.encode("utf-8"), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                for line in proc.stdout.decode("utf-8", "replace").split("\n"):
                    if line.strip():
                        r = json.loads(line)
                        out[(fs, r["id"])] = r
                for c in members:
                    r = out.get((fs, c["id"]), {})
                    if re.search(r"Failed to parse (?:inline )?template[^:]*:$", r.get("error") or ""):
                        r["error"] += " " + template_detail(engine, c["src"], facts)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    return out


def compile_environment(engine, facts, case_id):
    """The engine's answer for the environment's own manifests/ (`puppet apply` of site.pp): a JSON Lines case
    with an empty src and no files is an empty program, so this one compiles with --json and no code."""
    scratch = tempfile.mkdtemp(prefix="current_case.")
    try:
        facts_file = os.path.join(scratch, "facts.json")
        with open(facts_file, "w", encoding="utf-8") as f:
            json.dump(facts, f)
        proc = subprocess.run(["nice", "-n", "10"] + engine + ["--facts", facts_file, "--catalog", "--json"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    try:
        answer = json.loads(proc.stdout.decode("utf-8", "replace"))
    except ValueError:
        answer = {"error": "no answer: " + proc.stderr.decode("utf-8", "replace")[:200]}
    answer["id"] = case_id
    return answer


def template_detail(engine, src, facts):
    """The Detail line of a template error, which the JSON Lines answer leaves out (its error is the first line of
    Puppet's message): the same case compiled again, as a file, prints the whole message."""
    scratch = tempfile.mkdtemp(prefix="current_case.")
    try:
        main, facts_file = os.path.join(scratch, "snippet.pp"), os.path.join(scratch, "facts.json")
        with open(main, "w", encoding="utf-8") as f:
            f.write(src)
        with open(facts_file, "w", encoding="utf-8") as f:
            json.dump(facts, f)
        proc = subprocess.run(["nice", "-n", "10"] + engine + ["--facts", facts_file, "--catalog", main],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    m = re.search(r"^\s*Detail: (.*)$", proc.stderr.decode("utf-8", "replace") + proc.stdout.decode("utf-8", "replace"),
                  re.M)
    return m.group(1).strip() if m else "(no detail)"


# ---------------------------------------------------------------------------------------------------------------
# Comparing

def normalize(text):
    """Paths of modules as one form on both sides: OpenVox prints <tmp>/stdlibmods/m/... for the modules
    beside the environment, the engine modules/m/...; ' on node playground' is OpenVox's alone."""
    text = re.sub(r"<tmp>/stdlibmods/", "modules/", text)
    return text.replace(" on node playground", "")


def normalized_logs(logs):
    return [normalize(l) for l in (logs or []) if not l.startswith("debug:")]


def catalog_of(answer):
    return json.loads(normalize(json.dumps(answer.get("catalog") or [])))


def short(value, width=90):
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = text.replace("\n", "\\n")
    return text if len(text) <= width else text[:width - 3] + "..."


def first_difference(golden, mine):
    """(group, detail) of the first difference between two compiled answers, or None when they agree."""
    g_cat, o_cat = catalog_of(golden), catalog_of(mine)
    g_res, o_res = dict((r, dict(p)) for r, p in g_cat), dict((r, dict(p)) for r, p in o_cat)
    for ref, _ in g_cat:
        rtype = ref.split("[", 1)[0]
        if ref not in o_res:
            return ("catalog: a %s only in OpenVox's" % rtype, "%s is missing" % ref)
        gp, op = g_res[ref], o_res[ref]
        for name in list(gp) + [n for n in op if n not in gp]:
            if gp.get(name) != op.get(name):
                if name not in op:
                    return ("catalog: %s %s missing" % (rtype, name), "%s %s: OpenVox %s, engine none"
                            % (ref, name, short(gp[name])))
                if name not in gp:
                    return ("catalog: %s %s extra" % (rtype, name), "%s %s: engine %s, OpenVox none"
                            % (ref, name, short(op[name])))
                return ("catalog: %s %s differs" % (rtype, name), "%s %s: OpenVox %s, engine %s"
                        % (ref, name, short(gp[name], 70), short(op[name], 70)))
    for ref, _ in o_cat:
        if ref not in g_res:
            return ("catalog: a %s only in the engine's" % ref.split("[", 1)[0], "%s is extra" % ref)
    if [r for r, _ in g_cat] != [r for r, _ in o_cat]:
        return ("catalog: resources in another order", "")
    g_logs, o_logs = normalized_logs(golden.get("logs")), normalized_logs(mine.get("logs"))
    for i in range(max(len(g_logs), len(o_logs))):
        g = g_logs[i] if i < len(g_logs) else None
        o = o_logs[i] if i < len(o_logs) else None
        if g != o:
            return ("logs: %s" % log_kind(g, o), "OpenVox %s, engine %s" % (short(g or "(none)", 110),
                                                                          short(o or "(none)", 110)))
    return None


def log_kind(g, o):
    for line in (g, o):
        if line and "deprecat" in line.lower():
            return "a deprecation warning"
    level = (g or o or "").split(":", 1)[0]
    if g is None:
        return "an extra %s line in the engine's" % level
    if o is None:
        return "a %s line missing in the engine's" % level
    return "%s lines differ" % level


class Names:
    """Which function names are stdlib 9's and which a module's own Ruby, to say why a compile stopped."""

    def __init__(self, mods, stdlib):
        self.stdlib = functions_of(stdlib, "stdlib")
        self.stdlib_ruby = functions_of(stdlib, "stdlib", ruby_only=True)
        self.module_ruby = {}
        for mod, mdir in mods:
            for name in functions_of(mdir, mod, ruby_only=True):
                self.module_ruby.setdefault(name, mod)

    def reason(self, error):
        m = re.search(r"Unknown function: '([^']+)'", error)
        if m:
            name = m.group(1)
            if name in self.module_ruby:
                return "module Ruby function: %s (%s)" % (name, self.module_ruby[name]), "module ruby"
            if name in self.stdlib:
                return "stdlib 9 function: %s" % name, "stdlib"
            return "function: %s" % name, "other"
        # The engine runs modules' Ruby functions; one that uses Ruby it does not run names it.
        m = re.search(r"The function '([^']+)' runs Ruby the playground does not: (.*)", error)
        if m:
            name, what = m.group(1), strip_position(m.group(2))
            mod = self.module_ruby.get(name, "?")
            return "module Ruby function: %s (%s): %s" % (name, mod, what), "module ruby"
        m = re.search(r"Unknown resource type: '([^']+)'", error)
        if m:
            return "resource type: %s" % m.group(1), "other"
        if "playground's ERB" in error or re.search(r"Failed to parse (?:inline )?template|TemplateWrapper", error):
            return "template's Ruby: %s" % template_reason(error), "template"
        return strip_position(unwrap(error)[0]), "other"


def functions_of(root, mod, ruby_only=False):
    names = set()
    for sub, ext, prefix in (("lib/puppet/functions", ".rb", ""), ("lib/puppet/parser/functions", ".rb", ""),
                             ("functions", ".pp", mod)):
        if ruby_only and ext == ".pp":
            continue
        base = os.path.join(root, sub)
        for path in glob.glob(os.path.join(base, "**", "*" + ext), recursive=True):
            parts = os.path.relpath(path, base)[: -len(ext)].split(os.sep)
            names.add("::".join(([prefix] if prefix else []) + parts))
    return names


def template_reason(error):
    """What a template did that the engine's ERB does not: the message after the template's name."""
    text = re.sub(r"\s*\((?:file|line): [^)]*\)", "", normalize(error))
    m = re.search(r"Failed to parse (?:inline )?template[^:]*:\s*(.*)$", text)
    return (m.group(1) if m else text)[:160]


def strip_position(error):
    text = re.sub(r"\s*\((?:file|line): [^)]*\)", "", normalize(error))
    text = re.sub(r"\s*at \S+:\d+(?::\d+)?$", "", text)
    return text[:200]


def outcome(golden, mine, names):
    """(kind, reason group, detail, blocker) of one case; blocker is 'module ruby', 'stdlib', 'template' or ''."""
    g_err, o_err = golden.get("error"), mine.get("error")
    if g_err is None and o_err is None:
        diff = first_difference(golden, mine)
        return ("same", "", "", "") if diff is None else ("other catalog", diff[0], diff[1], "")
    if g_err is None:
        group, blocker = names.reason(o_err)
        return "engine stops", group, short(normalize(o_err), 200), blocker if blocker != "other" else ""
    if o_err is None:
        return "engine compiles", "OpenVox fails: " + strip_position(unwrap(g_err)[0])[:120], short(g_err, 200), ""
    if normalize(o_err) == normalize(g_err):
        return "both fail", "alike", "", ""
    both = "OpenVox: %s | engine: %s" % (short(normalize(g_err), 160), short(normalize(o_err), 160))
    group, blocker = names.reason(o_err)
    if blocker != "other" or "is not available in the playground" in o_err:
        return "both fail", "the engine stops first, on " + group, both, ""
    g_core, g_wrap = unwrap(g_err)
    o_core, o_wrap = unwrap(o_err)
    if re.match(r"(?:Could not parse|Syntax error|Evaluation Error: Syntax error)", o_core) and \
            not re.search(r"Could not parse|Syntax error", g_core):
        return ("both fail", "the engine cannot parse what OpenVox reads: " + strip_position(o_core), both, "")
    if strip_position(g_core) == strip_position(o_core):
        if g_wrap == o_wrap:
            return ("both fail", "same message, other position", "OpenVox %s, engine %s"
                    % (error_positions(g_err), error_positions(o_err)), "")
        return ("both fail", "same error, other wrapper: OpenVox %s, engine %s"
                % (" ".join(g_wrap) or "none", " ".join(o_wrap) or "none"), both, "")
    if "Unknown variable" in g_core and re.search(r"expects an? |has no parameter named", o_core):
        return ("both fail", "OpenVox evaluates a parameter default (an unknown variable) before checking the "
                "parameters, the engine checks them first", both, "")
    same_place = error_place(o_err) == error_place(g_err) and error_place(g_err) != ""
    if same_place:
        return "both fail", "same place, other message", divergence(normalize(g_err), normalize(o_err)), ""
    return "both fail", "another error", both, ""


def error_positions(error):
    return " ".join(re.findall(r"\((?:file|line): [^)]*\)", normalize(error))) or "no position"


def divergence(a, b):
    """Where two texts part: 'OpenVox ...<the rest> | engine ...<the rest>' from a little before."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    start = max(0, n - 30)
    return "from char %d: OpenVox '%s' | engine '%s'" % (n, short(a[start:], 110), short(b[start:], 110))


WRAPPER_RE = re.compile(r"^(?:Evaluation Error: )?(Error while evaluating a [A-Za-z ]+?), ")


def unwrap(error):
    """(the message inside Puppet's 'Error while evaluating a ..., ' wrappers, [the wrappers])."""
    text, wrappers = normalize(error), []
    while True:
        m = WRAPPER_RE.match(text)
        if not m:
            return text, ["'%s'" % w for w in wrappers]
        wrappers.append(m.group(1))
        text = text[m.end():]


def error_place(error):
    m = re.search(r"\(file: ([^,)]+)(?:, line: (\d+))?", normalize(error))
    return "%s:%s" % (m.group(1), m.group(2)) if m else ""


# ---------------------------------------------------------------------------------------------------------------
# stdlib 9's functions in what OpenVox compiled

SINGLE_QUOTED_RE = re.compile(r"'(?:\\.|[^'\\])*'")
DOUBLE_QUOTED_RE = re.compile(r'"(?:\\.|[^"\\])*"')
INTERPOLATION_RE = re.compile(r"\$\{[^}]*\}")


def code_only(text):
    """Puppet code without its comments, the text of its strings (what interpolations hold is kept) and the names
    of its definitions, so that a file name such as 'x.zip' or `define concat (` reads as no call."""
    text = "\n".join(l for l in text.split("\n") if not l.lstrip().startswith("#"))
    text = SINGLE_QUOTED_RE.sub("''", text)
    text = DOUBLE_QUOTED_RE.sub(lambda m: '"%s"' % " ".join(INTERPOLATION_RE.findall(m.group(0))), text)
    text = re.sub(r"#[^\n]*", "", text)
    return re.sub(r"\b(define|class|function|plan)\s+(?:::)?[a-z][\w:]*", r"\1 _", text)


def stdlib_calls(cases, golden, mods, stdlib, names):
    """{function: number of compiled cases whose own code, or a class or defined type in their catalog, calls it}"""
    files = {}
    for mod, mdir in mods + [("stdlib", stdlib)]:
        for path in glob.glob(os.path.join(mdir, "manifests", "**", "*.pp"), recursive=True):
            parts = os.path.relpath(path, os.path.join(mdir, "manifests"))[:-3].split(os.sep)
            files["::".join([mod] if parts == ["init"] else [mod] + parts)] = path
    texts = {}

    def text_of(name):
        if name not in texts:
            path = files.get(name)
            body = ""
            if path:
                with open(path, encoding="utf-8", errors="replace") as f:
                    body = code_only(f.read())
            texts[name] = body
        return texts[name]

    counts = {}
    for (fs, cid), g in golden.items():
        if g.get("error") is not None or cid not in cases:
            continue
        used = {code_only(cases[cid]["src"])}
        for ref, _ in g.get("catalog") or []:
            t, _, title = ref.partition("[")
            name = title[:-1] if t == "Class" else t
            used.add(text_of(name.lower()))
        called = set()
        for body in used:
            called |= set(CALL_RE.findall(body)) | set(METHOD_RE.findall(body))
        for fn in called & names.stdlib:
            counts[fn] = counts.get(fn, 0) + 1
    return counts


# ---------------------------------------------------------------------------------------------------------------
# The report

def report(argv):
    cases = chosen_cases(argv)
    mods = modules_in(option(argv, "--snapshots"))
    repos = control_repos(option(argv, "--controlrepos"))
    stdlib = option(argv, "--stdlib")
    if not stdlib or not os.path.isdir(stdlib):
        die("--stdlib DIR: puppetlabs-stdlib 9.7.0 is needed")
    golden_path = option(argv, "--golden", DEFAULT_GOLDEN)
    if not os.path.isfile(golden_path):
        die("%s not found: run --oracle first" % golden_path)
    golden = {(g["facts"], g["id"]): g for g in read_jsonl(golden_path)}
    missing = [(fs, c["id"]) for c in cases for fs in FACT_SETS if (fs, c["id"]) not in golden]
    if missing and "--partial" not in argv:
        die("%d cases have no answer from OpenVox in %s: run --oracle (or --partial)" % (len(missing), golden_path))
    cases = [c for c in cases if all((fs, c["id"]) in golden for fs in FACT_SETS)]
    vendored = vendored_in(argv)
    mine = ours(cases, mods, repos, stdlib, vendored)
    names = Names(mods + [(m, d) for r in repos.values() for m, d in site_modules(r)], stdlib)
    rows = {}
    per_fs = {fs: {} for fs in FACT_SETS}
    differ = {}
    blocked = {"module ruby": 0, "stdlib": 0, "template": 0}
    for c in cases:
        for fs in FACT_SETS:
            key = (fs, c["id"])
            kind, group, detail, blocker = outcome(golden[key], mine.get(key, {"error": "no answer"}), names)
            row = rows.setdefault(c["module"], {})
            row[kind] = row.get(kind, 0) + 1
            per_fs[fs][kind] = per_fs[fs].get(kind, 0) + 1
            if blocker:
                blocked[blocker] += 1
            if kind != "same" and not (kind == "both fail" and group == "alike"):
                differ.setdefault(kind, {}).setdefault(group, []).append((c["id"], fs, detail))
    out = []
    out.append("Snapshots (modules on the modulepath; every one gives cases):")
    for mod, mdir in mods:
        md = metadata(mdir)
        out.append("  %-14s %s %s" % (mod, md.get("name", "?"), md.get("version", "?")))
    md = metadata(stdlib)
    out.append("  %-14s %s %s (on the modulepath, no cases)" % ("stdlib", md.get("name", "?"), md.get("version", "?")))
    for mod, mdir in vendored:
        md = metadata(mdir)
        out.append("  %-14s %s %s (vendored by the agent, no cases)" % (mod, md.get("name", "?"),
                                                                       md.get("version", "?")))
    for repo in repos:
        out.append("  %-14s control repository: %s" % ("", repo))
    out.append("Fact sets: facts/presets/%s.json, with clientcert, clientversion, clientnoop, implementation"
               % ".json, facts/presets/".join(FACT_SETS))
    out.append("")
    out.append("%-26s %5s  %s" % ("module", "cases", "  ".join("%-15s" % k for k in KINDS)))
    totals = {k: 0 for k in KINDS}
    for mod in sorted(rows):
        for k in KINDS:
            totals[k] += rows[mod].get(k, 0)
        out.append("%-26s %5d  %s" % (mod, sum(rows[mod].values()), "  ".join("%-15d" % rows[mod].get(k, 0)
                                                                              for k in KINDS)))
    total = sum(totals.values())
    out.append("%-26s %5d  %s" % ("total", total, "  ".join("%-15d" % totals[k] for k in KINDS)))
    out.append("")
    for fs in FACT_SETS:
        out.append("%-26s %5d  %s" % ("facts: " + fs, sum(per_fs[fs].values()),
                                      "  ".join("%-15d" % per_fs[fs].get(k, 0) for k in KINDS)))
    compiles = totals["same"] + totals["other catalog"] + totals["engine stops"]
    out.append("")
    out.append("%d cases (%d snippets x %d fact sets). OpenVox compiles %d; of those the engine gives the same "
               "catalog and logs for %d (%.1f %%)." % (total, len(cases), len(FACT_SETS), compiles, totals["same"],
                                                       100.0 * totals["same"] / max(compiles, 1)))
    free = compiles - blocked["module ruby"]
    out.append("Of the %d that no module Ruby function blocks, it agrees on %d (%.1f %%)."
               % (free, totals["same"], 100.0 * totals["same"] / max(free, 1)))
    free2 = free - blocked["stdlib"] - blocked["template"]
    out.append("Of the %d that no Ruby the engine lacks blocks (no module Ruby function, no stdlib 9 function, no "
               "template's Ruby), it agrees on %d (%.1f %%)." % (free2, totals["same"],
                                                                  100.0 * totals["same"] / max(free2, 1)))
    out.append("")
    out.append("Every case that differs, by outcome and reason (case id, fact set, the first difference):")
    for kind in ("engine stops", "other catalog", "engine compiles", "both fail"):
        groups_ = differ.get(kind, {})
        if not groups_:
            continue
        out.append("")
        out.append("== %s (%d)" % (kind, sum(len(v) for v in groups_.values())))
        for group, items in sorted(groups_.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            out.append("  %3d  %s" % (len(items), short(group, 160)))
            for cid, fs, detail in items:
                out.append("         %s @%s%s" % (cid, fs, (": " + detail) if detail and detail != group else ""))
    counts = stdlib_calls({c["id"]: c for c in cases}, golden, mods, os.path.realpath(stdlib), names)
    out.append("")
    out.append("stdlib 9 functions that the compiled cases call (cases whose code, or a class or defined type in "
               "their catalog, calls it; Ruby functions marked *):")
    for fn, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        out.append("  %4d  %s%s" % (n, fn, " *" if fn in names.stdlib_ruby else ""))
    text = "\n".join(out) + "\n"
    print(text, end="")
    if "--write" in argv:
        with open(REPORT, "w", encoding="utf-8") as f:
            f.write("# python3 tests/current/corpus.py --snapshots ... --write (OpenVox %s's answers)\n"
                    % OPENVOX_VERSION + text)


def main(argv):
    global FACT_SETS
    if option(argv, "--fact-sets"):
        FACT_SETS = option(argv, "--fact-sets").split(",")
    if "--extract" in argv:
        extract(argv)
    elif "--oracle" in argv:
        oracle(argv)
    else:
        report(argv)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
