class m0::c3(
  Integer $port = 8003,
  Array[String] $hosts = ['a3', 'b3'],
  Boolean $enabled = true,
) {
  include m0::params
  $label = m0::label('m0::c3', $port)
  file { "${m0::params::base}/c3.conf":
    mode    => $m0::params::mode,
    content => epp('m0/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m0-c3':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m0::site { 'c3':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m0-c3'],
  }
}
