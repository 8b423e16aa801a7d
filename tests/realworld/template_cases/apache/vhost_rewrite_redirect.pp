# facts: debian
# Rewrite rules (with comments, bases, conditions and maps), redirects (arrays of sources, destinations and
# statuses) and RedirectMatch rules.
class { 'apache': }
apache::vhost { 'rewrite.example.com':
  port         => 80,
  docroot      => '/var/www/rewrite',
  rewrite_inherit => true,
  rewrite_base => '/app',
  rewrites     => [
    {
      comment      => 'Lynx or Mozilla v1/2',
      rewrite_cond => ['%{HTTP_USER_AGENT} ^Lynx/ [OR]', '%{HTTP_USER_AGENT} ^Mozilla/[12]'],
      rewrite_rule => ['^index\.html$ welcome.html'],
    },
    {
      rewrite_base => '/other',
      rewrite_map  => ['lc int:tolower', ['ex txt:/etc/ex.map']],
      rewrite_rule => [['^/(.*) /${lc:$1}', '^/x /y [R]'], '^/z /w'],
    },
    { rewrite_rule => '^/old /new [R=301,L]' },
  ],
  redirect_source => ['/a', '/b', '/c'],
  redirect_dest   => ['http://a.example.com/', 'http://b.example.com/'],
  redirect_status => ['permanent'],
  redirectmatch_status => ['404', '410'],
  redirectmatch_regexp => ['\.git(/.*|$)/', '\.svn'],
  redirectmatch_dest   => ['http://www.example.com/'],
}
apache::vhost { 'legacy-rewrite.example.com':
  port                 => 8080,
  docroot              => '/var/www/legacy',
  rewrite_base         => '/',
  rewrite_cond         => ['%{HTTPS} off', '%{HTTP_HOST} !^www'],
  rewrite_rule         => '(.*) https://%{HTTP_HOST}%{REQUEST_URI}',
  redirectmatch_regexp => '^/old(.*)$',
  redirectmatch_dest   => 'http://new.example.com$1',
}
