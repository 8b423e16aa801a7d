class m2::c7(
  Integer $port = 8007,
  Array[String] $hosts = ['a7', 'b7'],
  Boolean $enabled = true,
) {
  include m2::params
  $label = m2::label('m2::c7', $port)
  file { "${m2::params::base}/c7.conf":
    mode    => $m2::params::mode,
    content => epp('m2/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m2-c7':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m2::site { 'c7':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m2-c7'],
  }
}
