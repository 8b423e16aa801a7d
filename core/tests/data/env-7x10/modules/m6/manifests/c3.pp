class m6::c3(
  Integer $port = 8003,
  Array[String] $hosts = ['a3', 'b3'],
  Boolean $enabled = true,
) {
  include m6::params
  $label = m6::label('m6::c3', $port)
  file { "${m6::params::base}/c3.conf":
    mode    => $m6::params::mode,
    content => epp('m6/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m6-c3':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m6::site { 'c3':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m6-c3'],
  }
}
