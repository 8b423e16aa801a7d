#!/usr/bin/env python3
"""Print the YAML/JSON fidelity table (Markdown) from golden-hiera/data.jsonl.

Usage:
    python3 tests/conformance/hiera_yaml_table.py            # the table, on stdout
    python3 tests/conformance/hiera_yaml_table.py --check    # exit 1 when hiera/FINDINGS.md does not hold it

Every row is one case of hiera/data.txt: the data file's text (data/common.yaml or data/common.json, newlines
shown as '⏎'), then what real Puppet 7.23 made of `lookup('k')`: its %p form and generalized type as the case
printed them, or the first line of the error / the warning. The values come from the goldens (real Puppet and
Ruby's Psych), never from a Rust YAML crate. hiera/FINDINGS.md embeds this output between the markers
'<!-- yaml-table -->' and '<!-- /yaml-table -->'.

Python 3 standard library only.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden-hiera", "data.jsonl")
FINDINGS = os.path.join(HERE, "hiera", "FINDINGS.md")
BEGIN, END = "<!-- yaml-table -->", "<!-- /yaml-table -->"


def cell(s):
    s = s.replace("|", "\\|").replace("\n", "⏎").replace("\t", "⇥").replace("\ufeff", "<BOM>")
    return "`%s`" % s if s else ""


def rows():
    out = []
    for line in open(GOLDEN, encoding="utf-8"):
        r = json.loads(line)
        name = r["id"].split("/", 1)[1]
        text = r["files"].get("data/common.yaml", r["files"].get("data/common.json", ""))
        text = text[:-1] if text.endswith("\n") else text
        notices = [l[len("notice: "):] for l in r["logs"] if l.startswith("notice: ")]
        others = [l for l in r["logs"] if not l.startswith("notice: ")]
        value = notices[0] if notices else ""
        typ = notices[1] if len(notices) > 1 else ""
        result = r["error"] or ""
        if others:
            result = "; ".join(others + ([result] if result else []))
        out.append((name, text, value, typ, result))
    return out


def table():
    lines = ["| case | data file | %p | type | error / warning |", "|---|---|---|---|---|"]
    for name, text, value, typ, result in rows():
        lines.append("| %s | %s | %s | %s | %s |" % (name, cell(text), cell(value), cell(typ), cell(result)))
    return "\n".join(lines) + "\n"


def main(argv):
    t = table()
    if "--check" in argv:
        doc = open(FINDINGS, encoding="utf-8").read()
        try:
            embedded = doc.split(BEGIN, 1)[1].split(END, 1)[0].strip("\n") + "\n"
        except IndexError:
            sys.stderr.write("hiera_yaml_table.py: no %s ... %s markers in %s\n" % (BEGIN, END, FINDINGS))
            sys.exit(1)
        if embedded != t:
            sys.stderr.write("hiera_yaml_table.py: the table in %s is not the goldens' (regenerate it)\n" % FINDINGS)
            sys.exit(1)
        print("the table in hiera/FINDINGS.md matches golden-hiera/data.jsonl")
        return
    sys.stdout.write(t)


if __name__ == "__main__":
    main(sys.argv[1:])
