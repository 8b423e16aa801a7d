class m3::c8(
  Integer $port = 8008,
  Array[String] $hosts = ['a8', 'b8'],
  Boolean $enabled = true,
) {
  include m3::params
  $label = m3::label('m3::c8', $port)
  file { "${m3::params::base}/c8.conf":
    mode    => $m3::params::mode,
    content => epp('m3/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m3-c8':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m3::site { 'c8':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m3-c8'],
  }
}
