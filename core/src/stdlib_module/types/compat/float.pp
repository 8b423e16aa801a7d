# Legacy: a Float, or a line of text that spells a decimal number with a fraction.
type Stdlib::Compat::Float = Variant[Float, Pattern[/^-?(?:0|[1-9][0-9]*)\.[0-9]+(?:[Ee]-?[0-9]+)?$/]]
