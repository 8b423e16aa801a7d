class m0::c5(
  Integer $port = 8005,
  Array[String] $hosts = ['a5', 'b5'],
  Boolean $enabled = true,
) {
  include m0::params
  $label = m0::label('m0::c5', $port)
  file { "${m0::params::base}/c5.conf":
    mode    => $m0::params::mode,
    content => epp('m0/conf.epp', { 'owner' => $label, 'port' => $port, 'hosts' => $hosts }),
  }
  package { 'pkg-m0-c5':
    ensure => $enabled ? { true => 'installed', default => 'absent' },
  }
  m0::site { 'c5':
    aliases => $hosts.map |$h| { "${h}.example" },
    require => Package['pkg-m0-c5'],
  }
}
