class Mymod::Upper {
}

class mymod::dash-name {
}

# documented
class mymod::classes (
  $opt = 1,
  String $req,
  Optional[String] $maybe,
  $last,
) inherits othermod::params {
  class nested {
  }
  define nested_define {
  }
  notify { 'x': }
  Package['a'] <- File['b']
  Package['c'] -> File['d']
  Package['e'] ->
  File['f']
  Package['g'] ~>
  File['h']
  $local = 1
  notice($local, $unknown, $::top, $facts['os'], $trusted['x'], $name)
  [$one, $two] = [1, 2]
  notice($one, $two)
  $list.each |$item| {
    notice($item, $other)
  }
  case $x {
    'a': { }
  }
  case $y {
    'a': { }
    default: { }
  }
  case $z {
    'a': {
      case $w {
        'b': { }
      }
    }
    default: { }
  }
}

define mymod::thing ($x) {
  notice($x, $y)
}
