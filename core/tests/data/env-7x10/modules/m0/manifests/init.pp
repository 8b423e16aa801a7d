class m0(
  String $owner = 'root',
  Integer[1, 100] $level = 3,
) {
  include m0::params
  include m0::c1
  include m0::c2
  include m0::c3
  include m0::c4
  include m0::c5
  include m0::c6
  include m0::c7
  include m0::c8
  include m0::c9
}
