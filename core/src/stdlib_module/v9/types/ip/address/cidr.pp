# An IPv4 or IPv6 address with its prefix length (stdlib 9).
type Stdlib::IP::Address::CIDR = Variant[Stdlib::IP::Address::V4::CIDR, Stdlib::IP::Address::V6::CIDR]
