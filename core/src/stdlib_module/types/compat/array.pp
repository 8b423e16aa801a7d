# Legacy: any array.
type Stdlib::Compat::Array = Array[Any]
