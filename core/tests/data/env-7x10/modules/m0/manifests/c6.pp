class m0::c6(
  Integer $port = 8006,
  Array[String] $hosts = ['a6', 'b6'],
  Boolean $enabled = true,
) {
  include m0::params
  $label = m0::label('m0::c6', $port)
  file { "${m0::params::base}/c6.conf":
    mode    => $m0::params::mode,
    content => epp('m0/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m0-c6':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m0::site { 'c6':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m0-c6'],
  }
}
