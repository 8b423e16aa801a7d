class m6::c2(
  Integer $port = 8002,
  Array[String] $hosts = ['a2', 'b2'],
  Boolean $enabled = true,
) {
  include m6::params
  $label = m6::label('m6::c2', $port)
  file { "${m6::params::base}/c2.conf":
    mode    => $m6::params::mode,
    content => epp('m6/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m6-c2':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m6::site { 'c2':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m6-c2'],
  }
}
