class m0::c9(
  Integer $port = 8009,
  Array[String] $hosts = ['a9', 'b9'],
  Boolean $enabled = true,
) {
  include m0::params
  $label = m0::label('m0::c9', $port)
  file { "${m0::params::base}/c9.conf":
    mode    => $m0::params::mode,
    content => epp('m0/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m0-c9':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m0::site { 'c9':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m0-c9'],
  }
}
