class m5::c3(
  Integer $port = 8003,
  Array[String] $hosts = ['a3', 'b3'],
  Boolean $enabled = true,
) {
  include m5::params
  $label = m5::label('m5::c3', $port)
  file { "${m5::params::base}/c3.conf":
    mode    => $m5::params::mode,
    content => epp('m5/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m5-c3':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m5::site { 'c3':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m5-c3'],
  }
}
