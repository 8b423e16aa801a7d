# crlf
class mymod::crlf {
  $a = "x"
}
