class m3(
  String $owner = 'root',
  Integer[1, 100] $level = 3,
) {
  include m3::params
  include m3::c1
  include m3::c2
  include m3::c3
  include m3::c4
  include m3::c5
  include m3::c6
  include m3::c7
  include m3::c8
  include m3::c9
}
