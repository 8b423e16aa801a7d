function mymod::double(Integer $x) >> Integer {
  $x * 2
}
type Mymod::Port = Integer[1, 65535]
class mymod(
  String $version = 'latest',
  Optional[Array[String]] $extra = undef,
) inherits mymod::params {
  class inner { }
}
define mymod::thing($ensure = present) {
  notice($title)
}
node 'web1.example.com', /^db\d+$/, default {
  include mymod
}
