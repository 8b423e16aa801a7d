class m3::c2(
  Integer $port = 8002,
  Array[String] $hosts = ['a2', 'b2'],
  Boolean $enabled = true,
) {
  include m3::params
  $label = m3::label('m3::c2', $port)
  file { "${m3::params::base}/c2.conf":
    mode    => $m3::params::mode,
    content => epp('m3/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m3-c2':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m3::site { 'c2':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m3-c2'],
  }
}
