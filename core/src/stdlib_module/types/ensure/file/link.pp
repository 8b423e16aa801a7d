# A symbolic link's ensure.
type Stdlib::Ensure::File::Link = Enum['link', 'absent']
