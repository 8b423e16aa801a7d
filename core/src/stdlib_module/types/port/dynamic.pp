# A port of the dynamic range (IANA).
type Stdlib::Port::Dynamic = Integer[49152, 65535]
