class m2(
  String $owner = 'root',
  Integer[1, 100] $level = 3,
) {
  include m2::params
  include m2::c1
  include m2::c2
  include m2::c3
  include m2::c4
  include m2::c5
  include m2::c6
  include m2::c7
  include m2::c8
  include m2::c9
}
