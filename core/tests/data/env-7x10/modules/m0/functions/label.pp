function m0::label(String $name, Integer $n) >> String {
  "${name}-${n}".upcase
}
