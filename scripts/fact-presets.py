#!/usr/bin/env python3
"""Regenerate the fact presets (facts/presets/*.json and facts/presets/index.json).

Usage:
    python3 scripts/fact-presets.py            # rewrite every preset from its source
    python3 scripts/fact-presets.py --check    # exit 1 when a committed file differs from what would be written
    python3 scripts/fact-presets.py --from-facter   # ... and Debian 12's from this machine's `facter --json`
                                               # (on a Debian 12 machine; else Debian 12's Facter part is kept)

Each preset is what an OpenVox 8.28.1 agent of that system sends with its catalog request:
  * Facter's facts, from a real fact set: Debian's `facterdb` package (1.12.1, its Facter 4 sets; Windows only
    exists there with Facter 3), or, for Debian 12, `facter --json` run on a Debian 12 machine;
  * without the legacy (flat) facts: Puppet 8's `include_legacy_facts` is false, so the agent asks Facter for
    its structured facts only (Puppet::Node::Facts::Facter#find). Which facts are legacy is Facter's own list
    (Facter::Config::FACT_GROUPS['legacy'], read from the installed `facter`);
  * `puppetversion`, which Puppet itself adds (Puppet.initialize_facts), and `aio_agent_version`, which Facter
    reads from the agent package's VERSION file, both as the OpenVox 8.28.1 agent reports them;
  * the facts that the fact plugins (lib/facter/*.rb) of common modules add on such an agent: stdlib 9.7's
    `service_provider`, `package_provider`, `root_home`, ..., puppet-systemd's `systemd`, `systemd_version`, ...
    (PLUGIN_FACTS below says which module adds each and why the value is what that system reports).
The puppet apply local facts (`clientcert`, `clientversion`, `clientnoop`, `implementation`) are not in a preset:
they name the node, and whoever compiles adds them.

index.json lists the presets (name, label, source, what was removed or normalised, and which keys the plugins
added, with the module and file of each): a loader reads the facts from <name>.json unchanged.

Where Debian's `facterdb` package is missing, the script runs ./scripts/ensure-tools.sh facterdb first.
Python 3 standard library only (and `ruby` with Debian's `facter`, to read Facter's list of legacy facts).
"""

import fnmatch
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(HERE)
OUT_DIR = os.path.join(REPO_ROOT, "facts", "presets")
FACTERDB_VERSION = "1.12.1"
FACTERDB = "/usr/share/rubygems-integration/all/gems/facterdb-%s/facts" % FACTERDB_VERSION
OPENVOX_VERSION = "8.28.1"

# (name, label, source): source is a facterdb file (relative to FACTERDB) or "facter" (this machine's Facter).
SYSTEMS = [
    ("debian-11", "Debian 11 (bullseye)", "4.2/debian-11-x86_64.facts"),
    ("debian-12", "Debian 12 (bookworm)", "facter"),
    ("ubuntu-20.04", "Ubuntu 20.04 (focal)", "4.2/ubuntu-20.04-x86_64.facts"),
    ("redhat-8", "Red Hat Enterprise Linux 8", "4.2/redhat-8-x86_64.facts"),
    ("redhat-9", "Red Hat Enterprise Linux 9", "4.2/redhat-9-x86_64.facts"),
    ("rocky-8", "Rocky Linux 8", "4.2/rocky-8-x86_64.facts"),
    ("almalinux-8", "AlmaLinux 8", "4.2/almalinux-8-x86_64.facts"),
    ("centos-9", "CentOS Stream 9", "4.2/centos-9-x86_64.facts"),
    ("windows-2019", "Windows Server 2019", "3.14/windows-2019-x86_64.facts"),
]

# Keys facterdb's generator writes that are no facts (the facter gem requirement of the run that made the set).
NOT_FACTS = {"gem_version"}

# The packaged versions the plugins' commands report on each system, at the release the fact set describes
# (Debian 11.1, Debian 12, Ubuntu 20.04, EL 8.4, EL 9.0): `systemctl --version`, `ssh -V`/`sshd -V`,
# `dnf --version`.
RELEASES = {
    "debian-11": {"systemd": "247", "openssh": "8.4p1"},
    "debian-12": {"systemd": "252", "openssh": "9.2p1"},
    "ubuntu-20.04": {"systemd": "245", "openssh": "8.2p1"},
    "redhat-8": {"systemd": "239", "openssh": "8.0p1", "dnf": "4.4.2"},
    "rocky-8": {"systemd": "239", "openssh": "8.0p1", "dnf": "4.4.2"},
    "almalinux-8": {"systemd": "239", "openssh": "8.0p1", "dnf": "4.4.2"},
    "redhat-9": {"systemd": "250", "openssh": "8.7p1", "dnf": "4.10.0"},
    "centos-9": {"systemd": "250", "openssh": "8.7p1", "dnf": "4.10.0"},
}

