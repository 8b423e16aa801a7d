class m4::c4(
  Integer $port = 8004,
  Array[String] $hosts = ['a4', 'b4'],
  Boolean $enabled = true,
) {
  include m4::params
  $label = m4::label('m4::c4', $port)
  file { "${m4::params::base}/c4.conf":
    mode    => $m4::params::mode,
    content => epp('m4/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m4-c4':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m4::site { 'c4':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m4-c4'],
  }
}
