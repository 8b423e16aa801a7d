function m6::label(String $name, Integer $n) >> String {
  "${name}-${n}".upcase
}
