class m1(
  String $owner = 'root',
  Integer[1, 100] $level = 3,
) {
  include m1::params
  include m1::c1
  include m1::c2
  include m1::c3
  include m1::c4
  include m1::c5
  include m1::c6
  include m1::c7
  include m1::c8
  include m1::c9
}
