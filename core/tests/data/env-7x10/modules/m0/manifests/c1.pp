class m0::c1(
  Integer $port = 8001,
  Array[String] $hosts = ['a1', 'b1'],
  Boolean $enabled = true,
) {
  include m0::params
  $label = m0::label('m0::c1', $port)
  file { "${m0::params::base}/c1.conf":
    mode    => $m0::params::mode,
    content => epp('m0/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m0-c1':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m0::site { 'c1':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m0-c1'],
  }
}
