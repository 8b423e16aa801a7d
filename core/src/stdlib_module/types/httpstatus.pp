# An HTTP status code.
type Stdlib::HttpStatus = Integer[100, 599]
