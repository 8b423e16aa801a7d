class m4::params {
  $base = '/srv/m4'
  $mode = '0644'
}
