class m3::c7(
  Integer $port = 8007,
  Array[String] $hosts = ['a7', 'b7'],
  Boolean $enabled = true,
) {
  include m3::params
  $label = m3::label('m3::c7', $port)
  file { "${m3::params::base}/c7.conf":
    mode    => $m3::params::mode,
    content => epp('m3/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m3-c7':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m3::site { 'c7':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m3-c7'],
  }
}
