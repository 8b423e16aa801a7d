class m0::c4(
  Integer $port = 8004,
  Array[String] $hosts = ['a4', 'b4'],
  Boolean $enabled = true,
) {
  include m0::params
  $label = m0::label('m0::c4', $port)
  file { "${m0::params::base}/c4.conf":
    mode    => $m0::params::mode,
    content => epp('m0/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m0-c4':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m0::site { 'c4':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m0-c4'],
  }
}
