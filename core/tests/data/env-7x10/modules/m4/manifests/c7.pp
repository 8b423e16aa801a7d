class m4::c7(
  Integer $port = 8007,
  Array[String] $hosts = ['a7', 'b7'],
  Boolean $enabled = true,
) {
  include m4::params
  $label = m4::label('m4::c7', $port)
  file { "${m4::params::base}/c7.conf":
    mode    => $m4::params::mode,
    content => epp('m4/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m4-c7':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m4::site { 'c7':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m4-c7'],
  }
}
