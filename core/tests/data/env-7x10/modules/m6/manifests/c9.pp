class m6::c9(
  Integer $port = 8009,
  Array[String] $hosts = ['a9', 'b9'],
  Boolean $enabled = true,
) {
  include m6::params
  $label = m6::label('m6::c9', $port)
  file { "${m6::params::base}/c9.conf":
    mode    => $m6::params::mode,
    content => epp('m6/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m6-c9':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m6::site { 'c9':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m6-c9'],
  }
}
