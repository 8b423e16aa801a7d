# facts: debian
# A map file (hashes and strings) and a second instance whose systemd unit is the module's example template.
class { 'haproxy': }
haproxy::mapfile { 'domains-to-backends':
  ensure   => 'present',
  mappings => [
    { 'app01.example.com' => 'bk_app01', 'app00.example.com' => 'bk_app00' },
    'app02.example.com bk_app02',
    { 'app03.example.com' => 'bk_app03' },
  ],
}
haproxy::instance { 'group1':
  global_options => {
    'chroot'  => '/var/lib/haproxy-group1',
    'pidfile' => '/var/run/haproxy-group1.pid',
    'maxconn' => '4000',
    'user'    => 'haproxy',
    'group'   => 'haproxy',
    'daemon'  => '',
  },
}
haproxy::instance_service { 'group1':
  haproxy_package       => 'custom_haproxy',
  haproxy_unit_template => 'haproxy/instance_service_unit_example.erb',
}
