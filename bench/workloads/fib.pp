# fib(20) as a Puppet function with typed parameters.
function fib(Integer $n) >> Integer {
  if $n < 2 { $n } else { fib($n - 1) + fib($n - 2) }
}
fib(20)
