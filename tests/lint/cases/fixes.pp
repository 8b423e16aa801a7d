# fixes
class mymod::fixes {
  file { '/tmp/a':
    owner  => 'root',
    group  => 'root',
    ensure => link,
  }
  file { '/tmp/b': owner => 'root', ensure => '/tmp/t' }
  file { '/tmp/c':
    ensure => '/tmp/target',
  }
  Package['a'] ->
  Service['b']
  Package['a'] ~>   Service['b']
  $x = "${foo}"
  $y = "$bar"
  $z = "${baz['k']}"
  $w = "prefix $qux[0] suffix"
  $v = "$dash-var text"
  file { '/tmp/d':
    source => "puppet:///foo/bar",
    mode   => 755,
  }
  exec { 'e':
    command => 'x',
    path    => '/bin',
    x       =>   'y',
    long_name => 'z',
  }
  $h = { 'a' => 1, 'bb' => 2,
    'ccc' => 3 }
  mything { 'a':
    a => 1, bb => 2,
    ccc => 3,
  }
}
