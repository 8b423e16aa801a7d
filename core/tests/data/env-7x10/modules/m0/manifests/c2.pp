class m0::c2(
  Integer $port = 8002,
  Array[String] $hosts = ['a2', 'b2'],
  Boolean $enabled = true,
) {
  include m0::params
  $label = m0::label('m0::c2', $port)
  file { "${m0::params::base}/c2.conf":
    mode    => $m0::params::mode,
    content => epp('m0/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m0-c2':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m0::site { 'c2':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m0-c2'],
  }
}
