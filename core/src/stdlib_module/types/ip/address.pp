# An IPv4 or IPv6 address, with or without a prefix length.
type Stdlib::IP::Address = Variant[
  Stdlib::IP::Address::V4,
  Stdlib::IP::Address::V6,
]
