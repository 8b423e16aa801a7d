class m2::c1(
  Integer $port = 8001,
  Array[String] $hosts = ['a1', 'b1'],
  Boolean $enabled = true,
) {
  include m2::params
  $label = m2::label('m2::c1', $port)
  file { "${m2::params::base}/c1.conf":
    mode    => $m2::params::mode,
    content => epp('m2/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m2-c1':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m2::site { 'c1':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m2-c1'],
  }
}
