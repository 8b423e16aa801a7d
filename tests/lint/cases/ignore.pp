# ignore blocks
class mymod::ignore {
  # lint:ignore:double_quoted_strings
  $a = "one"
  $b = "two"
  # lint:endignore
  $c = "three" # lint:ignore:double_quoted_strings reason given here
  $d = "four"
  # lint:ignore:140chars lint:ignore:double_quoted_strings
  $e = "five aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
  # lint:endignore
  $f = "six" # lint:ignore:trailing_whitespace
  # lint:endignore
  # lint:ignore:arrow_alignment
  file { '/x':
    ensure => file,
    mode => '0644',
  }
}
