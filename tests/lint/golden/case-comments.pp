// slash comment
/* star comment */
class mymod::comments {
  /* multi
   * line
   * star */
  notice('x') // trailing slash
  $a = 1 # lint:ignore:variable_scope
}
