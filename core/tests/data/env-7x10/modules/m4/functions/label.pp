function m4::label(String $name, Integer $n) >> String {
  "${name}-${n}".upcase
}
