#!/usr/bin/env python3
"""Checks of the fact presets and of how tests/current/corpus.py reads cases and tells outcomes apart.

    python3 -m unittest tests/current/test_corpus.py      (from the repository; Python 3 standard library only)

The expected values are written out here from Puppet's behaviour and wording (cited in each test), not taken
from what the script prints.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import corpus  # noqa: E402

PRESETS = os.path.join(REPO_ROOT, "facts", "presets")
NAMES = ["debian-11", "debian-12", "ubuntu-20.04", "redhat-8", "redhat-9", "rocky-8", "almalinux-8", "centos-9",
         "windows-2019"]


def preset(name):
    with open(os.path.join(PRESETS, name + ".json"), encoding="utf-8") as f:
        return json.load(f)


def index():
    with open(os.path.join(PRESETS, "index.json"), encoding="utf-8") as f:
        return json.load(f)


class Presets(unittest.TestCase):
    def test_every_preset_is_listed_with_a_source(self):
        listed = {p["name"]: p for p in index()["presets"]}
        self.assertEqual(sorted(listed), sorted(NAMES))
        for name in NAMES:
            self.assertTrue(listed[name]["label"])
            self.assertTrue(listed[name]["source"].get("package"))
            self.assertIsInstance(preset(name), dict)

    def test_no_legacy_fact_is_sent(self):
        # Puppet 8: include_legacy_facts is false, so the agent sends none of Facter's flat legacy facts.
        for name in NAMES:
            facts = preset(name)
            for legacy in ("osfamily", "operatingsystem", "ipaddress", "hostname", "fqdn", "domain", "processor0",
                           "memorysize", "lsbdistcodename", "sshrsakey", "uptime_seconds", "rubyversion"):
                self.assertNotIn(legacy, facts, "%s has the legacy fact %s" % (name, legacy))
            self.assertFalse([k for k in facts if re.match(r"(ipaddress|macaddress|netmask|mtu)_", k)], name)

    def test_the_added_keys_are_in_the_facts_and_named_by_module(self):
        for p in index()["presets"]:
            facts = preset(p["name"])
            for key, origin in p["added"].items():
                self.assertIn(key, facts, "%s: %s" % (p["name"], key))
                self.assertRegex(origin, r"^(puppetlabs|puppet|saz|openvox)-[\w-]+ ")

    def test_the_agent_is_openvox_8_28_1(self):
        for name in NAMES:
            facts = preset(name)
            self.assertEqual(facts["puppetversion"], "8.28.1")
            self.assertEqual(facts["aio_agent_version"], "8.28.1")
            self.assertNotIn("pe_build", facts)
            self.assertIs(facts["is_pe"], False)

    def test_providers_follow_puppets_defaults(self):
        # lib/puppet/provider/package/{apt,dnf,windows}.rb and service/systemd.rb: defaultfor os.family.
        self.assertEqual(preset("debian-12")["package_provider"], "apt")
        self.assertEqual(preset("ubuntu-20.04")["package_provider"], "apt")
        for name in ("redhat-8", "redhat-9", "rocky-8", "almalinux-8", "centos-9"):
            self.assertEqual(preset(name)["package_provider"], "dnf", name)
            self.assertEqual(preset(name)["os"]["family"], "RedHat", name)
        self.assertEqual(preset("windows-2019")["package_provider"], "windows")
        self.assertEqual(preset("windows-2019")["service_provider"], "windows")
        self.assertNotIn("systemd", preset("windows-2019"))  # puppet-systemd's fact is confined to Linux
        for name in NAMES[:-1]:
            self.assertEqual(preset(name)["service_provider"], "systemd", name)
            self.assertIs(preset(name)["systemd"], True, name)

    def test_mysql_server_id_is_the_mac_modulo_2_32_minus_2_plus_1(self):
        # puppetlabs-mysql mysql_server_id.rb: mac.delete(':').to_i(16) % (4_294_967_295 - 1) + 1
        facts = preset("debian-11")
        mac = int(facts["networking"]["mac"].replace(":", ""), 16)
        self.assertEqual(facts["mysql_server_id"], mac % 4294967294 + 1)

    def test_debian_12_shows_nothing_of_the_machine_facter_ran_on(self):
        text = json.dumps(preset("debian-12"))
        self.assertEqual(preset("debian-12")["networking"]["fqdn"], "foo.example.com")
        self.assertEqual(preset("debian-12")["os"]["release"]["major"], "12")
        for leak in ("/root/.", "pyenv", "cargo", "/mnt/"):
            self.assertNotIn(leak, text)

    def test_regeneration_writes_what_is_committed(self):
        if not os.path.isdir("/usr/share/rubygems-integration/all/gems/facterdb-1.12.1/facts"):
            self.skipTest("Debian's facterdb 1.12.1 is not installed (./scripts/ensure-tools.sh facterdb)")
        proc = subprocess.run([sys.executable, os.path.join(REPO_ROOT, "scripts", "fact-presets.py"), "--check"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)


class Extraction(unittest.TestCase):
    def test_puppet_blocks_of_a_readme(self):
        text = ("Intro\n\n```puppet\ninclude ntp\n```\n\n```bash\necho hi => there\n```\n\n"
                "```\nclass { 'ntp': servers => ['a'] }\n```\n\n```\nplain text\n```\n")
        self.assertEqual(list(corpus.puppet_blocks(text)), ["include ntp\n", "class { 'ntp': servers => ['a'] }\n"])

    def test_site_dirs_follow_environment_conf(self):
        with tempfile.TemporaryDirectory() as repo:
            for d in ("site-modules/profile/manifests", "modules/x", "site/y"):
                os.makedirs(os.path.join(repo, d))
            with open(os.path.join(repo, "environment.conf"), "w") as f:
                f.write("modulepath = site-modules:modules:$basemodulepath\n")
            self.assertEqual(corpus.site_dirs(repo), [os.path.join(repo, "site-modules")])
            self.assertEqual([m for m, _ in corpus.site_modules(repo)], ["profile"])


class StdlibCalls(unittest.TestCase):
    def test_strings_comments_and_definitions_call_nothing(self):
        code = ("define concat ($a) {\n  # pick($a)\n  $f = 'x.zip'\n  $g = \"${h.dirname}/y.zip\"\n"
                "  $i = delete_at($a, 1) # zip($a)\n}\n")
        calls = set(corpus.CALL_RE.findall(corpus.code_only(code))) | set(
            corpus.METHOD_RE.findall(corpus.code_only(code)))
        self.assertEqual(calls & {"concat", "pick", "zip", "dirname", "delete_at"}, {"dirname", "delete_at"})


class Outcomes(unittest.TestCase):
    class NoNames:
        stdlib, module_ruby = {"stdlib::ensure_packages"}, {"deep_implode": "elasticsearch"}

        def reason(self, error):
            return corpus.Names.reason(self, error)

    def test_same_catalog_and_logs(self):
        a = {"error": None, "logs": ["notice: x"], "catalog": [["Notify[a]", [["message", "'m'"]]]]}
        b = {"error": None, "logs": ["debug: y", "notice: x"], "catalog": [["Notify[a]", [["message", "'m'"]]]]}
        self.assertEqual(corpus.outcome(a, b, self.NoNames())[0], "same")

    def test_first_parameter_that_differs(self):
        g = {"error": None, "logs": [], "catalog": [["File[/a]", [["mode", "'0644'"]]], ["Class[X]", []]]}
        o = {"error": None, "logs": [], "catalog": [["File[/a]", [["mode", "'0600'"]]], ["Class[X]", []]]}
        kind, group, detail, _ = corpus.outcome(g, o, self.NoNames())
        self.assertEqual((kind, group), ("other catalog", "catalog: File mode differs"))
        self.assertEqual(detail, "File[/a] mode: OpenVox '0644', engine '0600'")

    def test_module_paths_read_alike(self):
        # OpenVox names a module beside the environment <tmp>/stdlibmods/m/..., the engine modules/m/...
        g = {"error": "Evaluation Error: boom (file: <tmp>/stdlibmods/ntp/manifests/init.pp, line: 3, column: 1) "
                      "on node playground"}
        o = {"error": "Evaluation Error: boom (file: modules/ntp/manifests/init.pp, line: 3, column: 1)"}
        self.assertEqual(corpus.outcome(g, o, self.NoNames())[:2], ("both fail", "alike"))

    def test_why_the_engine_stops(self):
        g = {"error": None, "logs": [], "catalog": []}
        names = self.NoNames()
        stops = corpus.outcome(g, {"error": "Evaluation Error: Unknown function: 'deep_implode'."}, names)
        self.assertEqual((stops[1], stops[3]), ("module Ruby function: deep_implode (elasticsearch)", "module ruby"))
        self.assertEqual(
            corpus.outcome(g, {"error": "Evaluation Error: Unknown function: 'stdlib::ensure_packages'."}, names)[3],
            "stdlib")

    def test_the_missing_resource_statement_wrapper(self):
        # Puppet wraps an error raised inside a resource body: "Error while evaluating a Resource Statement, ..."
        g = {"error": "Evaluation Error: Error while evaluating a Resource Statement, Evaluation Error: Unknown "
                      "variable: 'a::b'. (file: modules/a/manifests/init.pp, line: 2, column: 3) (file: snippet.pp, "
                      "line: 1)"}
        o = {"error": "Evaluation Error: Unknown variable: 'a::b'. (file: modules/a/manifests/init.pp, line: 2, "
                      "column: 3)"}
        wrapper = "'Error while evaluating a Resource Statement'"
        self.assertEqual(corpus.outcome(g, o, self.NoNames())[1],
                         "same error, other wrapper: OpenVox %s, engine none" % wrapper)


if __name__ == "__main__":
    unittest.main()
