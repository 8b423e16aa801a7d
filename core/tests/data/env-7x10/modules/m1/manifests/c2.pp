class m1::c2(
  Integer $port = 8002,
  Array[String] $hosts = ['a2', 'b2'],
  Boolean $enabled = true,
) {
  include m1::params
  $label = m1::label('m1::c2', $port)
  file { "${m1::params::base}/c2.conf":
    mode    => $m1::params::mode,
    content => epp('m1/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m1-c2':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m1::site { 'c2':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m1-c2'],
  }
}
