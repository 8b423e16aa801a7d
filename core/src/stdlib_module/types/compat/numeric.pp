# Legacy: a Numeric, a line of text spelling a decimal number, or an array of those.
type Stdlib::Compat::Numeric = Variant[Numeric, Pattern[/^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[Ee]-?[0-9]+)?$/], Array[Variant[Numeric, Pattern[/^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[Ee]-?[0-9]+)?$/]]]]
