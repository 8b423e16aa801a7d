class m5(
  String $owner = 'root',
  Integer[1, 100] $level = 3,
) {
  include m5::params
  include m5::c1
  include m5::c2
  include m5::c3
  include m5::c4
  include m5::c5
  include m5::c6
  include m5::c7
  include m5::c8
  include m5::c9
}
