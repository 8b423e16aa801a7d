class m0::c7(
  Integer $port = 8007,
  Array[String] $hosts = ['a7', 'b7'],
  Boolean $enabled = true,
) {
  include m0::params
  $label = m0::label('m0::c7', $port)
  file { "${m0::params::base}/c7.conf":
    mode    => $m0::params::mode,
    content => epp('m0/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m0-c7':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m0::site { 'c7':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m0-c7'],
  }
}
