class m3::c9(
  Integer $port = 8009,
  Array[String] $hosts = ['a9', 'b9'],
  Boolean $enabled = true,
) {
  include m3::params
  $label = m3::label('m3::c9', $port)
  file { "${m3::params::base}/c9.conf":
    mode    => $m3::params::mode,
    content => epp('m3/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m3-c9':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m3::site { 'c9':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m3-c9'],
  }
}
