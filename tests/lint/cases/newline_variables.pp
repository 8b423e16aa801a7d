class a {
  $x = @("END")
multi
$nope and $b
  END
  $y = "one
$two three"
}
