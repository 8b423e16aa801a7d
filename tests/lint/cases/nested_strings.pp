class mymod::nested {
  $a = "x ${join(["a", "b"], "-")} y"
  $b = "${facts['os']['family']}"
  $c = "${"inner ${d}"}"
  $e = "a\"b $f"
  notify { "m ${g} ${h}": }
}
