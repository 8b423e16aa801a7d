class m1::c9(
  Integer $port = 8009,
  Array[String] $hosts = ['a9', 'b9'],
  Boolean $enabled = true,
) {
  include m1::params
  $label = m1::label('m1::c9', $port)
  file { "${m1::params::base}/c9.conf":
    mode    => $m1::params::mode,
    content => epp('m1/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m1-c9':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m1::site { 'c9':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m1-c9'],
  }
}
