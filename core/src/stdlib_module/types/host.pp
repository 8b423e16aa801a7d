# A host name or an IP address.
type Stdlib::Host = Variant[Stdlib::Fqdn, Stdlib::Compat::Ip_address]
