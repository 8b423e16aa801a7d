# A directory's ensure.
type Stdlib::Ensure::File::Directory = Enum['directory', 'absent']
