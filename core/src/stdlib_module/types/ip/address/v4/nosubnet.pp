# An IPv4 address in dotted decimal, no leading zeros, no prefix length.
type Stdlib::IP::Address::V4::Nosubnet = Pattern[/\A(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\z/]
