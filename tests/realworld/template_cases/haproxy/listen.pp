# facts: debian
# A listen section (ports and addresses, each checked with IPAddr): the _bind fragment.
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
