class m4::c6(
  Integer $port = 8006,
  Array[String] $hosts = ['a6', 'b6'],
  Boolean $enabled = true,
) {
  include m4::params
  $label = m4::label('m4::c6', $port)
  file { "${m4::params::base}/c6.conf":
    mode    => $m4::params::mode,
    content => epp('m4/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m4-c6':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m4::site { 'c6':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m4-c6'],
  }
}
