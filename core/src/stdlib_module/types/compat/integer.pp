# Legacy: an Integer, a line of text spelling one, or an array of those.
type Stdlib::Compat::Integer = Variant[Integer, Pattern[/^-?(?:0|[1-9][0-9]*)$/], Array[Variant[Integer, Pattern[/^-?(?:0|[1-9][0-9]*)$/]]]]
