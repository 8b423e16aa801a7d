# An IPv6 address in any of its written forms, no prefix length.
type Stdlib::IP::Address::V6::Nosubnet = Variant[
  Stdlib::IP::Address::V6::Nosubnet::Full,
  Stdlib::IP::Address::V6::Nosubnet::Compressed,
  Stdlib::IP::Address::V6::Nosubnet::Alternative,
]
