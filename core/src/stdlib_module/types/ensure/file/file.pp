# A plain file's ensure.
type Stdlib::Ensure::File::File = Enum['file', 'absent']
