class m1::c5(
  Integer $port = 8005,
  Array[String] $hosts = ['a5', 'b5'],
  Boolean $enabled = true,
) {
  include m1::params
  $label = m1::label('m1::c5', $port)
  file { "${m1::params::base}/c5.conf":
    mode    => $m1::params::mode,
    content => epp('m1/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m1-c5':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m1::site { 'c5':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m1-c5'],
  }
}
