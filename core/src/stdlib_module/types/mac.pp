# A MAC address: six (or, for InfiniBand, twenty) pairs of hex digits separated by ":" or "-".
type Stdlib::MAC = Pattern[/\A(?:[0-9A-Fa-f]{2}[-:]){5}(?:(?:[0-9A-Fa-f]{2}[-:]){14})?[0-9A-Fa-f]{2}\z/]
