class m2::params {
  $base = '/srv/m2'
  $mode = '0644'
}
