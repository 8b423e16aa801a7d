# facts: redhat7
# The MongoDB server's configuration file (2.4-style mongodb.conf).
class { 'mongodb::server':
  auth     => true,
  port     => 27018,
  bind_ip  => ['127.0.0.1', '10.0.0.5'],
  verbose  => true,
  replset  => 'rs0',
  set_parameter => 'textSearchEnabled=true',
}
