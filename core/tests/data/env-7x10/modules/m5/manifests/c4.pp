class m5::c4(
  Integer $port = 8004,
  Array[String] $hosts = ['a4', 'b4'],
  Boolean $enabled = true,
) {
  include m5::params
  $label = m5::label('m5::c4', $port)
  file { "${m5::params::base}/c4.conf":
    mode    => $m5::params::mode,
    content => epp('m5/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m5-c4':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m5::site { 'c4':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m5-c4'],
  }
}
