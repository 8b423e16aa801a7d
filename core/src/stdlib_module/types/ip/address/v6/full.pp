# An IPv6 address written with all eight groups of hex digits, with an optional prefix length (0 to 128).
type Stdlib::IP::Address::V6::Full = Pattern[/\A[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4}){7}(?:\/(?:12[0-8]|1[01][0-9]|[1-9]?[0-9]))?\z/]
