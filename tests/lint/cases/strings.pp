# strings
class mymod::strings (
  $a = 'x',
) {
  $b = "plain"
  $c = "with $a inside"
  $d = "${a}"
  $e = "$a"
  $f = "tab\there"
  $g = 'single ${a}'
  $h = inline_template('<%= ${a} %>')
  $i = "puppet:///files/foo"
  $j = 'puppet:///modules/mymod/foo'
  $k = "${a}-${b}"
  $l = "$a[0] and ${b['x']}"
  $m = "${a['key']}"
  $n = "it's"
  $o = "esc \$x"
  $p = "true"
  $q = "${join([$a], ',')}"
  $r = "x${a}y$b"
  notify { "${a}": message => "${b}" }
  $s = "$Upper and $with-dash"
  $t = "line one
line two"
  $u = "   spaces"
}
