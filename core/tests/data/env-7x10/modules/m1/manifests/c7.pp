class m1::c7(
  Integer $port = 8007,
  Array[String] $hosts = ['a7', 'b7'],
  Boolean $enabled = true,
) {
  include m1::params
  $label = m1::label('m1::c7', $port)
  file { "${m1::params::base}/c7.conf":
    mode    => $m1::params::mode,
    content => epp('m1/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m1-c7':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m1::site { 'c7':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m1-c7'],
  }
}
