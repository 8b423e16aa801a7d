class m4(
  String $owner = 'root',
  Integer[1, 100] $level = 3,
) {
  include m4::params
  include m4::c1
  include m4::c2
  include m4::c3
  include m4::c4
  include m4::c5
  include m4::c6
  include m4::c7
  include m4::c8
  include m4::c9
}
