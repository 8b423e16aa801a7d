# heredocs
class mymod::heredoc {
  $a = @(END)
    text with "quotes" and $var
    | END
  $b = @("END"/L)
    interpolated ${facts['x']} and $y
    END
  notice("after")
}
