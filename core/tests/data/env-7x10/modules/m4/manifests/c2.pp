class m4::c2(
  Integer $port = 8002,
  Array[String] $hosts = ['a2', 'b2'],
  Boolean $enabled = true,
) {
  include m4::params
  $label = m4::label('m4::c2', $port)
  file { "${m4::params::base}/c2.conf":
    mode    => $m4::params::mode,
    content => epp('m4/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m4-c2':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m4::site { 'c2':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m4-c2'],
  }
}
