class m5::c8(
  Integer $port = 8008,
  Array[String] $hosts = ['a8', 'b8'],
  Boolean $enabled = true,
) {
  include m5::params
  $label = m5::label('m5::c8', $port)
  file { "${m5::params::base}/c8.conf":
    mode    => $m5::params::mode,
    content => epp('m5/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m5-c8':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m5::site { 'c8':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m5-c8'],
  }
}
