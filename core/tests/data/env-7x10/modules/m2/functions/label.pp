function m2::label(String $name, Integer $n) >> String {
  "${name}-${n}".upcase
}
