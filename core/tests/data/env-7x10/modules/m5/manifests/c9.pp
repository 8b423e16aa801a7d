class m5::c9(
  Integer $port = 8009,
  Array[String] $hosts = ['a9', 'b9'],
  Boolean $enabled = true,
) {
  include m5::params
  $label = m5::label('m5::c9', $port)
  file { "${m5::params::base}/c9.conf":
    mode    => $m5::params::mode,
    content => epp('m5/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m5-c9':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m5::site { 'c9':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m5-c9'],
  }
}
