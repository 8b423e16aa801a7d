class m0::params {
  $base = '/srv/m0'
  $mode = '0644'
}
