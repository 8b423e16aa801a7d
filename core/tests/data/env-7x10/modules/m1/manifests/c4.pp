class m1::c4(
  Integer $port = 8004,
  Array[String] $hosts = ['a4', 'b4'],
  Boolean $enabled = true,
) {
  include m1::params
  $label = m1::label('m1::c4', $port)
  file { "${m1::params::base}/c4.conf":
    mode    => $m1::params::mode,
    content => epp('m1/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m1-c4':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m1::site { 'c4':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m1-c4'],
  }
}
