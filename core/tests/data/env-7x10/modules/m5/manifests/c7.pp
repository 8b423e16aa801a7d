class m5::c7(
  Integer $port = 8007,
  Array[String] $hosts = ['a7', 'b7'],
  Boolean $enabled = true,
) {
  include m5::params
  $label = m5::label('m5::c7', $port)
  file { "${m5::params::base}/c7.conf":
    mode    => $m5::params::mode,
    content => epp('m5/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m5-c7':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m5::site { 'c7':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m5-c7'],
  }
}
