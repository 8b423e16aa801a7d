# facts: debian
# Every section of haproxy.cfg: defaults, listen (ports and addresses), frontend (bind hash), backend,
# balancer members, peers, mailers, userlist.
class { 'haproxy': }
haproxy::defaults { 'haproxy':
  options => {
    'log'     => 'global',
    'option'  => ['redispatch', 'httplog'],
    'retries' => 3,
    'timeout' => ['http-request 10s', 'queue 1m', 'connect 10s'],
    'maxconn' => 8000,
  },
}
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
haproxy::backend { 'web_backend':
  collect_exported => false,
  mode             => 'http',
  options          => {
    'option'  => ['httpchk GET /health', 'tcplog'],
    'balance' => 'leastconn',
    'server'  => 'local 127.0.0.1:8000',
    'cookie'  => 'SERVERID insert indirect',
  },
}
haproxy::backend { 'sorted':
  collect_exported        => false,
  sort_options_alphabetic => true,
  options                 => { 'server' => 'a 127.0.0.1:1', 'acl' => 'x src 1.2.3.4', 'balance' => 'source' },
}
haproxy::balancermember { 'web01':
  listening_service => 'web_backend',
  server_names      => ['web01.example.com', 'web02.example.com'],
  ipaddresses       => ['10.0.0.21', '10.0.0.22'],
  ports             => ['8080', '8081'],
  options           => ['check', 'inter 2s'],
  define_cookies    => true,
  verifyhost        => true,
  weight            => 10,
}
haproxy::balancermember { 'single':
  listening_service => 'puppet00',
  options           => 'check',
}
haproxy::peers { 'mypeers': collect_exported => false }
haproxy::peer { 'peer01':
  peers_name   => 'mypeers',
  port         => 1024,
  server_names => ['lb01', 'lb02'],
  ipaddresses  => ['10.0.0.31', '10.0.0.32'],
}
haproxy::mailers { 'mymailers': collect_exported => false }
haproxy::mailer { 'mail01':
  mailers_name => 'mymailers',
  port         => 25,
  server_names => 'smtp1',
  ipaddresses  => '10.0.0.41',
}
haproxy::userlist { 'users':
  users  => ['alice insecure-password secret groups admins', '', 'bob password $6$xyz'],
  groups => ['admins users alice', 'readers'],
}
