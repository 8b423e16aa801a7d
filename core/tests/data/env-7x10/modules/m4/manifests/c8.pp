class m4::c8(
  Integer $port = 8008,
  Array[String] $hosts = ['a8', 'b8'],
  Boolean $enabled = true,
) {
  include m4::params
  $label = m4::label('m4::c8', $port)
  file { "${m4::params::base}/c8.conf":
    mode    => $m4::params::mode,
    content => epp('m4/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m4-c8':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m4::site { 'c8':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m4-c8'],
  }
}
