package { ['apache2', 'ssl-cert']:
  ensure => installed,
}
file { '/etc/app.conf':
  ensure  => file,
  content => template('app/app.conf.erb'),
  require => Package['apache2'],
  ;
  default:
    mode => '0644';
}
@user { 'bob': uid => 1001 }
@@sshkey { $facts['fqdn']: type => 'rsa', * => $keys }
File { owner => 'root' }
File['/etc/app.conf'] { group +> 'adm' }
User <| title == 'bob' |>
Sshkey <<| tag == 'ssh' |>> { ensure => present }
Package['apache2'] -> File['/etc/app.conf'] ~> Service['apache2']
class { 'mymod': version => '1.0' }
