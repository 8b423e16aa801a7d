# facts: debian
# A vhost with the simple fragments switched on: aliases, fallback resource, encoded slashes, action, block,
# error documents, headers, request headers, server aliases, environment, suexec, charset, custom fragment,
# canonical name, HTTP protocol options, keepalive.
class { 'apache': }
apache::vhost { 'fragments.example.com':
  port                  => 80,
  docroot               => '/var/www/fragments',
  aliases               => [
    { alias => '/images', path => '/var/www/images' },
    { aliasmatch => '^/icons/(.*)', path => '/var/www/icons/$1' },
    { scriptalias => '/cgi', path => '/usr/lib/cgi-bin' },
    { scriptaliasmatch => '^/cgi-(.*)', path => '/usr/lib/cgi-$1' },
    { alias => '', path => '/nothing' },
  ],
  fallbackresource      => '/index.php',
  allow_encoded_slashes => 'nodecode',
  action                => 'php-fastcgi',
  block                 => ['scm'],
  error_documents       => [
    { error_code => '404', document => '/404.html' },
    { error_code => '503', document => '/maintenance.html' },
  ],
  headers               => ['set X-Frame-Options SAMEORIGIN', 'unset Server', ''],
  request_headers       => ['append MirrorID "mirror 12"', 'unset MirrorID'],
  serveraliases         => ['www.fragments.example.com', 'fragments.example.org'],
  setenv                => ['SPECIAL_PATH /foo/bin', 'APP_ENV production'],
  setenvif              => ['Request_URI "\.gif$" object_is_image=gif'],
  setenvifnocase        => ['Host "^www" www_host'],
  suexec_user_group     => 'www-data www-data',
  add_default_charset   => 'UTF-8',
  custom_fragment       => "<Location /status>\n    SetHandler server-status\n  </Location>",
  use_canonical_name    => 'Off',
  http_protocol_options => 'Strict LenientMethods Allow0.9',
  keepalive             => 'on',
  keepalive_timeout     => 15,
  max_keepalive_requests => 200,
}
