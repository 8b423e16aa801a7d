#!/usr/bin/env python3
"""The catalog-diff corpus: versions of a control repository (corpus.json: Debian's modules linked
under their names, a role/profile layer, Hiera data; five changes, each a pull request's worth)
diffed for 24 nodes (nodes/, from make_nodes.py) by octocatalog-diff and by `puppet-eval diff`.

  corpus.py --write DIR          write the base version and each change's version into DIR
  corpus.py --octocatalog        octocatalog-diff's answer (octocatalog.rb: its differ, with its
                                 defaults, on catalogs Debian's Puppet 7.23 compiles) for every
                                 change and node: golden/octocatalog.jsonl
  corpus.py --compare            run puppet-eval diff and compare the sets of changed resources and
                                 parameters with the goldens: report.md (exit 1 below 95 %)

The sets compared, per node and change: resources added (+) and removed (-), and parameters
changed (~ resource parameter). octocatalog-diff reports `notify`/`subscribe` as parameters;
puppet-eval diff reports them as edges: such a change agrees when puppet-eval diff has a changed
edge of that resource. A node whose catalog fails to compile at either version is an error in
octocatalog-diff; it agrees when puppet-eval diff reports the compile error too.
"""

import argparse
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
MODULES = pathlib.Path("/usr/share/puppet/modules.available")
RELATIONSHIPS = {"notify", "subscribe"}


def recipe():
    return json.loads((HERE / "corpus.json").read_text())


def module_dir(name):
    found = sorted(MODULES.glob(f"*-{name}"))
    if not found:
        sys.exit(f"corpus: no module {name} in {MODULES}")
    return found[0]


def write_version(recipe, change, into):
    """The base version with `change` (None: the base itself) applied, written to `into`."""
    into.mkdir(parents=True, exist_ok=True)
    files = dict(recipe["base"])
    edits = []
    if change is not None:
        files.update(change.get("files", {}))
        edits = change.get("edits", [])
    edited = {e["path"].split("/")[1] for e in edits}
    for name in recipe["modules"]:
        target = into / "modules" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if name in edited:
            shutil.copytree(module_dir(name), target, symlinks=False)
        else:
            target.symlink_to(module_dir(name))
    for path, text in files.items():
        file = into / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text)
    for edit in edits:
        file = into / edit["path"]
        text = file.read_text()
        if text.count(edit["replace"]) != 1:
            sys.exit(f"corpus: {edit['path']}: the text to replace is not there once")
        file.write_text(text.replace(edit["replace"], edit["with"]))


def write_all(recipe, into):
    write_version(recipe, None, into / "base")
    for change in recipe["changes"]:
        write_version(recipe, change, into / change["name"])


def nodes():
    return sorted(p.stem for p in (HERE / "nodes").glob("*.json"))


def octo_facts(node, into):
    """The node's facts as the YAML octocatalog-diff and Puppet's yaml facts terminus read."""
    values = json.loads((HERE / "nodes" / f"{node}.json").read_text())
    path = into / f"{node}.yaml"
    path.write_text("--- !ruby/object:Puppet::Node::Facts\nname: " + node + "\nvalues: " + json.dumps(values) + "\n")
    return path


def octo_entries(diffs):
    """octocatalog-diff's diff items as the compared set."""
    entries = set()
    for item in diffs:
        kind, rtype, title, structure = item["diff_type"], item["type"], item["title"], item.get("structure") or []
        reference = f"{rtype}[{title}]"
        if kind in ("+", "-") and not structure:
            entries.add((kind, reference))
        elif structure and structure[0] == "parameters" and len(structure) > 1:
            entries.add(("~", reference, structure[1]))
        else:
            entries.add(("?", reference, "::".join(structure)))
    return entries


def octocatalog():
    """Run octocatalog.rb (octocatalog-diff's differ on Debian Puppet's catalogs) on every change
    and node: golden/octocatalog.jsonl."""
    r = recipe()
    changes = [c["name"] for c in r["changes"]]
    with tempfile.TemporaryDirectory(prefix="diff-corpus-") as tmp:
        work = pathlib.Path(tmp)
        write_all(r, work)
        result = subprocess.run(
            ["ruby", "-W0", str(HERE / "octocatalog.rb"), str(work), str(HERE / "nodes"), *changes],
            capture_output=True, text=True, check=True)
    records = []
    for line in result.stdout.splitlines():
        raw = json.loads(line)
        record = {"change": raw["change"], "node": raw["node"]}
        if "error" in raw:
            record["error"] = raw["error"].replace(str(work), "<work>")
        else:
            record["entries"] = sorted(list(e) for e in octo_entries(raw["diff"]))
        records.append(record)
    records.sort(key=lambda r: (r["change"], r["node"]))
    golden = HERE / "golden" / "octocatalog.jsonl"
    golden.parent.mkdir(exist_ok=True)
    golden.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in records))


