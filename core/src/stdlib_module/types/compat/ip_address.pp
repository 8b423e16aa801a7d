# Legacy: an IPv4 or IPv6 address as the legacy checks read them.
type Stdlib::Compat::Ip_address = Variant[Stdlib::Compat::Ipv4, Stdlib::Compat::Ipv6]
