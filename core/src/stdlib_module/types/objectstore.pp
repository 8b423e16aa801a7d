# A Google Cloud Storage or Amazon S3 URI.
type Stdlib::ObjectStore = Variant[Stdlib::ObjectStore::GSUri, Stdlib::ObjectStore::S3Uri]
