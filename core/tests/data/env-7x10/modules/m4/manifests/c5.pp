class m4::c5(
  Integer $port = 8005,
  Array[String] $hosts = ['a5', 'b5'],
  Boolean $enabled = true,
) {
  include m4::params
  $label = m4::label('m4::c5', $port)
  file { "${m4::params::base}/c5.conf":
    mode    => $m4::params::mode,
    content => epp('m4/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m4-c5':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m4::site { 'c5':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m4-c5'],
  }
}
