# Legacy: any hash.
type Stdlib::Compat::Hash = Hash[Any, Any]
