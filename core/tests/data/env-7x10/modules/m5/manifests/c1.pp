class m5::c1(
  Integer $port = 8001,
  Array[String] $hosts = ['a1', 'b1'],
  Boolean $enabled = true,
) {
  include m5::params
  $label = m5::label('m5::c1', $port)
  file { "${m5::params::base}/c1.conf":
    mode    => $m5::params::mode,
    content => epp('m5/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m5-c1':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m5::site { 'c1':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m5-c1'],
  }
}
