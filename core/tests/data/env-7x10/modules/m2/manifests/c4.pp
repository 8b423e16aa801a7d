class m2::c4(
  Integer $port = 8004,
  Array[String] $hosts = ['a4', 'b4'],
  Boolean $enabled = true,
) {
  include m2::params
  $label = m2::label('m2::c4', $port)
  file { "${m2::params::base}/c4.conf":
    mode    => $m2::params::mode,
    content => epp('m2/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m2-c4':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m2::site { 'c4':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m2-c4'],
  }
}
