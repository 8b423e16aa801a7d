# facts: debian
# mod_cluster with an advertise frequency.
class { 'apache': }
class { 'apache::mod::cluster':
  ip                      => '172.17.0.1',
  allowed_network         => '172.17.0.',
  balancer_name           => 'mycluster',
  version                 => '1.3.1',
  manager_allowed_network => '127.0.0.1 172.17.0.',
  server_advertise        => true,
  advertise_frequency     => 5,
  enable_mcpm_receive     => false,
}
