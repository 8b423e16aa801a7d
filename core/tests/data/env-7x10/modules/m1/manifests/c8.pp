class m1::c8(
  Integer $port = 8008,
  Array[String] $hosts = ['a8', 'b8'],
  Boolean $enabled = true,
) {
  include m1::params
  $label = m1::label('m1::c8', $port)
  file { "${m1::params::base}/c8.conf":
    mode    => $m1::params::mode,
    content => epp('m1/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m1-c8':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m1::site { 'c8':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m1-c8'],
  }
}
