# Legacy: a String, or undef.
type Stdlib::Compat::String = Optional[String]
