class m2::c2(
  Integer $port = 8002,
  Array[String] $hosts = ['a2', 'b2'],
  Boolean $enabled = true,
) {
  include m2::params
  $label = m2::label('m2::c2', $port)
  file { "${m2::params::base}/c2.conf":
    mode    => $m2::params::mode,
    content => epp('m2/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m2-c2':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m2::site { 'c2':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m2-c2'],
  }
}
