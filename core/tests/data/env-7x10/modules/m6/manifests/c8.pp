class m6::c8(
  Integer $port = 8008,
  Array[String] $hosts = ['a8', 'b8'],
  Boolean $enabled = true,
) {
  include m6::params
  $label = m6::label('m6::c8', $port)
  file { "${m6::params::base}/c8.conf":
    mode    => $m6::params::mode,
    content => epp('m6/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m6-c8':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m6::site { 'c8':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m6-c8'],
  }
}
