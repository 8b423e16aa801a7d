class mymod::misc inherits mymod::params {
  $a = 'true'
  $b = "false"
  if $x == 'a' { notice($x) }
  $c = $x ? { 'a' => 1, default => 2 }
  service { 'x': ensure => $x ? { 'a' => running, default => stopped } }
  @@file { '/v': ensure => file }
  File <| tag == 'x' |>
  $d = $e / 2
  $f = 0x1F + 1.5e3
  $g = Integer[1, 2]
  $h = String
  $i = $facts['os']['family']
  $j = -1
}
class mymod::misc2 inherits other::base { }
