# An s3:// URI, on one line.
type Stdlib::ObjectStore::S3Uri = Pattern[/\As3:\/\/[^\n]*\z/]