def ours_entries(group):
    entries = {("+", e["resource"]) for e in group["resources_added"]}
    entries |= {("-", e["resource"]) for e in group["resources_removed"]}
    entries |= {("~", c["resource"], c["parameter"]) for c in group["parameters_changed"]}
    touched = set()
    for edge in group["edges_added"] + group["edges_removed"]:
        touched.add(edge["source"])
        touched.add(edge["target"])
    return entries, touched


def puppet_eval():
    binary = ROOT / "target" / "release" / "puppet-eval"
    if not binary.exists():
        subprocess.run(["cargo", "build", "-q", "--release", "-p", "puppet-cli"], cwd=ROOT, check=True)
    return binary


def compare():
    r = recipe()
    golden = [json.loads(l) for l in (HERE / "golden" / "octocatalog.jsonl").read_text().splitlines()]
    ours = {}
    with tempfile.TemporaryDirectory(prefix="diff-corpus-") as tmp:
        work = pathlib.Path(tmp)
        write_all(r, work)
        for change in r["changes"]:
            result = subprocess.run(
                [str(puppet_eval()), "diff", str(work / "base"), str(work / change["name"]),
                 "--nodes", str(HERE / "nodes"), "--format", "json",
                 # The corpus links its modules to Debian's; the CLI reads through links only so.
                 "--allow-links-to", str(MODULES)],
                capture_output=True, text=True)
            report = json.loads(result.stdout)
            for group in report["groups"]:
                for node in group["nodes"]:
                    ours[(change["name"], node)] = group
    lines, same = [], 0
    for record in golden:
        key = (record["change"], record["node"])
        group = ours[key]
        verdict = agree(record, group)
        if verdict is None:
            same += 1
        else:
            lines.append(f"- `{key[0]}` / `{key[1]}`: {verdict}")
    share = 100.0 * same / len(golden)
    report = [
        "# puppet-eval diff against octocatalog-diff",
        "",
        f"{len(golden)} node/version pairs ({len(r['changes'])} changes x {len(nodes())} nodes): "
        f"**{same} the same ({share:.1f} %)**.",
        "",
        "Differences:" if lines else "No differences.",
        "",
        *lines,
        "",
    ]
    (HERE / "report.md").write_text("\n".join(report))
    print("\n".join(report))
    return share >= 95.0


def agree(record, group):
    """None when octocatalog-diff and puppet-eval diff agree on a node, else what differs."""
    if "error" in record:
        if group["error"] is not None:
            return None
        return f"octocatalog-diff fails ({record['error']}), puppet-eval diff compiles both versions"
    if group["error"] is not None:
        return f"puppet-eval diff reports a compile error ({group['error']}), octocatalog-diff none"
    theirs = {tuple(e) for e in record["entries"]}
    entries, touched = ours_entries(group)
    relationships = {e for e in theirs if e[0] == "~" and e[2] in RELATIONSHIPS}
    unmatched = {e for e in relationships if e[1] not in touched}
    theirs -= relationships
    if theirs == entries and not unmatched:
        return None
    parts = []
    if theirs - entries:
        parts.append("only octocatalog-diff: " + ", ".join(" ".join(e) for e in sorted(theirs - entries)))
    if entries - theirs:
        parts.append("only puppet-eval diff: " + ", ".join(" ".join(e) for e in sorted(entries - theirs)))
    if unmatched:
        parts.append("relationship changes without an edge change: " + ", ".join(" ".join(e) for e in sorted(unmatched)))
    return "; ".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", metavar="DIR")
    parser.add_argument("--octocatalog", action="store_true")
    parser.add_argument("--compare", action="store_true")
    args = parser.parse_args()
    if args.write:
        write_all(recipe(), pathlib.Path(args.write))
    if args.octocatalog:
        octocatalog()
    if args.compare and not compare():
        sys.exit(1)


if __name__ == "__main__":
    main()
