class m0::c8(
  Integer $port = 8008,
  Array[String] $hosts = ['a8', 'b8'],
  Boolean $enabled = true,
) {
  include m0::params
  $label = m0::label('m0::c8', $port)
  file { "${m0::params::base}/c8.conf":
    mode    => $m0::params::mode,
    content => epp('m0/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m0-c8':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m0::site { 'c8':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m0-c8'],
  }
}
