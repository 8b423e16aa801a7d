type Stdlib::Http::Status = Integer[100, 599]
