#!/usr/bin/env python3
"""Write the corpus's nodes (nodes/<certname>.json): facts from Debian's facterdb package (Facter
4.2's fact sets of eight systems), each node's names and addresses put in, with the facts an agent
adds (clientcert, clientversion, clientnoop). Run once; the files are
committed, so neither the test nor the comparison needs facterdb."""

import json
import pathlib
import sys

FACTERDB = pathlib.Path("/usr/share/rubygems-integration/all/gems/facterdb-1.12.1/facts/4.2")
SYSTEMS = ["debian-10", "debian-11", "ubuntu-18.04", "ubuntu-20.04", "centos-7", "centos-8", "redhat-8", "rocky-8"]
ROLES = ["web", "db", "lb"]
HERE = pathlib.Path(__file__).resolve().parent


def node_facts(system, role, number):
    facts = json.loads((FACTERDB / f"{system}-x86_64.facts").read_text())
    short = system.replace(".", "").replace("-", "")
    host = f"{role}{number:02d}-{short}"
    fqdn = f"{host}.example.com"
    ip = f"10.0.{ROLES.index(role) + 1}.{SYSTEMS.index(system) + 10}"
    facts.update({"hostname": host, "fqdn": fqdn, "domain": "example.com", "ipaddress": ip})
    # What an agent adds to the facts it sends, and `puppet facts show` prints (facterdb has none).
    facts.update({"clientcert": host, "clientversion": "7.23.0", "clientnoop": False})
    networking = facts.setdefault("networking", {})
    networking.update({"hostname": host, "fqdn": fqdn, "domain": "example.com", "ip": ip})
    return host, facts


def main():
    out = HERE / "nodes"
    out.mkdir(exist_ok=True)
    for role in ROLES:
        for system in SYSTEMS:
            number = 1 if system.startswith(("debian", "ubuntu")) else 2
            host, facts = node_facts(system, role, number)
            (out / f"{host}.json").write_text(json.dumps(facts, indent=1, sort_keys=True) + "\n")
    print(len(list(out.glob("*.json"))), "nodes", file=sys.stderr)


if __name__ == "__main__":
    main()
