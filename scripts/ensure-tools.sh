#!/usr/bin/env bash
# Install what building and testing need, when it is missing; skip what is present.
# Everything comes from the package registries (crates.io, Debian, npm): nothing from GitHub or a CDN.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m[tools]\033[0m %s\n' "$*"; }

# The wasm-bindgen version is pinned in wasm/Cargo.toml; its CLI must be the same version.
WASM_BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)"/\1/p' wasm/Cargo.toml)
export PATH="$HOME/.cargo/bin:$PATH"

# What a fresh machine lacks is fetched and built side by side: the Rust toolchains and Debian's and
# npm's packages come over the network while the CLI tools compile (gcc first when it is missing: cargo
# links with it). A failure in any of them fails the script.
rust_toolchains() {
  if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi

  # The release .wasm's pinned nightly, with the standard library's sources to rebuild it
  # (scripts/wasm-toolchain.sh says why). rustup fetches it from the Rust registry, as it does targets.
  source scripts/wasm-toolchain.sh
  if ! rustup "+$WASM_RELEASE_TOOLCHAIN" component list --installed 2>/dev/null | grep -q '^rust-src' ||
     ! rustup "+$WASM_RELEASE_TOOLCHAIN" target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    say "installing $WASM_RELEASE_TOOLCHAIN with rust-src and the wasm32 target (the release .wasm's toolchain)"
    rustup toolchain install "$WASM_RELEASE_TOOLCHAIN" --profile minimal --component rust-src --target wasm32-unknown-unknown
  fi
}

# The tools are built with less optimisation than their own release profiles ask: they only drive
# builds and tests, and a fresh machine spends less time compiling them.
cargo_install() { # name [cargo args...]
  local name=$1; shift
  say "installing $name with cargo install $*"
  export CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false \
    CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=false
  cargo install --locked "$@" || cargo install "$@"
}

# Real-world manifests for the parser's test and benchmark (/usr/share/puppet/modules.available): the
# Puppet modules Debian packages. Their Ruby functions are a conformance suite of their own
# (tests/conformance/debian_ruby). The first list must install; the second is every other module
# Debian packages, installed as far as this machine's Debian release has them (one it lacks is skipped
# with a note, and the tests that read it skip what is absent).
PUPPET_MODULES=(
  puppet-module-puppetlabs-apache puppet-module-puppetlabs-apt puppet-module-puppetlabs-augeas-core
  puppet-module-puppetlabs-concat puppet-module-puppetlabs-cron-core puppet-module-puppetlabs-firewall
  puppet-module-puppetlabs-haproxy puppet-module-puppetlabs-host-core puppet-module-puppetlabs-inifile
  puppet-module-puppetlabs-mailalias-core puppet-module-puppetlabs-mongodb
  puppet-module-puppetlabs-mount-core puppet-module-puppetlabs-mysql puppet-module-puppetlabs-ntp
  puppet-module-puppetlabs-postgresql puppet-module-puppetlabs-rabbitmq puppet-module-puppetlabs-rsync
  puppet-module-puppetlabs-selinux-core puppet-module-puppetlabs-sshkeys-core puppet-module-puppetlabs-stdlib
  puppet-module-puppetlabs-tftp puppet-module-puppetlabs-translate puppet-module-puppetlabs-vcsrepo
  puppet-module-puppetlabs-xinetd
)
PUPPET_MODULES_MORE=(
  puppet-module-aboe-chrony puppet-module-adrienthebo-filemapper puppet-module-alteholz-tdc
  puppet-module-antonlindstrom-powerdns puppet-module-aodh puppet-module-arioch-redis
  puppet-module-asciiduck-sssd puppet-module-barbican puppet-module-camptocamp-augeas
  puppet-module-camptocamp-kmod puppet-module-camptocamp-openssl puppet-module-camptocamp-postfix
  puppet-module-camptocamp-systemd puppet-module-ceilometer puppet-module-ceph puppet-module-cinder
  puppet-module-cirrax-gitolite puppet-module-cloudkitty puppet-module-congress
  puppet-module-cristifalcas-etcd puppet-module-debian-archvsync puppet-module-deric-zookeeper
  puppet-module-designate puppet-module-duritong-sysctl puppet-module-etcddiscovery puppet-module-glance
  puppet-module-gnocchi puppet-module-heat puppet-module-heini-wait-for puppet-module-horizon
  puppet-module-icann-quagga puppet-module-icann-tea puppet-module-ironic puppet-module-joshuabaird-ipaclient
  puppet-module-keystone puppet-module-magnum puppet-module-manila puppet-module-michaeltchapman-galera
  puppet-module-mistral puppet-module-murano puppet-module-nanliu-staging puppet-module-neutron
  puppet-module-nova puppet-module-oci puppet-module-octavia puppet-module-openstack-extras
  puppet-module-openstacklib puppet-module-oslo puppet-module-ovn puppet-module-panko
  puppet-module-pcfens-filebeat puppet-module-placement puppet-module-puppet-archive
  puppet-module-puppet-community-mcollective puppet-module-richardc-datacat puppet-module-rodjek-logrotate
  puppet-module-sahara puppet-module-saz-memcached puppet-module-saz-rsyslog puppet-module-saz-ssh
  puppet-module-sbitio-monit puppet-module-swift puppet-module-tempest puppet-module-theforeman-dns
  puppet-module-voxpupuli-alternatives puppet-module-voxpupuli-collectd puppet-module-voxpupuli-corosync
  puppet-module-voxpupuli-posix-acl puppet-module-voxpupuli-ssh-keygen puppet-module-vswitch
)

debian_packages() {
  # gcc: Rust links native binaries with it, and builds mimalloc's C sources (puppet-eval's allocator).
  # xvfb: a display for a headed Chromium when typing is measured (web/scripts/measure-typing.mjs).
  need_apt=()
  for pkg in gcc chromium chromium-driver binaryen xvfb "${PUPPET_MODULES[@]}" "${EXTRA_APT_PACKAGES[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need_apt+=("$pkg")
  done
  need_more=()
  for pkg in "${PUPPET_MODULES_MORE[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need_more+=("$pkg")
  done
  if [ ${#need_apt[@]} -gt 0 ] || [ ${#need_more[@]} -gt 0 ]; then
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    # Only the modules this release has: one apt does not know would fail the whole install.
    for pkg in "${need_more[@]}"; do
      if [ -n "$(apt-cache policy "$pkg" 2>/dev/null | sed -n 's/^ *Candidate: *//p' | grep -v '(none)')" ]; then
        need_apt+=("$pkg")
      else
        say "skipping $pkg: not in this machine's Debian release"
      fi
    done
  fi
  if [ ${#need_apt[@]} -gt 0 ]; then
    say "installing Debian packages: ${need_apt[*]}"
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
  fi
}

page_packages() {
  # The page's npm packages, exactly as locked.
  if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
    say "installing the page's npm packages (npm ci)"
    (cd web && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

EXTRA_APT_PACKAGES=("$@")
if ! dpkg -s gcc >/dev/null 2>&1; then
  debian_packages
fi
pids=()
rust_toolchains & pids+=($!)
debian_packages & pids+=($!)
page_packages & pids+=($!)
# SKIP_WASM_BINDGEN=1: everything but wasm-bindgen's CLI, which only the release .wasm and the wasm tests
# need (`make test` builds it in the page's lane, beside the native checks, rather than before both).
if [ -z "${SKIP_WASM_BINDGEN:-}" ] &&
   [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  cargo_install wasm-bindgen-cli wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

for pid in "${pids[@]}"; do
  wait "$pid"
done
