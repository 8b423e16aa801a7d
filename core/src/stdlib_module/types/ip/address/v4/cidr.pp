# An IPv4 address with a prefix length from 0 to 32.
type Stdlib::IP::Address::V4::CIDR = Pattern[/\A(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\/(?:3[0-2]|[12]?[0-9])\z/]
