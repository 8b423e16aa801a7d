class m3::params {
  $base = '/srv/m3'
  $mode = '0644'
}
