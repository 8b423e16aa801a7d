# Base64 text (RFC 4648 alphabet), padded with at most two "=".
type Stdlib::Base64 = Pattern[/\A[+\/0-9A-Za-z]+={0,2}\z/]
