class m5::c5(
  Integer $port = 8005,
  Array[String] $hosts = ['a5', 'b5'],
  Boolean $enabled = true,
) {
  include m5::params
  $label = m5::label('m5::c5', $port)
  file { "${m5::params::base}/c5.conf":
    mode    => $m5::params::mode,
    content => epp('m5/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m5-c5':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m5::site { 'c5':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m5-c5'],
  }
}
