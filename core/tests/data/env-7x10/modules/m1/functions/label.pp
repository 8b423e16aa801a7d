function m1::label(String $name, Integer $n) >> String {
  "${name}-${n}".upcase
}
