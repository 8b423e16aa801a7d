class m5::c6(
  Integer $port = 8006,
  Array[String] $hosts = ['a6', 'b6'],
  Boolean $enabled = true,
) {
  include m5::params
  $label = m5::label('m5::c6', $port)
  file { "${m5::params::base}/c6.conf":
    mode    => $m5::params::mode,
    content => epp('m5/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m5-c6':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m5::site { 'c6':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m5-c6'],
  }
}
