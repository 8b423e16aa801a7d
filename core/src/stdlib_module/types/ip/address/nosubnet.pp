# An IPv4 or IPv6 address without a prefix length.
type Stdlib::IP::Address::Nosubnet = Variant[
  Stdlib::IP::Address::V4::Nosubnet,
  Stdlib::IP::Address::V6::Nosubnet,
]
