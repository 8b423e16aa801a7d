class m6::c5(
  Integer $port = 8005,
  Array[String] $hosts = ['a5', 'b5'],
  Boolean $enabled = true,
) {
  include m6::params
  $label = m6::label('m6::c5', $port)
  file { "${m6::params::base}/c5.conf":
    mode    => $m6::params::mode,
    content => epp('m6/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m6-c5':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m6::site { 'c5':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m6-c5'],
  }
}
