class m1::c3(
  Integer $port = 8003,
  Array[String] $hosts = ['a3', 'b3'],
  Boolean $enabled = true,
) {
  include m1::params
  $label = m1::label('m1::c3', $port)
  file { "${m1::params::base}/c3.conf":
    mode    => $m1::params::mode,
    content => epp('m1/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m1-c3':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m1::site { 'c3':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m1-c3'],
  }
}
