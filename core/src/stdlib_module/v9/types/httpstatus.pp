type Stdlib::HttpStatus = Stdlib::Http::Status