# What `systemctl list-unit-files "systemd-*" -t service --state=enabled,disabled,enabled-runtime,indirect`
# lists on a default install (the units that are not `static`): Debian 12 moved systemd-resolved to its own
# package (not installed by default) and keeps systemd-timesyncd enabled; Ubuntu's netplan runs networkd and
# resolved; Enterprise Linux uses NetworkManager and chrony, and ships resolved disabled (EL 8) or not at all.
INTERNAL_SERVICES = {
    "debian-11": {"systemd-boot-check-no-failures.service": "disabled", "systemd-network-generator.service": "disabled",
                  "systemd-networkd-wait-online.service": "disabled", "systemd-networkd.service": "disabled",
                  "systemd-pstore.service": "enabled", "systemd-resolved.service": "disabled",
                  "systemd-time-wait-sync.service": "disabled", "systemd-timesyncd.service": "enabled"},
    "debian-12": {"systemd-boot-check-no-failures.service": "disabled", "systemd-network-generator.service": "disabled",
                  "systemd-networkd-wait-online.service": "disabled", "systemd-networkd.service": "disabled",
                  "systemd-pstore.service": "enabled", "systemd-sysext.service": "disabled",
                  "systemd-time-wait-sync.service": "disabled", "systemd-timesyncd.service": "enabled"},
    "ubuntu-20.04": {"systemd-boot-check-no-failures.service": "disabled",
                     "systemd-network-generator.service": "disabled",
                     "systemd-networkd-wait-online.service": "enabled", "systemd-networkd.service": "enabled",
                     "systemd-pstore.service": "enabled", "systemd-resolved.service": "enabled",
                     "systemd-time-wait-sync.service": "disabled", "systemd-timesyncd.service": "enabled"},
    "el-8": {"systemd-boot-check-no-failures.service": "disabled", "systemd-resolved.service": "disabled"},
    "el-9": {"systemd-boot-check-no-failures.service": "disabled", "systemd-network-generator.service": "enabled",
             "systemd-pstore.service": "disabled", "systemd-sysext.service": "disabled",
             "systemd-time-wait-sync.service": "disabled"},
}

STDLIB = "puppetlabs-stdlib 9.7.0"
SYSTEMD = "puppet-systemd 10.0.1-rc0"
APT = "puppetlabs-apt 11.3.2"
YUM = "puppet-yum 8.1.1"
SELINUX = "puppet-selinux 5.0.1-rc0"
SSH = "saz-ssh 14.1.0"
MYSQL = "puppetlabs-mysql 16.3.0"
PROMETHEUS = "puppet-prometheus 17.2.1-rc0"
ARCHIVE = "puppet-archive 8.1.1-rc0"
DOCKER = "puppetlabs-docker 10.4.1"
AGENT = "openvox-agent %s" % OPENVOX_VERSION


def die(msg):
    sys.stderr.write("fact-presets.py: " + msg + "\n")
    sys.exit(2)


def ensure_facterdb():
    """Debian's facterdb, installed by the project's own tool script when it is missing."""
    if os.path.isdir(FACTERDB):
        return
    sys.stderr.write("fact-presets.py: %s is missing: ./scripts/ensure-tools.sh facterdb\n" % FACTERDB)
    subprocess.run([os.path.join(HERE, "ensure-tools.sh"), "facterdb"], check=False)
    if not os.path.isdir(FACTERDB):
        die("%s not found: install Debian's facterdb %s (apt-get install -y facterdb)" % (FACTERDB, FACTERDB_VERSION))


