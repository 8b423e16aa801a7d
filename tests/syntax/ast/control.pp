if $facts['os']['family'] == 'Debian' {
  $pkg = 'apache2'
} elsif $facts['os']['family'] == 'RedHat' {
  $pkg = 'httpd'
} else {
  fail('unsupported')
}
unless $pkg { notice('none') } else { notice($pkg) }
$x = case $pkg {
  'apache2', 'httpd': { 'web' }
  /^ng/: { 'nginx' }
  default: { 'other' }
}
