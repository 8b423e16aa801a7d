class m3::c4(
  Integer $port = 8004,
  Array[String] $hosts = ['a4', 'b4'],
  Boolean $enabled = true,
) {
  include m3::params
  $label = m3::label('m3::c4', $port)
  file { "${m3::params::base}/c4.conf":
    mode    => $m3::params::mode,
    content => epp('m3/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m3-c4':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m3::site { 'c4':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m3-c4'],
  }
}
