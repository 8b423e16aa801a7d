class m5::c2(
  Integer $port = 8002,
  Array[String] $hosts = ['a2', 'b2'],
  Boolean $enabled = true,
) {
  include m5::params
  $label = m5::label('m5::c2', $port)
  file { "${m5::params::base}/c2.conf":
    mode    => $m5::params::mode,
    content => epp('m5/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m5-c2':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m5::site { 'c2':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m5-c2'],
  }
}
