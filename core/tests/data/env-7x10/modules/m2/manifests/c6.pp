class m2::c6(
  Integer $port = 8006,
  Array[String] $hosts = ['a6', 'b6'],
  Boolean $enabled = true,
) {
  include m2::params
  $label = m2::label('m2::c6', $port)
  file { "${m2::params::base}/c6.conf":
    mode    => $m2::params::mode,
    content => epp('m2/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m2-c6':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m2::site { 'c6':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m2-c6'],
  }
}
