# facts: debian
# A frontend section (a hash of bind addresses sorted by address): the _bind fragment.
class { 'haproxy': }
haproxy::frontend { 'web':
  collect_exported => false,
  bind             => {
    '10.0.0.10:80'    => [],
    '10.0.0.2:443'    => ['ssl', 'crt', 'web.pem'],
    ':8080'           => 'transparent',
    '192.168.1.1:81'  => '',
  },
  mode             => 'http',
  options          => {
    'default_backend' => 'web_backend',
    'use_backend'     => ['static if is_static', 'api if is_api'],
    'acl'             => ['is_static path_beg /static', 'is_api path_beg /api'],
    'http-request'    => 'set-header X-Forwarded-Proto https',
    'redirect'        => 'scheme https if !{ ssl_fc }',
    'option'          => ['forwardfor', 'http-server-close'],
  },
}
