# @summary Validate an ephemeral port number
type Stdlib::Port::Ephemeral = Stdlib::Port::Dynamic
