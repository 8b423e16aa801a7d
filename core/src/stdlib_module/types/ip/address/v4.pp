# An IPv4 address, with or without a prefix length.
type Stdlib::IP::Address::V4 = Variant[
  Stdlib::IP::Address::V4::CIDR,
  Stdlib::IP::Address::V4::Nosubnet,
]
