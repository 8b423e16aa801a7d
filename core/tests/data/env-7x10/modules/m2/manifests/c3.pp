class m2::c3(
  Integer $port = 8003,
  Array[String] $hosts = ['a3', 'b3'],
  Boolean $enabled = true,
) {
  include m2::params
  $label = m2::label('m2::c3', $port)
  file { "${m2::params::base}/c3.conf":
    mode    => $m2::params::mode,
    content => epp('m2/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m2-c3':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m2::site { 'c3':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m2-c3'],
  }
}
