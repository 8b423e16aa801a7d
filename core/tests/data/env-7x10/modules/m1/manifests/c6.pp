class m1::c6(
  Integer $port = 8006,
  Array[String] $hosts = ['a6', 'b6'],
  Boolean $enabled = true,
) {
  include m1::params
  $label = m1::label('m1::c6', $port)
  file { "${m1::params::base}/c6.conf":
    mode    => $m1::params::mode,
    content => epp('m1/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m1-c6':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m1::site { 'c6':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m1-c6'],
  }
}
