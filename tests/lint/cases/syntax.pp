class mymod::syntax {
  $a = "unterminated
}
