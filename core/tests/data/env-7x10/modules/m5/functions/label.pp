function m5::label(String $name, Integer $n) >> String {
  "${name}-${n}".upcase
}
