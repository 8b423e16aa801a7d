# An HTTP status code (stdlib 9).
type Stdlib::Http::Status = Integer[100, 599]
