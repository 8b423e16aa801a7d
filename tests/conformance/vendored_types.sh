#!/bin/sh
# vendored_types.sh DIR - assemble the `lib/` directories of the core modules Puppet 6+ vendors (its
# resource types cron, host, mount, augeas, ssh_authorized_key, sshkey, mailalias, selboolean,
# selmodule, yumrepo, zfs, zpool, zone, k5login, maillist, scheduled_task) under DIR and print a
# RUBYLIB value that makes Debian's Puppet 7.23 know them as the AIO package does:
#
#   RUBYLIB=$(sh tests/conformance/vendored_types.sh /tmp/vendored) ruby tests/conformance/resource_types.rb
#   RUBYLIB=$(sh tests/conformance/vendored_types.sh /tmp/vendored) python3 tests/conformance/regen.py core_types
#
# Debian packages seven of them (puppet-module-puppetlabs-*-core). The others are read from git
# snapshots of their upstream repositories at the last commit before Puppet 7.23's release
# (February 2023), given as MIRRORS (a directory holding puppetlabs+puppetlabs-<name>/repo, as the
# project's `fetch` tool leaves them); missing ones are skipped with a note on stderr.
set -eu
dir=${1:?usage: vendored_types.sh DIR}
mirrors=${MIRRORS:-/work/.mirror}
mkdir -p "$dir"
paths=""
for module in /usr/share/puppet/modules.available/puppetlabs-*-core; do
  [ -d "$module/lib" ] && paths="$paths:$module/lib"
done
for pair in yumrepo_core:1c3583b zfs_core:0af39ef zone_core:1d227dc k5login_core:d6391f5 \
            maillist_core:5a2cb55 scheduled_task:ae25730; do
  name=${pair%%:*}; commit=${pair#*:}
  git_dir="$mirrors/puppetlabs+puppetlabs-$name/repo"
  [ -d "$git_dir/.git" ] && git_dir="$git_dir/.git"
  if [ ! -d "$git_dir" ]; then
    echo "vendored_types.sh: no snapshot of puppetlabs-$name under $mirrors; its types are left out" >&2
    continue
  fi
  rm -rf "${dir:?}/$name"; mkdir -p "$dir/$name"
  git --git-dir="$git_dir" archive "$commit" lib | tar -x -C "$dir/$name"
  paths="$paths:$dir/$name/lib"
done
echo "${paths#:}"
