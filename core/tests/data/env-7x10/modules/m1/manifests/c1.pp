class m1::c1(
  Integer $port = 8001,
  Array[String] $hosts = ['a1', 'b1'],
  Boolean $enabled = true,
) {
  include m1::params
  $label = m1::label('m1::c1', $port)
  file { "${m1::params::base}/c1.conf":
    mode    => $m1::params::mode,
    content => epp('m1/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m1-c1':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m1::site { 'c1':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m1-c1'],
  }
}
