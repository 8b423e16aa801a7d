class m2::c8(
  Integer $port = 8008,
  Array[String] $hosts = ['a8', 'b8'],
  Boolean $enabled = true,
) {
  include m2::params
  $label = m2::label('m2::c8', $port)
  file { "${m2::params::base}/c8.conf":
    mode    => $m2::params::mode,
    content => epp('m2/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m2-c8':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m2::site { 'c8':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m2-c8'],
  }
}
