class m6(
  String $owner = 'root',
  Integer[1, 100] $level = 3,
) {
  include m6::params
  include m6::c1
  include m6::c2
  include m6::c3
  include m6::c4
  include m6::c5
  include m6::c6
  include m6::c7
  include m6::c8
  include m6::c9
}
