class m4::c3(
  Integer $port = 8003,
  Array[String] $hosts = ['a3', 'b3'],
  Boolean $enabled = true,
) {
  include m4::params
  $label = m4::label('m4::c3', $port)
  file { "${m4::params::base}/c3.conf":
    mode    => $m4::params::mode,
    content => epp('m4/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m4-c3':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m4::site { 'c3':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m4-c3'],
  }
}
