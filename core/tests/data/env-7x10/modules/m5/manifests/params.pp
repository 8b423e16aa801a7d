class m5::params {
  $base = '/srv/m5'
  $mode = '0644'
}
