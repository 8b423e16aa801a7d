class m3::c1(
  Integer $port = 8001,
  Array[String] $hosts = ['a1', 'b1'],
  Boolean $enabled = true,
) {
  include m3::params
  $label = m3::label('m3::c1', $port)
  file { "${m3::params::base}/c1.conf":
    mode    => $m3::params::mode,
    content => epp('m3/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m3-c1':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m3::site { 'c1':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m3-c1'],
  }
}
