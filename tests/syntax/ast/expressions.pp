# Operators with Puppet's precedence, access, unary operators, assignment forms.
$a = 1 + 2 * 3 - 4 / 2 % 3
$b = 1 < 2 == true and !false or $a in [1, 2]
$c = 'abc' =~ /b/ and 'x' !~ /y/
$d = -$a[0] << 2 >> 1
[$e, $f] = [*[1, 2]]
$g = $h = {a => 1, 'b' => [1.5, 0x1F, 017], c => undef, d => default}
$i = Integer[1, default]
$j = $a ? { 1 => 'one', default => 'other' }
$k = (1 + 2) * 3
