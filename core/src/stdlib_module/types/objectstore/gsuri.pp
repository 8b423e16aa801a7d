# A gs:// URI, on one line.
type Stdlib::ObjectStore::GSUri = Pattern[/\Ags:\/\/[^\n]*\z/]
