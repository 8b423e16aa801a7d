class m4::c1(
  Integer $port = 8001,
  Array[String] $hosts = ['a1', 'b1'],
  Boolean $enabled = true,
) {
  include m4::params
  $label = m4::label('m4::c1', $port)
  file { "${m4::params::base}/c1.conf":
    mode    => $m4::params::mode,
    content => epp('m4/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m4-c1':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m4::site { 'c1':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m4-c1'],
  }
}
