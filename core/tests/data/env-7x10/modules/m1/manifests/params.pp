class m1::params {
  $base = '/srv/m1'
  $mode = '0644'
}