def legacy_patterns():
    """Facter's list of legacy facts (names and glob/regex patterns such as 'ipaddress_*', 'processor[0-9]+.*')."""
    probe = subprocess.run(["ruby", "-e", "require 'facter/config'; puts Facter::Config::FACT_GROUPS['legacy']"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    if probe.returncode != 0 or not probe.stdout.strip():
        die("could not read Facter's legacy facts (apt-get install -y facter):\n" + probe.stderr)
    return probe.stdout.split()


def is_legacy(key, patterns):
    for p in patterns:
        if key == p or fnmatch.fnmatchcase(key, p):
            return True
        if any(c in p for c in ".[+") and re.fullmatch(p, key):
            return True
    return False


def mysql_server_id(mac):
    """puppetlabs-mysql lib/facter/mysql_server_id.rb: the MAC address as a number, modulo 2^32 - 2, plus one."""
    return int(mac.replace(":", ""), 16) % (4294967295 - 1) + 1


def plugin_facts(name, facts):
    """[(key, value, origin)] of the facts the modules' plugins (and the agent) add on this system."""
    family = facts["os"]["family"]
    out = [
        ("puppetversion", OPENVOX_VERSION, AGENT + ": Puppet.initialize_facts"),
        ("aio_agent_version", OPENVOX_VERSION, AGENT + ": Facter reads /opt/puppetlabs/puppet/VERSION"),
        ("is_pe", False, STDLIB + " lib/facter/pe_version.rb (no pe_build: pe_version and pe_* are absent)"),
        ("puppet_server", "puppet", STDLIB + " lib/facter/puppet_settings.rb (Puppet[:server], its default)"),
    ]
    mac = facts.get("networking", {}).get("mac")
    if mac:
        out.append(("mysql_server_id", mysql_server_id(mac), MYSQL + " lib/facter/mysql_server_id.rb (from the MAC)"))
    out.append(("prometheus_alert_manager_running", False,
                PROMETHEUS + " lib/facter/alert_manager_running.rb (no alert_manager service)"))
    if family == "windows":
        return out + [
            ("package_provider", "windows", STDLIB + " lib/facter/package_provider.rb (Puppet's default provider)"),
            ("service_provider", "windows", STDLIB + " lib/facter/service_provider.rb (Puppet's default provider)"),
            ("puppet_vardir", "C:/ProgramData/PuppetLabs/puppet/cache", STDLIB + " lib/facter/puppet_settings.rb"),
            ("puppet_environmentpath", "C:/ProgramData/PuppetLabs/code/environments",
             STDLIB + " lib/facter/puppet_settings.rb"),
            ("archive_windir", "C:\\ProgramData\\staging", ARCHIVE + " lib/facter/archive_windir.rb"),
            ("docker_systemroot", "C:\\Windows", DOCKER + " lib/facter/docker.rb (%SystemRoot%)"),
            ("docker_program_files_path", "C:\\Program Files", DOCKER + " lib/facter/docker.rb (%ProgramFiles%)"),
            ("docker_program_data_path", "C:\\ProgramData", DOCKER + " lib/facter/docker.rb (%ProgramData%)"),
            ("docker_user_temp_path", "C:\\Windows\\TEMP",
             DOCKER + " lib/facter/docker.rb (%TEMP% of the agent's service account, LocalSystem)"),
        ]
    rel = RELEASES[name]
    el = "el-8" if rel["systemd"] == "239" else "el-9"
    package_provider = "apt" if family == "Debian" else "dnf"
    out += [
        ("package_provider", package_provider, STDLIB + " lib/facter/package_provider.rb (Puppet's default provider)"),
        ("service_provider", "systemd", STDLIB + " lib/facter/service_provider.rb (Puppet's default provider)"),
        ("root_home", "/root", STDLIB + " lib/facter/root_home.rb"),
        ("puppet_vardir", "/opt/puppetlabs/puppet/cache", STDLIB + " lib/facter/puppet_settings.rb"),
        ("puppet_environmentpath", "/etc/puppetlabs/code/environments", STDLIB + " lib/facter/puppet_settings.rb"),
        ("systemd", True, SYSTEMD + " lib/facter/systemd.rb (service_provider is systemd)"),
        ("systemd_version", rel["systemd"], SYSTEMD + " lib/facter/systemd.rb (systemctl --version)"),
        ("systemd_internal_services", INTERNAL_SERVICES.get(name) or INTERNAL_SERVICES[el],
         SYSTEMD + " lib/facter/systemd.rb (systemctl list-unit-files on a default install)"),
        ("ssh_client_version_full", rel["openssh"], SSH + " lib/facter/ssh_client_version.rb (ssh -V; its _major "
         "and _release facts are confined to a value of true and never resolve)"),
        ("ssh_server_version_full", rel["openssh"], SSH + " lib/facter/ssh_server_version.rb (sshd -V)"),
        ("ssh_server_version_major", rel["openssh"].split(".")[0], SSH + " lib/facter/ssh_server_version.rb"),
        ("ssh_server_version_release", re.match(r"[0-9]+\.[0-9]+", rel["openssh"]).group(0),
         SSH + " lib/facter/ssh_server_version.rb"),
    ]
    if family == "Debian":
        stamp = 1735689600 if name.startswith("ubuntu") else -1
        out += [
            ("apt_reboot_required", False, APT + " lib/facter/apt_reboot_required.rb"),
            ("apt_sources", ["sources.list"], APT + " lib/facter/apt_sources.rb"),
            ("apt_update_last_success", stamp, APT + " lib/facter/apt_update_last_success.rb (-1: no stamp file, "
             "Debian runs no periodic update by default; Ubuntu's unattended-upgrades writes one)"),
            ("apt_has_updates", False, APT + " lib/facter/apt_updates.rb (an up-to-date system: apt_updates and "
             "apt_package_* are absent)"),
            ("apt_has_dist_updates", False, APT + " lib/facter/apt_updates.rb"),
        ]
    else:
        dnf = rel["dnf"]
        out += [
            ("dnf_version", {"full": dnf, "major": dnf.split(".")[0]}, YUM + " lib/facter/dnf_version.rb"),
            ("yum_package_updates", [], YUM + " lib/facter/yum_updates.rb (an up-to-date system)"),
            ("yum_has_updates", False, YUM + " lib/facter/yum_updates.rb"),
            ("yum_updates", 0, YUM + " lib/facter/yum_updates.rb"),
            ("selinux_python_command", "/usr/libexec/platform-python" if el == "el-8" else "python3",
             SELINUX + " lib/facter/selinux_python_command.rb (EL 9 has no platform-python)"),
        ]
    return out


def debian12_from_facter():
    """This machine's `facter --json` (a Debian 12 machine), without what names or identifies the machine."""
    proc = subprocess.run(["facter", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)
    try:
        facts = json.loads(proc.stdout)
    except ValueError:
        die("facter --json printed no JSON:\n" + proc.stderr)
    if facts.get("os", {}).get("name") != "Debian" or facts["os"].get("release", {}).get("major") != "12":
        return None, []
    return normalise_debian12(facts)


def committed_facter_part(name):
    """The Facter part of a committed preset made from `facter` (its facts without the keys its index entry says
    were added), and what was normalised then: without --from-facter it is kept as it is, since a new run of
    Facter changes the load, the free memory and the disks' use."""
    try:
        with open(os.path.join(OUT_DIR, name + ".json"), encoding="utf-8") as f:
            facts = json.load(f)
        with open(os.path.join(OUT_DIR, "index.json"), encoding="utf-8") as f:
            entry = [p for p in json.load(f)["presets"] if p["name"] == name][0]
    except (OSError, ValueError, IndexError):
        die("%s.json is missing: run this script with --from-facter on a Debian 12 machine" % name)
    for key in entry["added"]:
        facts.pop(key, None)
    return facts, entry["normalised"]


def normalise_debian12(facts):
    """Replace this machine's names, addresses, kernel build, PATH and scratch mounts by example values of the
    kind facterdb's sets hold, and fill what the machine kept Facter from resolving. Returns the
    facts and the list of what was changed."""
    changed = []
    mac, ip, ip6 = "08:00:27:5c:1e:9a", "10.0.2.15", "fe80::a00:27ff:fe5c:1e9a"
    eth0 = {
        "bindings": [{"address": ip, "netmask": "255.255.255.0", "network": "10.0.2.0"}],
        "bindings6": [{"address": ip6, "netmask": "ffff:ffff:ffff:ffff::", "network": "fe80::", "scope6": "link",
                       "flags": ["permanent"]}],
        "ip": ip, "ip6": ip6, "mac": mac, "mtu": 1500, "netmask": "255.255.255.0",
        "netmask6": "ffff:ffff:ffff:ffff::", "network": "10.0.2.0", "network6": "fe80::", "scope6": "link",
    }
    lo = facts.get("networking", {}).get("interfaces", {}).get("lo")
    facts["networking"] = {
        "domain": "example.com", "fqdn": "foo.example.com", "hostname": "foo",
        "interfaces": dict([("eth0", eth0)] + ([("lo", lo)] if lo else [])),
        "ip": ip, "ip6": ip6, "mac": mac, "mtu": 1500, "netmask": "255.255.255.0",
        "netmask6": "ffff:ffff:ffff:ffff::", "network": "10.0.2.0", "network6": "fe80::", "primary": "eth0",
        "scope6": "link",
    }
    changed.append("networking: example names and addresses (foo.example.com, 10.0.2.15, 08:00:27:5c:1e:9a), "
                   "one interface eth0 and lo")
    facts["kernelrelease"], facts["kernelversion"], facts["kernelmajversion"] = "6.1.0-37-amd64", "6.1.0", "6.1"
    changed.append("kernel*: Debian 12's kernel (6.1.0-37-amd64) instead of the build machine's")
    facts["path"] = "/opt/puppetlabs/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
    changed.append("path: the agent's PATH (as in facterdb's Debian sets)")
    mounts = facts.get("mountpoints", {})
    for m in list(mounts):
        if m not in ("/", "/dev", "/dev/shm", "/dev/pts", "/run", "/boot"):
            del mounts[m]
    changed.append("mountpoints: only /, /dev, /dev/pts, /dev/shm")
    for key, value, why in (
        ("is_virtual", True, "the machine is a KVM guest (hypervisors.kvm)"),
        ("virtual", "kvm", "the machine is a KVM guest (hypervisors.kvm)"),
        ("system_uptime", {"days": 0, "hours": 1, "seconds": 3600, "uptime": "1:00 hours"}, "an example value"),
    ):
        if key not in facts:
            facts[key] = value
            changed.append("%s: filled, %s (the build machine denied Facter /proc/1, where it looks for containers)"
                           % (key, why))
    if "ssh" not in facts:
        with open(os.path.join(FACTERDB, "4.2/debian-11-x86_64.facts"), encoding="utf-8") as f:
            ssh = json.load(f).get("ssh", {})
        facts["ssh"] = {k: v for k, v in ssh.items() if k != "dsa"}
        changed.append("ssh: filled with the host keys of facterdb's Debian 11 set, without its DSA key (OpenSSH 9.2 "
                       "makes none): the build machine runs no sshd")
    return facts, changed


def build(name, source, patterns, from_facter):
    """(facts, index entry) of one preset."""
    changed = []
    if source == "facter":
        if from_facter:
            facts, changed = debian12_from_facter()
            if facts is None:
                die("%s: --from-facter needs a Debian 12 machine" % name)
        else:
            facts, changed = committed_facter_part(name)
        origin = {"command": "facter --json", "package": "facter (Debian 12)", "version": facts.get("facterversion")}
    else:
        path = os.path.join(FACTERDB, source)
        if not os.path.isfile(path):
            die("%s not found: install Debian's facterdb (./scripts/ensure-tools.sh facterdb)" % path)
        with open(path, encoding="utf-8") as f:
            facts = json.load(f)
        origin = {"package": "facterdb (Debian)", "version": FACTERDB_VERSION,
                  "file": "/usr/share/rubygems-integration/all/gems/facterdb-%s/facts/%s" % (FACTERDB_VERSION, source),
                  "facterversion": facts.get("facterversion")}
    dropped = sorted(k for k in facts if k in NOT_FACTS or is_legacy(k, patterns))
    for k in dropped:
        del facts[k]
    added = {}
    for key, value, why in plugin_facts(name, facts):
        facts[key] = value
        added[key] = why
    entry = {"source": origin, "legacy_facts_removed": [k for k in dropped if k not in NOT_FACTS],
             "not_facts_removed": [k for k in dropped if k in NOT_FACTS], "normalised": changed,
             "added": dict(sorted(added.items()))}
    return facts, entry


def dumps(value):
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv):
    check = "--check" in argv
    ensure_facterdb()
    patterns = legacy_patterns()
    index = {"about": "Fact presets: what an OpenVox %s agent of each system sends (Facter's structured facts, "
                      "puppetversion, and the facts common modules' plugins add). scripts/fact-presets.py writes "
                      "them; facts/presets/README.md says where each comes from." % OPENVOX_VERSION,
             "presets": []}
    wanted = {}
    for name, label, source in SYSTEMS:
        facts, entry = build(name, source, patterns, "--from-facter" in argv)
        path = os.path.join(OUT_DIR, name + ".json")
        wanted[path] = dumps(facts)
        index["presets"].append(dict([("name", name), ("label", label)] + list(entry.items())))
    wanted[os.path.join(OUT_DIR, "index.json")] = dumps(index)
    stale = []
    for path, text in sorted(wanted.items()):
        old = open(path, encoding="utf-8").read() if os.path.isfile(path) else None
        if old == text:
            continue
        stale.append(os.path.relpath(path, REPO_ROOT))
        if not check:
            os.makedirs(OUT_DIR, exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    if check:
        if stale:
            print("out of date: " + " ".join(stale))
            return 1
        print("the fact presets are up to date")
        return 0
    print("%d presets in %s (%s rewritten)" % (len(index["presets"]), os.path.relpath(OUT_DIR, REPO_ROOT),
                                                ", ".join(stale) or "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
