class a {
  $p = "C:\\${dir}\\x"
  $q = "\\$v and ${w}"
}
