class m6::c7(
  Integer $port = 8007,
  Array[String] $hosts = ['a7', 'b7'],
  Boolean $enabled = true,
) {
  include m6::params
  $label = m6::label('m6::c7', $port)
  file { "${m6::params::base}/c7.conf":
    mode    => $m6::params::mode,
    content => epp('m6/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m6-c7':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m6::site { 'c7':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m6-c7'],
  }
}
