# facts: debian
# The sections of haproxy.cfg without bind lines: defaults, backends (options sorted by kind or
# alphabetically), balancer members, peers, mailers, userlist.
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
  listening_service => 'sorted',
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
