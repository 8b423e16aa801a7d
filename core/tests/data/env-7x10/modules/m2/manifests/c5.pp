class m2::c5(
  Integer $port = 8005,
  Array[String] $hosts = ['a5', 'b5'],
  Boolean $enabled = true,
) {
  include m2::params
  $label = m2::label('m2::c5', $port)
  file { "${m2::params::base}/c5.conf":
    mode    => $m2::params::mode,
    content => epp('m2/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m2-c5':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m2::site { 'c5':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m2-c5'],
  }
}
