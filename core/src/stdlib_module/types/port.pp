# A TCP or UDP port number.
type Stdlib::Port = Integer[0, 65535]
