# What a file resource's ensure takes.
type Stdlib::Ensure::File = Enum['present', 'file', 'directory', 'link', 'absent']
