# Base32 text (RFC 4648 alphabet, all lower or all upper case), padded with at most six "=".
type Stdlib::Base32 = Pattern[/\A(?:[2-7a-z]+|[2-7A-Z]+)={0,6}\z/]
