# An HTTP status code (stdlib 9: the older name of Stdlib::Http::Status).
type Stdlib::HttpStatus = Stdlib::Http::Status
