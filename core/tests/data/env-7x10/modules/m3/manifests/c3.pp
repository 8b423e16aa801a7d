class m3::c3(
  Integer $port = 8003,
  Array[String] $hosts = ['a3', 'b3'],
  Boolean $enabled = true,
) {
  include m3::params
  $label = m3::label('m3::c3', $port)
  file { "${m3::params::base}/c3.conf":
    mode    => $m3::params::mode,
    content => epp('m3/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m3-c3':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m3::site { 'c3':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m3-c3'],
  }
}
