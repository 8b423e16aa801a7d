class m4::c9(
  Integer $port = 8009,
  Array[String] $hosts = ['a9', 'b9'],
  Boolean $enabled = true,
) {
  include m4::params
  $label = m4::label('m4::c9', $port)
  file { "${m4::params::base}/c9.conf":
    mode    => $m4::params::mode,
    content => epp('m4/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m4-c9':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m4::site { 'c9':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m4-c9'],
  }
}
