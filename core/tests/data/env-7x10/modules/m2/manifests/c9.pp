class m2::c9(
  Integer $port = 8009,
  Array[String] $hosts = ['a9', 'b9'],
  Boolean $enabled = true,
) {
  include m2::params
  $label = m2::label('m2::c9', $port)
  file { "${m2::params::base}/c9.conf":
    mode    => $m2::params::mode,
    content => epp('m2/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m2-c9':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m2::site { 'c9':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m2-c9'],
  }
}
