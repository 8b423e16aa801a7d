# resources
class mymod::resources {
  file { '/tmp/a':
    owner  => 'root',
    ensure => present,
    mode   => 644,
  }
  file { '/tmp/b':
    ensure => '/tmp/target',
    mode   => '0644',
    mode   => 'u+rwx',
  }
  file { '/tmp/c':
    mode => '755',
  }
  concat { '/tmp/d':
    mode => $mode,
  }
  file { foo:
    ensure => file,
  }
  file { ['/a', '/b']:
    ensure => file,
  }
  service { 'x':
    ensure    => running,
    enable => true,
    subscribe => File['/tmp/a'],
  }
  exec { 'y':
    command => 'true',
    unless  => $facts['x'] ? {
      true    => 'a',
      default => 'b',
    },
    path => $x ? { 'a' => '/bin', default => '/usr/bin' },
  }
  user { 'u': ensure => present, uid => 1, gid => 2 }
  class { 'mymod::other':
    param  => 1,
    ensure => present,
  }
}
