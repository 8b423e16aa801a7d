# An IPv6 address written with all eight groups of hex digits, no prefix length.
type Stdlib::IP::Address::V6::Nosubnet::Full = Pattern[/\A[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4}){7}\z/]
