# Integer[1,50000].filter matching [$i, 'x'] against Tuple[Integer[1,default], String].
Integer[1, 50000].filter |$i| { [$i, 'x'] =~ Tuple[Integer[1, default], String] }.length
