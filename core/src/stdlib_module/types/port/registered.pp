# Another name of the user range.
type Stdlib::Port::Registered = Stdlib::Port::User
