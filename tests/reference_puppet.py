"""Which Puppet the oracles run: OpenVox 8, the reference, from a source folder named by OPENVOX8.

The golden data of every suite comes from OpenVox 8 (what the community runs since open-source Puppet's end
of life). It runs from its source tree on Debian's Ruby with the gems Debian's `puppet` package brings:

    apt-get install -y puppet                      # Ruby, Facter and the gems OpenVox needs
    # OpenVoxProject/openvox's branch 8.x, extracted outside this repository (`git archive 8.x | tar -x`)
    export OPENVOX8=/path/to/that/folder           # then run any regeneration script

Every script that asks real Puppet builds its command with `ruby()` or `puppet()` below and checks the
version with `require_reference()`, so no golden can come from another Puppet by accident. Set
`ORACLE_ALLOW_PUPPET7=1` to run against Debian's Puppet 7.23 instead (to compare the two; never to write goldens
that are committed).

Python 3 standard library only.
"""

import os
import subprocess
import sys


def oracle_script(name):
    """The oracle script `name` (pp_oracle.rb, env_oracle.rb): ORACLE_DIR when set, else the `shared/oracle`
    folder beside the checkout, or beside the folder of worktrees that holds it."""
    if os.environ.get("ORACLE_DIR"):
        return os.path.join(os.environ["ORACLE_DIR"], name)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    candidates = [os.path.normpath(os.path.join(root, *up, "shared", "oracle", name))
                  for up in (("..",), ("..", ".."))]
    return next((p for p in candidates if os.path.isfile(p)), candidates[0])


def _die(message):
    sys.stderr.write("reference_puppet: " + message + "\n")
    sys.exit(2)


def _lib():
    folder = os.environ.get("OPENVOX8")
    if not folder:
        if os.environ.get("ORACLE_ALLOW_PUPPET7"):
            return None
        _die("set OPENVOX8 to an extracted OpenVox 8 source tree (branch 8.x): the goldens come from OpenVox 8 "
             "(tests/reference_puppet.py says how); ORACLE_ALLOW_PUPPET7=1 runs Debian's Puppet 7.23 instead")
    lib = os.path.join(folder, "lib")
    if not os.path.isfile(os.path.join(lib, "puppet.rb")):
        _die("OPENVOX8=%s has no lib/puppet.rb" % folder)
    return lib


def ruby(*args):
    """The command that runs a Ruby script with the reference Puppet first on the load path."""
    lib = _lib()
    return ["ruby"] + (["-I", lib] if lib else []) + list(args)


def puppet(*args):
    """The command that runs the reference Puppet's own `puppet` application (`puppet lookup`, `puppet apply`)."""
    lib = _lib()
    if lib is None:
        return ["puppet"] + list(args)
    return ["ruby", "-I", lib, os.path.join(os.path.dirname(lib), "bin", "puppet")] + list(args)


def require_reference(env=None):
    """The reference Puppet's version; stops unless it is 8.x (or Puppet 7 was asked for explicitly)."""
    probe = subprocess.run(ruby("-e", "require 'puppet'; print Puppet.version"), env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    if probe.returncode != 0:
        _die("Puppet does not load (apt-get install -y puppet for its gems):\n" + probe.stderr.strip())
    version = probe.stdout.strip()
    if not version.startswith("8.") and not os.environ.get("ORACLE_ALLOW_PUPPET7"):
        _die("the oracle runs Puppet %s, not OpenVox 8" % version)
    return version
