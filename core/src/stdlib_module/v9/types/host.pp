# A host name or an IP address (stdlib 9: any IP address form).
type Stdlib::Host = Variant[Stdlib::Fqdn, Stdlib::IP::Address]
