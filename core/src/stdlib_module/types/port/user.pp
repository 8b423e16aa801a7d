# A port of the registered (user) range (IANA).
type Stdlib::Port::User = Integer[1024, 49151]
