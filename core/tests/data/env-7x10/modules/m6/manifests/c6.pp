class m6::c6(
  Integer $port = 8006,
  Array[String] $hosts = ['a6', 'b6'],
  Boolean $enabled = true,
) {
  include m6::params
  $label = m6::label('m6::c6', $port)
  file { "${m6::params::base}/c6.conf":
    mode    => $m6::params::mode,
    content => epp('m6/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m6-c6':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m6::site { 'c6':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m6-c6'],
  }
}
