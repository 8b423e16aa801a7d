# A size with its unit: digits, then b, k, m, g or t (kb, mb, ...), in either case.
type Stdlib::Datasize = Pattern[/^[0-9]+(?i:b|[gkmt]b?)$/]
