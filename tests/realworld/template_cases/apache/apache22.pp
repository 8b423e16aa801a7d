# facts: debian7
# Apache 2.2 (Debian 7): NameVirtualHost lines of the vhosts, mod_status's Allow rules, suPHP.
class { 'apache': }
include apache::mod::status
include apache::mod::suphp
apache::vhost { 'old.example.com':
  port    => 80,
  docroot => '/var/www/old',
  block   => ['scm'],
}
apache::vhost { 'ip.example.com':
  ip      => ['10.0.0.5', '10.0.0.6'],
  port    => [8080, 8081],
  docroot => '/var/www/ip',
  fastcgi_dir => '/var/www/fcgi',
}
