class m3::c6(
  Integer $port = 8006,
  Array[String] $hosts = ['a6', 'b6'],
  Boolean $enabled = true,
) {
  include m3::params
  $label = m3::label('m3::c6', $port)
  file { "${m3::params::base}/c6.conf":
    mode    => $m3::params::mode,
    content => epp('m3/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m3-c6':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m3::site { 'c6':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m3-c6'],
  }
}
