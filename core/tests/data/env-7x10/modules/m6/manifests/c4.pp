class m6::c4(
  Integer $port = 8004,
  Array[String] $hosts = ['a4', 'b4'],
  Boolean $enabled = true,
) {
  include m6::params
  $label = m6::label('m6::c4', $port)
  file { "${m6::params::base}/c4.conf":
    mode    => $m6::params::mode,
    content => epp('m6/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m6-c4':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m6::site { 'c4':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m6-c4'],
  }
}
