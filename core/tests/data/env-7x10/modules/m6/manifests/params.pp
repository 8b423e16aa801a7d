class m6::params {
  $base = '/srv/m6'
  $mode = '0644'
}
