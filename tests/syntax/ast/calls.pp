notice 'statement', 'call'
include foo::bar
$a = [1, 2, 3].map |Integer $v, $i = 0| >> Integer { $v * 2 }.filter |$v| { $v > 2 }
$b = with(1, k => 'v') |*$rest| { $rest }
$c = Integer('42')
$d = Tuple[Integer]([1])
$e = $a.size
$f = type($a)
