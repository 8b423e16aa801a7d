$name = 'world'
$a = 'single \' quoted'
$b = "double\t\"quoted\" \u{1F600}"
$c = "hello $name and ${name.upcase} and ${[1, 2][0]} and ${1 + 2}"
$d = @("END":json/L)
  {"name": "${name}", \
   "x": 1}
  | END
$e = @(END)
raw $text
END
$f = [@(A), @(B)]
first
A
second
B
