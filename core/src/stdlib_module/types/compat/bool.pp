# Legacy: a Boolean.
type Stdlib::Compat::Bool = Boolean
