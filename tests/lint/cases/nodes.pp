node default {
  notice('x')
}
node foo, 'bar.example.com' {
}
node /^www\d+$/ {
}
$top = 1
notice($top)
