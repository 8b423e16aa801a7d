# Another name of the dynamic range.
type Stdlib::Port::Ephemeral = Stdlib::Port::Dynamic
