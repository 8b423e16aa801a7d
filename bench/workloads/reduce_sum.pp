# Sum of 1..200000 with reduce.
Integer[1, 200000].reduce(0) |$m, $x| { $m + $x }
