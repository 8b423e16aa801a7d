function m3::label(String $name, Integer $n) >> String {
  "${name}-${n}".upcase
}
