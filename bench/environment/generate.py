#!/usr/bin/env python3
"""Write a generated Puppet environment for the environment benchmark.

Usage: python3 bench/environment/generate.py DIR [MODULES] [CLASSES_PER_MODULE]
(default 50 modules of 10 classes: 500 classes, 50 defined types, 50 functions, 50 templates).

Each module `m<N>` has an init class that includes its other classes; each class takes typed
parameters with defaults, declares a few resources (a file rendered from the module's EPP template,
a package, an instance of the module's defined type with a relationship), calls the module's
function and reads a variable of its module's params class. manifests/site.pp includes every
module for the node. Deterministic: the same arguments give the same files.
"""

import os
import sys


def write(root, path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w", encoding="utf-8") as f:
        f.write(text)


def module(root, m, classes):
    name = "m%d" % m
    includes = "\n".join("  include %s::c%d" % (name, c) for c in range(1, classes))
    write(root, "modules/%s/manifests/init.pp" % name,
          "class %s(\n  String $owner = 'root',\n  Integer[1, 100] $level = 3,\n) {\n  include %s::params\n%s\n}\n"
          % (name, name, includes))
    write(root, "modules/%s/manifests/params.pp" % name,
          "class %s::params {\n  $base = '/srv/%s'\n  $mode = '0644'\n}\n" % (name, name))
    write(root, "modules/%s/manifests/site.pp" % name,
          "define %s::site(\n  Enum['present', 'absent'] $ensure = 'present',\n  Array[String] $aliases = [],\n) {\n"
          "  file { \"${%s::params::base}/${title}\":\n    ensure  => $ensure ? { 'present' => 'file', default => 'absent' },\n"
          "    content => join($aliases, ','),\n  }\n}\n" % (name, name))
    write(root, "modules/%s/functions/label.pp" % name,
          "function %s::label(String $name, Integer $n) >> String {\n  \"${name}-${n}\".upcase\n}\n" % name)
    write(root, "modules/%s/templates/conf.epp" % name,
          "<%%- | String $owner, Integer $port, Array[String] $hosts | -%%>\n# managed for <%%= $owner %%>\n"
          "port = <%%= $port %%>\n<%% $hosts.each |$h| { -%%>\nhost = <%%= $h %%>\n<%% } -%%>\n")
    for c in range(1, classes):
        cls = "%s::c%d" % (name, c)
        write(root, "modules/%s/manifests/c%d.pp" % (name, c),
              "class %s(\n  Integer $port = %d,\n  Array[String] $hosts = ['a%d', 'b%d'],\n  Boolean $enabled = true,\n) {\n"
              "  include %s::params\n"
              "  $label = %s::label('%s', $port)\n"
              "  file { \"${%s::params::base}/c%d.conf\":\n    mode    => $%s::params::mode,\n"
              "    content => epp('%s/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),\n  }\n"
              "  package { 'pkg-%s-c%d':\n    ensure => $enabled ? { true => 'installed', default => 'absent' },\n  }\n"
              "  %s::site { 'c%d':\n    aliases => $hosts.map |$h| { \"${h}.example\" },\n    require => Package['pkg-%s-c%d'],\n  }\n}\n"
              % (cls, 8000 + c, c, c, name, name, cls, name, c, name, name, name, c, name, c, name, c))


def main(argv):
    if not argv:
        sys.stderr.write(__doc__)
        return 2
    root = argv[0]
    modules = int(argv[1]) if len(argv) > 1 else 50
    classes = int(argv[2]) if len(argv) > 2 else 10
    for m in range(modules):
        module(root, m, classes)
    site = "node default {\n%s\n}\n" % "\n".join("  include m%d" % m for m in range(modules))
    write(root, "manifests/site.pp", site)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
