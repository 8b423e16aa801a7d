class m3::c5(
  Integer $port = 8005,
  Array[String] $hosts = ['a5', 'b5'],
  Boolean $enabled = true,
) {
  include m3::params
  $label = m3::label('m3::c5', $port)
  file { "${m3::params::base}/c5.conf":
    mode    => $m3::params::mode,
    content => epp('m3/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m3-c5':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m3::site { 'c5':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m3-c5'],
  }
}
