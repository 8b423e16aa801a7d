# facts: debian
# Listen (ports and addresses, checked with IPAddr) and frontend (a hash of bind addresses sorted by
# address) sections: the _bind fragment.
class { 'haproxy': }
haproxy::listen { 'puppet00':
  collect_exported => false,
  ipaddress        => ['10.0.0.5', '10.0.0.6', 'lb.example.com'],
  ports            => '8140,8141',
  mode             => 'tcp',
  bind_options     => ['ssl', 'crt /etc/ssl/cert.pem'],
  options          => [
    { 'option' => ['tcplog'] },
    { 'balance' => 'roundrobin', 'acl' => 'is_ssl dst_port 443', 'server' => 'x 1.2.3.4:80' },
  ],
}
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
