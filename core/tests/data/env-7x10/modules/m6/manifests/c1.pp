class m6::c1(
  Integer $port = 8001,
  Array[String] $hosts = ['a1', 'b1'],
  Boolean $enabled = true,
) {
  include m6::params
  $label = m6::label('m6::c1', $port)
  file { "${m6::params::base}/c1.conf":
    mode    => $m6::params::mode,
    content => epp('m6/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m6-c1':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m6::site { 'c1':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m6-c1'],
  }
}
