class mymod::noeol {
  $a = "x"   