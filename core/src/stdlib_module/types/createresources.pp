# What create_resources takes: titles to hashes of attributes.
type Stdlib::CreateResources = Hash[String[1], Hash[String[1], Any]]
