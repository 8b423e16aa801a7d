node default {
  include m0
  include m1
  include m2
  include m3
  include m4
  include m5
  include m6
}
