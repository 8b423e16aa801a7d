# A 20,000-entry hash built with $h + { $k => $v } in a reduce.
$h = Integer[1, 20000].reduce({}) |$h, $x| { $h + { "k${x}" => $x } }
$h.length
